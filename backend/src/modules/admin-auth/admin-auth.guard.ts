import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Response } from 'express';
import { routePermission } from '@brewery/shop-rules';
import type { ContextualRequest } from '../../platform/http/request-context';
import type { AdminTokenClaims } from './credentials/admin-token.service';
import { AdminBearer, refusalOf, type SignedInPerson } from './admin-bearer';
import { isAdminPath } from './admin-paths';
import { AdminAuthErrors } from './domain/admin-auth.errors';
import { StaffErrors } from './domain/staff.errors';

/** A request the guard let through as a person, with the token's claims (log out ends that token). */
export interface AdminRequest extends ContextualRequest {
  adminToken?: AdminTokenClaims;
  signedIn?: SignedInPerson;
}

/**
 * Registered as a global guard, so it sees every route, including admin routes added later by any module. A
 * route under /api/admin/ (by the request's path or by the route it matched) is looked up in the one table of
 * permissions (`ADMIN_ROUTES`): a public one (log in, accept an invitation, reset a password) is let through;
 * any other needs a live token of a person on the staff (401 otherwise), and a role the route's permission
 * belongs to (403 `forbidden_for_role` otherwise, before anything is read or changed). A route missing from the
 * table is refused to everyone. On success the request's actor becomes the person: `{ id, name, role }`, which
 * the command pipeline stamps on every event the request writes.
 */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  constructor(private readonly bearer: AdminBearer) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const req = http.getRequest<AdminRequest>();
    const routePath = routePathOf(req);
    const paths = [req.path, ...(routePath === null ? [] : [routePath])];
    if (!paths.some(isAdminPath)) return true;
    const permission = routePath === null ? undefined : routePermission(req.method, routePath);
    if (permission === 'public') return true;
    const signedIn = await this.bearer.signedIn(req.header('authorization'));
    if (signedIn === null) {
      http.getResponse<Response>().setHeader('WWW-Authenticate', 'Bearer realm="admin"');
      throw AdminAuthErrors.authenticationRequired();
    }
    const { member } = signedIn.person;
    req.actor = { id: member.id, name: member.name, role: member.role };
    req.adminToken = signedIn.claims;
    req.signedIn = signedIn;
    if (permission === undefined) throw StaffErrors.forbiddenForRole();
    const refusal = refusalOf(signedIn.person, permission);
    if (refusal === 'two_factor_setup') throw StaffErrors.twoFactorSetupRequired();
    if (refusal === 'role') throw StaffErrors.forbiddenForRole();
    return true;
  }
}

function routePathOf(req: ContextualRequest): string | null {
  const route: unknown = req.route;
  if (typeof route !== 'object' || route === null) return null;
  const path = (route as { path?: unknown }).path;
  return typeof path === 'string' ? path : null;
}
