import type { CollectionOutcome } from '@brewery/shop-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';
import type { IdType } from './get-admin-orders';

export interface CollectionRecord {
  orderId: string;
  /** The operator ticked that the collector's photo ID shows them 18 or older: the server refuses anything else. */
  idChecked: true;
  idType: IdType;
  /** Who collected it for the customer; absent: the customer. */
  collectedBy?: string;
}

export async function recordCollection({ orderId, ...handOver }: CollectionRecord): Promise<CollectionOutcome> {
  return apiJson<CollectionOutcome>('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/collected`, handOver);
}

/** A hand-over sets the order Delivered: the lists, the cellar door's, histories and reports all move. */
export function useRecordCollection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordCollection, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }) });
}
