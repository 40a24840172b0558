import { packSizeLabel } from '@brewery/shop-rules';
import { drawLine, drawParagraph } from '../../../platform/pdf/pdf-document';
import type { PackingSlip } from '../domain/pick-list';
import { caption, fittedText, INNER, MARGIN, PAGE, perthDate, rule, type Doc } from './a6-page';

/** The slip's reminder, for the packer sealing the box and the customer opening it. */
export const SIGNATURE_REMINDER = '18+ Contains alcohol: handed over only to a person over 18, who signs for it';
/** The same at the cellar door: the person collecting shows photo ID. */
export const PHOTO_ID_REMINDER = '18+ Contains alcohol: handed over at the cellar door only to a person over 18 who shows photo ID';

const ROW_HEIGHT = 16;
const BOX_HEIGHT = 40;
const COLUMNS = [
  { key: 'tick', width: 14, align: 'left' as const },
  { key: 'beer', width: INNER - 14 - 52 - 34 - 34, align: 'left' as const },
  { key: 'pack', width: 52, align: 'left' as const },
  { key: 'packs', width: 34, align: 'right' as const },
  { key: 'cans', width: 34, align: 'right' as const },
];

function heading(doc: Doc, slip: PackingSlip, brandName: string, continued: boolean): number {
  caption(doc, continued ? 'PACKING SLIP (CONTINUED)' : 'PACKING SLIP', MARGIN, MARGIN);
  const left = fittedText(doc, brandName, MARGIN, MARGIN + 9, INNER * 0.55, { bold: true, size: 9 });
  const right = fittedText(doc, `Order #${slip.orderId}`, MARGIN + INNER * 0.45, MARGIN, INNER * 0.55, {
    bold: true,
    size: 15,
    minSize: 10,
    align: 'right',
  });
  return Math.max(left, right);
}

function tableRow(doc: Doc, y: number, cells: readonly string[], bold: boolean): void {
  let x = MARGIN;
  COLUMNS.forEach((column, index) => {
    const text = cells[index] ?? '';
    if (text !== '') drawLine(doc, text, x + 2, y, { size: 9, bold, width: column.width - 4, align: column.align });
    x += column.width;
  });
}

/**
 * One order's packing slip on the current A6 page (more pages when its lines do not fit): the order number
 * as a barcode to scan at the bench, whom it goes to, each beer by pack size with a box to tick, the cans in
 * the box, and the 18+ reminder at the foot.
 */
export function drawPackingSlip(doc: Doc, slip: PackingSlip, brandName: string, barcode: Buffer): void {
  let y = heading(doc, slip, brandName, false) + 4;
  doc.image(barcode, MARGIN, y, { fit: [INNER * 0.45, 34], valign: 'center' });
  const to = MARGIN + INNER * 0.5;
  let ty = fittedText(doc, slip.customerName, to, y, INNER * 0.5, { bold: true, size: 11, minSize: 8, maxLines: 2, align: 'right' });
  ty = fittedText(doc, slip.destination, to, ty, INNER * 0.5, { size: 9, align: 'right' });
  ty = fittedText(doc, `Ordered ${perthDate(slip.placedAt)}`, to, ty, INNER * 0.5, { size: 8, align: 'right' });
  y = Math.max(y + 36, ty) + 4;
  rule(doc, y, 1.5);
  y += 6;

  const bottom = PAGE.height - MARGIN - BOX_HEIGHT - 8;
  tableRow(doc, y, ['', 'Beer', 'Pack', 'Packs', 'Cans'], true);
  y += ROW_HEIGHT;
  for (const row of slip.rows) {
    if (y + ROW_HEIGHT > bottom) {
      doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
      y = heading(doc, slip, brandName, true) + 8;
    }
    doc
      .rect(MARGIN + 2, y, 8, 8)
      .lineWidth(0.8)
      .stroke('#000000');
    tableRow(doc, y - 1, ['', row.productName, packSizeLabel(row.packSize), String(row.packs), String(row.cans)], false);
    y += ROW_HEIGHT;
  }
  rule(doc, y - 4, 0.8);
  drawLine(doc, `${slip.totalCans} can${slip.totalCans === 1 ? '' : 's'} in this box`, MARGIN, y + 2, {
    size: 11,
    bold: true,
    width: INNER,
    align: 'right',
  });

  const boxY = PAGE.height - MARGIN - BOX_HEIGHT;
  doc.rect(MARGIN, boxY, INNER, BOX_HEIGHT).lineWidth(2).stroke('#000000');
  drawParagraph(doc, slip.pickup === true ? PHOTO_ID_REMINDER : SIGNATURE_REMINDER, MARGIN + 8, boxY + 8, {
    size: 9.5,
    bold: true,
    width: INNER - 16,
    align: 'center',
    lineGap: 1,
  });
}
