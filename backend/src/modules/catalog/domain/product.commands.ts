import type { ProductFields, ReleaseReason, StockCountReason } from './product.events';

/** What may be asked of one product stream. Time, when a rule needs it, arrives on the command. */
export type ProductCommand =
  | { type: 'CreateProduct'; productId: string; fields: ProductFields }
  /** The whole admin form; `expectedRevision` (when the form sent it) refuses an edit made on stale data. */
  | { type: 'UpdateProduct'; productId: string; fields: ProductFields; expectedRevision?: number }
  | { type: 'SetProductActive'; productId: string; isActive: boolean }
  | { type: 'DeleteProduct'; productId: string }
  /** The release sweep: the release time has come by `at`; recorded once per release time. */
  | { type: 'RecordRelease'; productId: string; at: string }
  | { type: 'CountStock'; productId: string; inventory: number; reason: StockCountReason }
  /**
   * `at`: when it is asked; holds of other orders whose expiry has passed by then are released first.
   * `replacing`: the customer's own earlier checkouts that this one ends once it holds all its cans: their cans
   * count as free for it (they are handed back right after, or kept when this checkout is refused).
   */
  | {
      type: 'ReserveStock';
      productId: string;
      orderId: string;
      quantity: number;
      expiresAt: string;
      at: string;
      replacing?: readonly string[];
      /** A club member's checkout: a beer open to members early (`membersFrom`) may be held before its release. */
      member?: boolean;
    }
  | { type: 'ReleaseReservation'; productId: string; orderId: string; reason: ReleaseReason }
  /**
   * A club run's cans, one hold per member (`holdId`), all or none: the run holds what every member will be charged
   * for, so a public release cannot sell it. Holds already recorded change nothing.
   */
  | {
      type: 'HoldForClub';
      productId: string;
      holds: readonly { holdId: string; quantity: number }[];
      expiresAt: string;
      at: string;
    }
  /** A member's held share becomes their order's hold in one write (the cans never look free in between). */
  | { type: 'PassHold'; productId: string; from: string; to: string; expiresAt: string }
  | { type: 'SellStock'; productId: string; orderId: string; quantity: number; paymentIntentId: string }
  /**
   * Cans of an order back on the shelf, only for an order sold from this product. Without `returnId`: every can the
   * order still has (a paid cancellation), once per order. With `returnId`: `quantity` cans the customer sent back,
   * once per return, never more than the order still has.
   */
  | { type: 'ReturnStock'; productId: string; orderId: string; returnId?: string; quantity?: number };

export type ProductCommandType = ProductCommand['type'];
