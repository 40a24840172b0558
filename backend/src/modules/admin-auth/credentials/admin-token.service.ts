import { Inject, Injectable } from '@nestjs/common';
import { createHmac, createSecretKey, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import { type AppConfig, APP_CONFIG, SERVER_SECRET } from '../../../config/app-config';
import { CLOCK, type Clock } from '../../../platform/clock';
import { FIRST_OWNER_ID } from '../domain/staff-roster.decider';

export interface AdminTokenClaims {
  /** The person signed in (their staff id). Tokens from before staff accounts say 'admin': the first owner. */
  sub: string;
  iat: number;
  exp: number;
  jti: string;
  /** Keyed digest of the person's password as it was at sign-in: a token outlives no password change. */
  pwd: string;
}

/** Why a token was refused (for logs and tests; the client only ever hears "Authentication required"). */
export type TokenRejection = 'malformed' | 'algorithm' | 'signature' | 'expired' | 'claims';

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

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SERVER_SECRET) secret: string,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** A token for a person, under what identifies their password now (`credential`, see `credentialDigest`). */
  issue(staffId: string, credential: string): { token: string; expiresAt: string; claims: AdminTokenClaims } {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const claims: AdminTokenClaims = {
      sub: staffId,
      iat,
      exp: iat + this.config.admin.tokenTtlSeconds,
      jti: randomUUID(),
      pwd: this.credentialDigest(credential),
    };
    const unsigned = `${HEADER}.${base64url(JSON.stringify(claims))}`;
    return {
      token: `${unsigned}.${this.sign(unsigned).toString('base64url')}`,
      expiresAt: new Date(claims.exp * 1000).toISOString(),
      claims,
    };
  }

  /** A keyed digest of what identifies a password (never the password itself in a token). */
  credentialDigest(credential: string): string {
    return this.sign(`admin-password:${credential}`).toString('base64url').slice(0, 22);
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
      typeof claims['sub'] !== 'string' ||
      claims['sub'] === '' ||
      typeof claims['pwd'] !== 'string' ||
      typeof claims['exp'] !== 'number' ||
      typeof claims['iat'] !== 'number' ||
      typeof claims['jti'] !== 'string'
    ) {
      return { ok: false, reason: 'claims' };
    }
    if (claims['exp'] <= this.clock.now().getTime() / 1000) return { ok: false, reason: 'expired' };
    const sub = claims['sub'] === 'admin' ? FIRST_OWNER_ID : claims['sub'];
    return { ok: true, claims: { ...(claims as unknown as AdminTokenClaims), sub } };
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
