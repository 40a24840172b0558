import { packSizeLabel } from '@brewery/shop-rules';
import { A4, drawLine, drawParagraph, MM, pdfTableRow, renderPdf, type PdfOptions } from '../../../platform/pdf/pdf-document';
import type { PickList, PickListRow } from '../domain/pick-list';

const MARGIN = 15 * MM;

/**
 * The pick list on A4, for the cool room: one row per beer and pack size with a box to tick, the total cans,
 * and the orders it covers; then each order's own list, for packing its box. Dated by `at` (the request's time), so the paper says when it was printed.
 */
export function renderPickListPdf(list: PickList, meta: { brandName: string; at: string }): Promise<Buffer> {
  const options: PdfOptions = {
    size: [A4.width, A4.height],
    margin: MARGIN,
    compress: true,
    info: {
      Title: `Pick list, ${list.orderIds.length} orders`,
      Author: meta.brandName,
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
    drawParagraph(doc, 'Pick list', MARGIN, MARGIN, { size: 18, bold: true, width });
    drawParagraph(
      doc,
      `${meta.brandName} · ${new Date(meta.at).toLocaleString('en-AU', { timeZone: 'Australia/Perth', dateStyle: 'medium', timeStyle: 'short' })} (Perth)`,
      MARGIN,
      doc.y,
      { size: 10, width },
    );
    doc.moveDown(0.8);
    const row = (cells: readonly string[], bold: boolean) =>
      pdfTableRow(doc, columns, cells, { left: MARGIN, bold, fontSize: 11, height: 20, reserve: MARGIN + 30 });
    // A beer and pack size with a box to tick as it is pulled.
    const tickRow = (item: PickListRow) => {
      doc
        .rect(MARGIN + 2, doc.y + 1, 9, 9)
        .lineWidth(0.8)
        .stroke('#000000');
      row(['', item.productName, packSizeLabel(item.packSize), String(item.packs), String(item.cans)], false);
    };
    row(
      columns.map((c) => c.title),
      true,
    );
    for (const item of list.rows) tickRow(item);
    row(['', 'Total', '', '', String(list.totalCans)], true);
    doc.moveDown(1);
    drawParagraph(doc, `Orders (${list.orderIds.length}): ${list.orderIds.map((id) => `#${id}`).join(', ')}`, MARGIN, doc.y, {
      size: 9,
      width,
    });

    // Then box by box: what goes in each order, for the bench where the orders are packed.
    doc.moveDown(1.2);
    // The heading goes with the first order under it, never alone at the foot of a page.
    if (doc.y > A4.height - MARGIN - 30 - 40 - 20 * 3) doc.addPage();
    drawParagraph(doc, 'By order', MARGIN, doc.y, { size: 14, bold: true, width });
    doc.moveDown(0.4);
    for (const order of list.orders) {
      // An order's heading never sits alone at the foot of a page.
      if (doc.y > A4.height - MARGIN - 30 - 20 * Math.min(order.rows.length + 1, 3)) doc.addPage();
      const y = doc.y;
      drawLine(doc, `Order #${order.orderId} · ${order.customerName} · ${order.destination}`, MARGIN + 2, y, {
        size: 11,
        bold: true,
        width: width - 34 * MM,
      });
      drawLine(doc, `${order.totalCans} cans`, MARGIN + width - 32 * MM, y, { size: 11, bold: true, width: 30 * MM, align: 'right' });
      doc.y = y + 18;
      for (const item of order.rows) tickRow(item);
      doc.moveDown(0.5);
    }
  });
}
