import { drawParagraph, MM, renderPdf } from '../../../platform/pdf/pdf-document';
import type { PackingSlip } from '../domain/pick-list';
import { barcodePng, caption, fittedText, INNER, MARGIN, PAGE, perthDate, rule, type Doc } from './a6-page';
import { drawPackingSlip } from './packing-slip-pdf';
import type { ShippingLabelCreatedData } from '../domain/label.events';

export const ALCOHOL_WARNING = 'Contains alcohol: signature of a person over 18 required, no authority to leave';

/** A page for the A6 printer: an order's parcel label, or its packing slip (what goes in the box). */
export type A6Paper = { kind: 'label'; label: ShippingLabelCreatedData } | { kind: 'slip'; slip: PackingSlip; brandName: string };

/**
 * The A6 parcel label, drawn from the stored label event alone: the same event always gives the same
 * bytes (the document dates are the label's), so a reprint is the label that was printed.
 */
export async function renderShippingLabelPdf(label: ShippingLabelCreatedData): Promise<Buffer> {
  return renderA6Pdf([{ kind: 'label', label }], {
    Title: `Shipping label, order #${label.orderId}`,
    Subject: `Consignment ${label.consignmentNumber}`,
  });
}

/** One order's packing slip on A6, dated by the order: a reprint is the same paper. */
export async function renderPackingSlipPdf(slip: PackingSlip, brandName: string): Promise<Buffer> {
  return renderA6Pdf([{ kind: 'slip', slip, brandName }], { Title: `Packing slip, order #${slip.orderId}`, Subject: slip.customerName });
}

/**
 * Several labels as one PDF for the printer, one A6 label a page in the order given; with `slips`, each
 * order's packing slip follows its label, so the two come off the printer together.
 */
export async function renderShippingLabelsPdf(
  labels: readonly ShippingLabelCreatedData[],
  slips: readonly PackingSlip[] = [],
): Promise<Buffer> {
  // Order by order, as asked: its label (none for a cellar door pickup), then its slip when slips are asked for.
  const labelOf = new Map(labels.map((label) => [label.orderId, label]));
  const orderIds = [...new Set([...labels.map((label) => label.orderId), ...slips.map((slip) => slip.orderId)])];
  const brandName = labels[0]?.sender.name ?? '';
  const slipOf = new Map(slips.map((slip) => [slip.orderId, slip]));
  const papers = orderIds.flatMap((orderId): A6Paper[] => {
    const label = labelOf.get(orderId);
    const slip = slipOf.get(orderId);
    return [
      ...(label === undefined ? [] : [{ kind: 'label' as const, label }]),
      ...(slip === undefined ? [] : [{ kind: 'slip' as const, slip, brandName: label?.sender.name ?? brandName }]),
    ];
  });
  return renderA6Pdf(papers, {
    Title: `${labels.length} shipping labels${slips.length > 0 ? ' with packing slips' : ''}`,
    Subject: labels.map((l) => l.consignmentNumber).join(', '),
  });
}

/**
 * A6 papers as one PDF, one a page in the order given, dated by the newest of them (a label's creation, a
 * slip's order). (PDFKit numbers the embedded barcodes as it finishes decoding them, so two prints of
 * several papers show the same pages but need not be the same bytes; one paper always is.)
 */
async function renderA6Pdf(papers: readonly A6Paper[], info: { Title: string; Subject: string }): Promise<Buffer> {
  const first = papers[0];
  if (first === undefined) throw new RangeError('at least one page is needed');
  const dateOf = (paper: A6Paper) => (paper.kind === 'label' ? paper.label.createdAt : paper.slip.placedAt);
  const newest = new Date(papers.map(dateOf).reduce((latest, at) => (at > latest ? at : latest)));
  const author = first.kind === 'label' ? first.label.sender.name : first.brandName;
  const barcodes = await Promise.all(
    papers.map((paper) => barcodePng(paper.kind === 'label' ? paper.label.consignmentNumber : paper.slip.orderId)),
  );
  return renderPdf(
    {
      size: [PAGE.width, PAGE.height],
      margin: 0,
      compress: true,
      autoFirstPage: false,
      info: { ...info, Author: author, Creator: author, Producer: 'PDFKit', CreationDate: newest, ModDate: newest },
    },
    (doc) =>
      papers.forEach((paper, index) => {
        doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
        const barcode = barcodes[index] as Buffer;
        if (paper.kind === 'label') drawLabel(doc, paper.label, barcode);
        else drawPackingSlip(doc, paper.slip, paper.brandName, barcode);
      }),
  );
}

