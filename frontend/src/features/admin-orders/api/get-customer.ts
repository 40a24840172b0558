import { useQuery } from '@tanstack/react-query';
import type { CustomerView } from '@brewery/shop-rules';
import { apiGet } from '@/shared/api/api-client';
import { ADMIN_ORDERS_KEY } from './get-admin-orders';

export type { CustomerView } from '@brewery/shop-rules';

export async function getCustomer(email: string): Promise<CustomerView | null> {
  return apiGet<CustomerView>(`/api/admin/customers/${encodeURIComponent(email)}`);
}

/** One customer's orders and figures, read when the view is open (under the orders' key: it moves with them). */
export function useCustomer(email: string, open: boolean) {
  return useQuery({ queryKey: [...ADMIN_ORDERS_KEY, 'customer', email.toLowerCase()], queryFn: () => getCustomer(email), enabled: open });
}
