import { createHmac } from 'node:crypto';
import { loadConfig } from '../../../config/app-config';
import { AdminTokens } from './admin-token.service';

const SECRET = 'a-secret-long-enough-to-sign-admin-tokens-with';
const PASSWORD = 'correct horse battery staple';

function tokens(now: { value: Date }): AdminTokens {
  const config = loadConfig({ JWT_SECRET: SECRET, ADMIN_TOKEN_TTL_SECONDS: '3600', ADMIN_PASSWORD: PASSWORD }, '/tmp');
  return new AdminTokens(config, { now: () => now.value }, SECRET);
}
const CREDENTIAL = `password:${PASSWORD}`;

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

  beforeEach(() => {
    now.value = new Date('2026-11-23T01:00:00.000Z');
    service = tokens(now);
  });

  it('given an issued token, it is accepted until it expires after the configured time', () => {
    const { token, expiresAt } = service.issue('staff-1', CREDENTIAL);
    expect(expiresAt).toBe('2026-11-23T02:00:00.000Z');
    expect(service.check(token)).toMatchObject({ ok: true, claims: { sub: 'staff-1', iat, exp: iat + 3600, pwd } });
    now.value = new Date('2026-11-23T01:59:59.000Z');
    expect(service.check(token).ok).toBe(true);
    now.value = new Date('2026-11-23T02:00:00.000Z');
    expect(service.check(token)).toEqual({ ok: false, reason: 'expired' });
  });

  it('accepts a token signed elsewhere with the same secret (standard HS256)', () => {
    expect(service.check(jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'owner', iat, exp: iat + 60, jti: 't-1', pwd })).ok).toBe(true);
  });

  it('takes a token from before staff accounts (subject "admin") for the first owner’s', () => {
    expect(service.check(jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'admin', iat, exp: iat + 60, jti: 't-1', pwd }))).toMatchObject({
      ok: true,
      claims: { sub: 'owner' },
    });
  });

  it('carries a keyed digest of the password it was issued under, another for another password (the bearer compares them)', () => {
    expect(service.check(service.issue('owner', CREDENTIAL).token)).toMatchObject({ ok: true, claims: { pwd } });
    expect(service.credentialDigest(CREDENTIAL)).toBe(pwd);
    expect(service.credentialDigest('password:a new password for the new season')).not.toBe(pwd);
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
        const [h, , s] = service.issue('owner', CREDENTIAL).token.split('.');
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
      'claims',
    ],
    [
      'a subject that is not a person id',
      () => jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 42, iat, exp: iat + 60, jti: 't-1', pwd }),
      'claims',
    ],
  ])('refuses %s', (_name, make, reason) => {
    expect(service.check(make())).toEqual({ ok: false, reason });
  });
});
