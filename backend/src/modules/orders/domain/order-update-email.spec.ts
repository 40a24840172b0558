import { orderUpdateEmail, orderUpdateEmailKey } from './order-update-email';

const shop = { brandName: 'Swan & Sand Brewing Co.', email: 'hello@swanandsand.beer' };

describe('the order update e-mail', () => {
  it('is keyed by order and stream revision, one per change', () => {
    expect(orderUpdateEmailKey('12', 5)).toBe('order-12-update-5');
    expect(orderUpdateEmailKey('12', 6)).not.toBe(orderUpdateEmailKey('12', 5));
  });

  it.each([
    { status: 'pending', subject: 'Order #12 is waiting for payment', news: 'is waiting for payment: nothing has been charged yet.' },
    {
      status: 'paid',
      subject: 'Order #12: payment received',
      news: 'We pack orders within 1-2 business days and send them out Mon/Wed/Thu.',
    },
    { status: 'packed_awaiting_pickup', subject: 'Order #12 is packed', news: 'is packed and waiting for the carrier to collect it' },
    { status: 'shipped', subject: 'Order #12 is on its way', news: 'has left the brewery and is on its way to you.' },
    { status: 'delivered', subject: 'Order #12 has been delivered', news: 'has been delivered.' },
  ] as const)('given $status, it says so in words that fit: "$subject"', ({ status, subject, news }) => {
    const email = orderUpdateEmail(
      { orderId: '12', customer: { name: 'Ada', email: 'ada@example.com' }, status, trackingReference: 'AP 123' },
      shop,
    );
    expect(email.subject).toBe(subject);
    expect(email.text).toContain(news);
    // Someone must be home for what is still to come; not once it has been delivered.
    expect(email.text.includes('Someone 18 or older must be present')).toBe(status !== 'delivered');
  });

  it.each([
    {
      status: 'paid',
      subject: 'Order #12: payment received',
      news: 'Collect it from the cellar door, 12 Brewery Lane, Osborne Park WA 6017, on Saturday 5 December, 10am-4pm; we will e-mail you when it is ready.',
    },
    {
      status: 'packed_awaiting_pickup',
      subject: 'Order #12 is ready to collect',
      news: 'is packed and ready to collect from the cellar door, 12 Brewery Lane, Osborne Park WA 6017, on Saturday 5 December, 10am-4pm.',
    },
    { status: 'delivered', subject: 'Order #12 has been collected', news: 'has been collected from the cellar door.' },
  ] as const)('given a pickup $status, it speaks of the cellar door: "$subject"', ({ status, subject, news }) => {
    const email = orderUpdateEmail(
      {
        orderId: '12',
        customer: { name: 'Ada', email: 'ada@example.com' },
        status,
        trackingReference: null,
        fulfilment: { method: 'pickup', pickupDate: '2026-12-05' },
      },
      { ...shop, address: '12 Brewery Lane, Osborne Park WA 6017' },
    );
    expect(email.subject).toBe(subject);
    expect(email.text).toContain(news);
    expect(email.text).not.toContain('Someone 18 or older must be present to receive the delivery');
    // Photo ID, until it has been collected.
    expect(email.text.includes('Bring photo ID: whoever collects the order must be 18 or older')).toBe(status !== 'delivered');
  });

  it('tells the customer the new status, the reference and the Australia Post link', () => {
    const email = orderUpdateEmail(
      { orderId: '12', customer: { name: 'Ada', email: 'ada@example.com' }, status: 'shipped', trackingReference: 'AP 123' },
      shop,
    );
    expect(email).toMatchObject({
      to: 'ada@example.com',
      subject: 'Order #12 is on its way',
      kind: 'order-status',
      orderId: '12',
    });
    expect(email.text).toContain('Status: Shipped.');
    expect(email.text).toContain('Tracking reference: AP 123');
    expect(email.text).toContain('https://auspost.com.au/mypost/track/details/AP%20123');
    expect(email.text).toContain('hello@swanandsand.beer');
  });

  it('escapes the customer name in the HTML part', () => {
    const email = orderUpdateEmail(
      { orderId: '3', customer: { name: '<Ada>', email: 'ada@example.com' }, status: 'shipped', trackingReference: 'X1' },
      shop,
    );
    expect(email.html).toContain('&#60;Ada&#62;');
    expect(email.html).not.toContain('<Ada>');
  });

  it('leaves the tracking lines out while there is no reference', () => {
    const email = orderUpdateEmail(
      { orderId: '3', customer: { name: 'Ada', email: 'ada@example.com' }, status: 'cancelled', trackingReference: null },
      shop,
    );
    expect(email.text).not.toContain('Tracking reference');
    expect(email.text).not.toContain('auspost');
  });
});
