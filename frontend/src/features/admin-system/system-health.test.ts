import { describe, expect, it } from 'vitest';
import type { SystemStatus } from './api/get-system-status';
import { automationIssueCount, summariseHealth } from './system-health';
import { aSystemStatus } from './system-status.fixture';

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

describe('health summary', () => {
  it.each<{ given: string; status: SystemStatus; overall: string; findings: string[] }>([
    { given: 'every service ok and nothing waiting', status: aSystemStatus(), overall: 'healthy', findings: [] },
    {
      given: 'e-mail failing',
      status: aSystemStatus({ email_system: { status: 'error', detail: 'SMTP refused' } }),
      overall: 'critical',
      findings: ['E-mail is not being delivered.'],
    },
    {
      given: 'the payment provider failing',
      status: aSystemStatus({ stripe_system: { status: 'error', mode: 'stripe', detail: 'Stripe did not answer' } }),
      overall: 'critical',
      findings: ['The payment provider is not reachable.'],
    },
    {
      given: 'read models 250 events behind',
      status: aSystemStatus({ read_models: { status: 'ok', adapter: 'memory', lag: 250, subscribers: [] } }),
      overall: 'attention',
      findings: ['The read models are 250 events behind.'],
    },
    {
      given: 'read models 99 events behind',
      status: aSystemStatus({ read_models: { status: 'ok', adapter: 'memory', lag: 99, subscribers: [] } }),
      overall: 'healthy',
      findings: [],
    },
    {
      given: 'one order needing attention and two critical beers',
      status: aSystemStatus({
        automation_issues: { ...issues, orders_needing_attention: [order] },
        inventory_alerts: {
          critical_stock_count: 2,
          critical_products: [
            { name: 'A', inventory: 1 },
            { name: 'B', inventory: 3 },
          ],
        },
      }),
      overall: 'attention',
      findings: ['1 order needs attention.', '2 beers are at critical stock.'],
    },
    {
      given: 'an orphan payment, a payment not heard of, an expired reservation and a failed e-mail',
      status: aSystemStatus({
        automation_issues: {
          orders_needing_attention: [],
          payments_without_order: [{ paymentIntentId: 'pi_1', amount: '34.00', createdAt: '2026-11-21T00:00:00.000Z' }],
          stale_payments: [
            {
              paymentIntentId: 'pi_2',
              orderId: '1003',
              amount: '34.00',
              createdAt: '2026-11-21T00:00:00.000Z',
              providerStatus: 'requires_capture',
            },
          ],
          expired_reservations: [{ orderId: '1002', expiredAt: '2026-11-21T00:00:00.000Z' }],
          failed_emails: [{ key: 'k', to: 'jo@example.com', subject: 'Order confirmed', error: 'refused' }],
        },
      }),
      overall: 'attention',
      findings: [
        '1 payment has no paid order.',
        '1 payment has not been heard of for 15 minutes.',
        '1 expired reservation is still holding cans.',
        '1 e-mail failed to send.',
      ],
    },
  ])('given $given, the verdict is $overall', ({ status, overall, findings }) => {
    expect(summariseHealth(status)).toEqual({ overall, findings });
  });

  it('counts every automation issue', () => {
    const status = aSystemStatus({
      automation_issues: {
        ...issues,
        orders_needing_attention: [order, { ...order, id: '1003' }],
        expired_reservations: [{ orderId: '9', expiredAt: '' }],
      },
    });
    expect(automationIssueCount(status)).toBe(3);
  });
});
