import { hiddenCharacterIn, toCents, type PickedCans } from '@brewery/shop-rules';
import type { DomainError } from '../../../shared-kernel/domain-error';
import { NOTE_MAX, ReviewErrors } from '../domain/order-review.errors';
import { OrderErrors } from '../domain/order.errors';
import type { ReturnRefund } from '../domain/order.commands';

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
  const cents = toCents(text.trim());
  if (cents <= 0) throw ReviewErrors.invalidRefundAmount();
  return cents;
}

/** The request's `Idempotency-Key` header: 1 to 200 visible ASCII characters, or undefined when it was not sent. */
export function parseIdempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^[\x21-\x7e]{1,200}$/.test(value)) throw ReviewErrors.invalidIdempotencyKey();
  return value;
}

/** The most beers one return or refund by cans may name (an order holds at most 50 lines). */
export const CANS_ITEMS_MAX = 50;

/**
 * Cans of the order, as a return or a refund by cans names them: 1 to 50 of `{productId, cans}`, `cans` a whole
 * number of 1 or more, each beer once, nothing else. Whether the order holds them is the order decider's to say.
 */
export function parseCans(value: unknown): PickedCans[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > CANS_ITEMS_MAX) throw OrderErrors.invalidReturnItems();
  const items = value.map((item: unknown): PickedCans => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw OrderErrors.invalidReturnItems();
    const { productId, cans, ...rest } = item as Record<string, unknown>;
    if (Object.keys(rest).length > 0) throw OrderErrors.invalidReturnItems();
    if (typeof productId !== 'string' || !/^[\x21-\x7e]{1,100}$/.test(productId)) throw OrderErrors.invalidReturnItems();
    if (typeof cans !== 'number' || !Number.isSafeInteger(cans) || cans < 1) throw OrderErrors.invalidReturnItems();
    return { productId, cans };
  });
  if (new Set(items.map((item) => item.productId)).size !== items.length) throw OrderErrors.invalidReturnItems();
  return items;
}

/** What a refund asks for: an amount (null: everything not yet refunded), or cans of the order; never both. */
export function parseRefundAsked(body: { amount?: unknown; items?: unknown }): { amountCents: number | null } | { cans: PickedCans[] } {
  if (body.items === undefined || body.items === null) return { amountCents: parseRefundAmount(body.amount) };
  if (body.amount !== undefined && body.amount !== null && body.amount !== '') throw OrderErrors.amountOrItems();
  return { cans: parseCans(body.items) };
}

/**
 * A return's `refund`: absent or false, none; true, the value of the returned cans; or an amount in dollars as the
 * refund route takes it.
 */
export function parseReturnRefund(value: unknown): ReturnRefund {
  if (value === undefined || value === null || value === false) return { kind: 'none' };
  if (value === true) return { kind: 'value' };
  let amountCents: number | null = null;
  try {
    if (typeof value === 'string' || typeof value === 'number') amountCents = parseRefundAmount(value);
  } catch {
    // Said below, in the words of a return.
  }
  if (amountCents === null) throw OrderErrors.invalidReturnRefund();
  return { kind: 'amount', amountCents };
}
