import { apiRequest } from '@/shared/api/api-client';

/** `POST /api/admin/orders/export`: the orders placed in a period, narrowed like the Active Orders search. */
export interface OrdersExport {
  startDate: string;
  endDate: string;
  q?: string;
  status?: readonly string[];
}

/** The CSV and the name it is saved under (`orders-{start}-to-{end}.csv`, as the server names it too). */
export async function exportOrders(request: OrdersExport): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiRequest('POST', '/api/admin/orders/export', request);
  return { blob: await response.blob(), fileName: `orders-${request.startDate}-to-${request.endDate}.csv` };
}
