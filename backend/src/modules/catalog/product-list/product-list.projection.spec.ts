import { MemoryDocumentStore, type RecordedEvent } from '@brewery/eventstore';
import { productFields, productStream } from './product-events.fixture';
import { ProductListProjection } from './product-list.projection';
import type { QueryBus } from '@nestjs/cqrs';
import { GetAdminProductsHandler, GetShopProductsHandler } from './product-list.query-handlers';
import { ShopListing } from './shop-listing';
import { PRODUCTS_COLLECTION, type ProductViewDoc } from './product-view';
import { WAITLIST_ENTRIES } from '../../waitlists/back-in-stock/waitlist.projection';
import { WaitingCountsHandler } from '../../waitlists/back-in-stock/waiting-counts.query';
import type { WaitingCountsQuery } from './product-list.queries';

describe('product list projection', () => {
  let store: MemoryDocumentStore;
  const projection = new ProductListProjection();
  const apply = async (events: RecordedEvent[]): Promise<void> => {
    for (const event of events) await projection.apply(event, store);
  };
  // The admin's list asks the waiting lists for their counts, as the application's query bus does.
  const adminProducts = (now: string) =>
    new GetAdminProductsHandler(store, { now: () => new Date(now) }, {
      execute: (query: WaitingCountsQuery) => new WaitingCountsHandler(store).execute(query),
    } as unknown as QueryBus).execute();
  const doc = (id: string): Promise<ProductViewDoc | null> => store.collection<ProductViewDoc>(PRODUCTS_COLLECTION).findOne({ _id: id });

  beforeEach(() => {
    store = new MemoryDocumentStore();
  });

  const quokka = productStream('quokka', [
    { type: 'ProductCreated', data: productFields('Quokka Pale Ale') },
    { type: 'StockReserved', data: { orderId: 'o-1', quantity: 8, expiresAt: '2026-11-23T01:30:00.000Z' } },
    { type: 'StockReserved', data: { orderId: 'o-2', quantity: 4, expiresAt: '2026-11-23T01:30:00.000Z' } },
    { type: 'StockSold', data: { orderId: 'o-1', quantity: 8, paymentIntentId: 'pi_1', fromReservation: true } },
    {
      type: 'ProductPricesChanged',
      data: {
        price: '7.00',
        price4Pack: '26.00',
        price8Pack: null,
        price16Pack: null,
        enable4Pack: true,
        enable8Pack: false,
        enable16Pack: false,
      },
    },
  ]);

  it('given a stream, keeps the stock figure, the reservations and the revision', async () => {
    await apply(quokka);
    expect(await doc('quokka')).toMatchObject({
      id: 'quokka',
      inventory: 12,
      reserved: 4,
      reservations: [{ orderId: 'o-2', quantity: 4 }],
      price: '7.00',
      price4Pack: '26.00',
      revision: 4,
      deleted: false,
      createdAt: '2026-11-23T01:00:00.000Z',
      updatedAt: '2026-11-23T01:04:00.000Z',
    });
  });

  it('the same event twice changes nothing', async () => {
    await apply(quokka);
    const before = await doc('quokka');
    await apply(quokka);
    await apply([quokka[3] as RecordedEvent, quokka[1] as RecordedEvent]);
    expect(await doc('quokka')).toEqual(before);
  });

  it('an older event after a newer one changes nothing', async () => {
    await apply(quokka.slice(0, 3));
    await apply([quokka[1] as RecordedEvent]);
    expect(await doc('quokka')).toMatchObject({ reserved: 12, revision: 2 });
  });

  it('a rebuild from the log equals the live state', async () => {
    await apply(quokka);
    const live = await doc('quokka');
    store = new MemoryDocumentStore();
    await apply(quokka);
    expect(await doc('quokka')).toEqual(live);
  });

  it('a deleted product stays deleted when its creation is delivered again', async () => {
    const gone = productStream('gone', [
      { type: 'ProductCreated', data: productFields('Gone') },
      { type: 'ProductDeleted', data: {} },
    ]);
    await apply(gone);
    await apply([gone[0] as RecordedEvent]);
    expect(await doc('gone')).toMatchObject({ deleted: true, revision: 1 });
  });

  describe('queries', () => {
    beforeEach(async () => {
      await apply(quokka);
      await apply(productStream('archived', [{ type: 'ProductCreated', data: productFields('Aardvark Amber', { archived: true }) }]));
      await apply(productStream('draft', [{ type: 'ProductCreated', data: productFields('Draft Dunkel', { isActive: false }) }]));
      await apply(productStream('zebra', [{ type: 'ProductCreated', data: productFields('zebra Zwickel') }]));
      await apply(productStream('banksia', [{ type: 'ProductCreated', data: productFields('Banksia Bitter') }]));
      await apply(
        productStream('deleted', [
          { type: 'ProductCreated', data: productFields('Deleted Dubbel') },
          { type: 'ProductDeleted', data: {} },
        ]),
      );
      await apply(
        productStream('recounted', [
          { type: 'ProductCreated', data: productFields('Recounted Rye') },
          { type: 'StockReserved', data: { orderId: 'o-9', quantity: 10, expiresAt: '2026-11-23T01:30:00.000Z' } },
          { type: 'StockCounted', data: { inventory: 6, previous: 20, reason: 'admin-edit' } },
        ]),
      );
    });

    it('the shop lists live products, archived last then by name, with what can be bought now', async () => {
      const list = await new GetShopProductsHandler(store).execute();
      expect(list.map((p) => [p.name, p.inventory])).toEqual([
        ['Banksia Bitter', 20],
        ['Quokka Pale Ale', 8],
        ['Recounted Rye', 0],
        ['zebra Zwickel', 20],
        ['Aardvark Amber', 20],
      ]);
      expect(Object.keys(list[0] ?? {}).sort()).toEqual(
        [
          'id',
          'name',
          'style',
          'description',
          'abv',
          'beerType',
          'imageUrl',
          'inventory',
          'isActive',
          'archived',
          'price',
          'price4Pack',
          'price8Pack',
          'price16Pack',
          'enable4Pack',
          'enable8Pack',
          'enable16Pack',
          'maxPerOrder',
          'releaseAt',
          'slug',
        ].sort(),
      );
    });

    it('the admin lists every product not deleted, drafts included, with stock, reserved and available', async () => {
      const list = await adminProducts('2026-11-23T01:00:00.000Z');
      expect(list.map((p) => [p.name, p.inventory, p.reserved, p.available])).toEqual([
        ['Banksia Bitter', 20, 0, 20],
        ['Draft Dunkel', 20, 0, 20],
        ['Quokka Pale Ale', 12, 4, 8],
        ['Recounted Rye', 6, 10, -4],
        ['zebra Zwickel', 20, 0, 20],
        ['Aardvark Amber', 20, 0, 20],
      ]);
    });

    it("the admin list counts each beer's confirmed addresses waiting, and the sign-ups still to be confirmed (not lapsed)", async () => {
      const entries = store.collection(WAITLIST_ENTRIES);
      const entry = (email: string, status: string, confirmBy: string | null) => ({
        _id: `quokka/${email}`,
        productId: 'quokka',
        key: email,
        email,
        status,
        confirmBy,
      });
      await entries.replaceOne(entry('a@example.com', 'confirmed', null));
      await entries.replaceOne(entry('b@example.com', 'confirmed', null));
      await entries.replaceOne(entry('c@example.com', 'pending', '2026-11-24T01:00:00.000Z'));
      await entries.replaceOne(entry('d@example.com', 'pending', '2026-11-23T00:59:59.999Z'));
      await entries.replaceOne(entry('e@example.com', 'notified', null));
      const list = await adminProducts('2026-11-23T01:00:00.000Z');
      expect(list.map((p) => [p.id, p.waiting, p.waitingToConfirm])).toContainEqual(['quokka', 2, 1]);
      expect(list.find((p) => p.name === 'Banksia Bitter')).toMatchObject({ waiting: 0, waitingToConfirm: 0 });
    });

    it.each([
      ['quokka', { id: 'quokka', name: 'Quokka Pale Ale', isActive: true, inventory: 8, releaseAt: null }],
      ['archived', { id: 'archived', name: 'Aardvark Amber', isActive: true, inventory: 20, releaseAt: null }],
      ['draft', null],
      ['deleted', null],
      ['unknown', null],
    ])('one product %s (GET /api/products/{id}): %j', async (id, expected) => {
      const handler = new GetShopProductsHandler(store);
      const bus = { execute: () => handler.execute() } as unknown as QueryBus;
      const listing = await new ShopListing(bus, { readModelsPosition: () => 0 }, { now: () => new Date() }).current();
      const body = listing.availability(id);
      expect(body === null ? null : JSON.parse(body.bytes.toString())).toEqual(expected);
    });
  });
});
