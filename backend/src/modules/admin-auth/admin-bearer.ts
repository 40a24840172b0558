import { Injectable } from '@nestjs/common';
import { AdminTokens, type AdminTokenClaims } from './credentials/admin-token.service';
import { AdminSessions } from './session-end/admin-sessions.service';

const BEARER = /^Bearer +([^\s]+)$/i;

/**
 * The operator's bearer token, checked: signed, unexpired, issued under the current admin password and not
 * logged out. The guard of every admin route uses it, and so does the OpenAPI description under API_DOCS=admin.
 */
@Injectable()
export class AdminBearer {
  constructor(
    private readonly tokens: AdminTokens,
    private readonly sessions: AdminSessions,
  ) {}

  /** The token's claims when the Authorization header holds a valid admin token; null otherwise. */
  async claimsOf(authorization: string | undefined): Promise<AdminTokenClaims | null> {
    const token = BEARER.exec(authorization?.trim() ?? '')?.[1];
    const check = token === undefined ? null : this.tokens.check(token);
    if (check === null || !check.ok || (await this.sessions.hasEnded(check.claims.jti))) return null;
    return check.claims;
  }

  async allows(authorization: string | undefined): Promise<boolean> {
    return (await this.claimsOf(authorization)) !== null;
  }
}
