import type { SystemStatus } from './api/get-system-status';

export type OverallHealth = 'healthy' | 'attention' | 'critical';

export interface HealthSummary {
  overall: OverallHealth;
  /** What needs the operator, one sentence each; empty when all is well. */
  findings: string[];
}

/** Projections this many events behind are worth a look; the runner normally keeps up within a few. */
export const READ_MODEL_LAG_WARNING = 100;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Reduces the status to one verdict: a failing service is critical, anything waiting on the operator needs attention. */
export function summariseHealth(status: SystemStatus): HealthSummary {
  const critical: string[] = [];
  const attention: string[] = [];
  if (status.email_system.status !== 'ok') critical.push('E-mail is not being delivered.');
  if (status.stripe_system.status !== 'ok') critical.push('The payment provider is not reachable.');
  if (status.event_store.status !== 'ok') critical.push('The event store is not answering.');
  const lag = status.read_models.lag ?? 0;
  if (status.read_models.status !== 'ok') critical.push('The read models are not up to date.');
  else if (lag >= READ_MODEL_LAG_WARNING) attention.push(`The read models are ${plural(lag, 'event', 'events')} behind.`);
  const issues = status.automation_issues;
  if (issues.orders_needing_attention.length > 0)
    attention.push(`${plural(issues.orders_needing_attention.length, 'order needs', 'orders need')} attention.`);
  const orphanPayments = issues.payments_without_order.length;
  if (orphanPayments > 0) attention.push(`${plural(orphanPayments, 'payment has', 'payments have')} no paid order.`);
  const stale = issues.stale_payments.length;
  if (stale > 0) attention.push(`${plural(stale, 'payment has', 'payments have')} not been heard of for 15 minutes.`);
  const expired = issues.expired_reservations.length;
  if (expired > 0) attention.push(`${plural(expired, 'expired reservation is', 'expired reservations are')} still holding cans.`);
  const failedEmails = issues.failed_emails.length;
  if (failedEmails > 0) attention.push(`${plural(failedEmails, 'e-mail', 'e-mails')} failed to send.`);
  const criticalStock = status.inventory_alerts.critical_stock_count;
  if (criticalStock > 0) attention.push(`${plural(criticalStock, 'beer is', 'beers are')} at critical stock.`);
  const overall: OverallHealth = critical.length > 0 ? 'critical' : attention.length > 0 ? 'attention' : 'healthy';
  return { overall, findings: [...critical, ...attention] };
}

export function overallHealthText(overall: OverallHealth): string {
  switch (overall) {
    case 'healthy':
      return 'All systems healthy';
    case 'attention':
      return 'Needs attention';
    case 'critical':
      return 'System problem';
  }
}

/** Count of automation issues the Auto-Fix button can act on. */
export function automationIssueCount(status: SystemStatus): number {
  const issues = status.automation_issues;
  return (
    issues.orders_needing_attention.length +
    issues.payments_without_order.length +
    issues.stale_payments.length +
    issues.expired_reservations.length +
    issues.failed_emails.length
  );
}
