/** The System tab's messages; the toasts are the spec's, word for word. */
export const SYSTEM_TEXTS = {
  statusFailed: 'Failed to check system status',
  autoFixFailed: 'Failed to run automated fixes',
  webhookProcessed: 'Webhook Processed',
  webhookIdRequired: 'Please enter a payment intent ID',
  outboxFailed: 'Failed to load the e-mail outbox',
  rebuilt: 'The lists are rebuilt',
  rebuildFailed: 'The lists could not be rebuilt',
} as const;

export function autoFixCompleteText(fixes: number): string {
  return `Auto-Fix Complete: Applied ${fixes} fixes`;
}

export function webhookFailedText(message: string): string {
  return `Failed to process webhook: ${message}`;
}
