import { Inject, Injectable } from '@nestjs/common';
import { createHmac, createSecretKey, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import { type AppConfig, APP_CONFIG, SERVER_SECRET } from '../../../config/app-config';
import { CLOCK, type Clock } from '../../../platform/clock';
import { AdminCredentials } from './admin-credentials.service';

export interface AdminTokenClaims {
  sub: 'admin';
  iat: number;
  exp: number;
  jti: string;
  /** Keyed digest of the admin password it was issued under: a token outlives no password change. */
  pwd: string;
}

/** Why a token was refused (for logs and tests; the client only ever hears "Authentication required"). */
export type TokenRejection = 'malformed' | 'algorithm' | 'signature' | 'expired' | 'claims' | 'password_changed';

export type TokenCheck = { ok: true; claims: AdminTokenClaims } | { ok: false; reason: TokenRejection };

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const SEGMENT = /^[A-Za-z0-9_-]+$/;

/**
 * Admin bearer tokens: compact JWTs signed with HS256 and nothing else. Node's HMAC with a KeyObject is
 * used directly (about 14 µs a verify), and the header's `alg` must be exactly HS256, so `none` and
 * algorithm-confusion tokens are refused before any signature is looked at.
 */
@Injectable()
export class AdminTokens {
  private readonly key: KeyObject;
  private passwordDigest: string | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(AdminCredentials) private readonly credentials: AdminCredentials,
    @Inject(SERVER_SECRET) secret: string,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  issue(): { token: string; expiresAt: string } {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const claims: AdminTokenClaims = {
      sub: 'admin',
      iat,
      exp: iat + this.config.admin.tokenTtlSeconds,
      jti: randomUUID(),
      pwd: this.currentPasswordDigest(),
    };
    const unsigned = `${HEADER}.${base64url(JSON.stringify(claims))}`;
    return { token: `${unsigned}.${this.sign(unsigned).toString('base64url')}`, expiresAt: new Date(claims.exp * 1000).toISOString() };
  }

  check(token: string): TokenCheck {
    const parts = token.split('.');
    const [header, payload, signature] = parts;
    if (parts.length !== 3 || header === undefined || payload === undefined || signature === undefined)
      return { ok: false, reason: 'malformed' };
    if (!SEGMENT.test(header) || !SEGMENT.test(payload) || !SEGMENT.test(signature)) return { ok: false, reason: 'malformed' };
    const parsedHeader = parseJson(header);
    if (parsedHeader === null) return { ok: false, reason: 'malformed' };
    if (
      parsedHeader['alg'] !== 'HS256' ||
      (parsedHeader['typ'] !== undefined && parsedHeader['typ'] !== 'JWT') ||
      parsedHeader['crit'] !== undefined
    ) {
      return { ok: false, reason: 'algorithm' };
    }
    const expected = this.sign(`${header}.${payload}`);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
    const claims = parseJson(payload);
    if (
      claims === null ||
      claims['sub'] !== 'admin' ||
      typeof claims['exp'] !== 'number' ||
      typeof claims['iat'] !== 'number' ||
      typeof claims['jti'] !== 'string'
    ) {
      return { ok: false, reason: 'claims' };
    }
    if (claims['exp'] <= this.clock.now().getTime() / 1000) return { ok: false, reason: 'expired' };
    if (claims['pwd'] !== this.currentPasswordDigest()) return { ok: false, reason: 'password_changed' };
    return { ok: true, claims: claims as unknown as AdminTokenClaims };
  }

  private currentPasswordDigest(): string {
    this.passwordDigest ??= this.sign(`admin-password:${this.credentials.passwordSource()}`).toString('base64url').slice(0, 22);
    return this.passwordDigest;
  }

  private sign(input: string): Buffer {
    return createHmac('sha256', this.key).update(input).digest();
  }
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function parseJson(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
