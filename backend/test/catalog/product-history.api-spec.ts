import { createTestApp, type TestApp, FIRST_OWNER } from '../create-test-app';
import { adminAuth, beerForm, createProduct, eventually, type Auth } from '../reporting/reporting-fixtures';

jest.setTimeout(60_000);

interface Entry {
  at: string;
  type: string;
  summary: string;
  actor: string;
}

describe('GET /api/admin/products/:id/history', () => {
  let t: TestApp;
  let auth: Auth;

  beforeAll(async () => {
    t = await createTestApp();
    auth = await adminAuth(t);
  });

  afterAll(async () => {
    await t.close();
  });

  const history = async (id: string): Promise<Entry[]> =>
    (await t.http().get(`/api/admin/products/${id}/history`).set(auth).expect(200)).body as Entry[];

  it("answers every change of the beer's prices, stock, visibility and limit, and its stock alerts, oldest first, with who made each", async () => {
    const form = beerForm('History Ale', { inventory: 24 });
    const id = await createProduct(t, form);
    await t
      .http()
      .put(`/api/admin/products/${id}`)
      .set(auth)
      .send({ ...form, price: '6.00', inventory: 9, maxPerOrder: 8 })
      .expect(200);
    // The stock alert follows the count; the next change comes after it.
    await eventually(async () => (await history(id)).some((e) => e.type === 'StockLevelAlerted'));
    await t.http().put(`/api/admin/products/${id}`).set(auth).send({ isActive: false }).expect(200);
    const entries = await history(id);

    expect(entries.map((e) => [e.actor, e.summary])).toEqual([
      [FIRST_OWNER, expect.stringMatching(/^Created: History Ale, .*; stock 24 cans; Live in Shop$/)],
      [FIRST_OWNER, expect.stringMatching(/^Prices changed: single \$6\.00, /)],
      [FIRST_OWNER, 'Limit per order set to 8 cans'],
      [FIRST_OWNER, 'Stock set from 24 to 9 cans in the product form'],
      ['system', 'Stock alert e-mailed to the shop: LOW (9 cans left)'],
      [FIRST_OWNER, 'Removed from the shop (Draft Mode)'],
    ]);
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort());
  });

  it('answers 404 for a product that never existed', async () => {
    const res = await t.http().get('/api/admin/products/no-such-beer/history').set(auth).expect(404);
    expect((res.body as { message: string }).message).toBe('Product no-such-beer not found');
  });

  it('answers 401 without the admin token', async () => {
    const id = await createProduct(t, beerForm('Private Ale'));
    await t.http().get(`/api/admin/products/${id}/history`).expect(401);
    await t.http().get(`/api/admin/products/${id}/history`).set({ Authorization: 'Bearer not-a-token' }).expect(401);
  });
});
