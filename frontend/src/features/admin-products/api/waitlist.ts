import type { WaitlistRemoval, WaitlistView } from '@brewery/shop-rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiJson, apiRequest } from '@/shared/api/api-client';
import { adminProductsQueryOptions } from './get-admin-products';

export type { WaitlistEntry, WaitlistView } from '@brewery/shop-rules';

const path = (productId: string) => `/api/admin/products/${encodeURIComponent(productId)}/waitlist`;

/** `GET /api/admin/products/{id}/waitlist`: who asked to hear the beer is back, and where each stands. */
export async function getWaitlist(productId: string): Promise<WaitlistView | null> {
  return apiGet<WaitlistView>(path(productId));
}

/** Under the products' key: a product change, or a removal, shows in an open list. */
export function waitlistQueryOptions(productId: string) {
  return queryOptions({
    queryKey: [...adminProductsQueryOptions().queryKey, productId, 'waitlist'],
    queryFn: () => getWaitlist(productId),
  });
}

export function useWaitlist(productId: string, enabled: boolean) {
  return useQuery({ ...waitlistQueryOptions(productId), enabled });
}

/** `GET …/waitlist.csv`, as a file to save (`waiting-list-{slug}.csv`, as the server names it). */
export async function exportWaitlist(productId: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiRequest('GET', `${path(productId)}.csv`);
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  return { blob: await response.blob(), fileName: named ?? 'waiting-list.csv' };
}

export function useExportWaitlist() {
  return useMutation({ mutationFn: exportWaitlist });
}

export interface RemoveFromWaitlistRequest {
  productId: string;
  emails: string[];
  reason?: string;
}

/** `POST …/waitlist/remove`: takes the addresses off the list, each removal recorded with the reason. */
export async function removeFromWaitlist({ productId, emails, reason }: RemoveFromWaitlistRequest): Promise<WaitlistRemoval> {
  return apiJson<WaitlistRemoval>('POST', `${path(productId)}/remove`, reason === undefined ? { emails } : { emails, reason });
}

export function useRemoveFromWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFromWaitlist,
    // The list and the card's count both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminProductsQueryOptions().queryKey }),
  });
}
