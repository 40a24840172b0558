import { Injectable } from '@nestjs/common';
import { streamCategory, streamId, type DocumentStore, type RecordedEvent } from '@brewery/eventstore';
import type { Projection } from '../../../platform/projections/projection';
import { PRODUCT_EVENT_TYPES, PRODUCT_STREAM_CATEGORY, type ProductEvent } from '../domain/product.events';
import { PRODUCTS_COLLECTION, evolveProductView, type ProductViewDoc } from './product-view';

/**
 * Keeps the `products` collection: the shop's list, the admin's list and one product's availability.
 * Idempotent by stream revision: an event at or below the revision a document already reflects changes
 * nothing, and the write itself is guarded by the same condition.
 */
@Injectable()
export class ProductListProjection implements Projection {
  readonly name = 'product-list';
  readonly collections = [PRODUCTS_COLLECTION] as const;
  readonly eventTypes: readonly string[] = PRODUCT_EVENT_TYPES;

  private writeCount = 0;

  /**
   * How many writes this projection has made in this process. It is the only writer of the `products`
   * collection and runs in the shop's own process, so an answer built from the collection stays true for
   * as long as this count stands. The count moves after each write (never before), so an answer read while
   * a write was landing carries the older count and is thrown away.
   */
  get writes(): number {
    return this.writeCount;
  }

  async apply(event: RecordedEvent, store: DocumentStore): Promise<void> {
    if (streamCategory(event.streamName) !== PRODUCT_STREAM_CATEGORY) return;
    const productId = streamId(event.streamName);
    const products = store.collection<ProductViewDoc>(PRODUCTS_COLLECTION);
    const current = await products.findOne({ _id: productId });
    if (current !== null && current.revision >= event.revision) return;
    const next = evolveProductView(
      current,
      productId,
      { type: event.type, data: event.data } as ProductEvent,
      event.revision,
      event.metadata.occurredAt,
    );
    if (next === null) return;
    const { _id, ...fields } = next;
    await products.updateOne({ _id, revision: { $lt: event.revision } }, { $set: fields }, { upsert: true });
    this.writeCount += 1;
  }
}
