import { offSessionOutcome, setupCardOutcome, testCardOutcome } from './test-cards';

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

  it.each([
    // card, saved for later, charged with the customer away, charged with the customer there
    ['4242 4242 4242 4242', 'succeeded', 'succeeded', 'succeeded'],
    ['4000 0000 0000 0341', 'succeeded', 'card_declined', 'card_declined'],
    ['4000 0027 6000 3184', 'succeeded', 'authentication_required', 'succeeded'],
    ['4000 0000 0000 0002', 'card_declined', 'card_declined', 'card_declined'],
    ['4000 0000 0000 9995', 'card_declined', 'card_declined', 'card_declined'],
    ['5555 5555 5555 4444', 'invalid', 'invalid', 'invalid'],
  ])('%s: saved %s, off-session %s, on-session %s', (card, saved, offSession, onSession) => {
    const said = (outcome: ReturnType<typeof testCardOutcome>): string => (outcome.kind === 'failed' ? outcome.code : outcome.kind);
    expect([said(setupCardOutcome(card)), said(offSessionOutcome(card)), said(testCardOutcome(card))]).toEqual([
      saved,
      offSession,
      onSession,
    ]);
  });
});
