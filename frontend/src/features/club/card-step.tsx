import { Alert, Button, Form, Input, Spin } from 'antd';
import type { InputRef } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useConfig } from '@/shared/api/config/get-config';
import { confirmTestPayment, confirmTestSetup } from './api/club';
import {
  cardNumberRefusalText,
  isCardNumberRefusal,
  PAYMENT_TEST_CARDS,
  paymentResultOf,
  SETUP_TEST_CARDS,
  setupResultOf,
  TEST_MODE_TITLE,
  type CardIntent,
  type CardResult,
  type TestCard,
} from './card-texts';

// Stripe's packages are only fetched by a member saving or paying with a card through Stripe.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

export interface CardStepProps {
  intent: CardIntent;
  /** The submit button's words: "Save card and join", "Save card", "Pay $79.00". */
  submitLabel: string;
  /** The provider took the card (the server records it through its webhook: the page waits for that). */
  onDone: () => void;
}

export const CARD_FORM_UNAVAILABLE = 'The card form could not be loaded. Please reload the page.';

/**
 * The card: Stripe's card field when the shop has Stripe keys, else the local test gateway's plain card number
 * field with its test cards. A refused card is said above the form (and takes the focus), and the form stays for
 * another try.
 */
export function CardStep({ intent, submitLabel, onDone }: CardStepProps) {
  const { data: config, isPending, isError } = useConfig();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [refusals, setRefusals] = useState(0);
  const refusalBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (refusals > 0) refusalBox.current?.focus();
  }, [refusals]);

  const settle = (result: CardResult) => {
    if (result.ok) {
      onDone();
      return;
    }
    setRefusal(result.message);
    setRefusals((count) => count + 1);
  };

  return (
    <div className="club-card-step">
      {refusal !== null ? (
        <div ref={refusalBox} tabIndex={-1} className="club-card-step__refusal">
          <Alert
            type="error"
            showIcon
            role="note"
            title={intent.kind === 'setup' ? 'Card not saved' : 'Payment failed'}
            description={`${refusal} Try another card, or the same one again.`}
            data-testid="club-card-refusal"
          />
        </div>
      ) : null}
      {isPending ? (
        <Spin description="Loading card form" />
      ) : isError || !config ? (
        <Alert type="error" title={CARD_FORM_UNAVAILABLE} />
      ) : config.paymentMode === 'stripe' ? (
        config.stripePublishableKey ? (
          <Suspense fallback={<Spin description="Loading card form" />}>
            <StripeCardForm
              publishableKey={config.stripePublishableKey}
              intent={intent}
              submitLabel={submitLabel}
              onTry={() => setRefusal(null)}
              onResult={settle}
            />
          </Suspense>
        ) : (
          <Alert type="error" title={CARD_FORM_UNAVAILABLE} />
        )
      ) : (
        <TestCardForm intent={intent} submitLabel={submitLabel} onTry={() => setRefusal(null)} onResult={settle} />
      )}
    </div>
  );
}

interface CardFormProps {
  intent: CardIntent;
  submitLabel: string;
  onTry: () => void;
  onResult: (result: CardResult) => void;
}

interface CardValues {
  cardNumber: string;
}

/** The local test gateway's card form (no Stripe keys): plainly a test, with the cards that save or fail. */
function TestCardForm({ intent, submitLabel, onTry, onResult }: CardFormProps) {
  const [form] = Form.useForm<CardValues>();
  const [busy, setBusy] = useState(false);
  const cardField = useRef<InputRef>(null);
  const [refusedNumbers, setRefusedNumbers] = useState(0);
  useEffect(() => {
    if (refusedNumbers > 0 && !busy) cardField.current?.focus();
  }, [refusedNumbers, busy]);
  const cards: readonly TestCard[] = intent.kind === 'setup' ? SETUP_TEST_CARDS : PAYMENT_TEST_CARDS;

  const send = async ({ cardNumber }: CardValues) => {
    setBusy(true);
    onTry();
    try {
      const number = cardNumber.trim();
      const result =
        intent.kind === 'setup'
          ? setupResultOf(await confirmTestSetup(intent.id, intent.clientSecret, number))
          : paymentResultOf(await confirmTestPayment(intent.id, intent.clientSecret, number));
      onResult(result);
    } catch (error) {
      if (isCardNumberRefusal(error)) {
        form.setFields([{ name: 'cardNumber', errors: [cardNumberRefusalText(error)] }]);
        setRefusedNumbers((count) => count + 1);
        return;
      }
      onResult({ ok: false, message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<CardValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void send(values)}
      scrollToFirstError={{ block: 'center', focus: true }}
      className="club-card-form"
      aria-label={intent.kind === 'setup' ? 'Card to save' : 'Card payment'}
    >
      <Alert
        type="info"
        className="club-card-form__banner"
        title={TEST_MODE_TITLE}
        description={
          <>
            <p className="club-card-form__lede">This shop is running with its local test gateway. Use a test card:</p>
            <ul className="club-card-form__cards">
              {cards.map((card) => (
                <li key={card.number}>
                  <Button
                    type="link"
                    size="small"
                    className="club-card-form__card"
                    onClick={() => form.setFieldsValue({ cardNumber: card.number })}
                    aria-label={`Use test card ${card.number} (${card.outcome})`}
                  >
                    <code>{card.number}</code>
                  </Button>{' '}
                  {card.outcome}
                </li>
              ))}
            </ul>
          </>
        }
      />
      <Form.Item
        name="cardNumber"
        label="Card number"
        rules={[{ required: true, whitespace: true, message: 'Please enter a card number' }]}
      >
        <Input
          ref={cardField}
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="4242 4242 4242 4242"
          maxLength={23}
          disabled={busy}
          data-testid="club-card-number"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={busy} disabled={busy} data-testid="club-card-submit">
        {busy ? 'Processing...' : submitLabel}
      </Button>
    </Form>
  );
}

/** While the server records what the provider said (its webhook): a quiet wait with its words. */
export function CardSettling({ text }: { text: string }) {
  return (
    <div className="club-card-step__settling" role="status">
      <Spin description={text} />
    </div>
  );
}
