import { createHmac } from 'node:crypto';
import { loadConfig } from '../../../config/app-config';
import { AdminCredentials } from './admin-credentials.service';
import { AdminTokens } from './admin-token.service';

const SECRET = 'a-secret-long-enough-to-sign-admin-tokens-with';
const PASSWORD = 'correct horse battery staple';

async function tokens(now: { value: Date }, password = PASSWORD): Promise<AdminTokens> {
  const config = loadConfig({ JWT_SECRET: SECRET, ADMIN_TOKEN_TTL_SECONDS: '3600', ADMIN_PASSWORD: password }, '/tmp');
  const credentials = new AdminCredentials(config, () => undefined);
  await credentials.onModuleInit();
  return new AdminTokens(config, { now: () => now.value }, credentials, SECRET);
}

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (input: string, secret = SECRET): string => createHmac('sha256', secret).update(input).digest('base64url');
/** The password claim as the server computes it: a keyed digest of the configured password. */
const pwd = sign(`admin-password:password:${PASSWORD}`).slice(0, 22);
const jwt = (header: unknown, payload: unknown, secret = SECRET): string => {
  const unsigned = `${b64(header)}.${b64(payload)}`;
  return `${unsigned}.${sign(unsigned, secret)}`;
};

describe('admin bearer tokens', () => {
  const now = { value: new Date('2026-11-23T01:00:00.000Z') };
  const iat = Math.floor(now.value.getTime() / 1000);
  let service: AdminTokens;

  beforeEach(async () => {
    now.value = new Date('2026-11-23T01:00:00.000Z');
    service = await tokens(now);
  });

  it('given an issued token, it is accepted until it expires after the configured time', () => {
    const { token, expiresAt } = service.issue();
    expect(expiresAt).toBe('2026-11-23T02:00:00.000Z');
    expect(service.check(token)).toMatchObject({ ok: true, claims: { sub: 'admin', iat, exp: iat + 3600 } });
    now.value = new Date('2026-11-23T01:59:59.000Z');
    expect(service.check(token).ok).toBe(true);
    now.value = new Date('2026-11-23T02:00:00.000Z');
    expect(service.check(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('accepts a token signed elsewhere with the same secret (standard HS256)', () => {
    expect(service.check(jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'admin', iat, exp: iat + 60, jti: 't-1', pwd })).ok).toBe(true);
  });

  it('given the admin password changed since a token was issued, then the token is refused', async () => {
    const { token } = service.issue();
    const sameAgain = await tokens(now);
    expect(sameAgain.check(token).ok).toBe(true);
    const changed = await tokens(now, 'a new password for the new season');
    expect(changed.check(token)).toEqual({ ok: false, reason: 'password_changed' });
    expect(changed.check(changed.issue().token).ok).toBe(true);
  });

  it.each<[string, () => string, string]>([
    ['empty', () => '', 'malformed'],
    ['not a JWT', () => 'hello', 'malformed'],
    ['four segments', () => `${jwt({ alg: 'HS256' }, { sub: 'admin', iat, exp: iat + 60 })}.x`, 'malformed'],
    ['a header that is not JSON', () => `bm90IGpzb24.${b64({ sub: 'admin' })}.${sign('x')}`, 'malformed'],
    [
      'alg none without a signature',
      () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'admin', iat, exp: iat + 60 })}.`,
      'malformed',
    ],
    ['alg none with a signature', () => jwt({ alg: 'none', typ: 'JWT' }, { sub: 'admin', iat, exp: iat + 60 }), 'algorithm'],
    ['alg HS512', () => jwt({ alg: 'HS512', typ: 'JWT' }, { sub: 'admin', iat, exp: iat + 60 }), 'algorithm'],
    ['alg RS256', () => jwt({ alg: 'RS256' }, { sub: 'admin', iat, exp: iat + 60 }), 'algorithm'],
    [
      'a wrong key',
      () => jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'admin', iat, exp: iat + 60 }, 'another-secret-that-is-also-long-enough'),
      'signature',
    ],
    [
      'a changed payload',
      () => {
        const [h, , s] = service.issue().token.split('.');
        return `${h}.${b64({ sub: 'admin', iat, exp: iat + 999999 })}.${s}`;
      },
      'signature',
    ],
    ['a past expiry', () => jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'admin', iat: iat - 120, exp: iat - 60, jti: 't-1', pwd }), 'expired'],
    ['no expiry', () => jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'admin', iat }), 'claims'],
    ['no token id', () => jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'admin', iat, exp: iat + 60, pwd }), 'claims'],
    [
      'no password claim (issued before tokens carried one)',
      () => jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'admin', iat, exp: iat + 60, jti: 't-1' }),
      'password_changed',
    ],
    ['another subject', () => jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'customer', iat, exp: iat + 60 }), 'claims'],
  ])('refuses %s', (_name, make, reason) => {
    expect(service.check(make())).toEqual({ ok: false, reason });
  });
});
