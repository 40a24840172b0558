import { packSizeLabel } from '@brewery/shop-rules';
import { A4, MM, pdfTableRow, pdfText, renderPdf, type PdfOptions } from '../../../platform/pdf/pdf-document';
import type { PickList } from '../domain/pick-list';

const MARGIN = 15 * MM;

/**
 * The pick list on A4, for the cool room: one row per beer and pack size with a box to tick, the total cans,
 * and the orders it covers. Dated by `at` (the request's time), so the paper says when it was printed.
 */
export function renderPickListPdf(list: PickList, meta: { brandName: string; at: string }): Promise<Buffer> {
  const options: PdfOptions = {
    size: [A4.width, A4.height],
    margin: MARGIN,
    compress: true,
    info: {
      Title: `Pick list, ${list.orderIds.length} orders`,
      Author: pdfText(meta.brandName),
      Producer: 'PDFKit',
      CreationDate: new Date(meta.at),
    },
  };
  return renderPdf(options, (doc) => {
    const width = A4.width - 2 * MARGIN;
    const columns = [
      { title: '', width: 10 * MM, align: 'left' as const },
      { title: 'Beer', width: width - 10 * MM - 90 * MM, align: 'left' as const },
      { title: 'Pack size', width: 35 * MM, align: 'left' as const },
      { title: 'Packs', width: 25 * MM, align: 'right' as const },
      { title: 'Cans', width: 30 * MM, align: 'right' as const },
    ];
    doc.font('Helvetica-Bold').fontSize(18).text('Pick list', MARGIN, MARGIN);
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(
        `${pdfText(meta.brandName)} · ${new Date(meta.at).toLocaleString('en-AU', { timeZone: 'Australia/Perth', dateStyle: 'medium', timeStyle: 'short' })} (Perth)`,
      );
    doc.moveDown(0.8);
    const row = (cells: readonly string[], bold: boolean) =>
      pdfTableRow(doc, columns, cells, { left: MARGIN, bold, fontSize: 11, height: 20, reserve: MARGIN + 30 });
    row(
      columns.map((c) => c.title),
      true,
    );
    for (const item of list.rows) {
      doc
        .rect(MARGIN + 2, doc.y + 1, 9, 9)
        .lineWidth(0.8)
        .stroke('#000000');
      row(['', item.productName, packSizeLabel(item.packSize), String(item.packs), String(item.cans)], false);
    }
    row(['', 'Total', '', '', String(list.totalCans)], true);
    doc.moveDown(1);
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(`Orders (${list.orderIds.length}): ${list.orderIds.map((id) => `#${id}`).join(', ')}`, MARGIN, doc.y, { width });
  });
}
