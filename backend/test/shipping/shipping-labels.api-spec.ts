import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CARRIER, type CarrierPort } from '../../src/modules/shipping/carrier/carrier.port';
import { isValidConsignmentNumber } from '../../src/modules/shipping/domain/consignment-number';
import { createTestApp, type TestApp, FIRST_OWNER } from '../create-test-app';
import { adminSend, customer, eventually, settle, streamEvents } from '../checkout/checkout-fixtures';
import { readPdf } from './pdf-content';
import { WARNING, admin, downloadLabel, labelEvents, labelEventsDuring, paidOrder, pendingOrder } from './shipping-fixtures';

describe('shipping labels from the order dialog', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('without an admin token', () => {
    it.each([
      ['post', '/api/admin/orders/1/create-shipping-label'],
      ['get', '/api/admin/orders/1/shipping-label'],
      ['get', '/api/admin/shipping-labels'],
      ['get', '/api/admin/shipping-labels/1'],
      ['post', '/api/admin/parse-shipping-email'],
      ['post', '/api/admin/create-shipping-label-email'],
    ] as const)('%s %s answers 401 and appends nothing', async (method, path) => {
      const appended = await labelEventsDuring(t, async () => {
        const agent = t.http();
        const res = await agent[method](path).send(method === 'post' ? { emailContent: 'create label order #1', orderId: '1' } : undefined);
        expect(res.status).toBe(401);
      });
      expect(appended).toEqual([]);
    });
  });

  describe("the label and the order's tracking", () => {
    const orderOf = async (orderId: string) =>
      ((await admin(t, 'get', '/api/admin/orders')).body as { id: string; trackingReference: string | null }[]).find(
        (o) => o.id === orderId,
      );
    const trackingEmails = async (orderId: string) =>
      ((await admin(t, 'get', '/api/admin/outbox')).body as { orderId: string | null; kind: string; text?: string; _id: string }[]).filter(
        (e) => e.orderId === orderId && e.kind === 'order-status',
      );

    it('given an order without a tracking reference, then the consignment becomes it quietly, and the customer gets the tracking link once it ships', async () => {
      const orderId = await paidOrder(t);
      const { consignmentNumber } = (await admin(t, 'post', `/api/admin/orders/${orderId}/create-shipping-label`)).body as {
        consignmentNumber: string;
      };
      await eventually(async () => ((await orderOf(orderId))?.trackingReference === consignmentNumber ? true : undefined));
      // A label printed is not news for the customer: nothing is sent (asked twice, the same label, still nothing).
      await admin(t, 'post', `/api/admin/orders/${orderId}/create-shipping-label`);
      await settle(t);
      expect(await trackingEmails(orderId)).toHaveLength(0);
      // Marked shipped: one e-mail, with the consignment as its tracking reference.
      await admin(t, 'put', `/api/admin/orders/${orderId}/tracking`, { status: 'shipped', trackingReference: consignmentNumber });
      await settle(t);
      const emails = await trackingEmails(orderId);
      expect(emails).toHaveLength(1);
      const email = (await admin(t, 'get', `/api/admin/outbox/${emails[0]?._id ?? ''}`)).body as { text: string };
      expect(email.text).toContain(`Tracking reference: ${consignmentNumber}`);
      expect(email.text).toContain('is on its way');
    });

    it('given an order the operator gave a reference, then it keeps it and nobody is e-mailed again', async () => {
      const orderId = await paidOrder(t);
      await admin(t, 'put', `/api/admin/orders/${orderId}/tracking`, { status: 'packed_awaiting_pickup', trackingReference: 'AP-OWN-1' });
      await settle(t);
      const before = (await trackingEmails(orderId)).length;
      await admin(t, 'post', `/api/admin/orders/${orderId}/create-shipping-label`);
      await settle(t);
      expect((await orderOf(orderId))?.trackingReference).toBe('AP-OWN-1');
      expect(await trackingEmails(orderId)).toHaveLength(before);
    });
  });

  describe('given a paid order', () => {
    let orderId: string;
    beforeAll(async () => {
      orderId = await paidOrder(t, { ...customer, name: 'Grace Hopper', addressLine2: 'Unit 4', suburb: 'Fremantle', postCode: '6160' }, 4);
    });

    it('when the label is created, then it answers 201 with the consignment and its tracking page, and records one label event', async () => {
      const res = await admin(t, 'post', `/api/admin/orders/${orderId}/create-shipping-label`);
      expect(res.status).toBe(201);
      const { consignmentNumber, trackingUrl } = res.body as { consignmentNumber: string; trackingUrl: string };
      expect(consignmentNumber).toMatch(/^SSB\d{9}$/);
      expect(isValidConsignmentNumber(consignmentNumber)).toBe(true);
      expect(trackingUrl).toBe(`https://auspost.com.au/mypost/track/details/${consignmentNumber}`);

      const events = await labelEvents(t, orderId);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'ShippingLabelCreated',
        data: {
          orderId,
          consignmentNumber,
          trackingUrl,
          carrier: 'local',
          createdAt: t.clock.now.toISOString(),
          sender: { name: t.config.shop.brandName, address: t.config.shop.address, email: t.config.shop.email },
          recipient: {
            name: 'Grace Hopper',
            phone: customer.phone,
            addressLine1: customer.addressLine1,
            addressLine2: 'Unit 4',
            suburb: 'Fremantle',
            state: 'WA',
            postCode: '6160',
          },
          cans: 16,
          weightKg: 8.8,
          requestedVia: 'order_dialog',
        },
        metadata: { actor: FIRST_OWNER, causationId: null },
      });

      // Read-your-writes: the read model has it as soon as the answer arrives.
      const view = await admin(t, 'get', `/api/admin/shipping-labels/${orderId}`);
      expect(view.status).toBe(200);
      expect(view.body).toEqual({
        orderId,
        consignmentNumber,
        trackingUrl,
        carrier: 'local',
        cans: 16,
        weightKg: 8.8,
        recipientName: 'Grace Hopper',
        createdAt: t.clock.now.toISOString(),
      });
      expect((await admin(t, 'get', '/api/admin/shipping-labels')).body).toContainEqual(view.body);
    });

    it('when it is created again, then it answers 200 with the same consignment and records nothing', async () => {
      const first = (await labelEvents(t, orderId))[0]?.data as { consignmentNumber: string; trackingUrl: string };
      t.clock.advance(60_000);
      const res = await admin(t, 'post', `/api/admin/orders/${orderId}/create-shipping-label`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ consignmentNumber: first.consignmentNumber, trackingUrl: first.trackingUrl });
      expect(await labelEvents(t, orderId)).toHaveLength(1);
    });

    it('when the PDF is downloaded, then it is an attachment named after the order, one page with the order, the consignment and the warning', async () => {
      const consignment = ((await labelEvents(t, orderId))[0]?.data as { consignmentNumber: string }).consignmentNumber;
      const res = await downloadLabel(t, orderId);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="shipping-label-order-${orderId}.pdf"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      const pdf = await readPdf(res.body);
      expect(pdf.header).toMatch(/^%PDF-/);
      expect(pdf.pages).toBe(1);
      for (const part of [
        `Order #${orderId}`,
        '16 cans (500 mL)',
        consignment,
        'GRACE HOPPER',
        'Unit 4',
        'FREMANTLE WA 6160',
        t.config.shop.brandName,
        WARNING,
      ]) {
        expect(pdf.text).toContain(part);
      }
      // Kept for a look by eye (pdftoppm -png) when LABEL_PREVIEW_DIR is set.
      if (process.env.LABEL_PREVIEW_DIR)
        writeFileSync(join(process.env.LABEL_PREVIEW_DIR, `shipping-label-order-${orderId}.pdf`), res.body);
    });

    it('when the PDF is downloaded again later, then it is the same document', async () => {
      const first = await downloadLabel(t, orderId);
      t.clock.advance(3_600_000);
      const second = await downloadLabel(t, orderId);
      expect(second.body.equals(first.body)).toBe(true);
    });
  });

  it('given a paid order, when five requests create its label at once, then all get the one consignment and one event is recorded', async () => {
    const orderId = await paidOrder(t);
    // A slow carrier holds every request between "no label yet" and the append, so they all race to it.
    const carrier = t.app.get<CarrierPort>(CARRIER);
    const issue = carrier.createConsignment.bind(carrier);
    const slow = jest.spyOn(carrier, 'createConsignment').mockImplementation(async (shipment) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return issue(shipment);
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => admin(t, 'post', `/api/admin/orders/${orderId}/create-shipping-label`)),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const consignments = new Set(answers.map((res) => (res.body as { consignmentNumber: string }).consignmentNumber));
    expect(consignments.size).toBe(1);
    expect(await labelEvents(t, orderId)).toHaveLength(1);
    expect(slow).toHaveBeenCalledTimes(5);
    slow.mockRestore();
  });

  it('given a paid order, when it is cancelled while the carrier makes its consignment, then no label is recorded and the request gets 409 order_not_shippable', async () => {
    const orderId = await paidOrder(t);
    const carrier = t.app.get<CarrierPort>(CARRIER);
    const issue = carrier.createConsignment.bind(carrier);
    // The cancellation is recorded after the label request read the order, before its label is appended.
    const cancelling = jest.spyOn(carrier, 'createConsignment').mockImplementation(async (shipment) => {
      const cancelled = await admin(t, 'put', `/api/admin/orders/${orderId}/tracking`, { trackingReference: 'TBA', status: 'cancelled' });
      expect(cancelled.status).toBe(200);
      return issue(shipment);
    });
    try {
      const res = await t
        .http()
        .post(`/api/admin/orders/${orderId}/create-shipping-label`)
        .set('Authorization', `Bearer ${await t.adminToken()}`);
      expect(res.status).toBe(409);
      expect((res.body as { code: string }).code).toBe('order_not_shippable');
      expect(await labelEvents(t, orderId)).toHaveLength(0);
    } finally {
      cancelling.mockRestore();
    }
  });

  it('given label and cancellation sent together for 16 paid orders, then every label was decided before its order was cancelled, never after', async () => {
    const orderIds: string[] = [];
    for (let i = 0; i < 16; i += 1) orderIds.push(await paidOrder(t));
    const token = await t.adminToken();
    await Promise.all(
      orderIds.flatMap((orderId, i) => [
        new Promise((resolve) => setTimeout(resolve, i % 3)).then(() =>
          t.http().post(`/api/admin/orders/${orderId}/create-shipping-label`).set('Authorization', `Bearer ${token}`),
        ),
        t
          .http()
          .put(`/api/admin/orders/${orderId}/tracking`)
          .set('Authorization', `Bearer ${token}`)
          .send({ trackingReference: 'TBA', status: 'cancelled' }),
      ]),
    );
    for (const orderId of orderIds) {
      const order = await streamEvents(t, `order-${orderId}`);
      const cancelledAt = order.find((e) => e.type === 'OrderStatusChanged' && (e.data as { to: string }).to === 'cancelled')?.revision;
      const labelledAt = order.find((e) => e.type === 'ShippingLabelRecorded')?.revision;
      const label = await labelEvents(t, orderId);
      // A label exists only where the order recorded its consignment, and did so before any cancellation.
      expect(label.length > 0).toBe(labelledAt !== undefined);
      if (labelledAt !== undefined && cancelledAt !== undefined) expect(labelledAt).toBeLessThan(cancelledAt);
    }
  });

  it('given two paid orders, their consignments differ', async () => {
    const [a, b] = [await paidOrder(t), await paidOrder(t)];
    const [first, second] = await Promise.all([a, b].map((id) => admin(t, 'post', `/api/admin/orders/${id}/create-shipping-label`)));
    expect(first?.body.consignmentNumber).not.toBe(second?.body.consignmentNumber);
  });

  describe('after the operator changes the status', () => {
    const setStatus = async (orderId: string, status: string) => {
      const res = await admin(t, 'put', `/api/admin/orders/${orderId}/tracking`, { trackingReference: 'TBA', status });
      expect(res.status).toBe(200);
    };

    it.each([['packed_awaiting_pickup'], ['shipped'], ['delivered']])('given a paid order now %s, then it gets a label', async (status) => {
      const orderId = await paidOrder(t);
      await setStatus(orderId, status);
      const res = await admin(t, 'post', `/api/admin/orders/${orderId}/create-shipping-label`);
      expect(res.status).toBe(201);
      expect(await labelEvents(t, orderId)).toHaveLength(1);
    });

    it('given a paid order set to cancelled, then 409', async () => {
      const orderId = await paidOrder(t);
      await setStatus(orderId, 'cancelled');
      const res = await admin(t, 'post', `/api/admin/orders/${orderId}/create-shipping-label`);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        `Order #${orderId} is cancelled: only paid orders (paid, packed, shipped or delivered) can get a shipping label`,
      );
    });

    it('given a labelled order set to cancelled, then its label still answers, unchanged', async () => {
      const orderId = await paidOrder(t);
      const first = await admin(t, 'post', `/api/admin/orders/${orderId}/create-shipping-label`);
      await setStatus(orderId, 'cancelled');
      const again = await admin(t, 'post', `/api/admin/orders/${orderId}/create-shipping-label`);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect((await downloadLabel(t, orderId)).status).toBe(200);
    });
  });

  describe('refusals append nothing', () => {
    const refused = async (orderId: string, status: number, message: string) => {
      const appended = await labelEventsDuring(t, async () => {
        const res = await admin(t, 'post', `/api/admin/orders/${orderId}/create-shipping-label`);
        expect(res.status).toBe(status);
        expect(res.body.message).toBe(message);
      });
      expect(appended).toEqual([]);
    };

    it('given an unknown order, then 404', async () => {
      await refused('99999', 404, 'Order #99999 not found');
    });

    it('given a pending order, then 409 saying it is not paid', async () => {
      const orderId = await pendingOrder(t);
      await refused(orderId, 409, `Order #${orderId} is not paid`);
    });

    it('given an unpaid order set to Packed by hand, then 409 order_not_paid: nothing ships unpaid', async () => {
      const orderId = await pendingOrder(t);
      const set = await admin(t, 'put', `/api/admin/orders/${orderId}/tracking`, {
        trackingReference: 'TBA',
        status: 'packed_awaiting_pickup',
      });
      expect(set.status).toBe(200);
      await refused(orderId, 409, `Order #${orderId} is not paid`);
      const res = await admin(t, 'post', `/api/admin/orders/${orderId}/create-shipping-label`);
      expect(res.body.code).toBe('order_not_paid');
    });

    it('given a paid order refunded in full and set to Packed by hand, then 409 order_refunded', async () => {
      const orderId = await paidOrder(t);
      expect((await admin(t, 'post', `/api/admin/orders/${orderId}/refund`, {})).status).toBe(200);
      await settle(t);
      const set = await admin(t, 'put', `/api/admin/orders/${orderId}/tracking`, {
        trackingReference: 'TBA',
        status: 'packed_awaiting_pickup',
      });
      expect(set.status).toBe(200);
      await refused(orderId, 409, `Order #${orderId} was refunded in full: nothing is left paid to send`);
    });

    it('given a paid order cancelled (refunded in full), then it is not set to Packed again (409 order_cancelled_for_good), nor labelled', async () => {
      const orderId = await paidOrder(t);
      expect(
        (await admin(t, 'put', `/api/admin/orders/${orderId}/tracking`, { trackingReference: 'TBA', status: 'cancelled' })).status,
      ).toBe(200);
      await settle(t);
      const reopened = await admin(t, 'put', `/api/admin/orders/${orderId}/tracking`, {
        trackingReference: 'TBA',
        status: 'packed_awaiting_pickup',
      });
      expect([reopened.status, (reopened.body as { code: string }).code]).toEqual([409, 'order_cancelled_for_good']);
      const label = await admin(t, 'post', `/api/admin/orders/${orderId}/create-shipping-label`);
      expect(label.status).toBe(409);
    });

    it('given a pending order the operator deleted, then 409 saying it is not paid', async () => {
      const orderId = await pendingOrder(t);
      expect((await adminSend(t, 'delete', `/api/admin/orders/${orderId}`)).status).toBe(200);
      await refused(orderId, 409, `Order #${orderId} is not paid`);
    });

    it.each([['abc'], ['0'], ['1.5'], ['-3'], ['123456789012']])('given the order id %j, then 400', async (id) => {
      await refused(id, 400, 'The order id must be a whole number such as 12');
    });
  });

  describe('downloading without a label', () => {
    it('given a paid order with no label yet, then 404 naming the order', async () => {
      const orderId = await paidOrder(t);
      const res = await downloadLabel(t, orderId);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body.toString('utf8')) as unknown).toMatchObject({
        statusCode: 404,
        message: `No shipping label for order #${orderId}`,
      });
      expect((await admin(t, 'get', `/api/admin/shipping-labels/${orderId}`)).body.message).toBe(`No shipping label for order #${orderId}`);
    });

    it('given an unknown order, then 404', async () => {
      const res = await downloadLabel(t, '424242');
      expect(res.status).toBe(404);
      expect(JSON.parse(res.body.toString('utf8')) as unknown).toMatchObject({ message: 'No shipping label for order #424242' });
    });
  });
});
