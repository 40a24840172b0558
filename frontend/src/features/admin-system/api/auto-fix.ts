import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

export interface AutoFixResult {
  fixes_applied: string[];
}

export async function runAutoFix(): Promise<AutoFixResult> {
  return apiJson<AutoFixResult>('POST', '/api/admin/auto-fix');
}

/** Fixes touch orders, stock, payments and e-mails: refetch every admin view. */
export function useAutoFix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAutoFix,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
