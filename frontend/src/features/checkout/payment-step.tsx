import type { CustomerInfo, Fulfilment, PublicConfig } from '@brewery/shop-rules';
import { centsToDollars, formatPrice } from '@brewery/shop-rules';
import { Alert, Button, Card, Spin } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useConfig } from '@/shared/api/config/get-config';
import type { CheckoutOpened } from './api/create-payment-intent';
import type { CheckoutEnded } from './checkout-ended';
import { CheckoutToasts, HoldTexts } from './checkout-messages';
import { collectionLine } from './checkout-summary';
import { TestCardForm } from './test-card-form';
import type { PaymentOutcome } from './use-payment-outcome';
import { clockText, useSecondsLeft } from './use-seconds-left';

// Stripe's packages are only fetched by a customer paying through Stripe.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

/** "Includes $9.80 off with the code CLUB10 (10% off)." */
export const discountNote = (code: string, amount: string, description: string | null): string =>
  `Includes ${amount} off with the code ${code}${description === null ? '' : ` (${description})`}.`;

const PAYMENT_FORM_UNAVAILABLE = 'The payment form could not be loaded. Please reload the page.';

export interface PaymentStepProps {
  intent: CheckoutOpened;
  customer: CustomerInfo;
  /** Delivered to the customer's address, or collected at the cellar door. */
  fulfilment: Fulfilment;
  returnUrl: string;
  outcome: PaymentOutcome;
  onEditDetails: () => void;
  /** This checkout has ended: back to the details (still filled in), where submitting opens a new one. */
  onCheckPackAgain: () => void;
  /** The checkout has ended (its hold ran out, it was replaced or deleted, the gateway ended it). */
  onEnded?: () => void;
  /** The code's offer in words, for an answer that did not give them (a checkout opened before they were sent). */
  discountDescription?: string | null;
}

/** 'Payment Information': the card form for the payment the server opened, and where the pack is going. */
export function PaymentStep({
  intent,
  customer,
  fulfilment,
  returnUrl,
  outcome,
  onEditDetails,
  onCheckPackAgain,
  onEnded,
  discountDescription = null,
}: PaymentStepProps) {
  const { data: config, isPending, isError } = useConfig();
  const [ended, setEnded] = useState<CheckoutEnded | null>(null);
  // An ended checkout is never resumed (by a reload, or Continue with the same details): the page forgets it.
  useEffect(() => {
    if (ended !== null) onEnded?.();
  }, [ended, onEnded]);
  // The first reason wins: a hold that runs out after the gateway said no changes nothing.
  const end = useCallback((reason: CheckoutEnded) => setEnded((current) => current ?? reason), []);
  const endHold = useCallback(() => end({ kind: 'hold' }), [end]);
  // A refused card stays written beside the form (not only in a passing toast) until the next try.
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalBox = useRef<HTMLDivElement>(null);
  const [refusalCount, setRefusalCount] = useState(0);
  useEffect(() => {
    if (refusalCount > 0) refusalBox.current?.focus();
  }, [refusalCount]);
  const shownOutcome = useMemo<PaymentOutcome>(
    () => ({
      ...outcome,
      declined: (message) => {
        setRefusal(message);
        setRefusalCount((count) => count + 1);
        outcome.declined(message);
      },
      attempting: () => {
        setRefusal(null);
        outcome.attempting?.();
      },
    }),
    [outcome],
  );

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
      {intent.discountCode != null && intent.discount !== undefined ? (
        <p className="checkout-payment__discount" data-testid="payment-discount">
          {discountNote(intent.discountCode, formatPrice(Number(intent.discount)), intent.discountDescription ?? discountDescription)}
        </p>
      ) : null}
      {intent.holdEndsAt !== null && ended === null ? <HoldCountdown endsAt={intent.holdEndsAt} onEnd={endHold} /> : null}

      {ended !== null ? <CheckoutEndedNotice ended={ended} onCheckPackAgain={onCheckPackAgain} /> : null}
      {refusal !== null && ended === null ? (
        // Focus comes here when the card is refused (the form's button, disabled while waiting, had it): read
        // on focus, so not an alert as well (the toast is that). Tab goes on to the card.
        <div ref={refusalBox} tabIndex={-1} className="checkout-payment__refusal-box">
          <Alert
            type="error"
            showIcon
            role="note"
            className="checkout-payment__refusal"
            title={CheckoutToasts.paymentFailedTitle}
            description={`${refusal} Try another card, or the same one again.`}
          />
        </div>
      ) : null}

      {isPending ? (
        <Spin description="Loading payment form" />
      ) : isError || !config ? (
        <Alert type="error" title={PAYMENT_FORM_UNAVAILABLE} />
      ) : (
        <PaymentForm config={config} intent={intent} returnUrl={returnUrl} outcome={shownOutcome} disabled={ended !== null} onEnded={end} />
      )}

      {fulfilment.method === 'pickup' ? (
        <section className="checkout-payment__shipping" aria-labelledby="collection-title">
          <h3 id="collection-title" className="checkout-payment__shipping-title">
            Collection
          </h3>
          <p className="checkout-payment__collection">{collectionLine(fulfilment.pickupDate, config?.address ?? null)}</p>
          <address className="checkout-payment__address">
            {customer.name}
            <br />
            {customer.email} · {customer.phone}
          </address>
        </section>
      ) : (
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
      )}
    </Card>
  );
}

