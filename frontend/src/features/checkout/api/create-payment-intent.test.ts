import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/fake-api';
import { createPaymentIntent } from './create-payment-intent';

const input = {
  cartItems: [
    { productId: 'quokka', name: 'Quokka Pale Ale', quantity: 4, price: 24, packSize: '4pack' as const, packQuantity: 4 as const },
  ],
  customerInfo: {
    name: 'Alex',
    email: 'alex@example.com',
    phone: '0412 345 678',
    addressLine1: '1 Hay St',
    suburb: 'Perth',
    postCode: '6000',
    state: 'WA',
  },
  fulfilment: { method: 'delivery' as const },
};

function answerText(status: number, text: string, headers: Record<string, string> = {}) {
  stubApi({ 'POST /api/create-payment-intent': () => Promise.resolve(new Response(text, { status, headers })) });
}

describe('POST /api/create-payment-intent, read as text then parsed', () => {
  it('given a JSON answer with a client secret, it returns the payment to confirm', async () => {
    answerText(200, '{"clientSecret":"pi_1_secret_2","paymentIntentId":"pi_1","orderId":"7","amount":3400}');
    await expect(createPaymentIntent(input)).resolves.toEqual({
      clientSecret: 'pi_1_secret_2',
      paymentIntentId: 'pi_1',
      orderId: '7',
      amount: 3400,
      holdEndsAt: null,
    });
  });

  describe('the hold on the cans, on the browser clock', () => {
    const browserNow = Date.parse('2026-11-25T04:00:00.000Z');
    const body =
      '{"clientSecret":"s","paymentIntentId":"pi_1","orderId":"7","amount":3400,"reservationExpiresAt":"2026-11-25T04:10:00.000Z"}';

    beforeEach(() => {
      vi.useFakeTimers({ now: browserNow, toFake: ['Date'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it.each([
      { case: 'the clocks agree', date: 'Wed, 25 Nov 2026 04:00:00 GMT', endsIn: 600_000 },
      { case: 'the server is 2 minutes ahead', date: 'Wed, 25 Nov 2026 04:02:00 GMT', endsIn: 480_000 },
      { case: 'the server is 90 s behind', date: 'Wed, 25 Nov 2026 03:58:30 GMT', endsIn: 690_000 },
      { case: 'there is no Date header', date: null, endsIn: 600_000 },
    ])('given $case, the hold ends $endsIn ms from now', async ({ date, endsIn }) => {
      answerText(200, body, date === null ? {} : { Date: date });
      const opened = await createPaymentIntent(input);
      expect(opened.reservationExpiresAt).toBe('2026-11-25T04:10:00.000Z');
      expect(opened.holdEndsAt).toBe(browserNow + endsIn);
    });
  });

  it.each([
    { answer: '<html>Bad gateway</html>', error: 'Invalid response: <html>Bad gateway</html>' },
    { answer: '', error: 'Invalid response: ' },
    {
      answer: '{"paymentIntentId":"pi_1","orderId":"7","amount":3400}',
      error: 'No client secret in response: {"paymentIntentId":"pi_1","orderId":"7","amount":3400}',
    },
    {
      answer: '{"clientSecret":"","paymentIntentId":"pi_1","orderId":"7","amount":3400}',
      error: 'No client secret in response: {"clientSecret":"","paymentIntentId":"pi_1","orderId":"7","amount":3400}',
    },
    { answer: 'null', error: 'No client secret in response: null' },
  ])('given the OK answer "$answer", it fails with "$error"', async ({ answer, error }) => {
    answerText(200, answer);
    await expect(createPaymentIntent(input)).rejects.toThrow(new Error(error));
  });

  it("given a refusal, it raises the server's status and body", async () => {
    answerText(409, '{"statusCode":409,"message":"Insufficient stock for Quokka Pale Ale. Available: 3, Requested: 4"}');
    await expect(createPaymentIntent(input)).rejects.toThrow(/^409: .*Insufficient stock for Quokka Pale Ale/);
  });
});
