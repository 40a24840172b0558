import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_ROUTES, PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, roleMay, routePermission, type StaffRole } from '@brewery/shop-rules';
import { createTestApp, type TestApp } from '../create-test-app';
import { adminToken } from '../admin-ops/admin-ops-fixtures';
import { eventStoreOf } from '../checkout/checkout-fixtures';
import { adminRoutes, concretePath, type RouteEntry } from './admin-routes';
import { signIn, staffMember } from './staff-fixtures';

const DOCS = join(__dirname, '../../../docs/staff.md');

/** The rows of a markdown table whose first cell is in backquotes: `[first, ...rest]` without the quotes. */
function tableRows(markdown: string): string[][] {
  return markdown
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim().replace(/^`|`$/g, '')),
    );
}

describe('the permissions table', () => {
  it('is the same in docs/staff.md as in the code: each permission’s roles, and each route’s permission', () => {
    const rows = tableRows(readFileSync(DOCS, 'utf8'));
    const permissionRows = rows.filter((row) => row.length === 5);
    const routeRows = rows.filter((row) => row.length === 2);
    expect(permissionRows).toEqual(
      Object.entries(PERMISSIONS).map(([permission, covers]) => [
        permission,
        covers,
        ...STAFF_ROLES.map((role) => (ROLE_PERMISSIONS[role].includes(permission as never) ? 'yes' : 'no')),
      ]),
    );
    expect(routeRows).toEqual(Object.entries(ADMIN_ROUTES));
  });
});

describe('every admin route, as each role', () => {
  let t: TestApp;
  const tokens = new Map<StaffRole, string>();
  let routes: RouteEntry[];

  beforeAll(async () => {
    t = await createTestApp();
    tokens.set('owner', await adminToken(t));
    await staffMember(t, { email: 'manager@example.com', name: 'Mina Manager', role: 'manager' });
    await staffMember(t, { email: 'packer@example.com', name: 'Piet Packer', role: 'packer' });
    tokens.set('manager', await signIn(t, 'manager@example.com'));
    tokens.set('packer', await signIn(t, 'packer@example.com'));
    // Log out last: it ends the token the walk goes on with.
    routes = adminRoutes(t.app).sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
  });
  afterAll(() => t.close());
  const call = (route: RouteEntry) => {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    return t.http()[method](concretePath(route.path));
  };

  it('finds every route of the application in the table (a route missing from it fails here)', () => {
    const missing = routes.filter((route) => routePermission(route.method, route.path) === undefined).map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    const registered = new Set(routes.map((r) => `${r.method} ${r.path}`));
    expect(Object.keys(ADMIN_ROUTES).filter((key) => !registered.has(key))).toEqual([]);
  });

  it.each(STAFF_ROLES.filter((role) => role !== 'owner'))(
    'refuses a %s every route their role lacks with 403 forbidden_for_role, writing nothing, and lets the others through',
    async (role) => {
      const token = tokens.get(role) ?? '';
      const wrong: string[] = [];
      const refusedRequests = new Map<string, string>();
      for (const [index, route] of routes.entries()) {
        const permission = routePermission(route.method, route.path);
        if (permission === 'public' || permission === undefined) continue;
        const requestId = `walk-${role}-${index}-${Date.now()}`;
        const res = await call(route).set('Authorization', `Bearer ${token}`).set('X-Request-Id', requestId).send({});
        const refused = res.status === 403 && res.body.code === 'forbidden_for_role';
        if (refused) refusedRequests.set(requestId, `${route.method} ${route.path}`);
        if (roleMay(role, permission) === refused || res.status === 401)
          wrong.push(`${route.method} ${route.path} (${permission}) -> ${res.status} ${String(res.body.code)}`);
      }
      expect(wrong).toEqual([]);
      expect(refusedRequests.size).toBeGreaterThan(0);
      // Nothing a refused request asked for was written (every event carries its request's id).
      const written = (await eventStoreOf(t.app).readAll()).filter((e) => refusedRequests.has(e.metadata.correlationId));
      expect(written.map((e) => `${refusedRequests.get(e.metadata.correlationId) ?? ''}: ${e.type}`)).toEqual([]);
    },
  );

  it('lets the owner through every route (none answers 401 or 403)', async () => {
    const wrong: string[] = [];
    for (const route of routes) {
      if (routePermission(route.method, route.path) === 'public') continue;
      const res = await call(route)
        .set('Authorization', `Bearer ${tokens.get('owner') ?? ''}`)
        .send({});
      if (res.status === 401 || res.status === 403) wrong.push(`${route.method} ${route.path} -> ${res.status} ${String(res.body.code)}`);
    }
    expect(wrong).toEqual([]);
  });
});
