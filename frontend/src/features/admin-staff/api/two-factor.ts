import type { TwoFactorConfirmed, TwoFactorEnrolment } from '@brewery/shop-rules';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';
import { ADMIN_QUERY_KEY } from '@/shared/api/admin-query-key';

export type { TwoFactorConfirmed, TwoFactorEnrolment } from '@brewery/shop-rules';

const PATH = '/api/admin/me/two-factor';

/** `POST /api/admin/me/two-factor`: a new secret for the authenticator app, shown once. Nothing is on yet. */
export function useStartTwoFactor() {
  return useMutation({ mutationFn: () => apiJson<TwoFactorEnrolment>('POST', PATH) });
}

/**
 * `POST /api/admin/me/two-factor/confirm`: the app's current code turns the codes on, and ten recovery codes come
 * back, shown once. Who I am is read again: an admin that showed only My account (the owner requires codes) opens.
 */
export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiJson<TwoFactorConfirmed>('POST', `${PATH}/confirm`, { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}

/** `DELETE /api/admin/me/two-factor`: sign-in asks for the password alone again. */
export function useTurnOffTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ enabled: false }>('DELETE', PATH),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
  });
}
