import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Button } from 'antd';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { BRAND_COLOURS } from '@/shared/ui/brand-theme';
import type { CardIntent, CardResult } from './card-texts';

export interface StripeCardFormProps {
  publishableKey: string;
  intent: CardIntent;
  submitLabel: string;
  onTry: () => void;
  onResult: (result: CardResult) => void;
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

/** Money on its way: paid, authorised for the shop to capture, or still being processed by the bank. */
const PAID_STATUSES: ReadonlySet<string> = new Set(['succeeded', 'requires_capture', 'processing']);

/**
 * Stripe's card field, saving the card for the club (`confirmCardSetup`) or paying a run now
 * (`confirmCardPayment`, with the bank's authentication when it asks). Its own chunk, loaded only with Stripe keys.
 */
export default function StripeCardForm({ publishableKey, ...rest }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...rest} />
    </Elements>
  );
}

function StripeCardFields({ intent, submitLabel, onTry, onResult }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const labelId = useId();

  const send = async () => {
    if (stripe === null || elements === null) return;
    const card = elements.getElement(CardElement);
    if (card === null) return;
    setBusy(true);
    onTry();
    try {
      if (intent.kind === 'setup') {
        const { error, setupIntent } = await stripe.confirmCardSetup(intent.clientSecret, { payment_method: { card } });
        if (error !== undefined) onResult({ ok: false, message: error.message ?? 'Your card could not be saved.' });
        else if (setupIntent.status === 'succeeded' || setupIntent.status === 'processing') onResult({ ok: true });
        else onResult({ ok: false, message: `The card was not saved (${setupIntent.status}).` });
      } else {
        const { error, paymentIntent } = await stripe.confirmCardPayment(intent.clientSecret, { payment_method: { card } });
        if (error !== undefined) onResult({ ok: false, message: error.message ?? 'Your payment could not be completed.' });
        else if (PAID_STATUSES.has(paymentIntent.status)) onResult({ ok: true });
        else onResult({ ok: false, message: `The payment was not completed (${paymentIntent.status}).` });
      }
    } catch (error) {
      onResult({ ok: false, message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send();
  };

  return (
    <form onSubmit={submit} aria-label={intent.kind === 'setup' ? 'Card to save' : 'Card payment'} className="club-stripe-form">
      <span id={labelId} className="club-stripe-form__label">
        Card details
      </span>
      <div className="club-stripe-form__field" role="group" aria-labelledby={labelId}>
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px', color: BRAND_COLOURS.ink } } }} />
      </div>
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={busy}
        disabled={busy || stripe === null || elements === null}
        data-testid="club-card-submit"
      >
        {busy ? 'Processing...' : submitLabel}
      </Button>
    </form>
  );
}
