import { describe, expect, it } from 'vitest';
import type { SystemStatus } from './api/get-system-status';
import { automationIssueCount, operatorVerdict } from './system-problems';
import { aSubscriber, aSystemStatus } from './system-status.fixture';

const issues = aSystemStatus().automation_issues;
const order = {
  id: '1001',
  customerName: 'Jo',
  customerEmail: 'jo@example.com',
  status: 'pending',
  invoiceNumber: null,
  totalAmount: '34.00',
  createdAt: '2026-11-21T00:00:00.000Z',
  issue: 'Paid but still pending',
};
const readModels = (lag: number, extra: Partial<SystemStatus['read_models']> = {}): SystemStatus['read_models'] => ({
  status: 'ok',
  adapter: 'memory',
  lag,
  subscribers: [aSubscriber({ lag })],
  ...extra,
});

describe('the System tab in plain words', () => {
  it('given every service answering and nothing waiting, then "All good" and nothing to do', () => {
    expect(operatorVerdict(aSystemStatus())).toEqual({
      overall: 'healthy',
      headline: 'All good',
      summary: 'The shop is taking orders, payments go through and e-mails go out. Nothing needs you here.',
      problems: [],
    });
  });

  it('given an embedded store answering, ten background jobs a few events behind, then still "All good": internals are no problem', () => {
    const status = aSystemStatus({
      event_store: {
        status: 'ok',
        adapter: 'pglite',
        detail: 'embedded PGlite in a worker thread (no fsync; single writer)',
        writes_failing: null,
      },
      read_models: readModels(3, {
        subscribers: Array.from({ length: 10 }, (_, i) => aSubscriber({ name: `job-${i}`, kind: 'process-manager', lag: 3 })),
      }),
    });
    expect(operatorVerdict(status).headline).toBe('All good');
  });

  it.each<{ given: string; status: SystemStatus; key: string; severity: string; what: RegExp; action?: { run: string; label: string } }>([
    {
      given: 'the store refusing writes (a full disk)',
      status: aSystemStatus({
        event_store: {
          status: 'error',
          adapter: 'pglite',
          detail: 'answering',
          writes_failing: { since: '2026-11-22T01:00:00.000Z', message: 'the disk is full (ENOSPC)' },
        },
      }),
      key: 'store-writes',
      severity: 'critical',
      what: /^The shop cannot save anything: the database has refused every change since 9:00 am \(the disk is full \(ENOSPC\)\)\.$/,
    },
    {
      given: 'the store not answering',
      status: aSystemStatus({ event_store: { status: 'error', adapter: 'postgres', detail: 'ECONNREFUSED', writes_failing: null } }),
      key: 'store-down',
      severity: 'critical',
      what: /^The shop’s database is not answering\.$/,
    },
    {
      given: 'the read models stopped on an error',
      status: aSystemStatus({ read_models: readModels(0, { status: 'error', subscribers: [aSubscriber({ lastError: 'boom' })] }) }),
      key: 'screens-stuck',
      severity: 'critical',
      what: /stopped updating/,
      action: { run: 'rebuild', label: 'Rebuild the lists' },
    },
    {
      given: 'the read models 1,500 events behind',
      status: aSystemStatus({ read_models: readModels(1500, { status: 'error' }) }),
      key: 'screens-stuck',
      severity: 'critical',
      what: /1500 changes behind/,
      action: { run: 'rebuild', label: 'Rebuild the lists' },
    },
    {
      given: 'the read models 250 events behind',
      status: aSystemStatus({ read_models: readModels(250) }),
      key: 'screens-behind',
      severity: 'attention',
      what: /250 changes behind/,
      action: { run: 'rebuild', label: 'Rebuild the lists' },
    },
    {
      given: 'the payment-completion job stopped',
      status: aSystemStatus({
        read_models: readModels(0, {
          status: 'error',
          subscribers: [aSubscriber(), aSubscriber({ name: 'payment-completion', kind: 'process-manager', lastError: 'capture failed' })],
        }),
      }),
      key: 'job-payment-completion',
      severity: 'critical',
      what: /^Background work has stopped \(payment-completion\)\.$/,
    },
    {
      given: 'the document store down',
      status: aSystemStatus({ read_models: readModels(0, { status: 'error' }) }),
      key: 'lists-down',
      severity: 'critical',
      what: /cannot be read/,
    },
    {
      given: 'no process holding the lease',
      status: aSystemStatus({ background_work: { holder: null, this_process: false } }),
      key: 'no-background-work',
      severity: 'critical',
      what: /No shop process is running the background work/,
    },
    {
      given: 'the payment provider not answering',
      status: aSystemStatus({ stripe_system: { status: 'error', mode: 'stripe', detail: 'Stripe did not answer' } }),
      key: 'payments-down',
      severity: 'critical',
      what: /^The payment provider is not answering\.$/,
    },
    {
      given: 'e-mail failing',
      status: aSystemStatus({ email_system: { status: 'error', detail: 'SMTP refused' } }),
      key: 'email-down',
      severity: 'critical',
      what: /^E-mails cannot be sent\.$/,
      action: { run: 'auto-fix', label: 'Retry the e-mails' },
    },
    {
      given: 'a payment without its order',
      status: aSystemStatus({
        automation_issues: {
          ...issues,
          payments_without_order: [{ paymentIntentId: 'pi_1', amount: '34.00', createdAt: order.createdAt }],
        },
      }),
      key: 'payments-without-order',
      severity: 'attention',
      what: /^1 payment went through without a paid order\.$/,
      action: { run: 'auto-fix', label: 'Recover the orders' },
    },
    {
      given: 'two payments never confirmed',
      status: aSystemStatus({
        automation_issues: {
          ...issues,
          stale_payments: ['pi_1', 'pi_2'].map((id) => ({
            paymentIntentId: id,
            orderId: null,
            amount: '1.00',
            createdAt: order.createdAt,
            providerStatus: null,
          })),
        },
      }),
      key: 'stale-payments',
      severity: 'attention',
      what: /^2 payments were never confirmed to the shop\.$/,
      action: { run: 'auto-fix', label: 'Check with the provider' },
    },
    {
      given: 'an expired checkout holding cans',
      status: aSystemStatus({ automation_issues: { ...issues, expired_reservations: [{ orderId: '9', expiredAt: order.createdAt }] } }),
      key: 'expired-reservations',
      severity: 'attention',
      what: /^1 expired checkout still holds cans\.$/,
      action: { run: 'auto-fix', label: 'Release the cans' },
    },
    {
      given: 'three failed e-mails',
      status: aSystemStatus({
        automation_issues: {
          ...issues,
          failed_emails: ['a', 'b', 'c'].map((key) => ({ key, to: 'jo@example.com', subject: 'Your order', error: 'refused' })),
        },
      }),
      key: 'failed-emails',
      severity: 'attention',
      what: /^3 e-mails could not be sent\.$/,
      action: { run: 'auto-fix', label: 'Retry the e-mails' },
    },
    {
      given: 'an order needing attention',
      status: aSystemStatus({ automation_issues: { ...issues, orders_needing_attention: [order] } }),
      key: 'orders-need-you',
      severity: 'attention',
      what: /^1 order needs you\.$/,
    },
    {
      given: 'a beer at critical stock',
      status: aSystemStatus({
        inventory_alerts: { critical_stock_count: 1, critical_products: [{ name: 'Quokka Pale Ale', inventory: 2 }] },
      }),
      key: 'critical-stock',
      severity: 'attention',
      what: /^1 beer is almost sold out\.$/,
    },
  ])('given $given, then it says so in plain words, what it means and what to do', ({ status, key, severity, what, action }) => {
    const verdict = operatorVerdict(status);
    expect(verdict.overall).toBe(severity);
    expect(verdict.headline).toBe(severity === 'critical' ? 'Something is wrong' : 'Needs your attention');
    expect(verdict.problems.map((p) => p.key)).toEqual([key]);
    const [problem] = verdict.problems;
    expect(problem?.what).toMatch(what);
    expect(problem?.means.length).toBeGreaterThan(10);
    expect(problem?.todo.length).toBeGreaterThan(10);
    expect(problem?.action).toEqual(action);
  });

  it('names the beers almost sold out and the cans left', () => {
    const status = aSystemStatus({
      inventory_alerts: {
        critical_stock_count: 2,
        critical_products: [
          { name: 'Quokka Pale Ale', inventory: 1 },
          { name: 'Swan Valley Lager', inventory: 0 },
        ],
      },
    });
    expect(operatorVerdict(status).problems[0]?.means).toBe(
      'Customers can buy 5 cans or fewer of Quokka Pale Ale (1 can left), Swan Valley Lager (0 cans left).',
    );
  });

  it('lists the critical problems before what waits on the operator, and counts them all in the summary', () => {
    const status = aSystemStatus({
      email_system: { status: 'error', detail: 'SMTP refused' },
      automation_issues: { ...issues, orders_needing_attention: [order] },
      inventory_alerts: { critical_stock_count: 1, critical_products: [{ name: 'Quokka Pale Ale', inventory: 2 }] },
    });
    const verdict = operatorVerdict(status);
    expect(verdict.problems.map((p) => p.severity)).toEqual(['critical', 'attention', 'attention']);
    expect(verdict.summary).toBe('3 things need you: what it means and what to do below.');
  });

  it('counts the automation issues Auto-Fix can act on', () => {
    expect(automationIssueCount(aSystemStatus({ automation_issues: { ...issues, orders_needing_attention: [order, order] } }))).toBe(2);
  });
});
