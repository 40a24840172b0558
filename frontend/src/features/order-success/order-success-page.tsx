import { CheckCircleFilled, ClockCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Alert, Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useConfig } from '@/shared/api/config/get-config';
import { ButtonLink } from '@/shared/ui/button-link';
import { usePaymentStatus } from './api/get-payment-status';
import { orderResultView, shouldClearCart } from './order-result-view';
import type { OrderResultInput, OrderResultView } from './order-result-view';
import { looksLikePaymentIntentId, paymentReference } from './payment-reference';
import './order-success-page.css';

export interface OrderSuccessPageProps {
  /** Empties the cart: the pack has been bought. */
  onOrderConfirmed: () => void;
  shopHref: string;
  homeHref: string;
}

export const PAYMENT_ISSUES_TEXT = 'There was an issue with your payment. Please try again or contact support.';

const NEXT_STEPS = [
  "You'll receive an email confirmation shortly.",
  'Your order will be processed within 1-2 business days.',
  "You'll receive tracking details when your order ships.",
  'Someone 18 or older must be present to receive the delivery.',
] as const;

/** The order result: `/order-success?payment_intent=…&redirect_status=…`, checked against the server's record. */
export function OrderSuccessPage({ onOrderConfirmed, shopHref, homeHref }: OrderSuccessPageProps) {
  const [params] = useSearchParams();
  const paymentIntentId = params.get('payment_intent') ?? '';
  const redirectStatus = params.get('redirect_status');
  const hasPaymentIntent = looksLikePaymentIntentId(paymentIntentId);
  const worthAsking = hasPaymentIntent && (redirectStatus === 'succeeded' || redirectStatus === 'processing');
  const status = usePaymentStatus(paymentIntentId, worthAsking);

  const server: OrderResultInput['server'] = status.isPending
    ? { kind: 'pending' }
    : status.isError
      ? { kind: 'error' }
      : { kind: 'answered', status: status.data.status };
  const view = orderResultView({ redirectStatus, hasPaymentIntent, server });
  const orderId = status.data?.orderId;

  const cleared = useRef(false);
  const clearCart = shouldClearCart(redirectStatus, view);
  useEffect(() => {
    if (!clearCart || cleared.current) return;
    cleared.current = true;
    onOrderConfirmed();
  }, [clearCart, onOrderConfirmed]);

  return (
    <main id="main-content" className="page page--narrow order-result">
      <title>{pageTitle(view)}</title>
      <ResultBody view={view} paymentIntentId={paymentIntentId} orderId={orderId} shopHref={shopHref} homeHref={homeHref} />
      {view === 'checking' ? null : <NeedHelp />}
    </main>
  );
}

function pageTitle(view: OrderResultView): string {
  switch (view) {
    case 'checking':
      return 'Checking your payment';
    case 'confirmed':
    case 'confirming':
      return 'Order Confirmed!';
    case 'processing':
      return 'Payment Processing';
    case 'issues':
      return 'Payment Issues';
  }
}

interface ResultBodyProps {
  view: OrderResultView;
  paymentIntentId: string;
  orderId: string | undefined;
  shopHref: string;
  homeHref: string;
}

function ResultBody({ view, paymentIntentId, orderId, shopHref, homeHref }: ResultBodyProps) {
  const actions = [
    <ButtonLink key="shop" type="primary" size="large" to={shopHref}>
      Continue Shopping
    </ButtonLink>,
    <ButtonLink key="home" size="large" to={homeHref}>
      Return to Home
    </ButtonLink>,
  ];
  const reference = (
    <p className="order-result__reference">
      Payment reference: <strong data-testid="payment-reference">{paymentReference(paymentIntentId)}</strong>
    </p>
  );

  switch (view) {
    case 'checking':
      return (
        <div className="order-result__checking">
          <Spin size="large" description="Checking your payment" />
        </div>
      );
    case 'confirmed':
    case 'confirming':
      return (
        <>
          <Result
            icon={<CheckCircleFilled className="order-result__icon order-result__icon--success" />}
            title={<h1 className="page__title">Order Confirmed!</h1>}
            subTitle={orderId ? `Thank you for your order #${orderId}. Cheers!` : 'Thank you for your order. Cheers!'}
            extra={actions}
          />
          {view === 'confirming' ? (
            <Alert
              type="info"
              showIcon
              className="order-result__note"
              title="We're recording your payment now: your confirmation email is on its way."
            />
          ) : null}
          <section className="order-result__card order-result__next" aria-labelledby="next-steps-title">
            <h2 id="next-steps-title" className="order-result__subheading">
              What happens next
            </h2>
            <ul className="order-result__steps">
              {NEXT_STEPS.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ul>
            {reference}
          </section>
        </>
      );
    case 'processing':
      return (
        <>
          <Result
            icon={<ClockCircleFilled className="order-result__icon order-result__icon--processing" />}
            title={<h1 className="page__title">Payment Processing</h1>}
            subTitle="Your payment is still being confirmed by the card provider. Your confirmation email is on its way as soon as it is."
            extra={actions}
          />
          <section className="order-result__card">{reference}</section>
        </>
      );
    case 'issues':
      return (
        <Result
          icon={<ExclamationCircleFilled className="order-result__icon order-result__icon--issues" />}
          title={<h1 className="page__title">Payment Issues</h1>}
          subTitle={PAYMENT_ISSUES_TEXT}
          extra={
            <ButtonLink type="primary" size="large" to={shopHref}>
              Return to Shop
            </ButtonLink>
          }
        />
      );
  }
}

function NeedHelp() {
  const { data: config } = useConfig();
  return (
    <section className="order-result__card order-result__help" aria-labelledby="need-help-title">
      <h2 id="need-help-title" className="order-result__subheading">
        Need Help?
      </h2>
      <p>
        Questions about your order? Email us at{' '}
        {config ? <a href={`mailto:${config.shopEmail}`}>{config.shopEmail}</a> : <span>our support address</span>}.
      </p>
    </section>
  );
}
