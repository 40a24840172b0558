import { Alert, Button, Form, Input } from 'antd';
import type { InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/shared/api/api-error';
import { useConfirmTestPayment } from './api/confirm-test-payment';
import type { PaymentIntentCreated } from './api/create-payment-intent';
import type { CheckoutEnded } from './checkout-ended';
import { isCheckoutClosedError } from './checkout-ended';
import { HoldTexts, TEST_CARDS, TEST_MODE_TITLE } from './checkout-messages';
import type { PaymentOutcome } from './use-payment-outcome';

export interface TestCardFormProps {
  intent: PaymentIntentCreated;
  outcome: PaymentOutcome;
  /** The checkout has ended: the form stays in view but cannot be sent. */
  disabled: boolean;
  onEnded: (reason: CheckoutEnded) => void;
}

/** Authorised, and captured by the shop once the cans are sold: the order result page follows it up. */
const PAID_STATUSES: ReadonlySet<string> = new Set(['succeeded', 'requires_capture']);

interface CardValues {
  cardNumber: string;
}

/** What the card field says when the gateway refuses the number typed, after the gateway's own words. */
export const CARD_NUMBER_REFUSED_HINT = 'Check the number and try again.';

/**
 * The card form when the shop runs on its local test gateway (no Stripe keys): it is plainly marked as a
 * test, lists the cards that succeed or fail, and confirms through the gateway's route.
 */
export function TestCardForm({ intent, outcome, disabled, onEnded }: TestCardFormProps) {
  const [form] = Form.useForm<CardValues>();
  const confirm = useConfirmTestPayment();
  const [busy, setBusy] = useState(false);
  const cardField = useRef<InputRef>(null);
  // A number the gateway refused is written on the field; the field takes focus once it is enabled again.
  const [refusedNumbers, setRefusedNumbers] = useState(0);
  useEffect(() => {
    if (refusedNumbers > 0 && !busy) cardField.current?.focus();
  }, [refusedNumbers, busy]);

  const pay = async ({ cardNumber }: CardValues) => {
    if (disabled) return;
    setBusy(true);
    outcome.attempting?.();
    try {
      const result = await confirm.mutateAsync({
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        cardNumber: cardNumber.trim(),
      });
      const { id, status } = result.paymentIntent;
      if (PAID_STATUSES.has(status)) outcome.completed({ id, clientSecret: intent.clientSecret }, 'succeeded');
      // The shop cancelled the authorisation (sold out, amount changed): nothing was charged.
      else if (status === 'canceled') onEnded({ kind: 'cancelled', message: result.error?.message ?? HoldTexts.checkoutEnded });
      else if (result.error !== null) outcome.declined(result.error.message);
      else outcome.declined(`The payment was not completed (${status}).`);
    } catch (error) {
      if (isCheckoutClosedError(error)) {
        onEnded({ kind: 'closed', message: error.serverMessage });
        return;
      }
      // The number itself was refused (mistyped, not a test card): said on the field, as well as in the toast.
      if (error instanceof ApiError && error.code === 'incorrect_number') {
        form.setFields([{ name: 'cardNumber', errors: [`${error.serverMessage} ${CARD_NUMBER_REFUSED_HINT}`] }]);
        setRefusedNumbers((count) => count + 1);
      }
      outcome.failed(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form<CardValues>
      form={form}
      layout="vertical"
      onFinish={(values) => void pay(values)}
      scrollToFirstError={{ block: 'center', focus: true }}
      className="test-card-form"
      aria-label="Card payment"
      disabled={disabled}
    >
      <Alert
        type="info"
        className="test-card-form__banner"
        title={TEST_MODE_TITLE}
        description={
          <>
            <p className="test-card-form__lede">This shop is running with its local test gateway: no card is charged. Use a test card:</p>
            <ul className="test-card-form__cards">
              {TEST_CARDS.map((card) => (
                <li key={card.number}>
                  <Button
                    type="link"
                    size="small"
                    className="test-card-form__card"
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
          disabled={busy || disabled}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={busy} disabled={busy || disabled}>
        {busy ? 'Processing...' : 'Complete Payment'}
      </Button>
    </Form>
  );
}
