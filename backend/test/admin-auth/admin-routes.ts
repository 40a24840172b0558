import type { INestApplication } from '@nestjs/common';
import { routePermission } from '@brewery/shop-rules';

export interface RouteEntry {
  method: string;
  /** As registered, with Express parameters (`/api/admin/products/:id`). */
  path: string;
}

interface RouterLayer {
  route?: { path?: unknown; methods?: Record<string, boolean> };
}

/** Every route the running application's Express router holds, read from the router itself. */
export function listRoutes(app: INestApplication): RouteEntry[] {
  const express = app.getHttpAdapter().getInstance() as { router?: { stack?: RouterLayer[] }; _router?: { stack?: RouterLayer[] } };
  const stack = express.router?.stack ?? express._router?.stack ?? [];
  return stack.flatMap((layer) => {
    const path = layer.route?.path;
    if (typeof path !== 'string') return [];
    return Object.entries(layer.route?.methods ?? {})
      .filter(([method, on]) => on && method !== '_all')
      .map(([method]) => ({ method: method.toUpperCase(), path }));
  });
}

/** Every route under /api/admin/. */
export function adminRoutes(app: INestApplication): RouteEntry[] {
  return listRoutes(app).filter((route) => route.path.toLowerCase().startsWith('/api/admin'));
}

/**
 * The admin routes a caller without a valid token must be refused on: all under /api/admin/ but the public ones
 * of the permissions table (log in, accept an invitation, reset a password).
 */
export function protectedAdminRoutes(app: INestApplication): RouteEntry[] {
  return adminRoutes(app).filter((route) => routePermission(route.method, route.path) !== 'public');
}

/** A concrete URL for a route: every `:param` becomes a harmless value. */
export function concretePath(path: string): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => `test-${name}`);
}
