import type { PickupList } from '@brewery/shop-rules';
import { createTestApp, type TestApp, FIRST_OWNER } from '../create-test-app';
import { PHOTO_ID_REMINDER } from '../../src/modules/shipping/label-pdf/packing-slip-pdf';
import {
  SUCCEEDS,
  adminGet,
  adminOrder,
  adminPost,
  adminToken,
  outbox,
  ownBeer,
  paidOrder,
  putTracking,
} from '../admin-ops/admin-ops-fixtures';
import { readPdf } from '../shipping/pdf-content';
import { asBytes } from '../shipping/shipping-fixtures';
import {
  cartLine,
  customer,
  eventStoreOf,
  eventually,
  payWithCard,
  settle,
  streamEvents,
  type CheckoutAnswer,
} from '../checkout/checkout-fixtures';

// The test clock starts Monday 23 November 2026, 9 am in Perth: Saturdays 28 November to 19 December are open.
const OPEN_SATURDAY = '2026-11-28';
const OPEN = '2026-11-28, 2026-12-05, 2026-12-12, 2026-12-19';
const collector = { name: 'Ada Lovelace', email: 'ada@example.com', phone: '0412 345 678' };

interface PickupOrderRow {
  id: string;
  status: string;
  shippingCost: string;
  totalAmount: string;
  shippingAddress: string;
  fulfilment?: { method: string; pickupDate?: string };
  pickupDate?: string | null;
  collection?: { idType: string; collectedBy: string | null; at: string; by: string } | null;
}

