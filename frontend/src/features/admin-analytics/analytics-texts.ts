/** The Analytics tab's messages; the toasts are the spec's, word for word. */
export const ANALYTICS_TEXTS = {
  dailyEmailSent: 'Daily analytics email sent successfully',
  dailyEmailFailed: 'Failed to send daily analytics email',
  stockEmailRequired: 'Please paste the stock update email',
  stockUpdateFailed: 'Failed to update stock',
  datesRequired: 'Please select both a start date and an end date',
  reportFailed: 'Failed to generate sales report',
  exportFailed: 'Failed to export sales report',
} as const;

export function updatedProductsText(successCount: number, totalUpdates: number): string {
  return `Updated ${successCount} of ${totalUpdates} products`;
}

export function generatedReportText(lineItems: number): string {
  return `Generated sales report with ${lineItems} line items`;
}

/**
 * Why the sales report's and the GST summary's totals differ, said on both (from what each reads: the report its
 * `sales-lines`, beer only, discount codes off the beer and refunds taken off up to the beer as lines of their own;
 * the summary whole orders as charged and every refund).
 */
export const BOOKS_DIFFER = {
  salesReport:
    'Beer only: shipping is left out, and a refund comes off only up to the beer it paid for. Each beer line is at its price before any ' +
    'discount code; what a code took off the beer is a negative line of its own (free shipping takes nothing off the beer), so the ' +
    'lines less discounts and refunds make the total. The GST summary counts whole orders as charged (after their discount codes), ' +
    'shipping included, and every refund in full, so its net sales are this total plus the shipping kept. Both count a sale on the ' +
    'Perth day it was paid and a refund on the day it was made (a paid order cancelled later: its sale, then its refund); an order never paid counts in neither.',
  gstSummary:
    'Whole orders as charged (after their discount codes, shown beside), shipping included, and every refund in full. The sales report ' +
    'counts the beer alone (no shipping, refunds only up to the beer, discount codes as lines of their own), so its total is these net ' +
    'sales less the shipping kept. Both count a sale on the Perth day it was paid and a refund on the day it was made (a paid order ' +
    'cancelled later: its sale, then its refund); an order never paid counts in neither. The orders export lists orders by the day they ' +
    'were placed, paid or not, each with its discount code and what it took off.',
} as const;
