import { testCardOutcome } from './test-cards';

describe('test cards', () => {
  it.each([
    ['4242 4242 4242 4242', 'succeeded'],
    ['4242424242424242', 'succeeded'],
    ['4000 0000 0000 0002', 'failed'],
    ['4000-0000-0000-9995', 'failed'],
    ['5555 5555 5555 4444', 'invalid'],
    ['', 'invalid'],
  ])('%s is %s', (card, kind) => {
    expect(testCardOutcome(card).kind).toBe(kind);
  });

  it('says why a card failed, as Stripe does', () => {
    expect(testCardOutcome('4000000000000002')).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    expect(testCardOutcome('4000000000009995')).toMatchObject({
      declineCode: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });
});