/** "Your cans are held for 9:41": a timer, so a screen reader is not told every second. */
function HoldCountdown({ endsAt, onEnd }: { endsAt: number; onEnd: () => void }) {
  const seconds = useSecondsLeft(endsAt);
  useEffect(() => {
    if (seconds === 0) onEnd();
  }, [seconds, onEnd]);
  return (
    <p className="checkout-payment__hold" role="timer">
      {HoldTexts.left(clockText(seconds))}
    </p>
  );
}

function CheckoutEndedNotice({ ended, onCheckPackAgain }: { ended: CheckoutEnded; onCheckPackAgain: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  // The card form has just been switched off under the customer's hands: the way on takes the focus.
  useEffect(() => {
    button.current?.focus();
  }, []);
  const checkAgain = (
    <Button ref={button} type="primary" onClick={onCheckPackAgain} className="checkout-payment__check-again">
      {HoldTexts.checkAgain}
    </Button>
  );
  switch (ended.kind) {
    case 'hold':
    case 'closed':
      return (
        <Alert
          type="warning"
          showIcon
          className="checkout-payment__ended"
          title={ended.kind === 'hold' ? HoldTexts.ended : ended.message}
          description={checkAgain}
        />
      );
    case 'cancelled':
      return (
        <Alert
          type="error"
          showIcon
          className="checkout-payment__ended"
          title={CheckoutToasts.paymentFailedTitle}
          description={
            <>
              <p className="checkout-payment__ended-text">{ended.message}</p>
              {checkAgain}
            </>
          }
        />
      );
  }
}

interface PaymentFormProps extends Pick<PaymentStepProps, 'intent' | 'returnUrl' | 'outcome'> {
  config: PublicConfig;
  disabled: boolean;
  onEnded: (reason: CheckoutEnded) => void;
}

function PaymentForm({ config, intent, returnUrl, outcome, disabled, onEnded }: PaymentFormProps) {
  switch (config.paymentMode) {
    case 'stripe':
      return config.stripePublishableKey ? (
        <Suspense fallback={<Spin description="Loading payment form" />}>
          <StripePaymentForm
            publishableKey={config.stripePublishableKey}
            intent={intent}
            returnUrl={returnUrl}
            outcome={outcome}
            disabled={disabled}
            onEnded={onEnded}
          />
        </Suspense>
      ) : (
        <Alert type="error" title={PAYMENT_FORM_UNAVAILABLE} />
      );
    case 'test':
      return <TestCardForm intent={intent} outcome={outcome} disabled={disabled} onEnded={onEnded} />;
  }
}
