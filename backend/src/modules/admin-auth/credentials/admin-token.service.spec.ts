import { createHmac } from 'node:crypto';
import { loadConfig } from '../../../config/app-config';
import { AdminTokens } from './admin-token.service';

const SECRET = 'a-secret-long-enough-to-sign-admin-tokens-with';

function tokens(now: { value: Date }, secret = SECRET): AdminTokens {
  const config = loadConfig({ JWT_SECRET: secret, ADMIN_TOKEN_TTL_SECONDS: '3600' }, '/tmp');
  return new AdminTokens(config, { now: () => now.value });
}

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const sign = (input: string, secret = SECRET): string => createHmac('sha256', secret).update(input).digest('base64url');
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
    service = tokens(now);
    await service.onModuleInit();
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
    expect(service.check(jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'admin', iat, exp: iat + 60 })).ok).toBe(true);
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
    ['a past expiry', () => jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'admin', iat: iat - 120, exp: iat - 60 }), 'expired'],
    ['no expiry', () => jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'admin', iat }), 'claims'],
    ['another subject', () => jwt({ alg: 'HS256', typ: 'JWT' }, { sub: 'customer', iat, exp: iat + 60 }), 'claims'],
  ])('refuses %s', (_name, make, reason) => {
    expect(service.check(make())).toEqual({ ok: false, reason });
  });
});
