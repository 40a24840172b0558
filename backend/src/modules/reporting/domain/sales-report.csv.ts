import { packSizeLabel } from '@brewery/shop-rules';
import type { ReportPeriod } from './report-period';
import type { SalesLine } from './sales-line';
import type { SalesSummary } from './sales-summary';

/** Characters that make a spreadsheet read a cell as a formula (or hide what follows them). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A negative amount in dollars and cents (a refund's line): a number to a spreadsheet, not a formula. */
const NEGATIVE_AMOUNT = /^-\d+\.\d{2}$/;
const NEEDS_QUOTES = /[",\r\n]/;
const CRLF = '\r\n';
/** Excel opens a UTF-8 file as Windows-1252 unless it starts with a byte-order mark (Kölsch would read "KÃ¶lsch"). */
const UTF8_BOM = '\uFEFF';

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
] as const;

/**
 * One cell, safe to open in a spreadsheet: a value starting with `=`, `+`, `-`, `@`, tab or carriage return
 * gets a leading `'` so it stays text (CSV formula injection), then RFC 4180 quoting when it holds a quote,
 * comma or line break.
 */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const inert = FORMULA_START.test(text) && !NEGATIVE_AMOUNT.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

export function csvRow(cells: readonly (string | number | null)[]): string {
  return cells.map(csvCell).join(',');
}

/** `sales-report-{start}-to-{end}.csv`, as the spec names the download. */
export function salesReportFileName(period: ReportPeriod): string {
  return `sales-report-${period.start}-to-${period.end}.csv`;
}

/** The whole CSV: header row, one row per sales line, a totals row; CRLF line ends as RFC 4180 asks. */
export function salesReportCsv(lines: readonly SalesLine[], summary: SalesSummary): string {
  const rows = [
    csvRow(SALES_REPORT_COLUMNS),
    ...lines.map((line) =>
      csvRow([
        line.orderNumber ?? line.orderId,
        line.date,
        line.paidAt,
        line.productName,
        line.style,
        line.refund === true ? '' : packSizeLabel(line.packSize),
        line.refund === true ? '' : line.packs,
        line.quantity,
        line.unitPrice,
        line.lineTotal,
      ]),
    ),
    csvRow([`Total (${summary.lineItems} line items)`, '', '', '', '', '', '', summary.totalCans, '', summary.totalRevenue]),
  ];
  return `${UTF8_BOM}${rows.join(CRLF)}${CRLF}`;
}
