import { createTestApp, type TestApp } from '../create-test-app';
import { adminGet, paidOrder, pendingOrder } from './admin-ops-fixtures';

interface SearchPage {
  items: { id: string; status: string; paymentIntentId: string | null; shippingLabel: unknown }[];
  total: number;
  page: number;
  pageSize: number;
}

describe('GET /api/admin/orders/search', () => {
  let t: TestApp;
  let paid: { orderId: string; paymentIntentId: string };
  let pending: { orderId: string; paymentIntentId: string };
  beforeAll(async () => {
    t = await createTestApp();
    paid = await paidOrder(t, 'search-paid');
    pending = await pendingOrder(t, 'search-pending');
  });
  afterAll(async () => {
    await t.close();
  });

  const search = async (query: string) => adminGet(t, `/api/admin/orders/search${query}`);

  it('answers a page of orders shaped as the admin list, newest first, with the count of all matches', async () => {
    const res = await search('');
    expect(res.status).toBe(200);
    const page = res.body as SearchPage;
    expect(page).toMatchObject({ page: 1, pageSize: 25, total: 2 });
    expect(page.items.map((o) => o.id)).toEqual([pending.orderId, paid.orderId]);
    const list = (await adminGet(t, '/api/admin/orders')).body as unknown[];
    expect(page.items).toEqual(list);
  });

  it('finds an order by its payment intent id, by its number, and by status', async () => {
    const byIntent = (await search(`?q=${paid.paymentIntentId}`)).body as SearchPage;
    expect(byIntent.items.map((o) => o.id)).toEqual([paid.orderId]);
    const byNumber = (await search(`?q=%23${pending.orderId}`)).body as SearchPage;
    expect(byNumber.items.map((o) => o.id)).toEqual([pending.orderId]);
    const byStatus = (await search('?status=paid&status=shipped')).body as SearchPage;
    expect(byStatus).toMatchObject({ total: 1, items: [{ id: paid.orderId, status: 'paid' }] });
  });

  it('pages with the page size asked for', async () => {
    const second = (await search('?page=2&pageSize=50&sort=total')).body as SearchPage;
    expect(second).toEqual({ items: [], total: 2, page: 2, pageSize: 50 });
  });

  it.each([
    ['?status=lost', 'status must be one of'],
    ['?from=25/11/2026', 'from must be a date as YYYY-MM-DD (Perth time)'],
    ['?sort=name', 'sort must be one of'],
    ['?pageSize=1000', 'pageSize must be one of 25, 50, 100'],
    ['?q=a&q=b', 'q must be given once'],
  ])('refuses %s with 400 and says why', async (query, message) => {
    const res = await search(query);
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toContain(message);
  });

  it('refuses a request without the admin token', async () => {
    const res = await t.http().get('/api/admin/orders/search?q=a');
    expect(res.status).toBe(401);
  });
});
