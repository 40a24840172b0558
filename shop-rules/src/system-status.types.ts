/** `GET /api/admin/system-status`: the shapes the server sends and the System tab reads. */

/** 'ok' or 'error' for each part the shop depends on. */
export type HealthStatus = 'ok' | 'error';

/** A projection or process manager fed by the event log, and how far behind the log it is. */
export interface SubscriberStatusView {
  name: string;
  kind: 'read-models' | 'process-manager';
  /** Global position of the last event fully handled; -1 before the first. */
  position: number;
  caughtUp: boolean;
  lastError: string | null;
  restarts: number;
  /** Events delivered since start (or since the last rebuild). */
  eventsHandled: number;
  /** Events in the log not yet handled; null when the log's head is unknown. */
  lag: number | null;
}

export interface OrderNeedingAttention {
  id: string;
  customerName: string;
  customerEmail: string;
  status: string;
  invoiceNumber: string | null;
  totalAmount: string;
  createdAt: string;
  /** Every reason, in sentences, joined by '; '. */
  issue: string;
}

export interface PaymentWithoutOrder {
  paymentIntentId: string;
  /** Dollars, as a decimal string. */
  amount: string;
  createdAt: string;
}

/** A payment the shop still has as "created" 15 minutes after its checkout: its webhook may never have arrived. */
export interface StalePayment {
  paymentIntentId: string;
  orderId: string | null;
  /** Dollars, as a decimal string. */
  amount: string;
  createdAt: string;
  /** What the payment provider reports now (Stripe's words: succeeded, requires_capture, canceled…); null when it does not know the payment or did not answer. */
  providerStatus: string | null;
}

export interface ExpiredReservation {
  orderId: string;
  expiredAt: string;
}

export interface FailedEmail {
  key: string;
  to: string;
  subject: string;
  error: string | null;
}

/** The spec's System status; its field names stay snake_case, as the spec writes them. */
export interface SystemStatus {
  email_system: { status: HealthStatus; detail: string };
  stripe_system: { status: HealthStatus; mode: 'stripe' | 'test'; detail: string };
  /**
   * `error` when the store does not answer, or refuses writes: `writes_failing` says since when and why (the disk is
   * full, the database is gone), null while writes go through.
   */
  event_store: { status: HealthStatus; adapter: string; detail: string; writes_failing: { since: string; message: string } | null };
  read_models: { status: HealthStatus; adapter: string; lag: number | null; subscribers: SubscriberStatusView[] };
  recent_activity: { orders_last_24h: number; pending_orders: number; paid_orders: number };
  inventory_alerts: { critical_stock_count: number; critical_products: { name: string; inventory: number }[] };
  automation_issues: {
    orders_needing_attention: OrderNeedingAttention[];
    payments_without_order: PaymentWithoutOrder[];
    stale_payments: StalePayment[];
    expired_reservations: ExpiredReservation[];
    failed_emails: FailedEmail[];
  };
  /**
   * Who runs the work that must happen once (completing paid orders, sending e-mails, ending expired checkouts):
   * the process holding the lease (`holder`, null when none does), and whether it is the one that answered.
   */
  background_work: { holder: string | null; this_process: boolean };
  /** The runtime the shop runs on (`node`: Node's version, e.g. `v22.11.0`). */
  software: { node: string };
  timestamp: string;
}
