import { readPdf } from '../../../../test/shipping/pdf-content';
import type { ShippingLabelCreatedData } from '../domain/label.events';
import { ALCOHOL_WARNING, renderShippingLabelPdf } from './shipping-label-pdf.renderer';

const label = (change: Partial<ShippingLabelCreatedData> = {}): ShippingLabelCreatedData => ({
  orderId: '12',
  consignmentNumber: 'SSB688236067',
  trackingUrl: 'https://auspost.com.au/mypost/track/details/SSB688236067',
  carrier: 'local',
  createdAt: '2026-11-23T01:00:00.000Z',
  sender: { name: 'Swan & Sand Brewing Co.', address: '12 Brewery Lane, Osborne Park WA 6017', email: 'hello@swanandsand.beer' },
  recipient: {
    name: 'Ada Lovelace',
    phone: '0412 345 678',
    addressLine1: '1 Hay Street',
    addressLine2: 'Unit 4',
    suburb: 'Perth',
    state: 'WA',
    postCode: '6000',
  },
  cans: 16,
  weightKg: 8.8,
  requestedVia: 'order_dialog',
  ...change,
});

describe('shipping label PDF', () => {
  it('is a one-page PDF of A6 size', async () => {
    const pdf = await renderShippingLabelPdf(label());
    const content = await readPdf(pdf);
    expect(content.header).toMatch(/^%PDF-1\.\d/);
    expect(content.pages).toBe(1);
    // 105 x 148 mm in points.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 297\.63\d+ 419\.52\d+\]/);
  });

  it('shows the sender, the recipient, the order, the cans, the consignment and the warning', async () => {
    const { text } = await readPdf(await renderShippingLabelPdf(label()));
    for (const part of [
      'FROM',
      'Swan & Sand Brewing Co.',
      '12 Brewery Lane',
      'Osborne Park WA 6017',
      'DELIVER TO',
      'ADA LOVELACE',
      '1 Hay Street',
      'Unit 4',
      'PERTH WA 6000',
      'Ph 0412 345 678',
      'Order #12',
      '16 cans (500 mL)',
      '8.80 kg',
      '23 Nov 2026',
      'SSB688236067',
      'auspost.com.au/mypost/track/details/SSB688236067',
      ALCOHOL_WARNING,
    ]) {
      expect(text).toContain(part);
    }
  });

  it('embeds the barcode as an image', async () => {
    const raw = (await renderShippingLabelPdf(label())).toString('latin1');
    expect(raw).toMatch(/\/Subtype \/Image/);
  });

  it('writes the label’s own time as the document dates, in Perth’s calendar on the label', async () => {
    // 20:30 UTC on the 23rd is 04:30 on the 24th in Perth.
    const pdf = await renderShippingLabelPdf(label({ createdAt: '2026-11-23T20:30:00.000Z' }));
    expect((await readPdf(pdf)).text).toContain('24 Nov 2026');
    expect(pdf.toString('latin1').match(/\(D:20261123203000Z\)/g)).toHaveLength(2);
  });

  it('gives the same bytes for the same label (a reprint is the same label)', async () => {
    const [first, second] = await Promise.all([renderShippingLabelPdf(label()), renderShippingLabelPdf(label())]);
    expect(first.equals(second)).toBe(true);
  });

  it('differs when the consignment differs', async () => {
    const [first, second] = await Promise.all([
      renderShippingLabelPdf(label()),
      renderShippingLabelPdf(label({ consignmentNumber: 'SSB000000015' })),
    ]);
    expect(first.equals(second)).toBe(false);
    expect((await readPdf(second)).text).toContain('SSB000000015');
  });

  it('leaves out an empty second address line and says "1 can" for one', async () => {
    const { text } = await readPdf(
      await renderShippingLabelPdf(label({ recipient: { ...label().recipient, addressLine2: null }, cans: 1, weightKg: 0.55 })),
    );
    expect(text).not.toContain('Unit 4');
    expect(text).toContain('1 can (500 mL)');
    expect(text).toContain('0.55 kg');
  });

  it('keeps a very long name and address on one page, wrapping the street rather than dropping it', async () => {
    const long = label({
      recipient: {
        name: 'Maximilian Alexander Wolfeschlegelsteinhausenbergerdorff the Third',
        phone: '+61 412 345 678',
        addressLine1: 'Apartment 1204, The Very Long Building Name Residences, 123 Saint Georges Terrace',
        addressLine2: 'Care of the Concierge Desk, Level 12, North Tower',
        suburb: 'East Perth',
        state: 'WA',
        postCode: '6004',
      },
    });
    const content = await readPdf(await renderShippingLabelPdf(long));
    expect(content.pages).toBe(1);
    expect(content.text).toContain('WOLFESCHLEGELSTEINHAUSENBERGERDORFF THE THIRD');
    expect(content.text).toContain('123 Saint Georges Terrace');
    expect(content.text).toContain('EAST PERTH WA 6004');
    expect(content.text).toContain(ALCOHOL_WARNING);
  });

  it.each([
    // Vietnamese, Latin with its marks and strokes, Chinese, Greek, Cyrillic, Korean, an emoji.
    [{ name: 'Đỗ Văn Đức', addressLine1: '12 Đặng Street' }, ['ĐỖ VĂN ĐỨC', '12 Đặng Street']],
    [{ name: '张伟 Zoë Ø Łukasz', addressLine1: '3 Hay St' }, ['张伟 ZOË Ø ŁUKASZ']],
    [{ name: 'Νίκος Παπαδόπουλος', addressLine1: 'ул. Ленина 5' }, ['ΝΊΚΟΣ ΠΑΠΑΔΌΠΟΥΛΟΣ', 'ул. Ленина 5']],
    [{ name: '김민준 Tāmati', addressLine1: 'Unit 🍺 2' }, ['김민준 TĀMATI', 'Unit 🍺 2']],
  ])('prints %j as written', async (recipient, printed) => {
    const pdf = await renderShippingLabelPdf(label({ recipient: { ...label().recipient, ...recipient } }));
    const { text } = await readPdf(pdf);
    for (const part of printed) expect(text).toContain(part);
    expect(text).not.toContain('?');
    // Only the glyphs shown are embedded: a label with Chinese stays small.
    expect(pdf.length).toBeLessThan(120_000);
  });
});
