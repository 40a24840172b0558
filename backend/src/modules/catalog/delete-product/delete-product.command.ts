import { Command } from '@nestjs/cqrs';
import type { CommandContext, ProductWriteResult } from '../product-streams';

/** Deletes a product (refused while checkouts hold its cans). */
export class DeleteProductCommand extends Command<ProductWriteResult> {
  constructor(
    readonly productId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
