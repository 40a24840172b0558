import { decimalString, packSizeLabel } from '@brewery/shop-rules';
import { csvCell, csvFile, csvRow } from '../../../shared-kernel/csv';
import type { ReportPeriod } from './report-period';

// The spec's CSV cell rules, shared with other exports (the pick list).
export { csvCell, csvRow };
import type { SalesLine } from './sales-line';
import type { SalesSummary } from './sales-summary';

export const SALES_REPORT_COLUMNS = [
  'Order Number',
  'Date',
  'Paid At',
  'Product',
  'Style',
  'Pack Size',
  'Packs',
  'Quantity (cans)',
  'Unit Price',
  'Line Total',
  'Fulfilment',
] as const;

/** `sales-report-{start}-to-{end}.csv`, as the spec names the download. */
export function salesReportFileName(period: ReportPeriod): string {
  return `sales-report-${period.start}-to-${period.end}.csv`;
}

/**
 * The whole CSV: header row, one row per sales line (a discount code's or a refund's line negative, with no pack,
 * so the Line Total column adds up to the revenue), a totals row; CRLF line ends as RFC 4180 asks.
 */
export function salesReportCsv(lines: readonly SalesLine[], summary: SalesSummary): string {
  return csvFile([
    SALES_REPORT_COLUMNS,
    ...lines.map((line) => [
      line.orderNumber ?? line.orderId,
      line.date,
      line.paidAt,
      line.productName,
      line.style,
      line.refund === true || line.discount === true ? '' : packSizeLabel(line.packSize),
      line.refund === true || line.discount === true ? '' : line.packs,
      line.quantity,
      decimalString(line.unitPriceCents),
      decimalString(line.lineTotalCents),
      line.refund === true || line.discount === true ? '' : line.fulfilment === 'pickup' ? 'Pickup' : 'Delivery',
    ]),
    [
      `Total (${summary.lineItems} line items${summary.discountsCents > 0 ? `; discounts of ${summary.discounts} taken off` : ''})`,
      '',
      '',
      '',
      '',
      '',
      '',
      summary.totalCans,
      '',
      summary.totalRevenue,
      '',
    ],
  ]);
}
