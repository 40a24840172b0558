import { Injectable } from '@nestjs/common';
import { slugify } from '@brewery/shop-rules';
import { streamCategory, streamId, type Collection, type DocumentStore, type RecordedEvent } from '@brewery/eventstore';
import { applyFold, type Fold } from '../../../platform/projections/fold';
import type { Projection } from '../../../platform/projections/projection';
import { PRODUCT_EVENT_TYPES, PRODUCT_STREAM_CATEGORY, type ProductEvent } from '../domain/product.events';
import { PRODUCTS_COLLECTION, evolveProductView, type ProductViewDoc } from './product-view';

/** The product's stream folded into its view, its address (slug) settled against the other products'. */
export const productListFold: Fold<ProductViewDoc> = {
  collection: PRODUCTS_COLLECTION,
  documentOf: (event) =>
    streamCategory(event.streamName) === PRODUCT_STREAM_CATEGORY ? { id: streamId(event.streamName), ownStream: true } : null,
  evolve: (doc, event) =>
    evolveProductView(
      doc,
      streamId(event.streamName),
      { type: event.type, data: event.data } as ProductEvent,
      event.revision,
      event.metadata.occurredAt,
    ),
  settle: withSlug,
};

/** Keeps the `products` collection: the shop's list, the admin's list and one product's availability. */
@Injectable()
export class ProductListProjection implements Projection {
  readonly name = 'product-list';
  readonly collections = [PRODUCTS_COLLECTION] as const;
  /** The shop's list, the admin's, stock levels and alerts (by name), and beer pages by address. */
  readonly indexes = {
    [PRODUCTS_COLLECTION]: [{ deleted: 1, isActive: 1, archived: 1, name: 1 }, { slug: 1 }, { formerSlugs: 1 }],
  } as const;
  readonly eventTypes: readonly string[] = PRODUCT_EVENT_TYPES;

  apply(event: RecordedEvent, store: DocumentStore): Promise<void> {
    return applyFold(productListFold, event, store);
  }
}

/**
 * The slug of a new product, or of one whose name now makes another slug: its name's, or with `-2`, `-3`…
 * when another product has (or had) that one. A renamed product keeps its old slugs, whose addresses
 * redirect to the new. Replaying the log gives every product the same slug again: the events come in the
 * same order, and each choice looks only at what the events before it wrote.
 */
async function withSlug(
  next: ProductViewDoc,
  current: ProductViewDoc | null,
  products: Collection<ProductViewDoc>,
): Promise<ProductViewDoc> {
  const base = slugify(next.name);
  if (current?.slug !== undefined && slugify(current.name) === base) return next;
  let slug = base;
  for (let suffix = 2; await slugTaken(products, slug, next._id); suffix += 1) slug = `${base}-${suffix}`;
  const former = current?.slug ?? (current === null ? undefined : slugify(current.name));
  const formerSlugs = (next.formerSlugs ?? []).filter((s) => s !== slug);
  if (former !== undefined && former !== slug && !formerSlugs.includes(former)) formerSlugs.push(former);
  return { ...next, slug, formerSlugs };
}

async function slugTaken(products: Collection<ProductViewDoc>, slug: string, productId: string): Promise<boolean> {
  const holder = await products.findOne({ _id: { $ne: productId }, deleted: false, $or: [{ slug }, { formerSlugs: slug }] });
  return holder !== null;
}
