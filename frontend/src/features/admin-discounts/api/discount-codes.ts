import type {
  AdminProduct,
  CreateDiscountCodeRequest,
  DiscountCodeHistoryEntry,
  DiscountCodeList,
  DiscountCodeView,
} from '@brewery/shop-rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiJson } from '@/shared/api/api-client';
import { ADMIN_QUERY_KEY, adminQueryKey } from '@/shared/api/admin-query-key';

export type { CreateDiscountCodeRequest, DiscountCodeHistoryEntry, DiscountCodeView } from '@brewery/shop-rules';

export const DISCOUNT_CODES_PATH = '/api/admin/discount-codes';

const codePath = (code: string) => `${DISCOUNT_CODES_PATH}/${encodeURIComponent(code)}`;

/** `GET /api/admin/discount-codes`: every code, with its terms, uses, revenue and the discount it gave. */
export async function getDiscountCodes(): Promise<DiscountCodeView[]> {
  return (await apiGet<DiscountCodeList>(DISCOUNT_CODES_PATH))?.codes ?? [];
}

export function discountCodesQueryOptions() {
  return queryOptions({ queryKey: adminQueryKey('discount-codes'), queryFn: getDiscountCodes });
}

export function useDiscountCodes() {
  return useQuery(discountCodesQueryOptions());
}

/** `GET /api/admin/discount-codes/{code}/history`: who did what with the code, oldest first. */
export function discountCodeHistoryQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...discountCodesQueryOptions().queryKey, code, 'history'],
    queryFn: async () => (await apiGet<DiscountCodeHistoryEntry[]>(`${codePath(code)}/history`)) ?? [],
  });
}

export function useDiscountCodeHistory(code: string) {
  return useQuery(discountCodeHistoryQueryOptions(code));
}

/** The beers a code may be limited to: the admin's product list (the same query as the Products tab's). */
export function useDiscountBeers() {
  return useQuery(
    queryOptions({
      queryKey: adminQueryKey('products'),
      queryFn: async () => (await apiGet<AdminProduct[]>('/api/admin/products')) ?? [],
    }),
  );
}

/** A change to a code reads the admin's data again (the list, the open history, the day's figures). */
function useCodeChange<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }) });
}

/** `POST /api/admin/discount-codes`: a new code (201). 400 names the field that is wrong; 409 `code_taken`. */
export function useCreateDiscountCode() {
  return useCodeChange((request: CreateDiscountCodeRequest) => apiJson<DiscountCodeView>('POST', DISCOUNT_CODES_PATH, request));
}

/** `POST /api/admin/discount-codes/{code}/disable`: the code stops applying at once (orders priced with it keep it). */
export function useDisableDiscountCode() {
  return useCodeChange((code: string) => apiJson<DiscountCodeView>('POST', `${codePath(code)}/disable`));
}
