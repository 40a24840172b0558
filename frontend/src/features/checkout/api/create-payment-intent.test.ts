import { describe, expect, it } from 'vitest';
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
};

function answerText(status: number, text: string) {
  stubApi({ 'POST /api/create-payment-intent': () => Promise.resolve(new Response(text, { status })) });
}

describe('POST /api/create-payment-intent, read as text then parsed', () => {
  it('given a JSON answer with a client secret, it returns the payment to confirm', async () => {
    answerText(200, '{"clientSecret":"pi_1_secret_2","paymentIntentId":"pi_1","orderId":"7","amount":3400}');
    await expect(createPaymentIntent(input)).resolves.toEqual({
      clientSecret: 'pi_1_secret_2',
      paymentIntentId: 'pi_1',
      orderId: '7',
      amount: 3400,
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
