import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import { adminQueryKey } from '@/shared/api/admin-query-key';

/** One backup per payment intent (spec section 3, Order backup). Money is a decimal string. */
export interface OrderBackup {
  orderId: string | null;
  customerInfo: { name: string; email: string } | null;
  paymentIntentId: string;
  paymentStatus: string;
  timestamp: string;
  orderItems: { quantity: number; productName: string; unitPrice: string; packSize?: string; cans?: number }[];
  totals: { subtotal: string; shipping: string; total: string } | null;
  amountPaid?: string | null;
  failureMessage?: string | null;
}

export interface PotentiallyMissingOrder extends OrderBackup {
  orderStatus: string | null;
  /** Absent from servers that did not say. */
  orderDeleted?: boolean;
  needsReview: boolean;
}

export interface OrderBackupsResponse {
  backups: OrderBackup[];
  summary: { totalBackups: number; successfulPayments: number; potentiallyMissing: PotentiallyMissingOrder[] };
}

export async function getOrderBackups(): Promise<OrderBackupsResponse | null> {
  return apiGet<OrderBackupsResponse>('/api/admin/order-backups');
}

export function orderBackupsQueryOptions() {
  return queryOptions({ queryKey: adminQueryKey('order-backups'), queryFn: getOrderBackups });
}

export function useOrderBackups() {
  return useQuery(orderBackupsQueryOptions());
}
