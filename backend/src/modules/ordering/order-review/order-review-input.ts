import { DomainError } from '../../../shared-kernel/domain-error';

export const NOTE_MAX = 500;

export const ReviewMessages = {
  noteRequired: 'Say how the review was settled (a note of 1 to 500 characters)',
  refundNote: 'A refund note is optional: text of at most 500 characters',
  noteTooLong: `A note is at most ${NOTE_MAX} characters`,
  badAmount: 'The refund amount must be dollars with at most two decimals, more than $0.00 (for example 12.50)',
  badIdempotencyKey: 'The Idempotency-Key header must be 1 to 200 visible characters (for example a UUID)',
} as const;

/** The operator's note: trimmed; required where `required`, at most 500 characters; `invalid` says what to send. */
export function parseNote(value: unknown, required: boolean, invalid: string): string {
  const code = required ? 'note_required' : 'invalid_note';
  if (value === undefined || value === null) {
    if (required) throw new DomainError(code, invalid, 'validation');
    return '';
  }
  if (typeof value !== 'string') throw new DomainError(code, invalid, 'validation');
  const note = value.trim();
  if (required && note === '') throw new DomainError(code, invalid, 'validation');
  if (note.length > NOTE_MAX) throw new DomainError('note_too_long', ReviewMessages.noteTooLong, 'validation');
  return note;
}

/** The refund amount in cents, or null for "everything not yet refunded". */
export function parseRefundAmount(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,6}(\.\d{1,2})?$/.test(text.trim())) {
    throw new DomainError('invalid_refund_amount', ReviewMessages.badAmount, 'validation');
  }
  const cents = Math.round(Number(text.trim()) * 100);
  if (cents <= 0) throw new DomainError('invalid_refund_amount', ReviewMessages.badAmount, 'validation');
  return cents;
}

/** The request's `Idempotency-Key` header: 1 to 200 visible ASCII characters, or undefined when it was not sent. */
export function parseIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,200}$/.test(value)) throw new DomainError('invalid_idempotency_key', ReviewMessages.badIdempotencyKey, 'validation');
  return value;
}
