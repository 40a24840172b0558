import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/shared/api/api-client';

/** What an e-mailed link is for: an invitation to join the staff, or a password reset. */
export type PasswordLinkKind = 'invite' | 'reset';

const PATHS: Readonly<Record<PasswordLinkKind, string>> = {
  invite: '/api/admin/invites/accept',
  reset: '/api/admin/password-reset/complete',
};

export interface ChoosePasswordRequest {
  kind: PasswordLinkKind;
  /** The token from the link's `?token=`. */
  token: string;
  password: string;
}

/**
 * `POST /api/admin/invites/accept` or `POST /api/admin/password-reset/complete`: sets the password the link is for.
 * Refusals: 400 `weak_password` (its `fields.password` says why), 404 when the link is unknown, used or expired.
 */
export async function choosePassword({ kind, token, password }: ChoosePasswordRequest): Promise<unknown> {
  return apiJson<unknown>('POST', PATHS[kind], { token, password });
}

export function useChoosePassword() {
  return useMutation({ mutationFn: choosePassword });
}
