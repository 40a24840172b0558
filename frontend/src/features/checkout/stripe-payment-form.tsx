import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Button } from 'antd';
import type { FormEvent } from 'react';
import { useState } from 'react';
import type { PaymentIntentCreated } from './api/create-payment-intent';
import { BRAND_COLOURS } from '@/shared/ui/brand-theme';
import type { CheckoutEnded } from './checkout-ended';
import { PAYMENT_INTENT_UNEXPECTED_STATE } from './checkout-ended';
import { HoldTexts } from './checkout-messages';
import type { PaymentOutcome } from './use-payment-outcome';

export interface StripePaymentFormProps {
  publishableKey: string;
  intent: PaymentIntentCreated;
  /** Where Stripe sends the customer back after a redirect-based payment method. */
  returnUrl: string;
  outcome: PaymentOutcome;
  /** The checkout has ended: the Payment Element turns read-only and the form cannot be sent. */
  disabled: boolean;
  onEnded: (reason: CheckoutEnded) => void;
}

// One Stripe.js per key for the life of the page: loading it twice would inject the script twice.
const stripeByKey = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (stripe === undefined) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

/**
 * Stripe's Payment Element. This module is its own chunk, imported only when the config says
 * `paymentMode: 'stripe'`, and `@stripe/stripe-js/pure` injects Stripe's script only when called.
 */
export default function StripePaymentForm({ publishableKey, intent, returnUrl, outcome, disabled, onEnded }: StripePaymentFormProps) {
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{ clientSecret: intent.clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: BRAND_COLOURS.ocean } } }}
    >
      <StripeConfirmForm returnUrl={returnUrl} outcome={outcome} disabled={disabled} onEnded={onEnded} />
    </Elements>
  );
}

function StripeConfirmForm({ returnUrl, outcome, disabled, onEnded }: Omit<StripePaymentFormProps, 'publishableKey' | 'intent'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    if (stripe === null || elements === null || disabled) return;
    setBusy(true);
    outcome.attempting?.();
    try {
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: returnUrl },
        redirect: 'if_required',
      });
      // Stripe's own wording for a payment that was cancelled or expired is not meant for customers.
      if (error?.code === PAYMENT_INTENT_UNEXPECTED_STATE) onEnded({ kind: 'closed', message: HoldTexts.checkoutEnded });
      else if (error !== undefined) outcome.declined(error.message ?? 'Your payment could not be completed.');
      // Authorised: the shop captures it once the cans are sold, so it is as good as paid here.
      else if (paymentIntent.status === 'succeeded' || paymentIntent.status === 'requires_capture')
        outcome.completed({ id: paymentIntent.id, clientSecret: paymentIntent.client_secret ?? '' }, 'succeeded');
      else if (paymentIntent.status === 'processing')
        outcome.completed({ id: paymentIntent.id, clientSecret: paymentIntent.client_secret ?? '' }, 'processing');
      else outcome.declined(`The payment was not completed (${paymentIntent.status}).`);
    } catch (error) {
      outcome.failed(error);
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void pay();
  };

  return (
    <form onSubmit={submit} aria-label="Card payment" className="stripe-payment-form">
      <PaymentElement options={{ readOnly: disabled }} />
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={busy}
        disabled={busy || disabled || stripe === null || elements === null}
      >
        {busy ? 'Processing...' : 'Complete Payment'}
      </Button>
    </form>
  );
}