/** One label on the current page. */
function drawLabel(doc: Doc, label: ShippingLabelCreatedData, barcode: Buffer): void {
  // Sender on the left, the order's particulars on the right.
  const leftWidth = INNER * 0.6;
  const rightX = MARGIN + INNER * 0.62;
  const rightWidth = INNER * 0.38;
  const right = (size: number) => ({ size, minSize: 7, align: 'right' as const });
  let y = caption(doc, 'FROM', MARGIN, MARGIN);
  y = fittedText(doc, label.sender.name, MARGIN, y, leftWidth, { bold: true, size: 9 });
  for (const part of label.sender.address.split(/,\s*/).filter((p) => p !== ''))
    y = fittedText(doc, part, MARGIN, y, leftWidth, { size: 8 });
  y = fittedText(doc, label.sender.email, MARGIN, y, leftWidth, { size: 8 });

  let ry = fittedText(doc, `Order #${label.orderId}`, rightX, MARGIN, rightWidth, { bold: true, size: 15, minSize: 10, align: 'right' });
  ry = fittedText(doc, `${label.cans} can${label.cans === 1 ? '' : 's'} (500 mL)`, rightX, ry + 2, rightWidth, right(9));
  ry = fittedText(doc, `${label.weightKg.toFixed(2)} kg`, rightX, ry, rightWidth, right(9));
  ry = fittedText(doc, perthDate(label.createdAt), rightX, ry, rightWidth, right(9));
  y = Math.max(y, ry) + 5;
  rule(doc, y, 1.5);

  // Recipient: the largest text, as a sorting depot reads it; long names and streets wrap rather than vanish.
  const r = label.recipient;
  y = caption(doc, 'DELIVER TO', MARGIN, y + 7);
  y = fittedText(doc, r.name.toUpperCase(), MARGIN, y + 1, INNER, { bold: true, size: 15, minSize: 10, maxLines: 3 });
  y = fittedText(doc, r.addressLine1, MARGIN, y + 2, INNER, { size: 12, minSize: 9, maxLines: 2 });
  if (r.addressLine2 !== null && r.addressLine2.trim() !== '')
    y = fittedText(doc, r.addressLine2, MARGIN, y, INNER, { size: 12, minSize: 9, maxLines: 2 });
  y = fittedText(doc, `${r.suburb.toUpperCase()}  ${r.state}  ${r.postCode}`, MARGIN, y + 1, INNER, { bold: true, size: 14, minSize: 9 });
  y = fittedText(doc, `Ph ${r.phone}`, MARGIN, y + 2, INNER, { size: 10, minSize: 8 });
  y += 5;
  rule(doc, y);

  // The warning box sits on the bottom edge; the barcode is centred in the room between.
  const boxHeight = 17 * MM;
  const boxY = PAGE.height - MARGIN - boxHeight;
  const barcodeHeight = 64;
  const blockHeight = barcodeHeight + 4 + 13 * 1.2 + 1 + 7 * 1.2;
  // Every field above is bounded in lines, so this only bites on the longest addresses: the barcode then
  // keeps clear of the warning box rather than of the rule.
  y = Math.min(y + Math.max(6, (boxY - y - blockHeight) / 2), boxY - blockHeight - 4);
  doc.image(barcode, MARGIN + 6, y, { fit: [INNER - 12, barcodeHeight], align: 'center', valign: 'center' });
  y += barcodeHeight + 4;
  y = fittedText(doc, label.consignmentNumber, MARGIN, y, INNER, { bold: true, size: 13, align: 'center' });
  fittedText(doc, `Track: ${label.trackingUrl.replace(/^https:\/\//, '')}`, MARGIN, y + 1, INNER, {
    size: 7,
    minSize: 5.5,
    align: 'center',
  });

  doc.rect(MARGIN, boxY, INNER, boxHeight).lineWidth(2.5).stroke('#000000');
  drawParagraph(doc, ALCOHOL_WARNING, MARGIN + 8, boxY + 9, { size: 10, bold: true, width: INNER - 16, align: 'center', lineGap: 1.5 });
}
