import {
  decimalString,
  discountAmountText,
  discountLabel,
  packSizeLabel,
  paymentReference,
  perthLongDate,
  type PackSize,
} from '@brewery/shop-rules';
import { A4, drawLine, drawParagraph, MM, pdfTableRow, renderPdf } from '../../../platform/pdf/pdf-document';
import type { ShopIdentity } from '../../orders';
import type { OrderDoc } from '../order-list/order-list.projection';

const MARGIN = 18 * MM;

/**
 * The order's tax invoice on A4, as the confirmation e-mail states it: the seller and ABN, the invoice number
 * and date (the day it was paid, in Perth), each line with its price, the discount code's line (if any), the total
 * and the GST it includes, and what has been refunded since. Drawn from the paid order as recorded.
 */
export function renderOrderInvoicePdf(order: OrderDoc, shop: ShopIdentity): Promise<Buffer> {
  const invoiceNumber = order.invoiceNumber ?? '';
  return renderPdf(
    {
      size: [A4.width, A4.height],
      margin: MARGIN,
      compress: true,
      info: {
        Title: `Tax invoice ${invoiceNumber}, order #${order.id}`,
        Author: shop.brandName,
        Producer: 'PDFKit',
        CreationDate: new Date(order.paidAt ?? order.createdAt),
      },
    },
    (doc) => {
      const width = A4.width - 2 * MARGIN;
      const paragraph = (value: string, style: { size: number; bold?: boolean }, x = MARGIN, w = width) =>
        drawParagraph(doc, value, x, doc.y, { ...style, width: w });

      drawParagraph(doc, 'Tax invoice', MARGIN, MARGIN, { size: 20, bold: true, width });
      doc.moveDown(0.3);
      paragraph(shop.brandName, { size: 11, bold: true });
      for (const line of [`ABN ${shop.abn}`, shop.address, shop.email]) paragraph(line, { size: 10 });
      doc.moveDown(0.8);
      const facts: [string, string][] = [
        ['Invoice number', invoiceNumber],
        ['Invoice date', perthLongDate(order.paidAt ?? order.createdAt)],
        ['Order', `#${order.id}`],
        ['Payment reference', order.paymentIntentId === null ? '' : paymentReference(order.paymentIntentId)],
        ['Billed to', order.customerName],
      ];
      for (const [label, value] of facts) {
        const y = doc.y;
        drawLine(doc, label, MARGIN, y, { size: 10, bold: true, width: 40 * MM });
        drawParagraph(doc, value, MARGIN + 40 * MM, y, { size: 10, width: width - 40 * MM });
      }
      doc.moveDown(1);

      const columns = [
        { title: 'Beer', width: width - 100 * MM, align: 'left' as const },
        { title: 'Quantity', width: 40 * MM, align: 'left' as const },
        { title: 'Unit price', width: 30 * MM, align: 'right' as const },
        { title: 'Amount', width: 30 * MM, align: 'right' as const },
      ];
      const row = (cells: readonly string[], bold: boolean) =>
        pdfTableRow(doc, columns, cells, { left: MARGIN, bold, fontSize: 10, height: 18, reserve: MARGIN + 60 });
      row(
        columns.map((column) => column.title),
        true,
      );
      for (const item of order.items) {
        const quantity =
          item.packSize === 'single' ? `${item.quantity} single cans` : `${item.packs} x ${packSizeLabel(item.packSize as PackSize)}`;
        row([item.product.name, quantity, `$${decimalString(item.unitPriceCents)}`, `$${decimalString(item.lineTotalCents)}`], false);
      }
      const total = (label: string, value: string, bold = false) => {
        const y = doc.y;
        const style = { size: bold ? 12 : 10, bold, align: 'right' as const };
        // Right-aligned against the amounts, with the whole row's room: a long discount code is not cut short.
        drawLine(doc, label, MARGIN, y, { ...style, width: width - 30 * MM });
        drawLine(doc, value, MARGIN + width - 30 * MM, y, { ...style, width: 30 * MM - 2 });
        doc.y = y + style.size * 1.2;
        doc.moveDown(0.2);
      };
      doc.moveDown(0.5);
      total('Subtotal', `$${decimalString(order.subtotalCents)}`);
      if (order.pickupDate != null) total('Collected at the cellar door', `$${decimalString(order.shippingCents)}`);
      else total(`Shipping${order.isPerthMetro ? ' (Perth Metro)' : ''}`, `$${decimalString(order.shippingCents)}`);
      // The code's line: subtotal + shipping - discount = total, and the GST is the order's own (of what was charged).
      if (order.discount != null) total(discountLabel(order.discount), discountAmountText(order.discount.cents));
      total('Total (AUD)', `$${decimalString(order.totalCents)}`, true);
      total('GST included in the total', `$${decimalString(order.gstCents)}`);
      if (order.refundedCents > 0) total('Refunded since', `$${decimalString(order.refundedCents)}`);
      doc.moveDown(1.5);
      doc.fillColor('#444444');
      paragraph('All prices include GST. Paid by card.', { size: 9 });
    },
  );
}
