import { MemoryDocumentStore, type RecordedEvent } from '@brewery/eventstore';
import { productFields, productStream } from './product-events.fixture';
import { ProductListProjection } from './product-list.projection';
import { FindBeerBySlugHandler, GetShopProductsHandler } from './product-list.query-handlers';
import { FindBeerBySlugQuery } from './product-list.queries';
import { PRODUCTS_COLLECTION, type ProductViewDoc } from './product-view';

describe('beer page slugs (product list projection)', () => {
  let store: MemoryDocumentStore;
  const projection = new ProductListProjection();
  const apply = async (events: RecordedEvent[]): Promise<void> => {
    for (const event of events) await projection.apply(event, store);
  };
  const doc = (id: string): Promise<ProductViewDoc | null> => store.collection<ProductViewDoc>(PRODUCTS_COLLECTION).findOne({ _id: id });
  const find = (slug: string) => new FindBeerBySlugHandler(store).execute(new FindBeerBySlugQuery(slug));
  const rename = (id: string, name: string, revision: number) =>
    productStream(id, [{ type: 'ProductDetailsChanged', data: { name } }], revision);

  beforeEach(() => {
    store = new MemoryDocumentStore();
  });

  it('given a new beer, its slug is its name in lower case with hyphens', async () => {
    await apply(productStream('a', [{ type: 'ProductCreated', data: productFields('Ngulla Kölsch #2') }]));
    expect(await doc('a')).toMatchObject({ slug: 'ngulla-kolsch-2', formerSlugs: [] });
    expect((await new GetShopProductsHandler(store).execute())[0]?.slug).toBe('ngulla-kolsch-2');
  });

  it('given two beers of the same name, the second gets -2, and a third -3', async () => {
    await apply(productStream('a', [{ type: 'ProductCreated', data: productFields('Swan Lager') }]));
    await apply(productStream('b', [{ type: 'ProductCreated', data: productFields('Swan Lager') }]));
    await apply(productStream('c', [{ type: 'ProductCreated', data: productFields('Swan  Lager!') }]));
    expect([(await doc('a'))?.slug, (await doc('b'))?.slug, (await doc('c'))?.slug]).toEqual([
      'swan-lager',
      'swan-lager-2',
      'swan-lager-3',
    ]);
  });

  it('given a rename, the beer has the new slug and the old one leads to it', async () => {
    await apply(productStream('a', [{ type: 'ProductCreated', data: productFields('Quokka Pale Ale') }]));
    await apply(rename('a', 'Quokka Island Pale', 1));
    expect(await doc('a')).toMatchObject({ slug: 'quokka-island-pale', formerSlugs: ['quokka-pale-ale'] });
    expect(await find('quokka-pale-ale')).toEqual({ productId: 'a', slug: 'quokka-island-pale' });
    expect(await find('quokka-island-pale')).toEqual({ productId: 'a', slug: 'quokka-island-pale' });
  });

  it('given a change that keeps the name, the slug stays (and a rename back takes the old slug back)', async () => {
    await apply(productStream('a', [{ type: 'ProductCreated', data: productFields('Quokka Pale Ale') }]));
    await apply(productStream('a', [{ type: 'ProductDetailsChanged', data: { description: 'New words.' } }], 1));
    expect(await doc('a')).toMatchObject({ slug: 'quokka-pale-ale', formerSlugs: [] });
    await apply(rename('a', 'Quokka Island Pale', 2));
    await apply(rename('a', 'Quokka Pale Ale', 3));
    expect(await doc('a')).toMatchObject({ slug: 'quokka-pale-ale', formerSlugs: ['quokka-island-pale'] });
  });

  it("given a new beer named as another's old name, the old address still leads to the renamed beer", async () => {
    await apply(productStream('a', [{ type: 'ProductCreated', data: productFields('Quokka Pale Ale') }]));
    await apply(rename('a', 'Quokka Island Pale', 1));
    await apply(productStream('b', [{ type: 'ProductCreated', data: productFields('Quokka Pale Ale') }]));
    expect((await doc('b'))?.slug).toBe('quokka-pale-ale-2');
    expect(await find('quokka-pale-ale')).toEqual({ productId: 'a', slug: 'quokka-island-pale' });
  });

  it('given a beer that is a draft, archived or deleted, its slug leads nowhere', async () => {
    await apply(productStream('draft', [{ type: 'ProductCreated', data: { ...productFields('Draft Ale'), isActive: false } }]));
    await apply(
      productStream('old', [
        { type: 'ProductCreated', data: productFields('Old Ale') },
        { type: 'ProductArchived', data: {} },
      ]),
    );
    await apply(
      productStream('gone', [
        { type: 'ProductCreated', data: productFields('Gone Ale') },
        { type: 'ProductDeleted', data: {} },
      ]),
    );
    for (const slug of ['draft-ale', 'old-ale', 'gone-ale', 'never-was']) expect(await find(slug)).toBeNull();
  });

  it('the same events replayed give every beer the same slugs', async () => {
    const history = [
      ...productStream('a', [{ type: 'ProductCreated', data: productFields('Swan Lager') }]),
      ...productStream('b', [{ type: 'ProductCreated', data: productFields('Swan Lager') }]),
      ...rename('a', 'Swan Gold', 1),
    ];
    await apply(history);
    const first = [await doc('a'), await doc('b')].map((d) => [d?.slug, d?.formerSlugs]);
    store = new MemoryDocumentStore();
    await apply(history);
    await apply(history);
    expect([await doc('a'), await doc('b')].map((d) => [d?.slug, d?.formerSlugs])).toEqual(first);
  });
});
