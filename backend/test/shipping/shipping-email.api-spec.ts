import { createTestApp, type TestApp } from '../create-test-app';
import { customer } from '../checkout/checkout-fixtures';
import { admin, labelEvents, labelEventsDuring, paidOrder, pendingOrder } from './shipping-fixtures';

const NOT_PARSED = 'No valid order found. Please parse email first.';

describe('shipping labels from a pasted e-mail', () => {
  let t: TestApp;
  let paid: string;
  let pending: string;
  beforeAll(async () => {
    t = await createTestApp();
    paid = await paidOrder(t, { ...customer, name: 'Ada Lovelace' }, 2);
    pending = await pendingOrder(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const parse = (body: object) => admin(t, 'post', '/api/admin/parse-shipping-email', body);

  describe('parse-shipping-email', () => {
    it.each([
      ['missing content', { subject: 'Order #1' }],
      ['empty content', { emailContent: '', subject: 'Order #1 create label' }],
      ['blank content', { emailContent: ' \n\t ', subject: '' }],
    ])('given %s, then 400 "Please enter email content to parse"', async (_name, body) => {
      const res = await parse(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, message: 'Please enter email content to parse', code: 'email_content_required' });
    });

    it.each([
      ['content that is not text', { emailContent: 42 }, 'emailContent must be text'],
      ['a subject that is not text', { emailContent: 'create label', subject: ['x'] }, 'subject must be text'],
      ['an unknown field', { emailContent: 'create label', orderId: '1' }, 'property orderId should not exist'],
      ['content over 100,000 characters', { emailContent: 'x'.repeat(100_001) }, 'emailContent must be at most 100000 characters'],
    ])('given %s, then 400', async (_name, body, message) => {
      const res = await parse(body);
      expect(res.status).toBe(400);
      // Every broken rule is listed; the one at hand must be among them.
      expect(String(res.body.message).split('; ')).toContain(message);
    });

    it('given a reply asking for a label of a paid order, then create_label for that order', async () => {
      const res = await parse({
        subject: `Re: Your order #${paid} is paid`,
        emailContent: `Hi team,\nPlease create label.\n\n> Thank you for order #${paid}.`,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        orderId: paid,
        action: 'create_label',
        message: `Order #${paid} found with 'create label': ready to create a shipping label for Ada Lovelace (8 cans).`,
      });
    });

    it('given the order number only in the quoted message, then it is found there', async () => {
      const res = await parse({
        subject: '',
        emailContent: `SHIP NOW\n\nOn Mon, 23 Nov 2026, Shop <shop@example.com> wrote:\n> Order Number: ${paid}`,
      });
      expect(res.body).toMatchObject({ orderId: paid, action: 'create_label' });
    });

    it.each<
      [
        string,
        (ids: { paid: string; pending: string }) => { subject: string; emailContent: string },
        (ids: { paid: string; pending: string }) => string,
      ]
    >([
      [
        'a pending order',
        ({ pending: id }) => ({ subject: '', emailContent: `print label for order ${id}` }),
        ({ pending: id }) => `Order #${id} is not paid`,
      ],
      ['an unknown order', () => ({ subject: '', emailContent: 'print label for order 98765' }), () => 'Order #98765 not found'],
      [
        'no command',
        ({ paid: id }) => ({ subject: `Order #${id}`, emailContent: 'Thanks, all good!' }),
        ({ paid: id }) =>
          `Order #${id} found, but no shipping command. Use one of: create label, shipping label, generate label, print label, ship now, create shipment, ship order.`,
      ],
      [
        'a negated command',
        ({ paid: id }) => ({ subject: '', emailContent: `Please don't ship order #${id} yet` }),
        ({ paid: id }) => `Order #${id} found, but the e-mail says not to 'ship order'.`,
      ],
      [
        'no order number',
        () => ({ subject: 'Labels', emailContent: 'generate label please' }),
        () => "Found 'generate label' but no order number. Write the order as 'Order #12'.",
      ],
      [
        'two order numbers',
        ({ paid: a, pending: b }) => ({ subject: `Order #${a}`, emailContent: `create label for order #${b}` }),
        ({ paid: a, pending: b }) => `More than one order number found (#${a}, #${b}). Reply about one order at a time.`,
      ],
    ])('given %s, then action none, no order, and the reason', async (_name, email, message) => {
      const ids = { paid, pending };
      const res = await parse(email(ids));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ orderId: null, action: 'none', message: message(ids) });
    });

    it('parses without recording anything', async () => {
      const appended = await labelEventsDuring(t, () => parse({ subject: '', emailContent: `create label order #${paid}` }));
      expect(appended).toEqual([]);
    });
  });

  describe('create-shipping-label-email', () => {
    const create = (body: object) => admin(t, 'post', '/api/admin/create-shipping-label-email', body);

    it.each([
      ['no order id', { emailContent: 'create label' }],
      ['a null order id', { orderId: null, emailContent: 'create label' }],
      ['an empty order id', { orderId: '', emailContent: 'create label' }],
      ['an order id that is not a number', { orderId: 'twelve', emailContent: 'create label' }],
      ['an object for an order id', { orderId: { id: 1 }, emailContent: 'create label' }],
      ['an unknown order', { orderId: '98765', emailContent: 'create label' }],
    ])('given %s, then 400 "No valid order found. Please parse email first." and nothing recorded', async (_name, body) => {
      const appended = await labelEventsDuring(t, async () => {
        const res = await create(body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ message: NOT_PARSED, code: 'no_parsed_order' });
      });
      expect(appended).toEqual([]);
    });

    it('given a pending order, then 409 and nothing recorded', async () => {
      const res = await create({ orderId: pending, emailContent: 'create label' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`Order #${pending} is not paid`);
      expect(await labelEvents(t, pending)).toEqual([]);
    });

    it('given the parsed paid order, then the tracking number is the consignment, recorded as asked by e-mail, and the dialog route returns the same', async () => {
      const parsed = await parse({ subject: '', emailContent: `create shipment for order ${paid}` });
      const res = await create({ orderId: parsed.body.orderId, emailContent: `create shipment for order ${paid}` });
      expect(res.status).toBe(201);
      const { trackingNumber, consignmentNumber, trackingUrl } = res.body as {
        trackingNumber: string;
        consignmentNumber: string;
        trackingUrl: string;
      };
      expect(trackingNumber).toMatch(/^SSB\d{9}$/);
      expect(consignmentNumber).toBe(trackingNumber);
      expect(trackingUrl).toBe(`https://auspost.com.au/mypost/track/details/${trackingNumber}`);
      const events = await labelEvents(t, paid);
      expect(events).toHaveLength(1);
      expect(events[0]?.data).toMatchObject({ requestedVia: 'shipping_email', cans: 8 });

      const again = await create({ orderId: Number(paid) });
      expect(again.body).toMatchObject({ trackingNumber });
      const dialog = await admin(t, 'post', `/api/admin/orders/${paid}/create-shipping-label`);
      expect(dialog.status).toBe(200);
      expect(dialog.body.consignmentNumber).toBe(trackingNumber);
      expect(await labelEvents(t, paid)).toHaveLength(1);

      const reparsed = await parse({ subject: '', emailContent: `print label order #${paid}` });
      expect(reparsed.body).toEqual({
        orderId: paid,
        action: 'create_label',
        message: `Order #${paid} already has a shipping label (consignment ${trackingNumber}); creating it again returns the same consignment.`,
      });
    });

    it('given a fresh paid order, when the e-mail route and the dialog route race, then both get the one consignment', async () => {
      const orderId = await paidOrder(t);
      const [fromEmail, fromDialog] = await Promise.all([
        create({ orderId }),
        admin(t, 'post', `/api/admin/orders/${orderId}/create-shipping-label`),
      ]);
      expect(fromEmail?.body.trackingNumber).toBe(fromDialog?.body.consignmentNumber);
      expect(await labelEvents(t, orderId)).toHaveLength(1);
    });
  });

  it('describes the four shipping routes in the OpenAPI document, behind the bearer token', async () => {
    const res = await t.http().get('/api/docs/openapi.json').expect(200);
    const doc = res.body as {
      paths: Record<string, Record<string, { security?: unknown[]; responses?: Record<string, { content?: Record<string, unknown> }> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    for (const [path, method] of [
      ['/api/admin/orders/{id}/create-shipping-label', 'post'],
      ['/api/admin/orders/{id}/shipping-label', 'get'],
      ['/api/admin/parse-shipping-email', 'post'],
      ['/api/admin/create-shipping-label-email', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method]?.security).toEqual([{ bearer: [] }]);
    }
    expect(Object.keys(doc.paths['/api/admin/orders/{id}/shipping-label']?.['get']?.responses?.['200']?.content ?? {})).toEqual([
      'application/pdf',
    ]);
    expect(Object.keys(doc.components.schemas['ParseShippingEmailRequest']?.properties ?? {})).toEqual(['emailContent', 'subject']);
    expect(Object.keys(doc.components.schemas['ParseShippingEmailResponse']?.properties ?? {})).toEqual(['orderId', 'action', 'message']);
    expect(Object.keys(doc.components.schemas['CreateShippingLabelFromEmailResponse']?.properties ?? {})).toEqual([
      'trackingNumber',
      'consignmentNumber',
      'trackingUrl',
    ]);
  });
});
