import type { RecordedEvent } from '@brewery/eventstore';
import type { ProductEvent, ProductFields } from '../domain/product.events';

/** A product's fields for tests: a live pale ale with 20 cans and a 4-pack, with `change` laid over. */
export const productFields = (name: string, change: Partial<ProductFields> = {}): ProductFields => ({
  name,
  style: 'Pale Ale',
  description: 'A beer.',
  abv: 4.8,
  beerType: null,
  imageUrl: '/cans/x.svg',
  inventory: 20,
  isActive: true,
  archived: false,
  price: '6.50',
  price4Pack: '24.00',
  price8Pack: null,
  price16Pack: null,
  enable4Pack: true,
  enable8Pack: false,
  enable16Pack: false,
  maxPerOrder: null,
  ...change,
});

let position = 0;
/** Events of one product stream as the store would record them, numbered from `firstRevision`. */
export function productStream(productId: string, events: ProductEvent[], firstRevision = 0): RecordedEvent[] {
  return events.map((event, index) => {
    const revision = firstRevision + index;
    return {
      id: `${productId}-${revision}`,
      streamName: `product-${productId}`,
      revision,
      globalPosition: position++,
      type: event.type,
      data: event.data,
      metadata: {
        correlationId: 'c',
        causationId: null,
        actor: 'admin',
        occurredAt: new Date(Date.UTC(2026, 10, 23, 1, revision)).toISOString(),
      },
    };
  });
}
