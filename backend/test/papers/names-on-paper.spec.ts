import { textRuns } from '../../src/platform/pdf/pdf-document';
import { renderOrderInvoicePdf } from '../../src/modules/order-desk/order-status/order-invoice-pdf.renderer';
import type { OrderDoc } from '../../src/modules/order-desk/order-list/order-list.projection';
import type { PackingSlip } from '../../src/modules/shipping/domain/pick-list';
import { renderPickListPdf } from '../../src/modules/shipping/label-pdf/pick-list-pdf.renderer';
import { renderPackingSlipPdf } from '../../src/modules/shipping/label-pdf/shipping-label-pdf.renderer';
import { readPdf } from '../shipping/pdf-content';

/** Names as customers write them: Vietnamese, Latin with marks and strokes, Chinese, Greek, Cyrillic, Korean, an emoji. */
const NAMES = ['Đỗ Văn Đức', 'Đặng Street', '张伟 Zoë Ø Łukasz', 'Νίκος Παπαδόπουλος', 'Иван Петров', '김민준', 'Ada 🍺'];

const slipOf = (name: string): PackingSlip => ({
  orderId: '276',
  placedAt: '2026-11-23T01:00:00.000Z',
  customerName: name,
  destination: 'NEDLANDS WA 6009',
  rows: [{ productId: 'kolsch', productName: 'Kings Park Kölsch', packSize: '4pack', packs: 2, cans: 8 }],
  totalCans: 8,
});

const invoiceOf = (name: string) =>
  ({
    id: '276',
    invoiceNumber: 'INV-000276',
    paidAt: '2026-11-23T01:00:00.000Z',
    createdAt: '2026-11-23T01:00:00.000Z',
    paymentIntentId: null,
    customerName: name,
    items: [{ product: { name: 'Kings Park Kölsch' }, packSize: '4pack', quantity: 8, packs: 2, unitPrice: '24.00', lineTotal: '48.00' }],
    subtotal: '48.00',
    shippingCost: '10.00',
    isPerthMetro: true,
    totalAmount: '58.00',
    gstIncluded: '5.27',
  }) as unknown as OrderDoc;

const shop = { brandName: 'Swan & Sand Brewing Co.', abn: '12 345 678 901', email: 'hello@swanandsand.beer', address: '12 Brewery Lane' };

describe('every name printed as written', () => {
  it.each(NAMES)('%s, on the packing slip, the pick list and the tax invoice', async (name) => {
    const papers = await Promise.all([
      renderPackingSlipPdf(slipOf(name), shop.brandName),
      renderPickListPdf(
        { orderIds: ['276'], rows: slipOf(name).rows, totalCans: 8, orders: [slipOf(name)] },
        { brandName: shop.brandName, at: '2026-11-23T01:00:00.000Z' },
      ),
      renderOrderInvoicePdf(invoiceOf(name), shop),
    ]);
    for (const pdf of papers) {
      const { text } = await readPdf(pdf);
      expect(text).toContain(name);
      expect(text).toContain('Kings Park Kölsch');
      expect(text).not.toContain('?');
    }
  });

  it('takes each character from the first face that has it, keeping joiners with the run before', () => {
    expect(textRuns('Zoë 张伟 김 🍺️ Ω')).toEqual([
      { face: 0, text: 'Zoë ' },
      { face: 1, text: '张伟 ' },
      { face: 2, text: '김 ' },
      { face: 3, text: '🍺️ ' },
      { face: 0, text: 'Ω' },
    ]);
  });
});
