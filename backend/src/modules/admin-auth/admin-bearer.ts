import { Injectable } from '@nestjs/common';
import { roleMay, type Permission } from '@brewery/shop-rules';
import { AdminCredentials } from './credentials/admin-credentials.service';
import { AdminTokens, type AdminTokenClaims } from './credentials/admin-token.service';
import { FIRST_OWNER_ID } from './domain/staff-roster.decider';
import { AdminSessions } from './session-end/admin-sessions.service';
import { StaffDirectory, type StaffPerson } from './staff/staff-directory.service';

const BEARER = /^Bearer +([^\s]+)$/i;

/** Who a live token belongs to. */
export interface SignedInPerson {
  claims: AdminTokenClaims;
  person: StaffPerson;
}

/**
 * A person's bearer token, checked: signed, unexpired, not logged out or revoked, issued under the person's
 * password as it is now, and the person still on the staff. The guard of every admin route uses it, and so do
 * the server-drawn admin page and the OpenAPI description under API_DOCS=admin.
 */
@Injectable()
export class AdminBearer {
  constructor(
    private readonly tokens: AdminTokens,
    private readonly sessions: AdminSessions,
    private readonly staff: StaffDirectory,
    private readonly credentials: AdminCredentials,
  ) {}

  /** The signed-in person when the Authorization header holds a live token; null otherwise. */
  async signedIn(authorization: string | undefined): Promise<SignedInPerson | null> {
    const token = BEARER.exec(authorization?.trim() ?? '')?.[1];
    const check = token === undefined ? null : this.tokens.check(token);
    if (check === null || !check.ok) return null;
    const person = await this.staff.person(check.claims.sub);
    if (person === null || person.member.status !== 'active') return null;
    if (check.claims.pwd !== this.tokens.credentialDigest(this.credentialOf(person))) return null;
    if (await this.sessions.hasEnded(check.claims.jti)) return null;
    return { claims: check.claims, person };
  }

  /**
   * Whether the header holds a live token of a person who may do `permission` as the guard judges it (their role
   * has it, and they have the two-factor codes the owner requires); without a permission, any live token.
   */
  async allows(authorization: string | undefined, permission?: Permission): Promise<boolean> {
    const signedIn = await this.signedIn(authorization);
    if (signedIn === null) return false;
    return permission === undefined || refusalOf(signedIn.person, permission) === null;
  }

  /**
   * What identifies a person's password now: the first owner's is the configured admin password; anyone
   * else's is the one they joined with, changed as many times as their stream says.
   */
  credentialOf(person: StaffPerson): string {
    if (person.member.id === FIRST_OWNER_ID) return this.credentials.passwordSource();
    return `staff:${person.member.id}:${person.member.generation}:${person.own.passwordVersion}`;
  }
}

/**
 * Why a signed-in person may not do `permission`, or null when they may: the one judgement the guard and every
 * other check (health details, the drawn admin page) share. Their own account (`self`) needs no codes yet.
 */
export function refusalOf(person: StaffPerson, permission: Permission): 'two_factor_setup' | 'role' | null {
  const { member, own, twoFactorRequired } = person;
  if (permission !== 'self' && twoFactorRequired && own.twoFactor?.enabled !== true) return 'two_factor_setup';
  return roleMay(member.role, permission) ? null : 'role';
}
