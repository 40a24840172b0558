import type { DomainEvent } from '@brewery/eventstore';
import type { DiscountOffer } from '@brewery/shop-rules';

/** A code as the operator defined it. Times are instants (ISO); null: no limit. */
export interface DiscountCodeDefinition {
  /** In capitals: codes are compared without case. */
  code: string;
  offer: DiscountOffer;
  minCans: number | null;
  maxUses: number | null;
  onePerCustomer: boolean;
  startsAt: string | null;
  endsAt: string | null;
  /** The beers it applies to; null: every beer. */
  productIds: string[] | null;
}

export type DiscountCodeCreated = DomainEvent<'DiscountCodeCreated', DiscountCodeDefinition & { createdAt: string }>;
export type DiscountCodeDisabled = DomainEvent<'DiscountCodeDisabled', { disabledAt: string }>;
/**
 * A checkout holds one use of the code with its cans. `replaced`: the holds of the same customer's earlier
 * checkouts this one supersedes, which end with this event (the use passes to the new checkout).
 */
export type DiscountUseHeld = DomainEvent<
  'DiscountUseHeld',
  { orderId: string; email: string; discountCents: number; totalCents: number; heldAt: string; replaced: string[] }
>;
/** The checkout ended unpaid (expired, superseded, cancelled, deleted): its use is free again. */
export type DiscountUseReleased = DomainEvent<'DiscountUseReleased', { orderId: string; reason: string }>;
/**
 * The order was paid with the code: the use is taken for good (a refund does not give it back). `held: false`: the
 * payment arrived after the order's hold had ended (the money was taken already, so it is recorded all the same).
 */
export type DiscountUseRedeemed = DomainEvent<
  'DiscountUseRedeemed',
  { orderId: string; email: string; discountCents: number; totalCents: number; redeemedAt: string; held: boolean }
>;

export type DiscountCodeEvent = DiscountCodeCreated | DiscountCodeDisabled | DiscountUseHeld | DiscountUseReleased | DiscountUseRedeemed;
export type DiscountCodeEventType = DiscountCodeEvent['type'];

export const DISCOUNT_CODE_EVENT_TYPES: readonly DiscountCodeEventType[] = [
  'DiscountCodeCreated',
  'DiscountCodeDisabled',
  'DiscountUseHeld',
  'DiscountUseReleased',
  'DiscountUseRedeemed',
];
