import { CheckCircleFilled, ClockCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useConfig } from '@/shared/api/config/get-config';
import { ButtonLink } from '@/shared/ui/button-link';
import { PAYMENT_STATUS_POLL_WINDOW_MS, isStillPolling, usePaymentStatus } from '@/shared/api/payment-status/get-payment-status';
import { orderResultView, shouldClearCart } from './order-result-view';
import type { OrderResultInput, OrderResultView } from './order-result-view';
import {
  COLLECTION_REMINDER,
  PROCESSING_TIME,
  RECEIVER_MIN_AGE,
  looksLikePaymentIntentId,
  paymentReference,
  pickupWhen,
  type Fulfilment,
} from '@brewery/shop-rules';
import './order-success-page.css';
import { PageMeta } from '@/shared/ui/page-meta';

export interface OrderSuccessPageProps {
  /** Empties the cart: the pack has been bought. */
  onOrderConfirmed: () => void;
  shopHref: string;
  homeHref: string;
}

export const PAYMENT_ISSUES_TEXT = 'There was an issue with your payment. Please try again or contact support.';
export const ORDER_NOT_COMPLETED_TITLE = 'Order not completed';
/** When the server cancelled a payment without saying why. */
export const ORDER_NOT_COMPLETED_TEXT = 'This order could not be completed, so nothing was charged.';

const NEXT_STEPS = [
  "You'll receive an email confirmation shortly.",
  `Your order will be processed within ${PROCESSING_TIME}.`,
  "You'll receive tracking details when your order ships.",
  `Someone ${RECEIVER_MIN_AGE} or older must be present to receive the delivery.`,
] as const;

/** What happens next for an order collected at the cellar door on `date`. */
export function pickupNextSteps(date: string): readonly string[] {
  return [
    "You'll receive an email confirmation shortly.",
    `Collect it from the cellar door on ${pickupWhen(date)}: we'll e-mail you when it is ready.`,
    COLLECTION_REMINDER,
  ];
}

/**
 * The order result: `/order-success?payment_intent=…&payment_intent_client_secret=…&redirect_status=…` (as Stripe and
 * the checkout write it), checked against the server's record.
 */
export function OrderSuccessPage({ onOrderConfirmed, shopHref, homeHref }: OrderSuccessPageProps) {
  const [params] = useSearchParams();
  const paymentIntentId = params.get('payment_intent') ?? '';
  const clientSecret = params.get('payment_intent_client_secret') ?? '';
  const redirectStatus = params.get('redirect_status');
  // Without its client secret the server tells nothing about a payment: such an address is not one to trust.
  const hasPaymentIntent = looksLikePaymentIntentId(paymentIntentId) && clientSecret !== '';
  const worthAsking = hasPaymentIntent && (redirectStatus === 'succeeded' || redirectStatus === 'processing');
  // A payment still processing is asked about every second for this long, then the page says so calmly.
  const [pollUntil] = useState(() => Date.now() + PAYMENT_STATUS_POLL_WINDOW_MS);
  const status = usePaymentStatus(paymentIntentId, clientSecret, worthAsking, pollUntil);

  // An answer the server gave stands even if a later ask fails.
  const server: OrderResultInput['server'] =
    status.data !== undefined
      ? { kind: 'answered', status: status.data.status, polling: isStillPolling(status.data, status, pollUntil) }
      : status.isError
        ? { kind: 'error' }
        : { kind: 'pending' };
  const view = orderResultView({ redirectStatus, hasPaymentIntent, server });
  const orderId = status.data?.orderId;
  const message = status.data?.message;

  const cleared = useRef(false);
  const clearCart = shouldClearCart(redirectStatus, view);
  useEffect(() => {
    if (!clearCart || cleared.current) return;
    cleared.current = true;
    onOrderConfirmed();
  }, [clearCart, onOrderConfirmed]);

  return (
    <main id="main-content" className="page page--narrow order-result">
      <PageMeta title={pageTitle(view)} noindex />
      <ResultBody
        view={view}
        paymentIntentId={paymentIntentId}
        orderId={orderId}
        message={message}
        statusUrl={status.data?.statusUrl}
        fulfilment={status.data?.fulfilment}
        shopHref={shopHref}
        homeHref={homeHref}
      />
      {view === 'checking' ? null : <NeedHelp />}
    </main>
  );
}

function pageTitle(view: OrderResultView): string {
  switch (view) {
    case 'checking':
      return 'Checking your payment';
    case 'confirmed':
      return 'Order Confirmed!';
    case 'processing':
      return 'Payment Processing';
    case 'cancelled':
      return ORDER_NOT_COMPLETED_TITLE;
    case 'issues':
      return 'Payment Issues';
  }
}

interface ResultBodyProps {
  view: OrderResultView;
  paymentIntentId: string;
  orderId: string | undefined;
  /** The server's reason, for a cancelled payment. */
  message: string | undefined;
  /** The paid order's status page. */
  statusUrl?: string | undefined;
  /** Posted, or collected at the cellar door (what happens next differs). */
  fulfilment?: Fulfilment | undefined;
  shopHref: string;
  homeHref: string;
}

function ResultBody({ view, paymentIntentId, orderId, message, statusUrl, fulfilment, shopHref, homeHref }: ResultBodyProps) {
  const nextSteps = fulfilment?.method === 'pickup' ? pickupNextSteps(fulfilment.pickupDate) : NEXT_STEPS;
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
      return (
        <>
          <Result
            icon={<CheckCircleFilled className="order-result__icon order-result__icon--success" />}
            title={<h1 className="page__title">Order Confirmed!</h1>}
            subTitle={orderId ? `Thank you for your order #${orderId}. Cheers!` : 'Thank you for your order. Cheers!'}
            extra={actions}
          />
          <section className="order-result__card order-result__next" aria-labelledby="next-steps-title">
            <h2 id="next-steps-title" className="order-result__subheading">
              What happens next
            </h2>
            <ul className="order-result__steps">
              {nextSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ul>
            {reference}
            {statusUrl === undefined ? null : (
              <p className="order-result__status-link">
                <Link to={statusUrl}>See your order&apos;s status and tax invoice</Link>
              </p>
            )}
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
    case 'cancelled':
      return (
        <>
          <Result
            icon={<CloseCircleFilled className="order-result__icon order-result__icon--issues" />}
            title={<h1 className="page__title">{ORDER_NOT_COMPLETED_TITLE}</h1>}
            subTitle={message ?? ORDER_NOT_COMPLETED_TEXT}
            extra={
              <ButtonLink type="primary" size="large" to={shopHref}>
                Return to Shop
              </ButtonLink>
            }
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
