import type { OrderPlacedData } from '../../orders';
import { newOrderAlertEmail } from './new-order-alert-email';

const order = {
  orderId: '12',
  customer: { name: 'Ada', suburb: 'Perth', state: 'WA', postCode: '6000' },
  items: [{ productName: 'Swan Pale', packSize: '8pack', packs: 1, quantity: 8 }],
  subtotalCents: 4800,
  shippingCents: 1000,
  totalCents: 5800,
  totalCans: 8,
} as unknown as OrderPlacedData;
const shop = { email: 'hello@example.com', publicUrl: 'https://shop.example.com/' };

describe("the shop's new-order e-mail", () => {
  it('given an order priced with a discount code, then it says the code and what it took off under the total paid', () => {
    const email = newOrderAlertEmail(
      { ...order, discount: { code: 'CLUB10', kind: 'percent', cents: 480, description: '10% off' }, totalCents: 5320 },
      shop,
    );
    expect(email.text.split('\n').slice(0, 2)).toEqual(['Order #12 was paid: $53.20, 8 cans.', 'Discount (CLUB10, 10% off): -$4.80']);
    expect(email.subject).toBe('New order #12: $53.20, 8 cans');
  });

  it('given an order without a code, then no discount line', () => {
    expect(newOrderAlertEmail(order, shop).text).not.toContain('Discount');
  });
});
