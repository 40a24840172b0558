import { Command } from '@nestjs/cqrs';
import type { CommandContext, ProductWriteResult } from '../product-streams';

/** Takes a paid order's cans off the stock figure; idempotent per order. */
export class SellStockCommand extends Command<ProductWriteResult> {
  constructor(
    readonly productId: string,
    readonly orderId: string,
    readonly quantity: number,
    readonly paymentIntentId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
