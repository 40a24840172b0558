import type { SystemStatus } from './api/get-system-status';

export type OverallHealth = 'healthy' | 'attention' | 'critical';

/** The button that fixes a problem: one of the System tab's own actions. */
export type FixAction = 'auto-fix' | 'rebuild';

/** Something wrong, in the operator's words: what, what it means for the shop, and what to do about it. */
export interface Problem {
  key: string;
  severity: 'critical' | 'attention';
  /** What is wrong, in a sentence. */
  what: string;
  /** What it means for the shop and its customers. */
  means: string;
  /** What to do; with `action`, the button that does it and its words. */
  todo: string;
  action?: { run: FixAction; label: string };
}

export interface Verdict {
  overall: OverallHealth;
  headline: string;
  /** One sentence under the headline. */
  summary: string;
  /** Critical first, then what waits on the operator, each once. */
  problems: Problem[];
}

/** The screens (read models) this many changes behind are worth a word; the shop normally keeps up within a few. */
export const READ_MODEL_LAG_WARNING = 100;
/** Past this many, the server calls the read models unhealthy (and Auto-Fix rebuilds them). */
const READ_MODEL_LAG_LIMIT = 1000;

/** What each background job of the shop does, for when it stops. */
const BACKGROUND_JOBS: Record<string, string> = {
  'payment-completion': 'Paid orders are not being completed: cards are not captured, no invoices or confirmation e-mails go out.',
  'email-sender': 'No e-mail is being sent: they wait in the outbox.',
  'order-update-email': 'Customers are not told when their order is packed, shipped or delivered.',
  'paid-order-cancellation': 'Cancelled paid orders are not being refunded and their cans not returned to stock.',
  'refund-completion': 'Refunds made at the payment provider are not being recorded on their orders.',
  'stock-alerts': 'Low-stock alerts are not being sent.',
  'label-tracking': 'Tracking numbers from shipping labels are not being recorded on their orders.',
  'back-in-stock-watcher': 'Customers waiting for a beer are not told it is back.',
};

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function perthTime(iso: string): string {
  const when = new Date(iso);
  if (Number.isNaN(when.getTime())) return iso;
  return when.toLocaleTimeString('en-AU', { timeZone: 'Australia/Perth', hour: 'numeric', minute: '2-digit' });
}

function storeProblems(status: SystemStatus): Problem[] {
  const store = status.event_store;
  const refusing = store.writes_failing;
  if (refusing !== null)
    return [
      {
        key: 'store-writes',
        severity: 'critical',
        what: `The shop cannot save anything: the database has refused every change since ${perthTime(refusing.since)} (${refusing.message}).`,
        means: 'Checkouts, payments and your own changes fail until it takes them again; customers see an error at checkout.',
        todo: 'Free space on the disk that holds the shop’s data, or bring its database back; the shop carries on by itself once a change goes through.',
      },
    ];
  if (store.status === 'ok') return [];
  return [
    {
      key: 'store-down',
      severity: 'critical',
      what: 'The shop’s database is not answering.',
      means: 'Nothing can be saved or looked up: checkouts, payments and your changes fail.',
      todo: 'Check the database server (or the disk of the built-in one), then press Refresh.',
    },
  ];
}

function readModelProblems(status: SystemStatus): Problem[] {
  const models = status.read_models;
  const screens = models.subscribers.find((s) => s.kind === 'read-models');
  const stopped = models.subscribers.filter((s) => s.kind === 'process-manager' && s.lastError !== null);
  const problems: Problem[] = [];
  const lag = models.lag ?? 0;
  const screensStopped = (screens?.lastError ?? null) !== null;
  if (screensStopped || lag > READ_MODEL_LAG_LIMIT)
    problems.push({
      key: 'screens-stuck',
      severity: 'critical',
      what: screensStopped
        ? 'The lists behind these screens and the shop stopped updating.'
        : `The lists behind these screens and the shop are ${count(lag, 'change', 'changes')} behind.`,
      means: 'New orders, payments and stock changes may not show here or in the shop; nothing is lost, it is all in the log.',
      todo: 'Rebuild them from the log: the screens stay readable meanwhile and switch over when it is done.',
      action: { run: 'rebuild', label: 'Rebuild the lists' },
    });
  else if (lag >= READ_MODEL_LAG_WARNING)
    problems.push({
      key: 'screens-behind',
      severity: 'attention',
      what: `The lists behind these screens are ${count(lag, 'change', 'changes')} behind.`,
      means: 'What just happened may take a moment to show here and in the shop.',
      todo: 'They usually catch up by themselves; if this stays, rebuild them.',
      action: { run: 'rebuild', label: 'Rebuild the lists' },
    });
  for (const job of stopped)
    problems.push({
      key: `job-${job.name}`,
      severity: 'critical',
      what: `Background work has stopped (${job.name}).`,
      means: BACKGROUND_JOBS[job.name] ?? 'Part of the shop’s background work is not being done.',
      todo: 'It starts again by itself from where it stopped. If this stays for more than a few minutes, look for its name in the logs.',
    });
  if (models.status !== 'ok' && problems.length === 0)
    problems.push({
      key: 'lists-down',
      severity: 'critical',
      what: 'The lists behind these screens cannot be read.',
      means: 'Orders, stock and the shop’s pages cannot be shown or may be out of date.',
      todo: 'Check the server that keeps them (MongoDB, when the shop uses one), then press Refresh.',
    });
  return problems;
}

