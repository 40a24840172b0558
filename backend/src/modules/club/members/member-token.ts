import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The member's own link (`/club/manage?token=…`), in every club e-mail: `<member id>.<signature>`, signed with the
 * server secret. Whoever holds it manages that membership; nobody can make one for another member.
 */
export function memberToken(secret: string, memberId: string): string {
  return `${memberId}.${signature(secret, memberId)}`;
}

/** The member a token is for, or null when the server did not sign it. */
export function memberIdOfToken(secret: string, token: unknown): string | null {
  if (typeof token !== 'string' || token.length > 100) return null;
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (match === null) return null;
  const memberId = match[1] ?? '';
  const expected = Buffer.from(signature(secret, memberId));
  const given = Buffer.from(match[2] ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected) ? memberId : null;
}

export function manageUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/club/manage?token=${encodeURIComponent(token)}`;
}

function signature(secret: string, memberId: string): string {
  return createHmac('sha256', secret).update(`club-member\0${memberId}`).digest('base64url').slice(0, 22);
}
