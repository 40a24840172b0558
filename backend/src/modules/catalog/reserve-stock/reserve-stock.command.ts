import { Command } from '@nestjs/cqrs';
import type { CommandContext, ProductWriteResult } from '../product-streams';

/** Sets cans aside for a pending checkout; idempotent per order. */
export class ReserveStockCommand extends Command<ProductWriteResult> {
  constructor(
    readonly productId: string,
    readonly orderId: string,
    /** Every can of this product in the order, in one reservation. */
    readonly quantity: number,
    /** ISO-8601; after it the reservation may be released as expired. */
    readonly expiresAt: string,
    /** ISO-8601: when it is asked (holds of other orders that expired by then are released first). */
    readonly at: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
