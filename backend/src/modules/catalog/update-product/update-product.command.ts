import { Command } from '@nestjs/cqrs';
import type { ProductFields } from '../domain/product.events';
import type { CommandContext, ProductWriteResult } from '../product-streams';

/** Saves the admin form: the decider records only what changed. */
export class UpdateProductCommand extends Command<ProductWriteResult> {
  constructor(
    readonly productId: string,
    readonly fields: ProductFields,
    /** The revision the form was read at, when it sent one: an edit on stale data is refused. */
    readonly expectedRevision: number | undefined,
    readonly context: CommandContext,
  ) {
    super();
  }
}
