import { Command } from '@nestjs/cqrs';
import type { StockCountReason } from '../domain/product.events';
import type { CommandContext, ProductWriteResult } from '../product-streams';

/** Records the operator's stock figure (the stock e-mail, a recount). */
export class CountStockCommand extends Command<ProductWriteResult> {
  constructor(
    readonly productId: string,
    /** The operator's new figure, in cans. */
    readonly inventory: number,
    readonly reason: StockCountReason,
    readonly context: CommandContext,
  ) {
    super();
  }
}
