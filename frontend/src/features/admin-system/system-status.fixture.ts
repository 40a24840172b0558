import type { SubscriberStatus, SystemStatus } from './api/get-system-status';

export function aSubscriber(overrides: Partial<SubscriberStatus> = {}): SubscriberStatus {
  return {
    name: 'read-models',
    kind: 'read-models',
    position: 120,
    caughtUp: true,
    lastError: null,
    restarts: 0,
    eventsHandled: 120,
    lag: 0,
    ...overrides,
  };
}

/** A healthy shop; tests override what they need. */
export function aSystemStatus(overrides: Partial<SystemStatus> = {}): SystemStatus {
  return {
    email_system: { status: 'ok', detail: 'Writing to the local outbox' },
    stripe_system: { status: 'ok', mode: 'test', detail: 'Local test gateway' },
    event_store: { status: 'ok', adapter: 'pglite', detail: 'Appending', writes_failing: null },
    read_models: { status: 'ok', adapter: 'memory', lag: 0, subscribers: [aSubscriber({ name: 'read-models' })] },
    recent_activity: { orders_last_24h: 3, pending_orders: 1, paid_orders: 2 },
    inventory_alerts: { critical_stock_count: 0, critical_products: [] },
    automation_issues: {
      orders_needing_attention: [],
      payments_without_order: [],
      stale_payments: [],
      expired_reservations: [],
      failed_emails: [],
    },
    background_work: { holder: 'shop-1', this_process: true },
    software: { node: 'v22.11.0' },
    timestamp: '2026-11-22T01:00:00.000Z',
    ...overrides,
  };
}
