import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Response } from 'express';
import type { ContextualRequest } from '../../platform/http/request-context';
import type { AdminTokenClaims } from './credentials/admin-token.service';
import { AdminBearer } from './admin-bearer';
import { isAdminPath, isLoginRoute } from './admin-paths';
import { AdminAuthErrors } from './domain/admin-auth.errors';

/** A request the guard let through as the operator, with the token's claims (log out ends that token). */
export interface AdminRequest extends ContextualRequest {
  adminToken?: AdminTokenClaims;
}

/**
 * Registered as a global guard, so it sees every route, including admin routes added later by any
 * module: a route under /api/admin/ (by the request's path or by the route it matched) needs a valid
 * admin bearer token, except POST /api/admin/login: signed, unexpired, issued under the current admin password,
 * and not logged out. On success the request's actor becomes 'admin'.
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
    if (isLoginRoute(req.method, routePath ?? req.path)) return true;
    const claims = await this.bearer.claimsOf(req.header('authorization'));
    if (claims === null) {
      http.getResponse<Response>().setHeader('WWW-Authenticate', 'Bearer realm="admin"');
      throw AdminAuthErrors.authenticationRequired();
    }
    req.actor = 'admin';
    req.adminToken = claims;
    return true;
  }
}

function routePathOf(req: ContextualRequest): string | null {
  const route: unknown = req.route;
  if (typeof route !== 'object' || route === null) return null;
  const path = (route as { path?: unknown }).path;
  return typeof path === 'string' ? path : null;
}
