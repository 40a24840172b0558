import { createTestApp, type TestApp, FIRST_OWNER } from '../create-test-app';
import { adminGet, adminSend, settle, streamEvents } from '../checkout/checkout-fixtures';
import { adminOrder, outbox, paidOrder, pendingOrder, putTracking } from './admin-ops-fixtures';

const UPDATED = { message: 'Order updated and customer notified by email', changed: true, notified: true };

describe('PUT /api/admin/orders/{orderId}/tracking', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const updateEmails = async (orderId: string) => (await outbox(t)).filter((e) => e.orderId === orderId && e.kind === 'order-status');

  it('takes a paid order to packed (not news for the customer: no e-mail), then shipped (one e-mail with the tracking link), with the history showing the admin', async () => {
    // Given a paid order
    const { orderId } = await paidOrder(t, 'tracking-happy');

    // When the operator packs it and sets a reference (spaces around it are trimmed)
    expect((await putTracking(t, orderId, { status: 'packed_awaiting_pickup', trackingReference: '  33ABC 123-456 ' })).body).toEqual({
      message: 'Order updated; the customer was not e-mailed',
      changed: true,
      notified: false,
    });

    // Then the list shows it at once, with the Australia Post link
    expect(await adminOrder(t, orderId)).toMatchObject({
      status: 'packed_awaiting_pickup',
      trackingReference: '33ABC 123-456',
      trackingUrl: 'https://auspost.com.au/mypost/track/details/33ABC%20123-456',
      shippingLabel: null,
    });

    // When it ships with the same reference
    const shipped = await putTracking(t, orderId, { status: 'shipped', trackingReference: '33ABC 123-456' });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toEqual(UPDATED);

    // Then the history records both changes with who and when
    const order = await adminOrder(t, orderId);
    expect(order?.statusHistory.map((h) => [h.status, h.by])).toEqual([
      ['pending', 'customer'],
      ['paid', 'system'],
      ['packed_awaiting_pickup', FIRST_OWNER],
      ['shipped', FIRST_OWNER],
    ]);
    expect(order?.statusHistory.at(-1)?.at).toBe(t.clock.now.toISOString());

    // And the order stream holds only what changed
    expect((await streamEvents(t, `order-${orderId}`)).map((e) => e.type)).toEqual([
      'OrderPlaced',
      'PaymentIntentAttached',
      'OrderCaptureClaimed',
      'OrderPaid',
      'InvoiceNumberAssigned',
      'OrderStatusChanged',
      'TrackingReferenceSet',
      'OrderStatusChanged',
    ]);

    // And one e-mail, for the shipping, keyed by the stream revision after it, even once every process manager has run
    await settle(t);
    const emails = await updateEmails(orderId);
    expect(emails.map((e) => e._id)).toEqual([`order-${orderId}-update-7`]);
    const shippedEmail = (await adminGet(t, `/api/admin/outbox/order-${orderId}-update-7`)).body as {
      to: string;
      subject: string;
      text: string;
    };
    expect(shippedEmail).toMatchObject({ to: 'ada@example.com', subject: `Order #${orderId} is on its way` });
    expect(shippedEmail.text).toContain(`Your order #${orderId} has left the brewery and is on its way to you.`);
    expect(shippedEmail.text).toContain('Tracking reference: 33ABC 123-456');
    expect(shippedEmail.text).toContain('https://auspost.com.au/mypost/track/details/33ABC%20123-456');

    // And the order's history route shows the changes made by the admin
    const history = (await adminGet(t, `/api/admin/orders/${orderId}/history`)).body as { type: string; actor: string; summary: string }[];
    expect(history.filter((h) => h.type === 'OrderStatusChanged' || h.type === 'TrackingReferenceSet')).toEqual([
      expect.objectContaining({
        type: 'OrderStatusChanged',
        actor: FIRST_OWNER,
        summary: 'Status changed from Paid to Packed - Awaiting Pickup (customer not e-mailed)',
      }),
      expect.objectContaining({
        type: 'TrackingReferenceSet',
        actor: FIRST_OWNER,
        summary: 'Tracking reference set to 33ABC 123-456 (customer not e-mailed)',
      }),
      expect.objectContaining({
        type: 'OrderStatusChanged',
        actor: FIRST_OWNER,
        summary: 'Status changed from Packed - Awaiting Pickup to Shipped',
      }),
    ]);
  });

  it('records nothing and e-mails nobody when the form changes nothing', async () => {
    const { orderId } = await paidOrder(t, 'tracking-unchanged');
    await putTracking(t, orderId, { status: 'shipped', trackingReference: 'AP1' });
    const before = (await streamEvents(t, `order-${orderId}`)).length;

    const again = await putTracking(t, orderId, { status: 'shipped', trackingReference: ' AP1 ' });

    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      message: `Order #${orderId} is already Shipped with tracking reference AP1: nothing changed`,
      changed: false,
      notified: false,
    });
    expect(await streamEvents(t, `order-${orderId}`)).toHaveLength(before);
    await settle(t);
    expect(await updateEmails(orderId)).toHaveLength(1);
  });

  it('goes between statuses where no money or cans are at stake, each e-mailed; an order once shipped is not cancelled, a paid one is not Payment Pending', async () => {
    const { orderId } = await paidOrder(t, 'tracking-any');
    for (const status of ['delivered', 'paid', 'shipped']) {
      expect((await putTracking(t, orderId, { status, trackingReference: 'AP-9' })).body).toEqual(UPDATED);
      expect((await adminOrder(t, orderId))?.status).toBe(status);
    }
    expect(
      (await putTracking(t, orderId, { status: 'packed_awaiting_pickup', trackingReference: 'AP-9', notifyCustomer: true })).body,
    ).toEqual(UPDATED);
    // Set back to packed, it was delivered all the same: cancelling would refund it and put its cans back on sale.
    for (const [status, code] of [
      ['cancelled', 'order_with_customer'],
      ['pending', 'order_paid_not_pending'],
    ]) {
      const refused = await putTracking(t, orderId, { status, trackingReference: 'AP-9' });
      expect([refused.status, (refused.body as { code: string }).code]).toEqual([409, code]);
      expect((await adminOrder(t, orderId))?.status).toBe('packed_awaiting_pickup');
    }
    await settle(t);
    const emails = await updateEmails(orderId);
    expect(emails).toHaveLength(4);
    expect(emails.map((e) => e.subject)).toContain(`Order #${orderId} is packed`);
  });

  it('with notifyCustomer false, records the change as not e-mailed and e-mails nobody, now or when the log is replayed', async () => {
    const { orderId } = await paidOrder(t, 'tracking-quiet');
    const before = (await streamEvents(t, `order-${orderId}`)).length;

    const quiet = await putTracking(t, orderId, { status: 'packed_awaiting_pickup', trackingReference: 'FIX-1', notifyCustomer: false });

    expect(quiet.body).toEqual({ message: 'Order updated; the customer was not e-mailed', changed: true, notified: false });
    expect((await adminOrder(t, orderId))?.status).toBe('packed_awaiting_pickup');
    const events = (await streamEvents(t, `order-${orderId}`)).slice(before);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['OrderStatusChanged', { from: 'paid', to: 'packed_awaiting_pickup', notifyCustomer: false }],
      ['TrackingReferenceSet', { trackingReference: 'FIX-1', notifyCustomer: false }],
    ]);
    await settle(t);
    expect(await updateEmails(orderId)).toHaveLength(0);
    const history = (await adminGet(t, `/api/admin/orders/${orderId}/history`)).body as { summary: string }[];
    expect(history.map((h) => h.summary)).toEqual(
      expect.arrayContaining([
        'Status changed from Paid to Packed - Awaiting Pickup (customer not e-mailed)',
        'Tracking reference set to FIX-1 (customer not e-mailed)',
      ]),
    );

    // The next change, with the box ticked again, e-mails as usual.
    expect((await putTracking(t, orderId, { status: 'paid', trackingReference: 'FIX-1' })).body).toEqual(UPDATED);
    await settle(t);
    expect(await updateEmails(orderId)).toHaveLength(1);
  });

  it('changes the reference alone: one event, one e-mail with the new reference', async () => {
    const { orderId } = await paidOrder(t, 'tracking-reference');
    await putTracking(t, orderId, { status: 'shipped', trackingReference: 'OLD-1' });
    const before = (await streamEvents(t, `order-${orderId}`)).length;
    expect((await putTracking(t, orderId, { status: 'shipped', trackingReference: 'NEW-2' })).body).toEqual(UPDATED);
    const events = await streamEvents(t, `order-${orderId}`);
    expect(events.slice(before).map((e) => [e.type, e.data])).toEqual([['TrackingReferenceSet', { trackingReference: 'NEW-2' }]]);
    const email = (await adminGet(t, `/api/admin/outbox/order-${orderId}-update-${events.length - 1}`)).body as { text: string };
    expect(email.text).toContain('Tracking reference: NEW-2');
  });

  describe('refusals', () => {
    let orderId: string;
    beforeAll(async () => {
      orderId = (await paidOrder(t, 'tracking-refusals')).orderId;
    });

    it.each<[string, object, string]>([
      ['an empty form', {}, 'Tracking reference and status are required'],
      ['no status', { trackingReference: 'AP1' }, 'Tracking reference and status are required'],
      ['no reference', { status: 'shipped' }, 'Tracking reference and status are required'],
      ['a blank reference', { status: 'shipped', trackingReference: '   ' }, 'Tracking reference and status are required'],
      ['a blank status', { status: '', trackingReference: 'AP1' }, 'Tracking reference and status are required'],
      [
        'an unknown status',
        { status: 'lost_in_transit', trackingReference: 'AP1' },
        'Status must be one of: pending, paid, packed_awaiting_pickup, shipped, delivered, cancelled',
      ],
      [
        'a reference with a slash',
        { status: 'shipped', trackingReference: 'AP/1' },
        'Tracking reference must be 1 to 60 letters, digits, spaces or dashes',
      ],
      [
        'a reference of 61 characters',
        { status: 'shipped', trackingReference: 'A'.repeat(61) },
        'Tracking reference must be 1 to 60 letters, digits, spaces or dashes',
      ],
      [
        'a number for a reference',
        { status: 'shipped', trackingReference: 123456 },
        'Tracking reference must be 1 to 60 letters, digits, spaces or dashes',
      ],
      ['an unknown field', { status: 'shipped', trackingReference: 'AP1', carrier: 'DHL' }, 'property carrier should not exist'],
      [
        'notifyCustomer as text',
        { status: 'shipped', trackingReference: 'AP1', notifyCustomer: 'false' },
        'notifyCustomer must be true or false',
      ],
    ])('400 for %s, appending nothing', async (_, body, message) => {
      const before = (await streamEvents(t, `order-${orderId}`)).length;
      const res = await putTracking(t, orderId, body);
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toBe(message);
      expect(await streamEvents(t, `order-${orderId}`)).toHaveLength(before);
    });

    it.each(['999999', 'abc', '0'])('404 for the unknown order %s', async (unknown) => {
      const res = await putTracking(t, unknown, { status: 'shipped', trackingReference: 'AP1' });
      expect(res.status).toBe(404);
      expect((res.body as { message: string }).message).toBe(`Order #${unknown} not found`);
    });

    it('404 for the history of an unknown order', async () => {
      expect((await adminGet(t, '/api/admin/orders/999999/history')).status).toBe(404);
    });

    it('refuses a deleted order, appending nothing and e-mailing nobody', async () => {
      const pending = await pendingOrder(t, 'tracking-deleted');
      expect((await adminSend(t, 'delete', `/api/admin/orders/${pending.orderId}`)).status).toBe(200);
      const before = (await streamEvents(t, `order-${pending.orderId}`)).length;

      const res = await putTracking(t, pending.orderId, { status: 'shipped', trackingReference: 'AP1' });

      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        code: 'order_deleted',
        message: `Order #${pending.orderId} was deleted and can no longer be updated`,
      });
      expect(await streamEvents(t, `order-${pending.orderId}`)).toHaveLength(before);
      expect(await updateEmails(pending.orderId)).toEqual([]);
    });

    it('refuses to set a paid order back to Payment Pending, so it is never deleted as an unpaid checkout', async () => {
      const { orderId: paidId } = await paidOrder(t, 'tracking-undelete');
      const back = await putTracking(t, paidId, { status: 'pending', trackingReference: 'AP1' });
      expect([back.status, (back.body as { code: string }).code]).toEqual([409, 'order_paid_not_pending']);
      const res = await adminSend(t, 'delete', `/api/admin/orders/${paidId}`);
      expect(res.status).toBe(409);
      expect((res.body as { code: string }).code).toBe('order_not_pending');
    });
  });

  it.each<[string, 'get' | 'put' | 'post', string]>([
    ['the tracking route', 'put', '/api/admin/orders/1/tracking'],
    ['the system status', 'get', '/api/admin/system-status'],
    ['auto-fix', 'post', '/api/admin/auto-fix'],
  ])('401 without a token on %s', async (_, method, path) => {
    const res = await t.http()[method](path).send({ status: 'shipped', trackingReference: 'AP1' });
    expect(res.status).toBe(401);
    expect((res.body as { message: string }).message).toBe('Authentication required');
  });
});
