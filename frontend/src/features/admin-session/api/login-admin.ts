import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

export interface AdminLoginResult {
  token: string;
  /** When the token stops working (ISO-8601). */
  expiresAt: string;
}

export async function loginAdmin(password: string): Promise<AdminLoginResult> {
  return apiJson<AdminLoginResult>('POST', '/api/admin/login', { password });
}

export function useLoginAdmin() {
  return useMutation({ mutationFn: loginAdmin });
}
