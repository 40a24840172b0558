import type { OrderPlacedData } from './order.events';
import { confirmationEmailKey, orderConfirmationEmail } from './order-confirmation-email';

const order: OrderPlacedData = {
  orderId: '12',
  customer: {
    name: 'Ada',
    email: 'ada@example.com',
    phone: '0412345678',
    addressLine1: '1 Hay St',
    addressLine2: 'Unit 2',
    suburb: 'Perth',
    postCode: '6000',
    state: 'WA',
  },
  items: [
    {
      id: '12-1',
      productId: 'p1',
      productName: 'Swan Pale',
      style: 'Pale Ale',
      abv: 4.8,
      packSize: '4pack',
      packQuantity: 4,
      packs: 2,
      quantity: 8,
      unitPriceCents: 2200,
      lineTotalCents: 4400,
    },
  ],
  subtotalCents: 4400,
  shippingCents: 1000,
  totalCents: 5400,
  gstCents: 491,
  totalCans: 8,
  estimatedDelivery: '3-5 business days',
  isPerthMetro: true,
  reservationExpiresAt: '2026-11-23T01:30:00.000Z',
  placedAt: '2026-11-23T01:00:00.000Z',
};

describe('order confirmation e-mail', () => {
  const shop = { brandName: 'Swan & Sand', abn: '12 345 678 901', email: 'hello@example.com', address: '12 Brewery Lane' };
  const statusUrl = 'https://shop.example.com/order-status?t=12.abcdefghijklmnopqrstuv';
  const email = orderConfirmationEmail(order, 'INV-000003', shop, { statusUrl, paymentIntentId: 'pi_3Nx8Kq2eZvKYlo2C1' });

  it('is a tax invoice with everything the customer needs', () => {
    expect(email.to).toBe('ada@example.com');
    expect(email.kind).toBe('order-confirmation');
    expect(email.orderId).toBe('12');
    for (const part of [
      'TAX INVOICE',
      'ABN 12 345 678 901',
      'Order #12',
      'Invoice number: INV-000003',
      '2 x Swan Pale (4 Pack, 8 cans) @ $22.00 = $44.00',
      'Subtotal: $44.00',
      'Shipping (Perth Metro): $10.00',
      'Total: $54.00',
      'GST included $4.91',
      'Unit 2',
      'Perth WA 6000',
      'Estimated delivery: 3-5 business days',
      'Dispatched Mon/Wed/Thu',
      'Payment reference: 3Nx8Kq2eZvKYlo2C1',
      `Your order's status, tracking and this invoice as PDF: ${statusUrl}`,
    ]) {
      expect(email.text).toContain(part);
    }
    expect(email.html).toContain('GST included $4.91');
    expect(email.html).toContain('Swan &#38; Sand');
    expect(email.html).toContain(`<a href="${statusUrl}">See your order's status, tracking and tax invoice</a>`);
    expect(email.html).toContain('Payment reference: 3Nx8Kq2eZvKYlo2C1');
  });

  it('given a pickup, says when and where to collect and what to bring, and nothing of shipping or delivery', () => {
    const pickup = orderConfirmationEmail(
      {
        ...order,
        customer: { ...order.customer, addressLine1: '', addressLine2: null, suburb: '', postCode: '' },
        shippingCents: 0,
        totalCents: 4400,
        gstCents: 400,
        estimatedDelivery: 'Saturday 5 December, 10am-4pm',
        fulfilment: { method: 'pickup', pickupDate: '2026-12-05' },
      },
      'INV-000004',
      shop,
      { statusUrl, paymentIntentId: 'pi_3Nx8Kq2eZvKYlo2C1' },
    );
    for (const part of [
      'Collection: $0.00',
      'Total: $44.00',
      'Collect Saturday 5 December, 10am-4pm, 12 Brewery Lane.',
      'We will e-mail you when it is ready to collect.',
      'Bring photo ID: whoever collects the order must be 18 or older',
    ]) {
      expect(pickup.text).toContain(part);
    }
    for (const absent of ['Shipping', 'Estimated delivery', 'Dispatched', 'present to receive the delivery']) {
      expect(pickup.text).not.toContain(absent);
      expect(pickup.html).not.toContain(absent);
    }
    expect(pickup.html).toContain('Collect Saturday 5 December, 10am-4pm, 12 Brewery Lane.');
  });

  it('given an order placed at 6:46 am in Perth (the day before in UTC), is dated by the Perth calendar in the PDF invoice’s words', () => {
    const early = orderConfirmationEmail({ ...order, placedAt: '2026-11-28T22:46:00.000Z' }, 'INV-000005', shop, {
      statusUrl,
      paymentIntentId: 'pi_3Nx8Kq2eZvKYlo2C1',
    });
    expect(early.text).toContain('Date: 29 November 2026');
    expect(early.html).toContain('Order #12, 29 November 2026.');
    expect(`${early.text}${early.html}`).not.toContain('2026-11-28');
  });

  it('given an order priced with a discount code, states the discount between the shipping and the total, and the GST of what was charged', () => {
    const discounted = orderConfirmationEmail(
      {
        ...order,
        discount: { code: 'CLUB10', kind: 'percent', cents: 440, description: '10% off' },
        totalCents: 4960,
        gstCents: 451,
      },
      'INV-000006',
      shop,
      { statusUrl, paymentIntentId: 'pi_3Nx8Kq2eZvKYlo2C1' },
    );
    expect(discounted.text).toContain(
      [
        'Subtotal: $44.00',
        'Shipping (Perth Metro): $10.00',
        'Discount (CLUB10, 10% off): -$4.40',
        'Total: $49.60',
        'GST included $4.51',
      ].join('\n'),
    );
    expect(discounted.html).toContain(
      'Shipping (Perth Metro): $10.00<br>Discount (CLUB10, 10% off): -$4.40<br><strong>Total: $49.60</strong><br>GST included $4.51',
    );
    // An order without a code has no discount line.
    expect(`${email.text}${email.html}`).not.toContain('Discount');
  });

  it('has a key of its own per order', () => {
    expect(confirmationEmailKey('12')).toBe('order-12-confirmation');
  });
});
