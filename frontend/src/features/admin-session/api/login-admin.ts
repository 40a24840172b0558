import type { AdminLoginResult } from '@brewery/shop-rules';
import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

/**
 * `POST /api/admin/login`. Without an e-mail the password is the first owner's (the admin password, as before
 * staff accounts); `code` only once the server has asked for it (401 `two_factor_code_required`).
 */
export interface AdminLoginRequest {
  email?: string;
  password: string;
  code?: string;
}

/** The refusal that asks for the second step: the password was right, and the person has two-factor codes on. */
export const TWO_FACTOR_CODE_REQUIRED = 'two_factor_code_required';
/** A code that does not match (the password was right). */
export const INVALID_TWO_FACTOR_CODE = 'invalid_two_factor_code';

export async function loginAdmin(request: AdminLoginRequest): Promise<AdminLoginResult> {
  return apiJson<AdminLoginResult>('POST', '/api/admin/login', request);
}

export function useLoginAdmin() {
  return useMutation({ mutationFn: loginAdmin });
}
