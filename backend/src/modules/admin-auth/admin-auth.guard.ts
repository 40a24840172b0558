import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../../shared-kernel/domain-error';
import type { ContextualRequest } from '../../platform/http/request-context';
import { AdminTokens } from './credentials/admin-token.service';
import { isAdminPath, isLoginRoute } from './admin-paths';

const BEARER = /^Bearer +([^\s]+)$/i;

export function authenticationRequired(): DomainError {
  return new DomainError('authentication_required', 'Authentication required', 'unauthorized');
}

/**
 * Registered as a global guard, so it sees every route, including admin routes added later by any
 * module: a route under /api/admin/ (by the request's path or by the route it matched) needs a valid
 * admin bearer token, except POST /api/admin/login. On success the request's actor becomes 'admin'.
 */
@Injectable()
export class AdminAuthGuard implements CanActivate {
  constructor(private readonly tokens: AdminTokens) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const http = context.switchToHttp();
    const req = http.getRequest<ContextualRequest>();
    const routePath = routePathOf(req);
    const paths = [req.path, ...(routePath === null ? [] : [routePath])];
    if (!paths.some(isAdminPath)) return true;
    if (isLoginRoute(req.method, routePath ?? req.path)) return true;
    const match = BEARER.exec(req.header('authorization')?.trim() ?? '');
    const token = match?.[1];
    if (token === undefined || !this.tokens.check(token).ok) {
      http.getResponse<Response>().setHeader('WWW-Authenticate', 'Bearer realm="admin"');
      throw authenticationRequired();
    }
    req.actor = 'admin';
    return true;
  }
}

function routePathOf(req: ContextualRequest): string | null {
  const route: unknown = req.route;
  if (typeof route !== 'object' || route === null) return null;
  const path = (route as { path?: unknown }).path;
  return typeof path === 'string' ? path : null;
}
