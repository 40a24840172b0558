import type { CustomerInfo, PublicConfig } from '@brewery/shop-rules';
import { centsToDollars, formatPrice } from '@brewery/shop-rules';
import { Alert, Button, Card, Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useConfig } from '@/shared/api/config/get-config';
import type { PaymentIntentCreated } from './api/create-payment-intent';
import { TestCardForm } from './test-card-form';
import type { PaymentOutcome } from './use-payment-outcome';

// Stripe's packages are only fetched by a customer paying through Stripe.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

const PAYMENT_FORM_UNAVAILABLE = 'The payment form could not be loaded. Please reload the page.';

export interface PaymentStepProps {
  intent: PaymentIntentCreated;
  customer: CustomerInfo;
  returnUrl: string;
  outcome: PaymentOutcome;
  onEditDetails: () => void;
}

/** 'Payment Information': the card form for the payment the server opened, and where the pack is going. */
export function PaymentStep({ intent, customer, returnUrl, outcome, onEditDetails }: PaymentStepProps) {
  const { data: config, isPending, isError } = useConfig();

  return (
    <Card
      title="Payment Information"
      className="checkout__card"
      extra={
        <Button type="link" onClick={onEditDetails}>
          Edit details
        </Button>
      }
    >
      <p className="checkout-payment__amount">
        Amount to pay: <strong data-testid="amount-to-pay">{formatPrice(centsToDollars(intent.amount))}</strong>{' '}
        <span className="checkout-payment__order">(Order #{intent.orderId})</span>
      </p>

      {isPending ? (
        <Spin description="Loading payment form" />
      ) : isError || !config ? (
        <Alert type="error" title={PAYMENT_FORM_UNAVAILABLE} />
      ) : (
        <PaymentForm config={config} intent={intent} returnUrl={returnUrl} outcome={outcome} />
      )}

      <section className="checkout-payment__shipping" aria-labelledby="shipping-to-title">
        <h3 id="shipping-to-title" className="checkout-payment__shipping-title">
          Shipping To
        </h3>
        <address className="checkout-payment__address">
          {customer.name}
          <br />
          {customer.addressLine1}
          {customer.addressLine2 ? (
            <>
              <br />
              {customer.addressLine2}
            </>
          ) : null}
          <br />
          {customer.suburb} {customer.state} {customer.postCode}
          <br />
          {customer.email} · {customer.phone}
        </address>
      </section>
    </Card>
  );
}

function PaymentForm({
  config,
  intent,
  returnUrl,
  outcome,
}: Pick<PaymentStepProps, 'intent' | 'returnUrl' | 'outcome'> & { config: PublicConfig }) {
  switch (config.paymentMode) {
    case 'stripe':
      return config.stripePublishableKey ? (
        <Suspense fallback={<Spin description="Loading payment form" />}>
          <StripePaymentForm publishableKey={config.stripePublishableKey} intent={intent} returnUrl={returnUrl} outcome={outcome} />
        </Suspense>
      ) : (
        <Alert type="error" title={PAYMENT_FORM_UNAVAILABLE} />
      );
    case 'test':
      return <TestCardForm intent={intent} outcome={outcome} />;
  }
}
