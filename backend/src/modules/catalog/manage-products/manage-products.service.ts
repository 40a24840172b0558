import { Injectable } from '@nestjs/common';
import type { ProductFields } from '../domain/product.events';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { ProductStreams, type ProductWriteResult } from '../product-streams';

/**
 * The Products tab's writes: add a beer, save its form, include it in or remove it from the shop, delete it.
 * Each runs the product decider through the command pipeline and answers where it wrote, never the data.
 */
@Injectable()
export class ManageProducts {
  constructor(private readonly streams: ProductStreams) {}

  create(productId: string, fields: ProductFields, context: Cause): Promise<ProductWriteResult> {
    return this.streams.run({ type: 'CreateProduct', productId, fields }, context);
  }

  /** Saves the form: the decider records only what changed; `expectedRevision`, when the form sent it, refuses an edit on stale data. */
  update(productId: string, fields: ProductFields, expectedRevision: number | undefined, context: Cause): Promise<ProductWriteResult> {
    return this.streams.run(
      { type: 'UpdateProduct', productId, fields, ...(expectedRevision === undefined ? {} : { expectedRevision }) },
      context,
    );
  }

  setActive(productId: string, isActive: boolean, context: Cause): Promise<ProductWriteResult> {
    return this.streams.run({ type: 'SetProductActive', productId, isActive }, context);
  }

  /** Refused while checkouts hold its cans. */
  delete(productId: string, context: Cause): Promise<ProductWriteResult> {
    return this.streams.run({ type: 'DeleteProduct', productId }, context);
  }
}
