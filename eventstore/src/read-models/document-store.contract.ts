import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Collection, Doc, DocumentStore, Filter, FindOptions } from './document-store.port';
import { DocumentLease } from './lease/document-lease';
import { LEASE_COLLECTION } from './preserved-collections';

/**
 * The behaviour every `DocumentStore` adapter must show, written from the queries and updates the shop's
 * projections and screens actually use. `open` is called once; the suite empties the store with
 * `dropAll()` before each test and closes it at the end.
 */
export function describeDocumentStoreContract(label: string, open: () => Promise<DocumentStore>): void {
  describe(`DocumentStore contract: ${label}`, () => {
    let store: DocumentStore;

    beforeAll(async () => {
      store = await open();
    });

    beforeEach(async () => {
      await store.dropAll();
    });

    afterAll(async () => {
      await store?.close();
    });

    const ids = (docs: readonly Doc[]): string[] => docs.map((doc) => doc._id);

    async function given<T extends Doc>(name: string, docs: readonly T[]): Promise<Collection<T>> {
      const collection = store.collection<T>(name);
      for (const doc of docs) await collection.replaceOne(doc);
      return collection;
    }

    describe('products (shop and admin lists)', () => {
      interface Product extends Doc {
        name: string;
        style: string;
        isActive: boolean;
        archived: boolean;
        inventory?: number;
        price: string;
      }
      const products: Product[] = [
        { _id: 'p-pale', name: 'Pale Ale', style: 'American Pale', isActive: true, archived: false, inventory: 24, price: '6.50' },
        { _id: 'p-stout', name: 'Oatmeal Stout', style: 'Stout', isActive: true, archived: true, inventory: 0, price: '7.00' },
        { _id: 'p-hazy', name: 'Hazy IPA', style: 'NEIPA', isActive: false, archived: false, inventory: 3, price: '8.00' },
        { _id: 'p-lager', name: 'Lager', style: 'Helles', isActive: true, archived: false, inventory: 100, price: '5.50' },
        { _id: 'p-marzen', name: 'Märzen Fest', style: 'Märzen', isActive: true, archived: false, price: '7.50' },
      ];
      const archivedLastByName: FindOptions = { sort: { archived: 1, name: 1 } };

      it.each<[string, Filter, FindOptions, string[]]>([
        ['every product, archived last then by name', {}, archivedLastByName, ['p-hazy', 'p-lager', 'p-marzen', 'p-pale', 'p-stout']],
        ['the shop list: active, archived last', { isActive: true }, archivedLastByName, ['p-lager', 'p-marzen', 'p-pale', 'p-stout']],
        ['active and not archived', { isActive: true, archived: { $ne: true } }, { sort: { name: 1 } }, ['p-lager', 'p-marzen', 'p-pale']],
        ['explicit $eq', { isActive: { $eq: false } }, {}, ['p-hazy']],
        ['out of stock or archived ($or)', { $or: [{ inventory: { $lte: 0 } }, { archived: true }] }, {}, ['p-stout']],
        [
          'active with at least 24 cans ($and, $gte)',
          { $and: [{ isActive: true }, { inventory: { $gte: 24 } }] },
          { sort: { inventory: -1 } },
          ['p-lager', 'p-pale'],
        ],
        ['low stock: 1 to 4 cans ($gt, $lt)', { inventory: { $gt: 0, $lt: 5 } }, {}, ['p-hazy']],
        ['inventory never recorded ($exists false)', { inventory: { $exists: false } }, {}, ['p-marzen']],
        [
          'inventory recorded ($exists true)',
          { inventory: { $exists: true } },
          { sort: { _id: 1 } },
          ['p-hazy', 'p-lager', 'p-pale', 'p-stout'],
        ],
        ['by ids ($in)', { _id: { $in: ['p-lager', 'p-stout', 'p-missing'] } }, { sort: { _id: 1 } }, ['p-lager', 'p-stout']],
        ['excluding ids ($nin)', { _id: { $nin: ['p-lager', 'p-stout'] } }, { sort: { _id: 1 } }, ['p-hazy', 'p-marzen', 'p-pale']],
        ['name contains, any case ($regex string)', { name: { $regex: 'STOUT', $options: 'i' } }, {}, ['p-stout']],
        ['name starts with, any case (RegExp)', { name: /^märzen/i }, {}, ['p-marzen']],
        ['name search is case-sensitive without the flag', { name: { $regex: 'stout' } }, {}, []],
        ['style equality with unicode', { style: 'Märzen' }, {}, ['p-marzen']],
        ['by one id', { _id: 'p-pale' }, {}, ['p-pale']],
        ['by one id that does not exist', { _id: 'p-none' }, {}, []],
        ['by one id and a field that does not match', { _id: 'p-pale', isActive: false }, {}, []],
        ['sort descending by price string', { isActive: true }, { sort: { price: -1 } }, ['p-marzen', 'p-stout', 'p-pale', 'p-lager']],
      ])('given the catalogue, when finding %s, then the ids come back in order', async (_name, filter, options, expected) => {
        const collection = await given('products', products);
        const found = await collection.find(filter, options);
        if (options.sort) expect(ids(found)).toEqual(expected);
        else expect(ids(found).sort()).toEqual([...expected].sort());
      });

      it.each<[string, FindOptions, string[]]>([
        ['the first page', { skip: 0, limit: 2 }, ['p-hazy', 'p-lager']],
        ['the second page', { skip: 2, limit: 2 }, ['p-marzen', 'p-pale']],
        ['the last, short page', { skip: 4, limit: 2 }, ['p-stout']],
        ['a page past the end', { skip: 10, limit: 2 }, []],
        ['limit 0, which means no limit', { skip: 1, limit: 0 }, ['p-lager', 'p-marzen', 'p-pale', 'p-stout']],
        ['a limit larger than the list', { limit: 50 }, ['p-hazy', 'p-lager', 'p-marzen', 'p-pale', 'p-stout']],
      ])('given the catalogue sorted archived last, when reading %s, then that slice comes back', async (_name, page, expected) => {
        const collection = await given('products', products);
        expect(ids(await collection.find({}, { ...archivedLastByName, ...page }))).toEqual(expected);
      });

      it('given the catalogue, when finding with an inclusion projection, then only _id and those fields come back', async () => {
        const collection = await given('products', products);
        const found = await collection.find({ isActive: true }, { sort: { name: 1 }, projection: { name: 1, inventory: 1 } });
        expect(found).toEqual([
          { _id: 'p-lager', name: 'Lager', inventory: 100 },
          { _id: 'p-marzen', name: 'Märzen Fest' },
          { _id: 'p-stout', name: 'Oatmeal Stout', inventory: 0 },
          { _id: 'p-pale', name: 'Pale Ale', inventory: 24 },
        ]);
      });

      it('given the catalogue, when projecting with _id excluded, then only the named fields come back', async () => {
        const collection = await given('products', products);
        const found = await collection.find({ _id: 'p-pale' }, { projection: { _id: 0, name: 1, price: 1 } });
        expect(found).toEqual([{ name: 'Pale Ale', price: '6.50' }]);
      });

      it('given the catalogue, when sorting on a field the projection leaves out, then the order still follows it', async () => {
        const collection = await given('products', products);
        const found = await collection.find({ isActive: true, archived: false }, { sort: { inventory: -1 }, projection: { name: 1 } });
        expect(found.map((doc) => doc.name)).toEqual(['Lager', 'Pale Ale', 'Märzen Fest']);
      });

      it.each<[string, Filter | undefined, number]>([
        ['everything (no filter)', undefined, 5],
        ['everything (empty filter)', {}, 5],
        ['active products', { isActive: true }, 4],
        ['out of stock', { inventory: { $lte: 0 } }, 1],
        ['a missing id', { _id: 'p-none' }, 0],
      ])('given the catalogue, when counting %s, then the count is right', async (_name, filter, expected) => {
        const collection = await given('products', products);
        expect(await collection.count(filter)).toBe(expected);
      });

      it('given the catalogue, when findOne matches several, then it returns one of them; when none, null', async () => {
        const collection = await given('products', products);
        const active = await collection.findOne({ isActive: true, archived: false });
        expect(['p-lager', 'p-marzen', 'p-pale']).toContain(active?._id);
        expect(await collection.findOne({ name: 'Dunkel' })).toBeNull();
        expect(await collection.findOne({ _id: 'p-lager' })).toEqual(products[3]);
      });
    });

    describe('orders (active and pending tabs, product usage)', () => {
      interface Order extends Doc {
        status: string;
        createdAt: string;
        customer: { name: string; email: string };
        items: Array<{ productId: string; quantity: number; unitPrice: string }>;
        totalAmount: number;
      }
      const order = (id: string, status: string, createdAt: string, productIds: string[]): Order => ({
        _id: id,
        status,
        createdAt,
        customer: { name: `Customer ${id}`, email: `${id}@example.com` },
        items: productIds.map((productId) => ({ productId, quantity: 4, unitPrice: '6.50' })),
        totalAmount: 26 * productIds.length + 10,
      });
      const orders: Order[] = [
        order('o1', 'pending', '2026-03-01T10:00:00.000Z', ['p-pale']),
        order('o2', 'paid', '2026-03-02T09:30:00.000Z', ['p-lager']),
        order('o3', 'shipped', '2026-03-03T08:00:00.000Z', ['p-pale', 'p-stout']),
        order('o4', 'pending', '2026-03-04T12:00:00.000Z', ['p-lager']),
        order('o5', 'delivered', '2026-02-28T23:59:59.999Z', ['p-hazy']),
        order('o6', 'packed_awaiting_pickup', '2026-03-02T18:45:00.000Z', ['p-lager', 'p-pale']),
      ];
      const newestFirst: FindOptions = { sort: { createdAt: -1 } };

      it.each<[string, Filter, string[]]>([
        ['active orders: status not pending', { status: { $ne: 'pending' } }, ['o3', 'o6', 'o2', 'o5']],
        ['pending orders', { status: 'pending' }, ['o4', 'o1']],
        ['paid or packed ($in)', { status: { $in: ['paid', 'packed_awaiting_pickup'] } }, ['o6', 'o2']],
        ['neither pending nor cancelled ($nin)', { status: { $nin: ['pending', 'cancelled'] } }, ['o3', 'o6', 'o2', 'o5']],
        ['orders containing a product (nested items.productId)', { 'items.productId': 'p-pale' }, ['o3', 'o6', 'o1']],
        ['orders containing any of two products', { 'items.productId': { $in: ['p-stout', 'p-hazy'] } }, ['o3', 'o5']],
        ['by customer email (dotted path)', { 'customer.email': 'o2@example.com' }, ['o2']],
        [
          'active orders created in March',
          { status: { $ne: 'pending' }, createdAt: { $gte: '2026-03-01', $lt: '2026-04-01' } },
          ['o3', 'o6', 'o2'],
        ],
        ['totals above $40', { totalAmount: { $gt: 40 } }, ['o3', 'o6']],
      ])('given orders, when finding %s newest first, then the ids come back in order', async (_name, filter, expected) => {
        const collection = await given('orders', orders);
        expect(ids(await collection.find(filter, newestFirst))).toEqual(expected);
      });

      it('given orders, when listing without their items, then items are left out and the rest is whole', async () => {
        const collection = await given('orders', orders);
        const [first] = await collection.find({ _id: 'o3' }, { projection: { items: 0 } });
        expect(first).toEqual({
          _id: 'o3',
          status: 'shipped',
          createdAt: '2026-03-03T08:00:00.000Z',
          customer: { name: 'Customer o3', email: 'o3@example.com' },
          totalAmount: 62,
        });
      });

      it('given orders, when sorting by two keys, then the second breaks ties of the first', async () => {
        const collection = await given('orders', orders);
        const found = await collection.find({}, { sort: { status: 1, createdAt: -1 } });
        expect(ids(found)).toEqual(['o5', 'o6', 'o2', 'o4', 'o1', 'o3']);
      });

      it('given orders, when counting by status, then pending and non-pending add up', async () => {
        const collection = await given('orders', orders);
        expect(await collection.count({ status: 'pending' })).toBe(2);
        expect(await collection.count({ status: { $ne: 'pending' } })).toBe(4);
      });

      it('given indexes asked for twice, then nothing fails and every query answers as before', async () => {
        const collection = await given('orders', orders);
        await collection.ensureIndex({ status: 1, createdAt: -1 });
        await collection.ensureIndex({ status: 1, createdAt: -1 });
        await collection.ensureIndex({ 'customer.email': 1 });
        expect(ids(await collection.find({ status: { $in: ['paid', 'pending'] } }, newestFirst))).toEqual(['o4', 'o2', 'o1']);
        expect(ids(await collection.find({ 'customer.email': 'o3@example.com' }))).toEqual(['o3']);
      });

      it('given a case-insensitive pattern, then it matches text anywhere in the field, and a page skips and limits', async () => {
        const collection = await given('orders', orders);
        const customer = { 'customer.name': { $regex: 'CUSTOMER O', $options: 'i' } };
        expect(await collection.count(customer)).toBe(6);
        expect(ids(await collection.find(customer, { sort: { createdAt: -1 }, skip: 2, limit: 2 }))).toEqual(['o6', 'o2']);
      });
    });

    describe('sales lines (reports by date range)', () => {
      const line = (id: string, soldAt: string): Doc => ({ _id: id, soldAt, productId: 'p-pale', quantity: 4, lineTotal: '26.00' });
      const lines = [
        line('before', '2026-02-28T23:59:59.999Z'),
        line('first-instant', '2026-03-01T00:00:00.000Z'),
        line('middle', '2026-03-02T12:00:00.000Z'),
        line('last-instant', '2026-03-02T23:59:59.999Z'),
        line('end-exclusive', '2026-03-03T00:00:00.000Z'),
      ];

      it.each<[string, Filter, string[]]>([
        [
          'from a date (inclusive) to a date (exclusive)',
          { soldAt: { $gte: '2026-03-01', $lt: '2026-03-03' } },
          ['first-instant', 'middle', 'last-instant'],
        ],
        [
          'with full ISO bounds',
          { soldAt: { $gte: '2026-03-01T00:00:00.000Z', $lt: '2026-03-03T00:00:00.000Z' } },
          ['first-instant', 'middle', 'last-instant'],
        ],
        ['a single day', { soldAt: { $gte: '2026-03-02', $lt: '2026-03-03' } }, ['middle', 'last-instant']],
        ['a range with nothing in it', { soldAt: { $gte: '2026-04-01', $lt: '2026-05-01' } }, []],
        ['up to a bound ($lte)', { soldAt: { $lte: '2026-03-01T00:00:00.000Z' } }, ['before', 'first-instant']],
      ])('given sales lines, when reading %s, then exactly those lines come back in time order', async (_name, filter, expected) => {
        const collection = await given('salesLines', lines);
        expect(ids(await collection.find(filter, { sort: { soldAt: 1 } }))).toEqual(expected);
      });
    });

    describe('order backups (by payment status)', () => {
      const backup = (id: string, paymentStatus: string): Doc => ({
        _id: id,
        paymentIntentId: id,
        paymentStatus,
        timestamp: `2026-03-0${id.length}T00:00:00.000Z`,
      });
      const backups = [
        backup('pi_1', 'succeeded'),
        backup('pi_22', 'succeeded'),
        backup('pi_333', 'created'),
        backup('pi_4444', 'requires_payment_method'),
        backup('pi_55555', 'canceled'),
      ];

      it.each<[string, Filter, number]>([
        ['successful payments', { paymentStatus: 'succeeded' }, 2],
        ['payments still created', { paymentStatus: 'created' }, 1],
        ['payments treated as failed', { paymentStatus: { $nin: ['succeeded', 'created'] } }, 2],
        ['all backups', {}, 5],
      ])('given backups, when counting %s, then the summary count is right', async (_name, filter, expected) => {
        const collection = await given('orderBackups', backups);
        expect(await collection.count(filter)).toBe(expected);
      });
    });

    describe('writes', () => {
      it('given no document, when replaceOne writes one, then it reads back equal', async () => {
        const collection = store.collection('products');
        const doc = { _id: 'p-1', name: 'Pale Ale', abv: 5.2, tags: ['core'], prices: { single: '6.50', pack4: null } };
        await collection.replaceOne(doc);
        expect(await collection.findOne({ _id: 'p-1' })).toEqual(doc);
      });

      it('given a document, when replaceOne writes a new version, then fields it no longer has are gone', async () => {
        const collection = await given<Doc>('products', [{ _id: 'p-1', name: 'Pale Ale', description: 'Hoppy' }]);
        await collection.replaceOne({ _id: 'p-1', name: 'Pale Ale v2' });
        expect(await collection.findOne({ _id: 'p-1' })).toEqual({ _id: 'p-1', name: 'Pale Ale v2' });
        expect(await collection.count()).toBe(1);
      });

      it('given a document with an undefined property, when written, then the property is not stored', async () => {
        const collection = store.collection('products');
        await collection.replaceOne({ _id: 'p-1', name: 'Lager', imageUrl: undefined });
        const found = await collection.findOne({ _id: 'p-1' });
        expect(found).toEqual({ _id: 'p-1', name: 'Lager' });
        expect(found !== null && 'imageUrl' in found).toBe(false);
      });

      it.each<[string, Doc]>([
        ['an empty _id', { _id: '' }],
        ['a numeric _id', { _id: 7 as unknown as string }],
      ])('given %s, when replaceOne writes it, then it is refused', async (_name, doc) => {
        await expect(store.collection('products').replaceOne(doc)).rejects.toThrow();
      });

      it('given a document, when updateOne applies $set, $inc, $unset, then the document changes accordingly', async () => {
        const collection = await given('stockLevels', [{ _id: 'p-1', inventory: 10, reserved: 4, note: 'check' }]);
        const result = await collection.updateOne(
          { _id: 'p-1' },
          { $set: { 'alert.low': true }, $inc: { inventory: -4, reserved: -4 }, $unset: { note: '' } },
        );
        expect(result).toEqual({ matched: 1, upserted: false });
        expect(await collection.findOne({ _id: 'p-1' })).toEqual({ _id: 'p-1', inventory: 6, reserved: 0, alert: { low: true } });
      });

      it('given a document, when updateOne applies $max, $min, $addToSet, $pull, then each follows MongoDB', async () => {
        const collection = await given('stockLevels', [{ _id: 'p-1', highest: 5, lowest: 5, tags: ['core', 'hoppy'] }]);
        await collection.updateOne({ _id: 'p-1' }, { $max: { highest: 9 }, $min: { lowest: 7 }, $addToSet: { tags: 'core' } });
        await collection.updateOne({ _id: 'p-1' }, { $max: { highest: 3 }, $min: { lowest: 2 }, $pull: { tags: 'hoppy' } });
        await collection.updateOne({ _id: 'p-1' }, { $addToSet: { tags: 'seasonal' }, $inc: { 'counters.views': 1 } });
        expect(await collection.findOne({ _id: 'p-1' })).toEqual({
          _id: 'p-1',
          highest: 9,
          lowest: 2,
          tags: ['core', 'seasonal'],
          counters: { views: 1 },
        });
      });

      it('given no match, when updateOne runs without upsert, then nothing is written', async () => {
        const collection = await given('orders', [{ _id: 'o1', status: 'paid' }]);
        expect(await collection.updateOne({ _id: 'o2' }, { $set: { status: 'shipped' } })).toEqual({ matched: 0, upserted: false });
        expect(await collection.count()).toBe(1);
      });

      it('given no match, when updateOne upserts, then the filter equality fields, $set and $setOnInsert make the document', async () => {
        const collection = store.collection('stockLevels');
        const result = await collection.updateOne(
          { _id: 'p-1', kind: 'stock', 'owner.team': 'brewhouse', inventory: { $gte: 0 } },
          { $set: { inventory: 24 }, $setOnInsert: { createdAt: '2026-03-01T00:00:00.000Z' } },
          { upsert: true },
        );
        expect(result).toEqual({ matched: 0, upserted: true });
        expect(await collection.findOne({ _id: 'p-1' })).toEqual({
          _id: 'p-1',
          kind: 'stock',
          owner: { team: 'brewhouse' },
          inventory: 24,
          createdAt: '2026-03-01T00:00:00.000Z',
        });
      });

      it('given an upserted document, when the same upsert runs again, then the document is the same and $setOnInsert is not reapplied', async () => {
        const collection = store.collection('stockLevels');
        const upsert = (createdAt: string) =>
          collection.updateOne({ _id: 'p-1' }, { $set: { inventory: 24 }, $setOnInsert: { createdAt } }, { upsert: true });
        expect(await upsert('2026-03-01T00:00:00.000Z')).toEqual({ matched: 0, upserted: true });
        const first = await collection.findOne({ _id: 'p-1' });
        expect(await upsert('2026-03-09T00:00:00.000Z')).toEqual({ matched: 1, upserted: false });
        expect(await collection.findOne({ _id: 'p-1' })).toEqual(first);
        expect(await collection.count()).toBe(1);
      });

      it('given no match and a filter without _id, when updateOne upserts, then the new document gets a string _id', async () => {
        const collection = store.collection('activity');
        expect(await collection.updateOne({ kind: 'rebuild' }, { $inc: { runs: 1 } }, { upsert: true })).toEqual({
          matched: 0,
          upserted: true,
        });
        const [doc] = await collection.find({ kind: 'rebuild' });
        expect(typeof doc?._id).toBe('string');
        expect(doc?._id.length).toBeGreaterThan(0);
        expect(doc).toEqual({ _id: doc?._id, kind: 'rebuild', runs: 1 });
        await collection.updateOne({ kind: 'rebuild' }, { $inc: { runs: 1 } }, { upsert: true });
        expect(await collection.find({ kind: 'rebuild' })).toEqual([{ _id: doc?._id, kind: 'rebuild', runs: 2 }]);
      });

      it.each<[string, number, { matched: number; upserted: boolean }, { revision: number; sold: number }]>([
        ['an older event', 2, { matched: 0, upserted: false }, { revision: 3, sold: 10 }],
        ['the same event again', 3, { matched: 0, upserted: false }, { revision: 3, sold: 10 }],
        ['the next event', 4, { matched: 1, upserted: false }, { revision: 4, sold: 12 }],
      ])(
        'given a projection at revision 3, when %s is applied with a revision-guarded $inc upsert, then it is applied at most once',
        async (_name, revision, expectedResult, expectedDoc) => {
          const collection = await given('stockLevels', [{ _id: 'product-p1', revision: 3, sold: 10 }]);
          const result = await collection.updateOne(
            { _id: 'product-p1', revision: { $lt: revision } },
            { $inc: { sold: 2 }, $set: { revision } },
            { upsert: true },
          );
          expect(result).toEqual(expectedResult);
          expect(await collection.findOne({ _id: 'product-p1' })).toEqual({ _id: 'product-p1', ...expectedDoc });
        },
      );

      it('given a stream of events delivered at least once, when each is applied with a revision guard, then the total counts each event once', async () => {
        const collection = store.collection('stockLevels');
        const deliveries = [1, 2, 2, 3, 1, 4, 4, 3, 5];
        for (const revision of deliveries) {
          await collection.updateOne(
            { _id: 'product-p1', revision: { $lt: revision } },
            { $inc: { sold: revision * 4 }, $set: { revision } },
            { upsert: true },
          );
        }
        // Events 1..5 once each; the late duplicates of 1..4 change nothing.
        expect(await collection.findOne({ _id: 'product-p1' })).toEqual({ _id: 'product-p1', revision: 5, sold: 60 });
      });

      it('given an order, when status changes are pushed to its history with a revision guard, then each entry appears once, in order', async () => {
        const collection = await given('orders', [{ _id: 'o1', status: 'pending', revision: 0, history: [] }]);
        const change = (revision: number, status: string) =>
          collection.updateOne(
            { _id: 'o1', revision: { $lt: revision } },
            { $set: { status, revision }, $push: { history: { status, at: `2026-03-0${revision}T10:00:00.000Z`, by: 'admin' } } },
          );
        await change(1, 'paid');
        await change(2, 'shipped');
        await change(2, 'shipped');
        await change(3, 'delivered');
        const found = await collection.findOne({ _id: 'o1' });
        expect(found?.status).toBe('delivered');
        expect(found?.history).toEqual([
          { status: 'paid', at: '2026-03-01T10:00:00.000Z', by: 'admin' },
          { status: 'shipped', at: '2026-03-02T10:00:00.000Z', by: 'admin' },
          { status: 'delivered', at: '2026-03-03T10:00:00.000Z', by: 'admin' },
        ]);
      });

      it('given documents, when updateMany matches some, then exactly those change and the count says so', async () => {
        const collection = await given('products', [
          { _id: 'a', isActive: true, inventory: 0 },
          { _id: 'b', isActive: true, inventory: 5 },
          { _id: 'c', isActive: false, inventory: 0 },
        ]);
        expect(await collection.updateMany({ inventory: { $lte: 0 } }, { $set: { isActive: false, flagged: true } })).toEqual({
          matched: 2,
        });
        expect(await collection.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'a', isActive: false, inventory: 0, flagged: true },
          { _id: 'b', isActive: true, inventory: 5 },
          { _id: 'c', isActive: false, inventory: 0, flagged: true },
        ]);
        expect(await collection.updateMany({ inventory: { $gt: 100 } }, { $set: { flagged: true } })).toEqual({ matched: 0 });
      });

      it('given a document, when an update names no operator, then it is refused and the document is unchanged', async () => {
        const collection = await given('products', [{ _id: 'p-1', name: 'Lager' }]);
        await expect(collection.updateOne({ _id: 'p-1' }, { name: 'Pilsner' })).rejects.toThrow(/atomic operators/);
        await expect(collection.updateMany({}, { name: 'Pilsner' })).rejects.toThrow(/atomic operators/);
        expect(await collection.findOne({ _id: 'p-1' })).toEqual({ _id: 'p-1', name: 'Lager' });
      });

      it('given $setOnInsert and $set on the same path, when updating or upserting, then it is refused and nothing is written', async () => {
        const collection = await given('orderBackups', [{ _id: 'pi_1', paymentStatus: 'succeeded' }]);
        const conflicting = { $set: { paymentStatus: 'succeeded' }, $setOnInsert: { paymentStatus: 'created' } };
        await expect(collection.updateOne({ _id: 'pi_1' }, conflicting, { upsert: true })).rejects.toThrow(/conflict/);
        await expect(collection.updateOne({ _id: 'pi_2' }, conflicting, { upsert: true })).rejects.toThrow(/conflict/);
        expect(await collection.find({})).toEqual([{ _id: 'pi_1', paymentStatus: 'succeeded' }]);
      });

      it('given a document, when an update tries to change its _id, then it is refused and the document is unchanged', async () => {
        const collection = await given('products', [{ _id: 'p-1', name: 'Lager' }]);
        await expect(collection.updateOne({ _id: 'p-1' }, { $set: { _id: 'p-2', name: 'Pils' } })).rejects.toThrow();
        expect(await collection.find({})).toEqual([{ _id: 'p-1', name: 'Lager' }]);
      });

      it('given several matches, when deleteOne runs, then exactly one is removed', async () => {
        const collection = await given('orders', [
          { _id: 'o1', status: 'pending' },
          { _id: 'o2', status: 'pending' },
          { _id: 'o3', status: 'paid' },
        ]);
        expect(await collection.deleteOne({ status: 'pending' })).toEqual({ deleted: 1 });
        expect(await collection.count({ status: 'pending' })).toBe(1);
        expect(await collection.deleteOne({ _id: 'o3' })).toEqual({ deleted: 1 });
        expect(await collection.deleteOne({ _id: 'o3' })).toEqual({ deleted: 0 });
        expect(await collection.count()).toBe(1);
      });

      it('given documents, when deleteMany runs with a filter and then without one, then matches and then all are removed', async () => {
        const collection = await given('orders', [
          { _id: 'o1', status: 'pending' },
          { _id: 'o2', status: 'pending' },
          { _id: 'o3', status: 'paid' },
        ]);
        expect(await collection.deleteMany({ status: 'pending' })).toEqual({ deleted: 2 });
        expect(ids(await collection.find())).toEqual(['o3']);
        expect(await collection.deleteMany()).toEqual({ deleted: 1 });
        expect(await collection.count()).toBe(0);
      });
    });

    describe('store-wide behaviour', () => {
      it('given several collections, when dropAll runs, then every one is empty and still usable', async () => {
        const products = await given('products', [{ _id: 'p-1' }, { _id: 'p-2' }]);
        const orders = await given('orders', [{ _id: 'o-1' }]);
        await store.dropAll();
        expect(await products.count()).toBe(0);
        expect(await store.collection('orders').count()).toBe(0);
        await orders.replaceOne({ _id: 'o-2' });
        expect(ids(await orders.find())).toEqual(['o-2']);
      });

      it('given a query was just read, when each kind of write changes its answer, then reading it again shows the change', async () => {
        const products = await given('products', [{ _id: 'p-1', name: 'Lager', isActive: true }]);
        const shopList = () => products.find({ isActive: true }, { sort: { name: 1 }, projection: { name: 1 } });
        const names = async () => (await shopList()).map((doc) => doc.name);
        expect(await names()).toEqual(['Lager']);
        await products.replaceOne({ _id: 'p-2', name: 'Amber', isActive: true });
        expect(await names()).toEqual(['Amber', 'Lager']);
        await products.updateOne({ _id: 'p-1' }, { $set: { name: 'Pilsner' } });
        expect(await names()).toEqual(['Amber', 'Pilsner']);
        await products.updateOne({ _id: 'p-3' }, { $set: { name: 'Dunkel', isActive: true } }, { upsert: true });
        expect(await names()).toEqual(['Amber', 'Dunkel', 'Pilsner']);
        await products.updateMany({ name: { $in: ['Amber', 'Dunkel'] } }, { $set: { isActive: false } });
        expect(await names()).toEqual(['Pilsner']);
        await products.deleteOne({ _id: 'p-1' });
        expect(await names()).toEqual([]);
        await products.updateMany({}, { $set: { isActive: true } });
        expect(await names()).toEqual(['Amber', 'Dunkel']);
        await products.deleteMany({ name: 'Amber' });
        expect(await names()).toEqual(['Dunkel']);
        await store.dropAll();
        expect(await names()).toEqual([]);
      });

      it('given two collections, when one is written, then the other does not see it', async () => {
        await given('products', [{ _id: 'same-id', name: 'product' }]);
        await given('orders', [{ _id: 'same-id', name: 'order' }]);
        expect(await store.collection('products').findOne({ _id: 'same-id' })).toEqual({ _id: 'same-id', name: 'product' });
        expect(await store.collection('orders').findOne({ _id: 'same-id' })).toEqual({ _id: 'same-id', name: 'order' });
      });

      it('given a returned document, when the caller mutates it, then the stored document is unchanged', async () => {
        const collection = await given('orders', [{ _id: 'o1', status: 'paid', items: [{ productId: 'p-1', quantity: 4 }] }]);
        const found = await collection.findOne({ _id: 'o1' });
        const [listed] = await collection.find({ status: 'paid' });
        if (!found || !listed) throw new Error('the order should be there');
        found.status = 'cancelled';
        for (const item of found.items as Array<{ quantity: number }>) item.quantity = 99;
        (listed.items as unknown[]).push({ productId: 'p-2', quantity: 8 });
        expect(await collection.findOne({ _id: 'o1' })).toEqual({ _id: 'o1', status: 'paid', items: [{ productId: 'p-1', quantity: 4 }] });
      });

      it('given a written document or pushed value, when the caller mutates its own object afterwards, then the store is unchanged', async () => {
        const collection = store.collection('orders');
        const item = { productId: 'p-1', quantity: 4 };
        await collection.replaceOne({ _id: 'o1', items: [item], history: [] });
        const entry = { status: 'paid', notes: ['first'] };
        await collection.updateOne({ _id: 'o1' }, { $push: { history: entry } });
        item.quantity = 99;
        entry.notes.push('changed later');
        expect(await collection.findOne({ _id: 'o1' })).toEqual({
          _id: 'o1',
          items: [{ productId: 'p-1', quantity: 4 }],
          history: [{ status: 'paid', notes: ['first'] }],
        });
      });

      it('given unicode names and ids, when written and queried, then they round-trip exactly', async () => {
        const docs = [
          { _id: 'p-ü-🍺', name: 'Über Pils 🍺', style: 'Pilsner – Czech', note: '日本のクラフトビール' },
          { _id: 'p-é', name: 'Bière de Garde', style: 'Farmhouse', note: 'ØÆÅ ñ ç' },
        ];
        const collection = await given('products', docs);
        expect(await collection.findOne({ _id: 'p-ü-🍺' })).toEqual(docs[0]);
        expect(ids(await collection.find({ name: 'Bière de Garde' }))).toEqual(['p-é']);
        expect(ids(await collection.find({ note: { $regex: 'クラフト' } }))).toEqual(['p-ü-🍺']);
        expect(ids(await collection.find({ name: { $regex: 'BIÈRE', $options: 'i' } }))).toEqual(['p-é']);
      });

      it('given an open store, when asked for its health, then it is ok and names its adapter', async () => {
        const health = await store.health();
        expect(health.ok).toBe(true);
        expect(health.adapter).toBe(store.kind);
      });
    });

    describe('filters holding undefined (a forgotten argument)', () => {
      it.each<[string, Filter]>([
        ['a top-level field', { orderId: undefined }],
        ['an operator', { total: { $gte: undefined } }],
        ['a clause of $or', { $or: [{ status: 'paid' }, { status: undefined }] }],
      ])('given %s that is undefined, then every operation refuses it and nothing changes', async (_what, filter) => {
        const orders = await given('orders', [
          { _id: 'o1', orderId: '1', status: 'paid', total: 10 },
          { _id: 'o2', orderId: '2', status: 'pending', total: 20 },
        ]);
        await expect(orders.find(filter)).rejects.toThrow(/undefined/);
        await expect(orders.findOne(filter)).rejects.toThrow(/undefined/);
        await expect(orders.count(filter)).rejects.toThrow(/undefined/);
        await expect(orders.updateOne(filter, { $set: { status: 'gone' } }, { upsert: true })).rejects.toThrow(/undefined/);
        await expect(orders.updateMany(filter, { $set: { status: 'gone' } })).rejects.toThrow(/undefined/);
        await expect(orders.deleteOne(filter)).rejects.toThrow(/undefined/);
        await expect(orders.deleteMany(filter)).rejects.toThrow(/undefined/);
        expect(await orders.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'o1', orderId: '1', status: 'paid', total: 10 },
          { _id: 'o2', orderId: '2', status: 'pending', total: 20 },
        ]);
      });
    });

    describe('leases (one subscription runner among several instances)', () => {
      let name: string;
      /** Each instance's own monotonic clock, moved by hand. */
      const clocks = new Map<string, number>();
      const lease = (holder: string, ttlMs = 30_000): DocumentLease =>
        new DocumentLease(store, { name, holder, ttlMs, monotonicMs: () => clocks.get(holder) ?? 0, wallMs: () => 0 });
      const advance = (holder: string, ms: number): void => {
        clocks.set(holder, (clocks.get(holder) ?? 0) + ms);
      };

      beforeEach(() => {
        // Leases survive dropAll by design, so each test takes its own.
        name = `projections-${randomUUID()}`;
        clocks.clear();
      });

      it('given a free lease, when an instance acquires it, then it holds it and its document says so', async () => {
        expect(await lease('app-a').acquire()).toBe(true);
        expect(await DocumentLease.holderOf(store, name)).toBe('app-a');
      });

      it('given a lease being renewed, when another instance watches for longer than the ttl, then it never takes it', async () => {
        const a = lease('app-a');
        const b = lease('app-b');
        await a.acquire();
        for (let round = 0; round < 5; round++) {
          expect(await b.acquire()).toBe(false);
          advance('app-b', 20_000);
          expect(await a.acquire()).toBe(true);
        }
        expect(b.seenHolder()).toBe('app-a');
      });

      it('given a watcher whose clock runs an hour apart from the holder, then a lease being renewed stays with its holder', async () => {
        const a = lease('app-a');
        const b = lease('app-b');
        await a.acquire();
        expect(await b.acquire()).toBe(false);
        advance('app-b', 3_600_000);
        expect(await a.acquire()).toBe(true);
        expect(await b.acquire()).toBe(false);
        expect(await DocumentLease.holderOf(store, name)).toBe('app-a');
      });

      it('given a holder that stopped renewing, when another instance has seen it unchanged for the ttl, then it takes over and the old holder cannot renew', async () => {
        const a = lease('app-a');
        const b = lease('app-b');
        await a.acquire();
        expect(await b.acquire()).toBe(false);
        advance('app-b', 29_999);
        expect(await b.acquire()).toBe(false);
        advance('app-b', 1);
        expect(await b.acquire()).toBe(true);
        expect(await a.acquire()).toBe(false);
        expect(await DocumentLease.holderOf(store, name)).toBe('app-b');
      });

      it('given two watchers that saw the same stopped holder, when both try to take over at once, then exactly one wins', async () => {
        await lease('app-a').acquire();
        const watchers = ['app-b', 'app-c', 'app-d'].map((holder) => lease(holder));
        for (const watcher of watchers) expect(await watcher.acquire()).toBe(false);
        for (const watcher of watchers) advance(watcher.holder, 30_000);
        const results = await Promise.all(watchers.map((watcher) => watcher.acquire()));
        expect(results.filter(Boolean)).toHaveLength(1);
        expect(await DocumentLease.holderOf(store, name)).toBe(watchers[results.indexOf(true)]?.holder);
      });

      it('given a held lease, when a non-holder releases it, then nothing changes; when the holder does, another takes it at once', async () => {
        const a = lease('app-a');
        const b = lease('app-b');
        await a.acquire();
        expect(await b.release()).toBe(false);
        expect(await DocumentLease.holderOf(store, name)).toBe('app-a');
        expect(await a.release()).toBe(true);
        expect(await DocumentLease.holderOf(store, name)).toBeNull();
        expect(await b.acquire()).toBe(true);
      });

      it('given instances racing for a free lease, when all try at once, then exactly one wins', async () => {
        const all = ['app-a', 'app-b', 'app-c', 'app-d', 'app-e'].map((holder) => lease(holder));
        const results = await Promise.all(all.map((instance) => instance.acquire()));
        expect(results.filter(Boolean)).toHaveLength(1);
        expect(await DocumentLease.holderOf(store, name)).toBe(all[results.indexOf(true)]?.holder);
      });

      it('given a lease written before terms existed, then a watcher still waits a whole ttl before taking it over', async () => {
        await store.collection(LEASE_COLLECTION).replaceOne({ _id: name, holder: 'old-app', expiresAt: 0, renewedAt: 0 });
        const b = lease('app-b');
        expect(await b.acquire()).toBe(false);
        advance('app-b', 30_000);
        expect(await b.acquire()).toBe(true);
      });

      it('given a holder of the version before terms, renewing as it did (renewedAt and expiresAt only), then a watcher never takes its lease', async () => {
        const leases = store.collection(LEASE_COLLECTION);
        const oldRenewal = (at: number) => leases.replaceOne({ _id: name, holder: 'old-app', expiresAt: at + 6000, renewedAt: at });
        await oldRenewal(1000);
        const b = lease('app-b');
        for (let round = 1; round <= 5; round++) {
          expect(await b.acquire()).toBe(false);
          advance('app-b', 30_000);
          await oldRenewal(1000 + round * 2000);
        }
        expect(await DocumentLease.holderOf(store, name)).toBe('old-app');
      });

      it('given a holder that let its lease lapse, then it does not renew it, and takes it again only as another would', async () => {
        const a = lease('app-a');
        await a.acquire();
        const [before] = await store.collection(LEASE_COLLECTION).find({ _id: name });
        expect(await a.acquire({ renew: false })).toBe(false);
        expect(await store.collection(LEASE_COLLECTION).find({ _id: name })).toEqual([before]);
        advance('app-a', 30_000);
        expect(await a.acquire({ renew: false })).toBe(true);
      });

      it('given a held lease, when the read models are dropped for a rebuild, then the lease is kept', async () => {
        const a = lease('app-a');
        await a.acquire();
        await store.dropAll();
        expect(await DocumentLease.holderOf(store, name)).toBe('app-a');
        expect(await lease('app-b').acquire()).toBe(false);
      });
    });

    describe('read models built beside the live ones (a rebuild)', () => {
      it('given live collections, when a swap is built, then readers see the old documents until commit and the new ones after', async () => {
        await given('orders', [
          { _id: 'o1', status: 'paid' },
          { _id: 'o2', status: 'pending' },
        ]);
        await given('products', [{ _id: 'p1', name: 'Old Pale' }]);
        const swap = await store.beginSwap();
        await swap.target.collection('orders').replaceOne({ _id: 'o1', status: 'shipped' });
        await swap.target.collection('sales').replaceOne({ _id: 's1', cans: 4 });
        // Nothing the rebuild writes shows before the commit.
        expect(ids(await store.collection('orders').find({}, { sort: { _id: 1 } }))).toEqual(['o1', 'o2']);
        expect(await store.collection('sales').count()).toBe(0);
        await swap.commit(['orders', 'products', 'sales']);
        expect(await store.collection('orders').find({})).toEqual([{ _id: 'o1', status: 'shipped' }]);
        // A collection the rebuild never wrote is empty after the commit: the log holds nothing for it.
        expect(await store.collection('products').count()).toBe(0);
        expect(await store.collection('sales').find({})).toEqual([{ _id: 's1', cans: 4 }]);
      });

      it('given a swap abandoned, then the live collections are as they were', async () => {
        await given('orders', [{ _id: 'o1', status: 'paid' }]);
        const swap = await store.beginSwap();
        await swap.target.collection('orders').replaceOne({ _id: 'o9', status: 'pending' });
        await swap.abandon();
        expect(await store.collection('orders').find({})).toEqual([{ _id: 'o1', status: 'paid' }]);
      });
    });
  });
}
