import { Command } from '@nestjs/cqrs';
import type { ProductFields } from '../domain/product.events';
import type { CommandContext, ProductWriteResult } from '../product-streams';

/** Adds a product (Add Product, or one seeded beer). */
export class CreateProductCommand extends Command<ProductWriteResult> {
  constructor(
    readonly productId: string,
    readonly fields: ProductFields,
    readonly context: CommandContext,
  ) {
    super();
  }
}
