import { createTestApp, type TestApp } from '../create-test-app';
import { beer, cartLine, customer, eventStoreOf, seedProduct, streamEvents } from './checkout-fixtures';

/**
 * POST /api/create-payment-intent refuses what it must, with the spec's messages, and records nothing
 * when it refuses; when it accepts, the amount charged is the server's total.
 */
describe('checkout: validation and pricing', () => {
  let t: TestApp;
  const pale = beer('Swan Pale', { inventory: 100 });
  const wheat = beer('Wheat Beer', { enable16Pack: false });
  const stout = beer('Sand Stout', { inventory: 3, price: '7.50', price4Pack: null, enable4Pack: false, style: 'Stout', abv: 6.8 });
  const draft = beer('Draft Lager', { isActive: false });
  const archived = beer('Old Ale', { archived: true });
  const packless = beer('Single Only', { price4Pack: null, price8Pack: null, price16Pack: null });

  beforeAll(async () => {
    t = await createTestApp();
    await seedProduct(t, 'pale', pale);
    await seedProduct(t, 'stout', stout);
    await seedProduct(t, 'draft', draft);
    await seedProduct(t, 'archived', archived);
    await seedProduct(t, 'packless', packless);
    await seedProduct(t, 'wheat', wheat);
  });
  afterAll(async () => {
    await t.close();
  });

  const checkout = (body: unknown) =>
    t
      .http()
      .post('/api/create-payment-intent')
      .send(body as object);
  const validCart = [cartLine('pale', pale, '4pack', 1)];

  describe('customer information', () => {
    it.each<[string, Record<string, unknown>, string]>([
      ['a missing name', { name: '' }, 'name is required'],
      ['a missing email', { email: '   ' }, 'email is required'],
      ['a missing phone', { phone: undefined }, 'phone is required'],
      ['a missing address', { addressLine1: '' }, 'addressLine1 is required'],
      ['a missing suburb', { suburb: '' }, 'suburb is required'],
      ['a missing postcode', { postCode: '' }, 'postCode is required'],
      ['a missing state', { state: '' }, 'state is required'],
      ['a state outside the eight', { state: 'NZ' }, 'Unsupported shipping state: NZ'],
      ['a postcode that is not four digits', { postCode: '600' }, 'postCode 600 must be four digits, e.g. 6000'],
      ['a postcode of another state', { state: 'NSW' }, 'postCode 6000 is not a NSW postcode'],
      ['a postcode of another state (WA)', { postCode: '2000' }, 'postCode 2000 is not a WA postcode'],
      ['an e-mail that is not an address', { email: 'ada-at-example' }, 'email must be an e-mail address, e.g. name@example.com'],
      [
        'a phone number that is not Australian',
        { phone: '+1 415 555 0100' },
        'phone must be an Australian phone number, e.g. 0412 345 678',
      ],
      [
        'a PO Box',
        { addressLine1: 'PO Box 42' },
        'PO Boxes, Parcel Lockers and Parcel Post cannot receive alcohol: please give a street address',
      ],
      [
        'a Parcel Locker',
        { addressLine1: 'Parcel Locker 10234 56789' },
        'PO Boxes, Parcel Lockers and Parcel Post cannot receive alcohol: please give a street address',
      ],
      [
        'a Parcel Post address',
        { addressLine2: 'Parcel Post' },
        'PO Boxes, Parcel Lockers and Parcel Post cannot receive alcohol: please give a street address',
      ],
      ['a name that is not text', { name: 42 }, 'name is required'],
    ])('refuses %s with 400', async (_, change, message) => {
      const res = await checkout({ cartItems: validCart, customerInfo: { ...customer, ...change } });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    });

    it.each<[string, Record<string, string>, keyof typeof customer, string]>([
      ['a right-to-left override in the name', { name: 'Ada \u202eecalevoL' }, 'name', 'U+202E'],
      ['a left-to-right embedding in the name', { name: '\u202aAda Lovelace' }, 'name', 'U+202A'],
      ['an isolate in the name', { name: 'Ada \u2066Lovelace\u2069' }, 'name', 'U+2066'],
      ['a zero-width space in the name', { name: 'Ada\u200bLovelace' }, 'name', 'U+200B'],
      ['a byte-order mark in the e-mail', { email: 'ada\ufeff@example.com' }, 'email', 'U+FEFF'],
      ['a word joiner in the phone', { phone: '0412\u2060345678' }, 'phone', 'U+2060'],
      ['a right-to-left mark in the street', { addressLine1: '1 Hay Street\u200f' }, 'addressLine1', 'U+200F'],
      ['a pop directional formatting in the suburb', { suburb: 'Perth\u202c' }, 'suburb', 'U+202C'],
    ])('refuses %s with 400, naming the character, and tells the form in plain words', async (_, change, field, codePoint) => {
      const res = await checkout({ cartItems: validCart, customerInfo: { ...customer, ...change } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'invalid_customer_info',
        message: expect.stringContaining(`${field} must not hold invisible or text-direction characters (${codePoint})`),
        fields: { [field]: expect.stringContaining(`hidden character (${codePoint})`) },
      });
    });

    it('refuses a collector’s name with a direction override for a cellar-door pickup too', async () => {
      const res = await checkout({
        cartItems: validCart,
        customerInfo: { name: 'Grace \u202eHopper', email: customer.email, phone: customer.phone },
        fulfilment: { method: 'pickup', pickupDate: '2026-11-28' },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('name must not hold invisible or text-direction characters (U+202E)');
    });

    it('refuses a request without customer information', async () => {
      const res = await checkout({ cartItems: validCart });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('customerInfo is required');
    });

    it('refuses fields it does not know', async () => {
      const res = await checkout({ cartItems: validCart, customerInfo: customer, discount: 100 });
      expect(res.status).toBe(400);
    });
  });

  describe('the pack', () => {
    it.each<[string, unknown[]]>([
      ['an empty cart', []],
      ['3 cans', [cartLine('pale', pale, 'single', 3)]],
      ['12 cans', [cartLine('pale', pale, '4pack', 3)]],
      ['200 cans', [cartLine('pale', pale, '8pack', 25)]],
    ])('refuses %s as an invalid pack', async (_, cartItems) => {
      const res = await checkout({ cartItems, customerInfo: customer });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid Pack Size: Please complete your pack before checkout.');
    });

    it.each<[string, Record<string, unknown>, string]>([
      ['an unknown pack size', { packSize: '6pack', packQuantity: 6 }, 'packSize must be one of single, 4pack, 8pack, 16pack'],
      ['a pack quantity that does not match its size', { packQuantity: 8 }, 'packQuantity of a 4pack line must be 4'],
      ['part of a pack', { quantity: 6 }, 'quantity of a 4pack line must be a whole number of packs'],
      ['a negative price', { price: -22 }, 'price must not be negative'],
      ['no quantity', { quantity: undefined }, 'quantity must be a whole number of cans'],
    ])('refuses a cart line with %s', async (_, change, message) => {
      const res = await checkout({ cartItems: [{ ...cartLine('pale', pale, '4pack', 1), ...change }], customerInfo: customer });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    });
  });

  describe('pre-payment line checks', () => {
    it.each<[string, () => unknown[], number, string]>([
      [
        'an unknown product',
        () => [{ ...cartLine('pale', pale, 'single', 4), productId: 'no-such-beer' }],
        404,
        'Product no-such-beer not found or inactive',
      ],
      ['a product in draft', () => [cartLine('draft', draft, 'single', 4)], 409, 'Draft Lager is no longer available'],
      ['an archived product', () => [cartLine('archived', archived, '4pack', 1)], 409, 'Old Ale is no longer available'],
      [
        'more cans than in stock',
        () => [cartLine('stout', stout, 'single', 4)],
        409,
        'Insufficient stock for Sand Stout. Available: 3, Requested: 4',
      ],
      [
        'a pack the product is not sold in',
        () => [cartLine('wheat', wheat, '16pack', 1)],
        409,
        'Wheat Beer is not sold as a 16 Pack: please review your pack',
      ],
    ])('refuses %s', async (_, cartItems, status, message) => {
      const res = await checkout({ cartItems: cartItems(), customerInfo: customer });
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(message);
    });
  });

  describe('prices', () => {
    it.each<[string, () => unknown[]]>([
      ['a single can for a cent', () => [{ ...cartLine('pale', pale, 'single', 4), price: 0.01 }]],
      ['a 4-pack cheaper than listed', () => [{ ...cartLine('pale', pale, '4pack', 1), price: 21.99 }]],
      ['a pack line priced as one pack for two', () => [{ ...cartLine('pale', pale, '4pack', 2), price: 22 }]],
      ['a price one cent too high', () => [{ ...cartLine('pale', pale, '8pack', 1), price: 42.01 }]],
    ])('refuses %s with 409 instead of charging an amount the customer did not see', async (_, cartItems) => {
      const res = await checkout({ cartItems: cartItems(), customerInfo: customer });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Prices have changed since you added these beers: please review your pack');
    });
  });

  it('records nothing for any refusal above: no order number, no order, no reservation', async () => {
    expect(await streamEvents(t, 'sequence-order')).toEqual([]);
    for (const id of ['pale', 'stout']) {
      expect((await streamEvents(t, `product-${id}`)).map((e) => e.type)).toEqual(['ProductCreated']);
    }
  });

  it.each<[string, () => unknown[], Record<string, string>, { subtotal: string; shipping: string; gstIncluded: string; total: string }]>([
    [
      'two 4-packs to Perth metro',
      () => [cartLine('pale', pale, '4pack', 2)],
      {},
      { subtotal: '44.00', shipping: '10.00', gstIncluded: '4.91', total: '54.00' },
    ],
    [
      'an 8-pack to Sydney',
      () => [cartLine('pale', pale, '8pack', 1)],
      { state: 'NSW', postCode: '2000' },
      { subtotal: '42.00', shipping: '12.00', gstIncluded: '4.91', total: '54.00' },
    ],
    [
      'singles of two beers, 20 cans, to Hobart',
      () => [cartLine('pale', pale, 'single', 17), cartLine('stout', stout, 'single', 3)],
      { state: 'TAS', postCode: '7000' },
      { subtotal: '124.50', shipping: '30.00', gstIncluded: '14.05', total: '154.50' },
    ],
    [
      'a 16-pack to regional WA',
      () => [cartLine('pale', pale, '16pack', 1)],
      { postCode: '6330', suburb: 'Albany' },
      { subtotal: '80.00', shipping: '15.00', gstIncluded: '8.64', total: '95.00' },
    ],
    [
      'a single-priced 4-pack (no pack price) to Darwin',
      () => [cartLine('packless', packless, '4pack', 1)],
      { state: 'NT', postCode: '0800' },
      { subtotal: '24.00', shipping: '10.00', gstIncluded: '3.09', total: '34.00' },
    ],
  ])('charges the server total for %s', async (_, cartItems, address, totals) => {
    const res = await checkout({ cartItems: cartItems(), customerInfo: { ...customer, ...address } });
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({ ...totals, discount: '0.00' });
    expect(res.body).toMatchObject({
      subtotal: totals.subtotal,
      shippingCost: totals.shipping,
      discount: '0.00',
      totalAmount: totals.total,
      gstIncluded: totals.gstIncluded,
      discountCode: null,
    });
    const totalCents = Math.round(Number(totals.total) * 100);
    expect(res.body.amount).toBe(totalCents);
    expect(res.body.clientSecret).toMatch(new RegExp(`^${res.body.paymentIntentId}_secret_`));

    // What the payment provider holds is what the server computed.
    const intent = await t
      .http()
      .get(`/api/test-gateway/payment-intents/${res.body.paymentIntentId}`)
      .query({ client_secret: res.body.clientSecret })
      .expect(200);
    expect(intent.body).toMatchObject({ amount: totalCents, currency: 'aud', status: 'requires_payment_method' });

    // The order and its backup carry the same figures, and the cans are reserved until the expiry.
    const order = (await streamEvents(t, `order-${res.body.orderId}`)).map((e) => e.type);
    expect(order).toEqual(['OrderPlaced', 'PaymentIntentAttached']);
    const [backup] = await streamEvents(t, `payment-${res.body.paymentIntentId}`);
    expect(backup?.data).toMatchObject({ orderId: res.body.orderId, totalCents, customer: { name: customer.name, email: customer.email } });
    const held = (await eventStoreOf(t.app).readAll()).filter(
      (e) => e.type === 'StockReserved' && (e.data as { orderId: string }).orderId === res.body.orderId,
    );
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((e) => (e.data as { expiresAt: string }).expiresAt === '2026-11-23T01:10:00.000Z')).toBe(true);
  });

  it('numbers orders 1, 2, 3… without gaps', async () => {
    const numbers = (await streamEvents(t, 'sequence-order')).map((e) => (e.data as { orderNumber: number }).orderNumber);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(numbers.length).toBe(5);
  });
});
