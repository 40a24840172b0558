import type { QueryBus } from '@nestjs/cqrs';
import { MemoryDocumentStore, type RecordedEvent } from '@brewery/eventstore';
import type { ProductEvent } from '../domain/product.events';
import { productFields, productStream } from './product-events.fixture';
import { ProductListProjection } from './product-list.projection';
import { GetShopProductsHandler } from './product-list.query-handlers';
import { ShopListing } from './shop-listing';

/** The one product's event at `revision` (its creation is revision 0). */
const recorded = (revision: number, event: ProductEvent, productId = 'quokka'): RecordedEvent =>
  productStream(productId, [event], revision)[0] as RecordedEvent;

const prices = (price: string): ProductEvent => ({
  type: 'ProductPricesChanged',
  data: { price, price4Pack: '24.00', price8Pack: null, price16Pack: null, enable4Pack: true, enable8Pack: false, enable16Pack: false },
});

describe('the shop listing (the JSON of GET /api/products)', () => {
  let store: MemoryDocumentStore;
  let projection: ProductListProjection;
  let listing: ShopListing;
  let reads: number;
  /** Where the read models stand, as the projection runner tells it: moved by every event applied, by anyone. */
  let position: number;
  const readModels = { readModelsPosition: () => position };
  const apply = async (event: RecordedEvent): Promise<void> => {
    await projection.apply(event, store);
    position += 1;
  };

  let now: Date;
  const clock = { now: () => now };
  beforeEach(async () => {
    now = new Date('2026-11-23T01:00:00.000Z');
    position = -1;
    store = new MemoryDocumentStore();
    projection = new ProductListProjection();
    const handler = new GetShopProductsHandler(store);
    reads = 0;
    // The real query handler over the real store; only the bus around it is left out.
    const bus = {
      execute: () => {
        reads += 1;
        return handler.execute();
      },
    } as unknown as QueryBus;
    listing = new ShopListing(bus, readModels, clock);
    await apply(recorded(0, { type: 'ProductCreated', data: productFields('Quokka Pale Ale') }));
  });

  const priceOnTheWire = async (): Promise<string | undefined> =>
    (JSON.parse((await listing.current()).body) as { price: string }[])[0]?.price;

  it('given no change since the last answer, when asked again, then it answers the same bytes without reading the store', async () => {
    const first = await listing.current();
    const second = await listing.current();
    expect(second).toEqual(first);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
    expect(reads).toBe(1);
  });

  it('given twenty requests at once after the read models moved on, then the list is read and built once for all of them', async () => {
    await listing.current();
    await apply(recorded(1, prices('6.95')));
    const answers = await Promise.all(Array.from({ length: 20 }, () => listing.current()));
    expect(reads).toBe(2);
    expect(new Set(answers.map((a) => a.prepared)).size).toBe(1);
    expect(JSON.parse(answers[0]?.body ?? '[]')).toEqual([expect.objectContaining({ price: '6.95' })]);
  });

  it('given an event that leaves the list as it was (another stream’s), then the answer kept goes on with its compressed forms, and is not read again at that position', async () => {
    const before = await listing.current();
    const compressed = before.prepared.form('br');
    // Another beer's stream, kept as a draft: the shop's list does not change.
    await apply(recorded(0, { type: 'ProductCreated', data: { ...productFields('Draft Dunkel'), isActive: false } }, 'dunkel'));
    const after = await listing.current();
    expect({ etag: after.etag, prepared: after.prepared, reads }).toEqual({ etag: before.etag, prepared: before.prepared, reads: 2 });
    expect(after.prepared.form('br')).toBe(compressed);
    await listing.current();
    expect(reads).toBe(2);
  });

  it.each<[string, ProductEvent, (body: { price: string; inventory: number; isActive: boolean }[]) => unknown, unknown]>([
    ['a price change', prices('6.95'), (b) => b[0]?.price, '6.95'],
    [
      'a reservation',
      { type: 'StockReserved', data: { orderId: 'o-1', quantity: 8, expiresAt: '2026-11-23T01:30:00.000Z' } },
      (b) => b[0]?.inventory,
      12,
    ],
    ['a stock count', { type: 'StockCounted', data: { inventory: 5, previous: 20, reason: 'admin-edit' } }, (b) => b[0]?.inventory, 5],
    ['a move to draft', { type: 'ProductMovedToDraft', data: {} }, (b) => b.length, 0],
  ])('given a cached answer, when %s is projected, then the next answer shows it under a new ETag', async (_, event, read, expected) => {
    const before = await listing.current();
    await apply(recorded(1, event));
    const after = await listing.current();
    expect(read(JSON.parse(after.body) as never)).toEqual(expected);
    expect(after.etag).not.toBe(before.etag);
    expect(reads).toBe(2);
  });

  it('given events of other streams (an order) moving the read models on, the answer is read again under the same ETag', async () => {
    const before = await listing.current();
    position += 3;
    const after = await listing.current();
    expect(reads).toBe(2);
    expect(after.etag).toBe(before.etag);
    expect(await listing.current()).toBe(after);
    expect(reads).toBe(2);
  });

  it('given the read models moved on by another process (a follower of shared read models), the next answer shows the change', async () => {
    const before = await listing.current();
    // The lease holder applied the change to the shared store; this process only learns the position it reached.
    await projection.apply(recorded(1, prices('7.45')), store);
    expect(await listing.current()).toBe(before);
    position += 1;
    expect(await priceOnTheWire()).toBe('7.45');
  });

  it('given the read models’ position moved back (a follower following a checkpoint moved back), then the answer built there is kept, not built again for every request', async () => {
    await apply(recorded(1, prices('6.95')));
    await listing.current();
    position -= 1;
    await listing.current();
    await listing.current();
    await listing.current();
    expect(reads).toBe(2);
  });

  it('given a change landing while an answer is being built, the answer built from older data is not reused', async () => {
    projection = new ProductListProjection();
    let release: () => void = () => undefined;
    const handler = new GetShopProductsHandler(store);
    let first = true;
    const bus = {
      execute: async () => {
        // The first read sees the old price, then waits while the change is projected.
        const products = await handler.execute();
        if (first) {
          first = false;
          await new Promise<void>((resolve) => (release = resolve));
        }
        return products;
      },
    } as unknown as QueryBus;
    listing = new ShopListing(bus, readModels, clock);
    const slow = listing.current();
    await apply(recorded(1, prices('7.20')));
    release();
    expect(JSON.parse((await slow).body)[0].price).toBe('6.50');
    expect(await priceOnTheWire()).toBe('7.20');
  });

  it('given a beer to be released, when its time comes with no event, then the next answer is built afresh with another ETag (the pages drawn from it too)', async () => {
    await apply(
      recorded(0, { type: 'ProductCreated', data: { ...productFields('Wild Ale'), releaseAt: '2026-11-28T02:00:00.000Z' } }, 'wild'),
    );
    const before = await listing.current();
    const readsBefore = reads;
    now = new Date('2026-11-28T01:59:59.999Z');
    expect((await listing.current()).etag).toBe(before.etag);
    expect(reads).toBe(readsBefore);
    now = new Date('2026-11-28T02:00:00.000Z');
    const after = await listing.current();
    expect(after.etag).not.toBe(before.etag);
    expect(reads).toBe(readsBefore + 1);
  });

  it('given the hot-reads path asking synchronously, it gets the kept answer only while that answer is still the answer', async () => {
    expect(listing.fresh()).toBeNull();
    const kept = await listing.current();
    expect(listing.fresh()).toBe(kept);
    position += 1;
    expect(listing.fresh()).toBeNull();
    const rebuilt = await listing.current();
    expect(listing.fresh()).toBe(rebuilt);
    await apply(
      recorded(0, { type: 'ProductCreated', data: { ...productFields('Wild Ale'), releaseAt: '2026-11-23T02:00:00.000Z' } }, 'wild'),
    );
    const beforeRelease = await listing.current();
    now = new Date('2026-11-23T02:00:00.000Z');
    expect(listing.fresh()).toBeNull();
    expect((await listing.current()).etag).not.toBe(beforeRelease.etag);
  });

  it("given the list's prepared bytes, they are the JSON, and each beer's availability is its id, name, isActive, inventory and releaseAt", async () => {
    await apply(recorded(1, { type: 'ProductMovedToDraft', data: {} }, 'quokka'));
    await apply(recorded(0, { type: 'ProductCreated', data: productFields('Banksia Bitter') }, 'banksia'));
    const current = await listing.current();
    expect(current.prepared.bytes.toString()).toBe(current.body);
    expect(current.prepared.etag).toBe(current.etag);
    const banksia = current.availability('banksia');
    expect(banksia === null ? null : JSON.parse(banksia.bytes.toString())).toEqual({
      id: 'banksia',
      name: 'Banksia Bitter',
      isActive: true,
      inventory: 20,
      releaseAt: null,
    });
    expect(current.availability('banksia')).toBe(banksia);
    expect([current.availability('quokka'), current.availability('nobody')]).toEqual([null, null]);
  });
});
