import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { cardNumberRefusalText, isCardNumberRefusal, paymentResultOf, setupResultOf } from './card-texts';

const declined = { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' };

describe('the test gateway’s answers, as the card step reads them', () => {
  it('takes a succeeded SetupIntent as saved, and anything else as refused in the gateway’s words', () => {
    expect(setupResultOf({ setupIntent: { status: 'succeeded' }, error: null })).toEqual({ ok: true });
    expect(setupResultOf({ setupIntent: { status: 'requires_payment_method' }, error: declined })).toEqual({
      ok: false,
      message: 'Your card was declined.',
    });
    expect(setupResultOf({ setupIntent: { status: 'requires_action' }, error: null })).toEqual({
      ok: false,
      message: 'The card was not saved (requires_action).',
    });
  });

  it('takes a paid, authorised or processing PaymentIntent as paid', () => {
    for (const status of ['succeeded', 'requires_capture', 'processing'])
      expect(paymentResultOf({ paymentIntent: { status }, error: null })).toEqual({ ok: true });
    expect(paymentResultOf({ paymentIntent: { status: 'requires_payment_method' }, error: declined })).toEqual({
      ok: false,
      message: 'Your card was declined.',
    });
  });

  it('says a mistyped number on the card field', () => {
    const error = new ApiError(
      400,
      '{"statusCode":400,"code":"incorrect_number","message":"Your card number is incorrect."}',
      'Bad Request',
    );
    expect(isCardNumberRefusal(error)).toBe(true);
    expect(cardNumberRefusalText(error)).toBe('Your card number is incorrect. Check the number and try again.');
    expect(isCardNumberRefusal(new ApiError(409, '{"statusCode":409,"code":"other","message":"m"}', 'Conflict'))).toBe(false);
  });
});