function serviceProblems(status: SystemStatus): Problem[] {
  const problems: Problem[] = [];
  if (status.background_work.holder === null)
    problems.push({
      key: 'no-background-work',
      severity: 'critical',
      what: 'No shop process is running the background work.',
      means: 'Paid orders are not completed, e-mails are not sent and expired checkouts keep their cans.',
      todo: 'Start a shop process again (or restart one): one of them takes the work over within seconds.',
    });
  if (status.stripe_system.status !== 'ok')
    problems.push({
      key: 'payments-down',
      severity: 'critical',
      what: 'The payment provider is not answering.',
      means: 'Customers cannot pay: checkouts fail at the card.',
      todo: 'Check the payment provider’s status page and the shop’s Stripe keys, then press Refresh.',
    });
  if (status.email_system.status !== 'ok')
    problems.push({
      key: 'email-down',
      severity: 'critical',
      what: 'E-mails cannot be sent.',
      means: 'Customers get no confirmations or dispatch news; the e-mails wait and can be sent again.',
      todo: 'Check the mail server and its password, then retry the e-mails.',
      action: { run: 'auto-fix', label: 'Retry the e-mails' },
    });
  return problems;
}

function waitingProblems(status: SystemStatus): Problem[] {
  const issues = status.automation_issues;
  const problems: Problem[] = [];
  const unpaid = issues.payments_without_order.length;
  if (unpaid > 0)
    problems.push({
      key: 'payments-without-order',
      severity: 'attention',
      what: `${count(unpaid, 'payment went', 'payments went')} through without a paid order.`,
      means: 'Those customers paid, but their orders were not completed: no cans sold, no confirmation.',
      todo: 'Auto-Fix completes each order from its payment, or flags it for review when it cannot.',
      action: { run: 'auto-fix', label: 'Recover the orders' },
    });
  const unheard = issues.stale_payments.length;
  if (unheard > 0)
    problems.push({
      key: 'stale-payments',
      severity: 'attention',
      what: `${count(unheard, 'payment was', 'payments were')} never confirmed to the shop.`,
      means: 'The payment provider may have taken them without telling the shop; those orders wait as unpaid.',
      todo: 'Auto-Fix asks the provider about each and completes what it has paid or authorised.',
      action: { run: 'auto-fix', label: 'Check with the provider' },
    });
  const held = issues.expired_reservations.length;
  if (held > 0)
    problems.push({
      key: 'expired-reservations',
      severity: 'attention',
      what: `${count(held, 'expired checkout still holds', 'expired checkouts still hold')} cans.`,
      means: 'Those cans cannot be sold to anyone else until they are released.',
      todo: 'Auto-Fix ends those checkouts and puts their cans back on sale.',
      action: { run: 'auto-fix', label: 'Release the cans' },
    });
  const failed = issues.failed_emails.length;
  if (failed > 0 && status.email_system.status === 'ok')
    problems.push({
      key: 'failed-emails',
      severity: 'attention',
      what: `${count(failed, 'e-mail', 'e-mails')} could not be sent.`,
      means: 'Those customers did not get them (a confirmation, dispatch news, a refund).',
      todo: 'Auto-Fix sends each of them again.',
      action: { run: 'auto-fix', label: 'Retry the e-mails' },
    });
  const orders = issues.orders_needing_attention.length;
  if (orders > 0)
    problems.push({
      key: 'orders-need-you',
      severity: 'attention',
      what: `${count(orders, 'order needs', 'orders need')} you.`,
      means: 'Flagged for review, paid without an invoice number, or late for dispatch: each is listed below with why.',
      todo: 'Open each in Active Orders (search its number) and deal with it there.',
    });
  const low = status.inventory_alerts.critical_products;
  if (low.length > 0)
    problems.push({
      key: 'critical-stock',
      severity: 'attention',
      what: `${count(low.length, 'beer is', 'beers are')} almost sold out.`,
      means: `Customers can buy 5 cans or fewer of ${low.map((beer) => `${beer.name} (${count(beer.inventory, 'can', 'cans')} left)`).join(', ')}.`,
      todo: 'Restock in the Products tab when the cans are there.',
    });
  return problems;
}

/**
 * The System tab's answer to "is anything wrong, and what do I do": "All good", or each problem in plain words
 * with what it means for the shop and the button that fixes it, the critical ones first.
 */
export function operatorVerdict(status: SystemStatus): Verdict {
  const problems = [...storeProblems(status), ...readModelProblems(status), ...serviceProblems(status), ...waitingProblems(status)].sort(
    (a, b) => Number(a.severity === 'attention') - Number(b.severity === 'attention'),
  );
  if (problems.length === 0)
    return {
      overall: 'healthy',
      headline: 'All good',
      summary: 'The shop is taking orders, payments go through and e-mails go out. Nothing needs you here.',
      problems,
    };
  const critical = problems.some((p) => p.severity === 'critical');
  return {
    overall: critical ? 'critical' : 'attention',
    headline: critical ? 'Something is wrong' : 'Needs your attention',
    summary: `${count(problems.length, 'thing needs', 'things need')} you: what it means and what to do below.`,
    problems,
  };
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
