import { DomainError } from '../../../shared-kernel/domain-error';
import { parseCans, parseNote, parseRefundAsked, parseReturnRefund, ReviewMessages } from './order-review-input';

function refusal(note: unknown): DomainError {
  try {
    parseNote(note, false, ReviewMessages.refundNote);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(note)} was taken`);
}

describe('parseNote: a note on an order, a review or a refund', () => {
  it.each([
    ['a right-to-left override', 'Refund \u202eagreed', 'U+202E'],
    ['a left-to-right override', 'Refund \u202dagreed', 'U+202D'],
    ['an isolate', 'Refund \u2068agreed\u2069', 'U+2068'],
    ['a zero-width space', 'Refund\u200bagreed', 'U+200B'],
    ['a zero-width non-joiner', 'Refund\u200cagreed', 'U+200C'],
    ['a left-to-right mark', 'Refund\u200e agreed', 'U+200E'],
    ['a word joiner', 'Refund\u2060agreed', 'U+2060'],
    ['a byte-order mark inside', 'Refund\ufeff agreed', 'U+FEFF'],
  ])('refuses %s, naming it', (_, note, codePoint) => {
    expect(refusal(note)).toMatchObject({
      code: 'invalid_note',
      kind: 'validation',
      message: `A note must not hold invisible or text-direction characters (${codePoint})`,
    });
  });

  it.each([
    ['a NUL', 'Refund\u0000', 'U+0000'],
    ['an escape', 'Refund\u001b[2J', 'U+001B'],
    ['a line separator', 'Refund\u2028agreed', 'U+2028'],
  ])('refuses %s', (_, note, codePoint) => {
    expect(refusal(note)).toMatchObject({
      code: 'invalid_note',
      message: `A note must be text without control characters other than line breaks and tabs (${codePoint})`,
    });
  });

  it.each([
    ['several lines', 'Called the customer.\r\nRefund agreed.', 'Called the customer.\r\nRefund agreed.'],
    ['a tab', ' Refund\t$5.00 ', 'Refund\t$5.00'],
    ['letters beyond ASCII', 'Zoë rang: ملاحظة', 'Zoë rang: ملاحظة'],
    ['nothing, for an optional note', undefined, ''],
  ])('takes %s', (_, note, expected) => {
    expect(parseNote(note, false, ReviewMessages.refundNote)).toBe(expected);
  });

  it('refuses a hidden character in a required note as well', () => {
    expect(() => parseNote('Settled\u202e', true, ReviewMessages.noteRequired)).toThrow(
      'A note must not hold invisible or text-direction characters (U+202E)',
    );
  });
});

describe('cans of an order, as a return or a refund by cans names them (parseCans, parseRefundAsked, parseReturnRefund)', () => {
  const codeOf = (run: () => unknown): string | null => {
    try {
      run();
      return null;
    } catch (error) {
      return error instanceof DomainError ? error.code : String(error);
    }
  };

  it.each<[string, unknown]>([
    ['no list', undefined],
    ['an empty list', []],
    ['text', 'all'],
    ['an item that is no object', [1]],
    ['cans of 0', [{ productId: 'p1', cans: 0 }]],
    ['cans as text', [{ productId: 'p1', cans: '2' }]],
    ['part of a can', [{ productId: 'p1', cans: 1.5 }]],
    ['no product', [{ cans: 1 }]],
    ['a product id with a space', [{ productId: 'p 1', cans: 1 }]],
    ['another field', [{ productId: 'p1', cans: 1, price: 5 }]],
    [
      'the same beer twice',
      [
        { productId: 'p1', cans: 1 },
        { productId: 'p1', cans: 2 },
      ],
    ],
    ['51 beers', Array.from({ length: 51 }, (_, i) => ({ productId: `p${i}`, cans: 1 }))],
  ])('refuses %s (400 invalid_items)', (_, items) => {
    expect(codeOf(() => parseCans(items))).toBe('invalid_items');
  });

  it('takes each beer once with a whole number of cans', () => {
    expect(parseCans([{ productId: 'seed-quokka', cans: 2 }])).toEqual([{ productId: 'seed-quokka', cans: 2 }]);
  });

  it.each<[string, object, unknown]>([
    ['an amount', { amount: '12.50' }, { amountCents: 1250 }],
    ['nothing: everything not yet refunded', {}, { amountCents: null }],
    ['cans', { items: [{ productId: 'p1', cans: 1 }] }, { cans: [{ productId: 'p1', cans: 1 }] }],
    ['cans and an empty amount', { amount: '', items: [{ productId: 'p1', cans: 1 }] }, { cans: [{ productId: 'p1', cans: 1 }] }],
  ])('a refund of %s', (_, body, expected) => {
    expect(parseRefundAsked(body)).toEqual(expected);
  });

  it('refuses an amount and cans together (400 invalid_refund)', () => {
    expect(codeOf(() => parseRefundAsked({ amount: '1.00', items: [{ productId: 'p1', cans: 1 }] }))).toBe('invalid_refund');
  });

  it.each<[unknown, unknown]>([
    [undefined, { kind: 'none' }],
    [false, { kind: 'none' }],
    [true, { kind: 'value' }],
    ['3.00', { kind: 'amount', amountCents: 300 }],
    [4.5, { kind: 'amount', amountCents: 450 }],
  ])('a return with refund %j', (refund, expected) => {
    expect(parseReturnRefund(refund)).toEqual(expected);
  });

  it.each<[unknown]>([['all'], [''], ['0.00'], [-1], ['1.234'], [{}], ['true']])(
    'refuses a return with refund %j (400 invalid_refund)',
    (refund) => {
      expect(codeOf(() => parseReturnRefund(refund))).toBe('invalid_refund');
    },
  );
});
