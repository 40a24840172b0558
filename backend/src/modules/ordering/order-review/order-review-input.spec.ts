import { DomainError } from '../../../shared-kernel/domain-error';
import { parseNote, ReviewMessages } from './order-review-input';

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
