import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';

/** 'ok' or 'error' for each part the shop depends on. */
export type HealthState = 'ok' | 'error';

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

/** A projection or process manager fed by the event log, and how far behind the log it is. */
export interface SubscriberStatus {
  name: string;
  kind: 'read-models' | 'process-manager';
  position: number;
  caughtUp: boolean;
  lastError: string | null;
  restarts: number;
  eventsHandled: number;
  lag: number | null;
}

/** The spec's System status; its field names stay snake_case as the spec writes them. */
export interface SystemStatus {
  email_system: { status: HealthState; detail: string };
  stripe_system: { status: HealthState; mode: 'stripe' | 'test'; detail: string };
  event_store: { status: HealthState; adapter: string; detail: string };
  read_models: { status: HealthState; adapter: string; lag: number | null; subscribers: SubscriberStatus[] };
  recent_activity: { orders_last_24h: number; pending_orders: number; paid_orders: number };
  inventory_alerts: { critical_stock_count: number; critical_products: { name: string; inventory: number }[] };
  automation_issues: {
    orders_needing_attention: OrderNeedingAttention[];
    payments_without_order: { paymentIntentId: string; amount: string; createdAt: string }[];
    expired_reservations: { orderId: string; expiredAt: string }[];
    failed_emails: { key: string; to: string; subject: string; error: string | null }[];
  };
  timestamp: string;
}

/** The spec refreshes the System tab on load and every 30 seconds. */
export const SYSTEM_STATUS_REFRESH_MS = 30_000;

export async function getSystemStatus(): Promise<SystemStatus | null> {
  return apiGet<SystemStatus>('/api/admin/system-status');
}

export function systemStatusQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'system-status'],
    queryFn: getSystemStatus,
    refetchInterval: SYSTEM_STATUS_REFRESH_MS,
    // The tab mounts anew each time it is opened: that is the spec's "refresh on load".
    refetchOnMount: 'always',
  });
}

export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions());
}
