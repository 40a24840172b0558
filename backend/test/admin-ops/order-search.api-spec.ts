import { createTestApp, type TestApp } from '../create-test-app';
import { cartLine, customer } from '../checkout/checkout-fixtures';
import { adminGet, adminPost, ownBeer, paidOrder, pendingOrder } from './admin-ops-fixtures';

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

describe('GET /api/admin/orders/search as people type', () => {
  let t: TestApp;
  const placed: Record<string, string> = {};

  /** A checkout of one 4-pack by this customer (left pending: the search lists pending orders too). */
  async function orderBy(key: string, who: Partial<typeof customer>, fulfilment?: object): Promise<void> {
    const product = await ownBeer(t, `search-typed-${key}`);
    const res = await t
      .http()
      .post('/api/create-payment-intent')
      .send({
        cartItems: [cartLine(product.id, product.fields, '4pack', 1)],
        customerInfo: { ...customer, email: `${key}@example.com`, ...who },
        ...(fulfilment === undefined ? {} : { fulfilment }),
      });
    if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
    placed[key] = (res.body as { orderId: string }).orderId;
  }

  beforeAll(async () => {
    t = await createTestApp();
    await orderBy('jo', {
      name: 'Jo Smith',
      phone: '+61 428 975 371',
      addressLine1: '12 Rokeby Road',
      suburb: 'Subiaco',
      postCode: '6008',
    });
    await orderBy('sam', { name: 'Sam Smith', phone: '0428 111 222', addressLine1: '3 Hay St', suburb: 'Perth', postCode: '6000' });
    // The next day (Perth), a landline, in Fremantle
    t.clock.advance(86_400_000);
    await orderBy('alex', {
      name: 'Alex Smith',
      phone: '(08) 9321 1234',
      addressLine1: '7 South Tce',
      suburb: 'Fremantle',
      postCode: '6160',
    });
    // A pickup on Saturday 5 December: no address
    await orderBy(
      'kim',
      { name: 'Kim Smith', phone: '61 412 000 999', addressLine1: '', suburb: '', postCode: '', state: '' },
      { method: 'pickup', pickupDate: '2026-12-05' },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const found = async (query: Record<string, string>): Promise<string[]> => {
    const res = await adminGet(t, `/api/admin/orders/search?${new URLSearchParams(query).toString()}`);
    expect(res.status).toBe(200);
    return (res.body as SearchPage).items.map((item) => item.id);
  };
  const ids = (...keys: string[]) => keys.map((key) => placed[key]);

  const CASES: [string, Record<string, string>, string[]][] = [
    ['a mobile kept as +61, asked as shown on a caller id', { q: '+61 428 975 371' }, ['jo']],
    ['a mobile kept as +61, asked with its 0', { q: '0428 975 371' }, ['jo']],
    ['a mobile kept with its 0, asked as +61', { q: '+61 428 111 222' }, ['sam']],
    ['a mobile kept with its 0, asked as 61 without the +', { q: '61 428 111 222' }, ['sam']],
    ['a mobile asked without its 0, with dots', { q: '428.111.222' }, ['sam']],
    ['a mobile kept as 61 without the +, asked with its 0 and dashes', { q: '0412-000-999' }, ['kim']],
    ['a landline kept as (08), asked as +61', { q: '+61 8 9321 1234' }, ['alex']],
    ['a landline asked as 08 with spaces', { q: '08 9321 1234' }, ['alex']],
    ['the start of two mobiles, newest first', { q: '0428' }, ['sam', 'jo']],
    ['a surname and a suburb', { q: 'smith subiaco' }, ['jo']],
    ['a street and its postcode', { q: 'rokeby 6008' }, ['jo']],
    ['a street type in full, kept abbreviated', { q: 'south terrace' }, ['alex']],
    ['a postcode', { q: '6160' }, ['alex']],
    ['a common surname, narrowed by a day (Perth time)', { q: 'smith', from: '2026-11-23', to: '2026-11-23' }, ['sam', 'jo']],
    ['a common surname, narrowed to deliveries from a day', { q: 'smith', from: '2026-11-24', fulfilment: 'delivery' }, ['alex']],
    ["a common surname, narrowed to one Saturday's pickups", { q: 'smith', fulfilment: 'pickup', pickupDate: '2026-12-05' }, ['kim']],
  ];

  it.each(CASES)('finds %s', async (_name, query, keys) => {
    expect(await found(query)).toEqual(ids(...keys));
  });

  it('gives the same answers after the read models are rebuilt from the log', async () => {
    const before = await Promise.all(CASES.map(([, query]) => found(query)));
    const rebuilt = await adminPost(t, '/api/admin/rebuild-read-models', {});
    expect(rebuilt.status).toBe(200);
    expect(await Promise.all(CASES.map(([, query]) => found(query)))).toEqual(before);
  });

  it.each([
    ['?fulfilment=post', 'fulfilment must be one of delivery, pickup'],
    ['?pickupDate=5-12-2026', 'pickupDate must be a date as YYYY-MM-DD (Perth time)'],
    ['?from=2026-11-25&to=2026-11-24', 'from must not be after to'],
    [`?q=${'0'.repeat(101)}`, 'q must be at most 100 characters'],
  ])('refuses %s with 400, saying why', async (query, message) => {
    const res = await adminGet(t, `/api/admin/orders/search${query}`);
    expect([res.status, (res.body as { message: string }).message]).toEqual([400, message]);
  });
});
