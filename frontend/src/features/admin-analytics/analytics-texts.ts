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
