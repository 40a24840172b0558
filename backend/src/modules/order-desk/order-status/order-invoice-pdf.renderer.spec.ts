import { readPdf } from '../../../../test/shipping/pdf-content';
import type { OrderDoc } from '../order-list/order-list.projection';
import { renderOrderInvoicePdf } from './order-invoice-pdf.renderer';

const shop = { brandName: 'Swan & Sand Brewing Co.', abn: '12 345 678 901', email: 'hello@swanandsand.beer', address: '12 Brewery Lane' };

/** What the invoice reads of a paid order: an 8-pack for $48.00 posted to Perth for $10.00. */
const paidOrder = (change: Partial<OrderDoc> = {}): OrderDoc =>
  ({
    id: '276',
    invoiceNumber: 'INV-000276',
    paidAt: '2026-11-23T01:00:00.000Z',
    createdAt: '2026-11-23T01:00:00.000Z',
    paymentIntentId: 'pi_3Nx8Kq2eZvKYlo2C1',
    customerName: 'Ada Lovelace',
    items: [
      { product: { name: 'Kings Park Kölsch' }, packSize: '8pack', quantity: 8, packs: 1, unitPriceCents: 4800, lineTotalCents: 4800 },
    ],
    subtotalCents: 4800,
    shippingCents: 1000,
    isPerthMetro: true,
    pickupDate: null,
    totalCents: 5800,
    gstCents: 527,
    refundedCents: 0,
    ...change,
  }) as unknown as OrderDoc;

describe('the tax invoice PDF', () => {
  it('given an order without a discount code, then subtotal, shipping, total and GST, and no discount line', async () => {
    const { text } = await readPdf(await renderOrderInvoicePdf(paidOrder(), shop));
    expect(text).toContain('Subtotal $48.00 Shipping (Perth Metro) $10.00 Total (AUD) $58.00 GST included in the total $5.27');
    expect(text).not.toContain('Discount');
  });

  it('given an order priced with a discount code, then its line sits between the shipping and the total, and the GST is of what was charged', async () => {
    const discounted = paidOrder({
      discount: { code: 'CLUB10', kind: 'percent', cents: 480, description: '10% off' },
      totalCents: 5320,
      gstCents: 484,
    });
    const { text } = await readPdf(await renderOrderInvoicePdf(discounted, shop));
    expect(text).toContain(
      'Subtotal $48.00 Shipping (Perth Metro) $10.00 Discount (CLUB10, 10% off) -$4.80 Total (AUD) $53.20 GST included in the total $4.84',
    );
  });

  it('given a long code, then the whole code is printed', async () => {
    const code = 'WELCOME-TO-THE-BREWERY-2026-XMAS';
    const discounted = paidOrder({
      discount: { code, kind: 'amount', cents: 500, description: '$5.00 off' },
      totalCents: 5300,
      gstCents: 482,
    });
    const { text } = await readPdf(await renderOrderInvoicePdf(discounted, shop));
    expect(text).toContain(`Discount (${code}, $5.00 off) -$5.00 Total (AUD) $53.00`);
  });
});
