import { createHash, randomBytes } from 'node:crypto';

/**
 * Links that work once (an invitation, a password reset): `<person id>.<32 random bytes>`. Only the SHA-256 of
 * the whole token is recorded, so the log cannot be turned back into a working link.
 */
export function newOneTimeToken(staffId: string): { token: string; hash: string } {
  const token = `${staffId}.${randomBytes(32).toString('base64url')}`;
  return { token, hash: tokenHash(token) };
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** The person a token names, or null for anything that is not shaped like one. */
export function tokenStaffId(token: string): string | null {
  const match = /^([A-Za-z0-9-]{1,64})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match?.[1] ?? null;
}

/** Ten recovery codes (`xxxx-xxxx-xx`, about 50 bits each), and their hashes for the log. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const codes = Array.from({ length: 10 }, () => {
    const raw = [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 10)}`;
  });
  return { codes, hashes: codes.map(recoveryCodeHash) };
}

export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(`recovery:${code.trim().toLowerCase()}`, 'utf8').digest('base64url');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{2}$/i.test(code.trim());
}
