import { orderUpdateEmail, orderUpdateEmailKey } from './order-update-email';

const shop = { brandName: 'Swan & Sand Brewing Co.', email: 'hello@swanandsand.beer' };

describe('the order update e-mail', () => {
  it('is keyed by order and stream revision, one per change', () => {
    expect(orderUpdateEmailKey('12', 5)).toBe('order-12-update-5');
    expect(orderUpdateEmailKey('12', 6)).not.toBe(orderUpdateEmailKey('12', 5));
  });

  it('tells the customer the new status in words, the reference and the Australia Post link', () => {
    const email = orderUpdateEmail(
      { orderId: '12', customer: { name: 'Ada', email: 'ada@example.com' }, status: 'packed_awaiting_pickup', trackingReference: 'AP 123' },
      shop,
    );
    expect(email).toMatchObject({
      to: 'ada@example.com',
      subject: 'Order #12 update: Packed - Awaiting Pickup',
      kind: 'order-status',
      orderId: '12',
    });
    expect(email.text).toContain('Your order #12 is now: Packed - Awaiting Pickup.');
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
