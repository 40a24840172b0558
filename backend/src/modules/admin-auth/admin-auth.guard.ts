import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../../shared-kernel/domain-error';
import type { ContextualRequest } from '../../platform/http/request-context';
import { AdminTokens, type AdminTokenClaims } from './credentials/admin-token.service';
import { isAdminPath, isLoginRoute } from './admin-paths';
import { AdminSessions } from './session-end/admin-sessions.service';

/** A request the guard let through as the operator, with the token's claims (log out ends that token). */
export interface AdminRequest extends ContextualRequest {
  adminToken?: AdminTokenClaims;
}

const BEARER = /^Bearer +([^\s]+)$/i;

export function authenticationRequired(): DomainError {
  return new DomainError('authentication_required', 'Authentication required', 'unauthorized');
}

/**
 * Registered as a global guard, so it sees every route, including admin routes added later by any
 * module: a route under /api/admin/ (by the request's path or by the route it matched) needs a valid
 * admin bearer token, except POST /api/admin/login: signed, unexpired, issued under the current admin password,
 * and not logged out. On success the request's actor becomes 'admin'.
 */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  constructor(
    private readonly tokens: AdminTokens,
    private readonly sessions: AdminSessions,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const req = http.getRequest<AdminRequest>();
    const routePath = routePathOf(req);
    const paths = [req.path, ...(routePath === null ? [] : [routePath])];
    if (!paths.some(isAdminPath)) return true;
    if (isLoginRoute(req.method, routePath ?? req.path)) return true;
    const match = BEARER.exec(req.header('authorization')?.trim() ?? '');
    const token = match?.[1];
    const check = token === undefined ? null : this.tokens.check(token);
    if (check === null || !check.ok || (await this.sessions.hasEnded(check.claims.jti))) {
      http.getResponse<Response>().setHeader('WWW-Authenticate', 'Bearer realm="admin"');
      throw authenticationRequired();
    }
    req.actor = 'admin';
    req.adminToken = check.claims;
    return true;
  }
}

function routePathOf(req: ContextualRequest): string | null {
  const route: unknown = req.route;
  if (typeof route !== 'object' || route === null) return null;
  const path = (route as { path?: unknown }).path;
  return typeof path === 'string' ? path : null;
}
