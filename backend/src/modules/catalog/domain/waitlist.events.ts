import type { DomainEvent } from '@brewery/eventstore';

/**
 * A beer's back-in-stock list ("Tell me when it's back"): who asked, when, and when they were told. Each address
 * waits once; telling the list e-mails each address once and takes it off; an address may leave by its link.
 */
export type BackInStockRequested = DomainEvent<'BackInStockRequested', { email: string; requestedAt: string }>;
/** The beer was back (restocked, released, a hold given back): this address is e-mailed once and leaves the list. */
export type BackInStockTold = DomainEvent<'BackInStockTold', { email: string; toldAt: string; available: number }>;
/** The address left the list by the link in its e-mail (no login), or asked again after being told. */
export type BackInStockLeft = DomainEvent<'BackInStockLeft', { email: string; leftAt: string }>;

export type WaitlistEvent = BackInStockRequested | BackInStockTold | BackInStockLeft;
export type WaitlistEventType = WaitlistEvent['type'];

export const WAITLIST_EVENT_TYPES = [
  'BackInStockRequested',
  'BackInStockTold',
  'BackInStockLeft',
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
