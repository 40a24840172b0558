import type { AdminLoginResult } from '@brewery/shop-rules';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

export async function loginAdmin(password: string): Promise<AdminLoginResult> {
  return apiJson<AdminLoginResult>('POST', '/api/admin/login', { password });
}

export function useLoginAdmin() {
  return useMutation({ mutationFn: loginAdmin });
}
