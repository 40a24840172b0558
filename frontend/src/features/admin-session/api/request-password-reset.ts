import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

/**
 * `POST /api/admin/password-reset`: e-mails a reset link if the address belongs to someone on the staff. The
 * answer's message is the same either way (nobody learns from it who works here).
 */
export async function requestPasswordReset(email: string): Promise<{ message: string }> {
  return apiJson<{ message: string }>('POST', '/api/admin/password-reset', { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