describe('the cellar door: pickups at checkout, the Saturday list and the hand-over', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const checkout = (body: object) => t.http().post('/api/create-payment-intent').send(body);
  const row = async (id: string) => (await adminOrder(t, id)) as unknown as PickupOrderRow | undefined;
  const pickupList = async (date?: string) => adminGet(t, date === undefined ? '/api/admin/pickups' : `/api/admin/pickups?date=${date}`);
  const collect = (id: string, body: object) => adminPost(t, `/api/admin/orders/${id}/collected`, body);

  /** A paid pickup of one 4-pack on `date`, for a beer of its own. */
  async function paidPickup(productId: string, date = OPEN_SATURDAY, who = collector): Promise<CheckoutAnswer> {
    const product = await ownBeer(t, productId);
    const res = await checkout({
      cartItems: [cartLine(product.id, product.fields, '4pack', 1)],
      customerInfo: who,
      fulfilment: { method: 'pickup', pickupDate: date },
    });
    expect(res.status).toBe(200);
    const answer = res.body as CheckoutAnswer;
    expect((await payWithCard(t, answer, SUCCEEDS)).status).toBe(200);
    await eventually(async () => (await adminOrder(t, answer.orderId))?.invoiceNumber);
    return answer;
  }

  it('given a pickup on an open Saturday with name, e-mail and phone only, then it is priced without shipping and every admin view says when it is collected', async () => {
    const product = await ownBeer(t, 'pickup-priced');
    const res = await checkout({
      cartItems: [cartLine(product.id, product.fields, '4pack', 1)],
      customerInfo: collector,
      fulfilment: { method: 'pickup', pickupDate: OPEN_SATURDAY },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amount: 2200, totals: { subtotal: '22.00', shipping: '0.00', total: '22.00' } });
    const { orderId } = res.body as CheckoutAnswer;
    await settle(t);
    expect(await row(orderId)).toMatchObject({
      shippingCost: '0.00',
      totalAmount: '22.00',
      shippingAddress: 'Cellar door pickup, Saturday 28 November, 10am-4pm',
      fulfilment: { method: 'pickup', pickupDate: OPEN_SATURDAY },
      pickupDate: OPEN_SATURDAY,
      collection: null,
    });
    const placed = (await streamEvents(t, `order-${orderId}`)).find((e) => e.type === 'OrderPlaced');
    expect(placed?.data).toMatchObject({ fulfilment: { method: 'pickup', pickupDate: OPEN_SATURDAY }, shippingCents: 0 });
    // The search finds it by fulfilment and day
    const found = await adminGet(t, `/api/admin/orders/search?fulfilment=pickup&pickupDate=${OPEN_SATURDAY}&status=pending`);
    expect((found.body as { items: { id: string }[] }).items.map((o) => o.id)).toContain(orderId);
    const posted = await adminGet(t, '/api/admin/orders/search?fulfilment=delivery&status=pending');
    expect((posted.body as { items: { id: string }[] }).items.map((o) => o.id)).not.toContain(orderId);
  });

  it('given no fulfilment, or delivery, then the order is posted as before, with shipping and an address required', async () => {
    const product = await ownBeer(t, 'pickup-delivery');
    const cartItems = [cartLine(product.id, product.fields, '4pack', 1)];
    const plain = await checkout({ cartItems, customerInfo: { ...customer, email: 'plain@example.com' } });
    expect(plain.body).toMatchObject({ totals: { shipping: '10.00' } });
    const delivery = await checkout({
      cartItems,
      customerInfo: { ...customer, email: 'post@example.com' },
      fulfilment: { method: 'delivery' },
    });
    expect(delivery.body).toMatchObject({ totals: { shipping: '10.00' } });
    await settle(t);
    expect(await row((delivery.body as CheckoutAnswer).orderId)).toMatchObject({ fulfilment: { method: 'delivery' }, pickupDate: null });
    const noAddress = await checkout({ cartItems, customerInfo: collector, fulfilment: { method: 'delivery' } });
    expect([noAddress.status, (noAddress.body as { message: string }).message]).toEqual([
      400,
      expect.stringContaining('addressLine1 is required'),
    ]);
  });

  it.each([
    [
      'a Saturday after the next four',
      { method: 'pickup', pickupDate: '2026-12-26' },
      `pickupDate 2026-12-26 is not an open Saturday at the cellar door: choose one of ${OPEN}`,
    ],
    [
      'a Friday',
      { method: 'pickup', pickupDate: '2026-11-27' },
      `pickupDate 2026-11-27 is not an open Saturday at the cellar door: choose one of ${OPEN}`,
    ],
    ['no day', { method: 'pickup' }, `fulfilment.pickupDate is required to collect at the cellar door: choose one of ${OPEN}`],
    ['a day in another format', { method: 'pickup', pickupDate: '28/11/2026' }, expect.stringContaining('choose one of')],
    ['another method', { method: 'drone' }, 'fulfilment.method must be one of delivery, pickup'],
    ['not an object', 'pickup', expect.stringContaining('fulfilment must be an object')],
  ])('given a pickup asked with %s, then 400 saying what to send, and nothing is recorded', async (_given, fulfilment, message) => {
    const product = await ownBeer(t, `pickup-bad-${String(JSON.stringify(fulfilment).length)}-${Math.random().toString(36).slice(2, 8)}`);
    const head = await eventStoreOf(t.app).headPosition();
    const res = await checkout({ cartItems: [cartLine(product.id, product.fields, '4pack', 1)], customerInfo: collector, fulfilment });
    expect([res.status, (res.body as { message: string }).message]).toEqual([400, message]);
    expect(await eventStoreOf(t.app).headPosition()).toBe(head);
  });

  it("given paid pickups, the Saturday's list names each customer with what they collect, sorted by name; Packed e-mails 'ready to collect'; no shipping label", async () => {
    const grace = await paidPickup('pickup-list-grace', OPEN_SATURDAY, { ...collector, name: 'Grace Hopper', email: 'grace@example.com' });
    const ada = await paidPickup('pickup-list-ada');
    const later = await paidPickup('pickup-list-later', '2026-12-05', { ...collector, email: 'later@example.com' });
    await settle(t);

    const list = await pickupList(OPEN_SATURDAY);
    expect(list.status).toBe(200);
    const body = list.body as PickupList;
    expect(body).toMatchObject({ date: OPEN_SATURDAY, when: 'Saturday 28 November, 10am-4pm', address: expect.any(String) });
    const ours = body.orders.filter((o) => [grace.orderId, ada.orderId, later.orderId].includes(o.orderId));
    expect(ours.map((o) => [o.orderId, o.customerName])).toEqual([
      [ada.orderId, 'Ada Lovelace'],
      [grace.orderId, 'Grace Hopper'],
    ]);
    expect(ours[0]).toMatchObject({
      status: 'paid',
      totalCans: 4,
      items: [{ name: 'Beer pickup-list-ada', packSize: '4pack', packs: 1, quantity: 4 }],
      collection: null,
    });
    // The coming Saturday is the default (no date, or an empty one)
    expect((await pickupList()).body).toMatchObject({ date: OPEN_SATURDAY });
    expect((await pickupList('')).body).toMatchObject({ date: OPEN_SATURDAY });

    // A pickup is never posted: its form needs no tracking reference
    const packed = await putTracking(t, ada.orderId, { status: 'packed_awaiting_pickup' });
    expect(packed.status).toBe(200);
    await settle(t);
    const ready = (await outbox(t)).filter((e) => e.orderId === ada.orderId && e.subject === `Order #${ada.orderId} is ready to collect`);
    expect(ready).toHaveLength(1);

    const label = await adminPost(t, `/api/admin/orders/${ada.orderId}/create-shipping-label`);
    expect([label.status, (label.body as { code: string }).code]).toEqual([409, 'pickup_no_label']);
    const bulk = await adminPost(t, '/api/admin/shipping-labels/bulk', { orderIds: [ada.orderId] });
    expect([bulk.status, (bulk.body as { code: string }).code]).toEqual([409, 'pickup_no_label']);
    // Among posted orders with their slips, a pickup gets its slip and no label
    const posted = await paidOrder(t, 'pickup-list-posted');
    const mixed = await asBytes(
      t
        .http()
        .post('/api/admin/shipping-labels/bulk')
        .set('Authorization', `Bearer ${await adminToken(t)}`)
        .send({ orderIds: [ada.orderId, posted.orderId], packingSlips: true }),
    );
    expect(mixed.status).toBe(200);
    const papers = await readPdf(mixed.body);
    expect(papers.pages).toBe(3);
    // The box is packed from its packing slip, which says when it is collected and that photo ID is shown
    const slip = await asBytes(
      t
        .http()
        .get(`/api/admin/orders/${ada.orderId}/packing-slip`)
        .set('Authorization', `Bearer ${await adminToken(t)}`),
    );
    expect(slip.status).toBe(200);
    const text = (await readPdf(slip.body)).text;
    expect(text).toContain('PICKUP SAT 28 NOV');
    expect(text).toContain(PHOTO_ID_REMINDER);
  });

  it('given a packed pickup, the hand-over is refused without the ID checked, then recorded with it (who, which ID, when, who checked) and the order is Delivered', async () => {
    const order = await paidPickup('pickup-handover', OPEN_SATURDAY, { ...collector, email: 'handover@example.com' });
    expect((await putTracking(t, order.orderId, { status: 'packed_awaiting_pickup', trackingReference: 'CELLAR2' })).status).toBe(200);
    await settle(t);
    const head = await eventStoreOf(t.app).headPosition();
    for (const [body, code] of [
      [{ idType: 'passport' }, 'id_not_checked'],
      [{ idChecked: false, idType: 'passport' }, 'id_not_checked'],
      [{ idChecked: 'yes', idType: 'passport' }, 'id_not_checked'],
      [{ idChecked: true }, 'invalid_id_type'],
      [{ idChecked: true, idType: 'library_card' }, 'invalid_id_type'],
      [{ idChecked: true, idType: 'passport', collectedBy: 12 }, 'invalid_collected_by'],
    ] as const) {
      const refused = await collect(order.orderId, body);
      expect([refused.status, (refused.body as { code: string }).code]).toEqual([400, code]);
    }
    // A name that would read otherwise on the order's history and the pickup list than it was typed
    for (const [collectedBy, codePoint] of [
      ['Grace \u202eHopper', 'U+202E'],
      ['\u202aGrace Hopper', 'U+202A'],
      ['Grace \u2066Hopper\u2069', 'U+2066'],
      ['Grace\u200bHopper', 'U+200B'],
      ['Grace\ufeffHopper', 'U+FEFF'],
      ['Grace\u2060Hopper', 'U+2060'],
    ]) {
      const refused = await collect(order.orderId, { idChecked: true, idType: 'passport', collectedBy });
      expect([refused.status, refused.body]).toEqual([
        400,
        {
          statusCode: 400,
          code: 'invalid_collected_by',
          message: `collectedBy must not hold invisible or text-direction characters (${codePoint}): type the name again`,
        },
      ]);
    }
    expect(await eventStoreOf(t.app).headPosition()).toBe(head);

    t.clock.advance(5 * 86_400_000); // Saturday
    const done = await collect(order.orderId, { idChecked: true, idType: 'drivers_licence', collectedBy: ' Grace Hopper ' });
    expect([done.status, done.body]).toEqual([
      200,
      {
        message: `Order #${order.orderId} collected by Grace Hopper (Driver's licence checked)`,
        orderId: order.orderId,
        status: 'delivered',
      },
    ]);
    await settle(t);
    expect(await row(order.orderId)).toMatchObject({
      status: 'delivered',
      collection: { idType: 'drivers_licence', collectedBy: 'Grace Hopper', at: t.clock.now.toISOString(), by: FIRST_OWNER },
    });
    const again = await collect(order.orderId, { idChecked: true, idType: 'passport' });
    expect([again.status, (again.body as { message: string }).message]).toEqual([200, `Order #${order.orderId} was already collected`]);
    const collected = (await streamEvents(t, `order-${order.orderId}`)).filter((e) => e.type === 'OrderCollected');
    expect(collected).toHaveLength(1);
    // Handed over in person: no e-mail for it
    expect((await outbox(t)).filter((e) => e.orderId === order.orderId && /delivered|collected/i.test(e.subject))).toEqual([]);
    expect((await pickupList(OPEN_SATURDAY)).body).toMatchObject({ collected: expect.any(Number) });
    t.clock.advance(-5 * 86_400_000);
  });

  it('refuses to ship a pickup or to call it delivered without its hand-over, and to hand over one refunded in full', async () => {
    const order = await paidPickup('pickup-shortcut', OPEN_SATURDAY, { ...collector, email: 'shortcut@example.com' });
    const shipped = await putTracking(t, order.orderId, { status: 'shipped', trackingReference: 'AP1' });
    expect([shipped.status, (shipped.body as { code: string }).code]).toEqual([409, 'pickup_not_shipped']);
    const delivered = await adminPost(t, '/api/admin/orders/bulk-status', { orderIds: [order.orderId], status: 'delivered' });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({ applied: [], skipped: [{ orderId: order.orderId, code: 'pickup_needs_hand_over' }] });
    expect(JSON.stringify(delivered.body)).toContain('handed over with the photo ID checked');
    const refund = await adminPost(t, `/api/admin/orders/${order.orderId}/refund`, {});
    expect(refund.status).toBe(200);
    await settle(t);
    const refused = await collect(order.orderId, { idChecked: true, idType: 'passport' });
    expect([refused.status, (refused.body as { code: string }).code]).toEqual([409, 'order_refunded']);
    expect(((await pickupList(OPEN_SATURDAY)).body as PickupList).orders.map((o) => o.orderId)).not.toContain(order.orderId);
  });

  it("leaves a paid pickup out of the summary's orders to dispatch (it is handed over, not posted)", async () => {
    await settle(t);
    const before = ((await adminGet(t, '/api/admin/summary')).body as { toDispatch: number }).toDispatch;
    await paidPickup('pickup-summary', OPEN_SATURDAY, { ...collector, email: 'summary@example.com' });
    await settle(t);
    expect(((await adminGet(t, '/api/admin/summary')).body as { toDispatch: number }).toDispatch).toBe(before);
    await paidOrder(t, 'pickup-summary-posted');
    await settle(t);
    expect(((await adminGet(t, '/api/admin/summary')).body as { toDispatch: number }).toDispatch).toBe(before + 1);
  });

  it('takes fulfilment null as a delivery', async () => {
    const product = await ownBeer(t, 'pickup-null');
    const res = await checkout({
      cartItems: [cartLine(product.id, product.fields, '4pack', 1)],
      customerInfo: { ...customer, email: 'null@example.com' },
      fulfilment: null,
    });
    expect([res.status, (res.body as { totals: { shipping: string } }).totals.shipping]).toEqual([200, '10.00']);
  });

  it('refuses the hand-over of a posted order (409), an unknown order (404), and without the admin token (401)', async () => {
    const posted = await paidOrder(t, 'pickup-posted');
    const res = await collect(posted.orderId, { idChecked: true, idType: 'passport' });
    expect([res.status, (res.body as { code: string }).code]).toEqual([409, 'not_a_pickup']);
    expect((await collect('999999', { idChecked: true, idType: 'passport' })).status).toBe(404);
    expect((await collect('twelve', { idChecked: true, idType: 'passport' })).status).toBe(404);
    expect(
      (await t.http().post(`/api/admin/orders/${posted.orderId}/collected`).send({ idChecked: true, idType: 'passport' })).status,
    ).toBe(401);
    expect((await t.http().get('/api/admin/pickups')).status).toBe(401);
  });

  it.each(['2026-11-27', '2026-02-30', 'saturday'])('refuses the list of %s (not a Saturday as YYYY-MM-DD) with 400', async (date) => {
    const res = await adminGet(t, `/api/admin/pickups?date=${date}`);
    expect([res.status, (res.body as { message: string }).message]).toEqual([400, 'date must be a Saturday, YYYY-MM-DD']);
  });
});
