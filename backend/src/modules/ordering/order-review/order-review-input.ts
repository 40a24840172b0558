import { hiddenCharacterIn } from '@brewery/shop-rules';
import type { DomainError } from '../../../shared-kernel/domain-error';
import { NOTE_MAX, ReviewErrors } from '../domain/order-review.errors';

export { NOTE_MAX, ReviewMessages } from '../domain/order-review.errors';

/**
 * The operator's note: trimmed; required where `required`, at most 500 characters, lines of text without invisible
 * or text-direction characters; `invalid` says what to send.
 */
export function parseNote(value: unknown, required: boolean, invalid: string): string {
  const refused = (): DomainError => (required ? ReviewErrors.noteRequired(invalid) : ReviewErrors.invalidNote(invalid));
  if (value === undefined || value === null) {
    if (required) throw refused();
    return '';
  }
  if (typeof value !== 'string') throw refused();
  const note = value.trim();
  if (required && note === '') throw refused();
  if (note.length > NOTE_MAX) throw ReviewErrors.noteTooLong();
  const hidden = hiddenCharacterIn(note, 'several');
  if (hidden !== null) throw ReviewErrors.hiddenInNote(hidden);
  return note;
}

/** The refund amount in cents, or null for "everything not yet refunded". */
export function parseRefundAmount(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,6}(\.\d{1,2})?$/.test(text.trim())) {
    throw ReviewErrors.invalidRefundAmount();
  }
  const cents = Math.round(Number(text.trim()) * 100);
  if (cents <= 0) throw ReviewErrors.invalidRefundAmount();
  return cents;
}

/** The request's `Idempotency-Key` header: 1 to 200 visible ASCII characters, or undefined when it was not sent. */
export function parseIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,200}$/.test(value)) throw ReviewErrors.invalidIdempotencyKey();
  return value;
}
