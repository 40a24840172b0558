import { createTestApp, type TestApp } from '../create-test-app';
import {
  adminAuth,
  beerForm,
  checkout,
  createProduct,
  eventStoreOf,
  eventually,
  pay,
  type Auth,
  type BeerForm,
} from './reporting-fixtures';

jest.setTimeout(60_000);

interface OutboxEmail {
  _id: string;
  to: string;
  subject: string;
  kind: string;
  status: string;
}

describe('stock alerts over HTTP: an e-mail to the shop when a beer falls to LOW or CRITICAL, once per crossing', () => {
  let t: TestApp;
  let auth: Auth;
  let id: string;
  const form: BeerForm = beerForm('Alert Ale', { inventory: 14 });

  beforeAll(async () => {
    t = await createTestApp();
    auth = await adminAuth(t);
    id = await createProduct(t, form);
  });

  afterAll(async () => {
    await t.close();
  });

  const alerts = async (): Promise<OutboxEmail[]> =>
    ((await t.http().get('/api/admin/outbox').set(auth).expect(200)).body as OutboxEmail[])
      .filter((e) => e.kind === 'stock-alert')
      .sort((a, b) => a._id.localeCompare(b._id));
  const sellFourPack = async () => pay(t, await checkout(t, [{ productId: id, form, packSize: '4pack', packs: 1 }]));
  const countStock = (inventory: number) =>
    t
      .http()
      .put(`/api/admin/products/${id}`)
      .set(auth)
      .send({ ...form, inventory })
      .expect(200);
  const alertStream = async () =>
    (await eventStoreOf(t).readStream(`stockalert-${id}`)).map((e) => `${e.type} ${String((e.data as { level: string }).level)}`);

  it('given 14 cans, when a sale leaves 10, then the shop is told the beer is LOW', async () => {
    await sellFourPack();
    const [email] = await eventually(async () => ((await alerts()).length === 1 ? alerts() : undefined));
    expect(email).toMatchObject({ to: t.config.shop.email, subject: 'LOW stock: Alert Ale has 10 cans left' });
  });

  it('given LOW told, when a sale leaves 6, then nothing more is sent; when one leaves 2, then CRITICAL is', async () => {
    await sellFourPack();
    await eventually(
      async () => (await alertStream()).length === 1 && (await t.http().get('/api/admin/products').set(auth)).status === 200,
    );
    expect((await alerts()).map((e) => e.subject)).toEqual(['LOW stock: Alert Ale has 10 cans left']);
    await sellFourPack();
    const emails = await eventually(async () => ((await alerts()).length === 2 ? alerts() : undefined));
    expect(emails.map((e) => e.subject)).toEqual(['LOW stock: Alert Ale has 10 cans left', 'CRITICAL stock: Alert Ale has 2 cans left']);
  });

  it('given CRITICAL told, when the operator restocks, then nothing is sent, and the next fall is told again', async () => {
    await countStock(24);
    await eventually(async () => (await alertStream()).includes('StockLevelRecovered OK'));
    expect(await alerts()).toHaveLength(2);
    await countStock(9);
    const emails = await eventually(async () => ((await alerts()).length === 3 ? alerts() : undefined));
    expect(emails.at(-1)?.subject).toBe('LOW stock: Alert Ale has 9 cans left');
    expect(await alertStream()).toEqual([
      'StockLevelAlerted LOW',
      'StockLevelAlerted CRITICAL',
      'StockLevelRecovered OK',
      'StockLevelAlerted LOW',
    ]);
  });

  it('given an archived beer, when its stock falls, then nothing is sent', async () => {
    const archivedForm = beerForm('Archived Alert Ale', { inventory: 30, archived: true, isActive: false });
    const archived = await createProduct(t, archivedForm);
    await t
      .http()
      .put(`/api/admin/products/${archived}`)
      .set(auth)
      .send({ ...archivedForm, inventory: 3 })
      .expect(200);
    // A later fall of the first beer is told, so the process manager has passed the archived beer's count.
    await countStock(4);
    await eventually(async () => ((await alerts()).length === 4 ? true : undefined));
    expect((await eventStoreOf(t).readStream(`stockalert-${archived}`)).length).toBe(0);
  });
});
