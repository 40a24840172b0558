import type { DomainEvent } from '@brewery/eventstore';

/**
 * A beer's back-in-stock list ("Tell me when it's back"): who asked, when, whether the address confirmed, and when
 * it was told. A sign-up waits for its address to confirm by the link e-mailed to it; only confirmed addresses
 * count toward the list's cap and are told. Telling the list e-mails each confirmed address once and takes it
 * off; an address may leave by its link, and the operator may remove one with a reason.
 */
export type BackInStockRequested = DomainEvent<
  'BackInStockRequested',
  {
    email: string;
    requestedAt: string;
    /**
     * The sign-up's link works until then (48 hours after its e-mail); unconfirmed, it lapses. Absent on sign-ups
     * recorded before addresses confirmed: those were on the list at once, and count as confirmed.
     */
    confirmBy?: string;
    /** Keyed hash of the client address that asked: pending sign-ups are capped per client. */
    client?: string | null;
  }
>;
/** Asked again while pending: a new link is e-mailed, and the sign-up may be confirmed until `confirmBy`. */
export type BackInStockConfirmationResent = DomainEvent<
  'BackInStockConfirmationResent',
  { email: string; sentAt: string; confirmBy: string }
>;
/** The address confirmed by the link in its e-mail: it is on the list, and counts toward the cap. */
export type BackInStockConfirmed = DomainEvent<'BackInStockConfirmed', { email: string; confirmedAt: string }>;
/** The beer was back (restocked, released, a hold given back): this address is e-mailed once and leaves the list. */
export type BackInStockTold = DomainEvent<'BackInStockTold', { email: string; toldAt: string; available: number }>;
/** The address left the list by the link in its e-mail (no login). */
export type BackInStockLeft = DomainEvent<'BackInStockLeft', { email: string; leftAt: string }>;
/** The operator took the address off the list (pruning), with the reason given, if any. */
export type BackInStockRemoved = DomainEvent<'BackInStockRemoved', { email: string; removedAt: string; reason: string | null }>;

export type WaitlistEvent =
  BackInStockRequested | BackInStockConfirmationResent | BackInStockConfirmed | BackInStockTold | BackInStockLeft | BackInStockRemoved;
export type WaitlistEventType = WaitlistEvent['type'];

export const WAITLIST_EVENT_TYPES = [
  'BackInStockRequested',
  'BackInStockConfirmationResent',
  'BackInStockConfirmed',
  'BackInStockTold',
  'BackInStockLeft',
  'BackInStockRemoved',
] as const satisfies readonly WaitlistEventType[];

// Fails to compile when an event type is added to the union but not to the list above.
const everyWaitlistEventListed: [Exclude<WaitlistEventType, (typeof WAITLIST_EVENT_TYPES)[number]>] extends [never] ? true : never = true;
void everyWaitlistEventListed;

export const WAITLIST_STREAM_CATEGORY = 'waitlist';

export function waitlistStreamName(productId: string): string {
  return `${WAITLIST_STREAM_CATEGORY}-${productId}`;
}

/** The same address however it was typed: trimmed, lower case. */
export function waitlistKey(email: string): string {
  return email.trim().toLowerCase();
}
