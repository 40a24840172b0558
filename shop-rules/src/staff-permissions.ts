/**
 * Who may do what in the admin: the one table of permissions. The server's guard reads `ADMIN_ROUTES` for every
 * request under /api/admin/, and the admin panel reads `ROLE_PERMISSIONS` to show each person only what their
 * role allows. `docs/staff.md` shows the same table, and a test keeps the two equal.
 */

export const STAFF_ROLES = ['owner', 'manager', 'packer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** What a role may do, by area. `self` (one's own sign-in, sessions and codes) belongs to every role. */
export const PERMISSIONS = {
  self: 'Sign out, see who they are, their own sessions and two-factor codes',
  'orders.view': 'See orders, search them and read their history',
  'orders.fulfil': 'Pack and dispatch: packing slips, pick lists, labels, status and tracking, notes, the cellar door hand-over',
  'orders.money': 'Refund, resolve and take back orders, delete pending ones',
  'products.view': 'See products, stock levels and product history',
  'products.manage': 'Create, change and delete products and prices, stock, pictures and waiting lists',
  reports: 'The summary, sales reports, the GST summary and the daily analytics e-mail',
  exports: 'Exports of orders, sales, GST and waiting lists (customer data), and customer profiles',
  recovery: 'Order backups and recovery, webhook replay, Auto-Fix, read-model rebuilds',
  system: 'System status and the e-mail outbox',
  discounts: 'Create, see and disable discount codes, with their uses, revenue and history',
  club: 'Run the beer club: plans, runs, members and their report',
  staff: 'Invite, change and deactivate staff, see their activity, require two-factor codes',
} as const;
export type Permission = keyof typeof PERMISSIONS;

const EVERYTHING = Object.keys(PERMISSIONS) as Permission[];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  owner: EVERYTHING,
  manager: EVERYTHING.filter((permission) => permission !== 'staff'),
  packer: ['self', 'orders.view', 'orders.fulfil', 'products.view'],
};

export function roleMay(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * Every admin route and the permission it needs (`public`: no sign-in at all), keyed `METHOD path` with the
 * path as the server registers it. A route missing here is refused to everyone, and fails the route test.
 */
export const ADMIN_ROUTES: Readonly<Record<string, Permission | 'public'>> = {
  'POST /api/admin/login': 'public',
  'POST /api/admin/invites/accept': 'public',
  'POST /api/admin/password-reset': 'public',
  'POST /api/admin/password-reset/complete': 'public',
  'POST /api/admin/logout': 'self',
  'GET /api/admin/verify': 'self',
  'GET /api/admin/me': 'self',
  'GET /api/admin/me/sessions': 'self',
  'DELETE /api/admin/me/sessions/:sessionId': 'self',
  'POST /api/admin/me/two-factor': 'self',
  'POST /api/admin/me/two-factor/confirm': 'self',
  'DELETE /api/admin/me/two-factor': 'self',

  'GET /api/admin/orders': 'orders.view',
  'GET /api/admin/orders/search': 'orders.view',
  'GET /api/admin/orders/:orderId': 'orders.view',
  'GET /api/admin/orders/:id/history': 'orders.view',
  'GET /api/admin/pickups': 'orders.view',

  'POST /api/admin/orders/:orderId/collected': 'orders.fulfil',
  'POST /api/admin/orders/:orderId/notes': 'orders.fulfil',
  'POST /api/admin/orders/bulk-status': 'orders.fulfil',
  'PUT /api/admin/orders/:orderId/tracking': 'orders.fulfil',
  'POST /api/admin/orders/:id/create-shipping-label': 'orders.fulfil',
  'GET /api/admin/orders/:id/shipping-label': 'orders.fulfil',
  'GET /api/admin/orders/:id/packing-slip': 'orders.fulfil',
  'GET /api/admin/shipping-labels': 'orders.fulfil',
  'GET /api/admin/shipping-labels/:orderId': 'orders.fulfil',
  'POST /api/admin/shipping-labels/bulk': 'orders.fulfil',
  'POST /api/admin/pick-list': 'orders.fulfil',
  'POST /api/admin/parse-shipping-email': 'orders.fulfil',
  'POST /api/admin/create-shipping-label-email': 'orders.fulfil',

  'POST /api/admin/orders/:orderId/refund': 'orders.money',
  'POST /api/admin/orders/:orderId/resolve': 'orders.money',
  'POST /api/admin/orders/:orderId/return': 'orders.money',
  'DELETE /api/admin/orders/:id': 'orders.money',

  'GET /api/admin/products': 'products.view',
  'GET /api/admin/products/:id/history': 'products.view',
  'GET /api/admin/stock-levels': 'products.view',
  'POST /api/admin/products': 'products.manage',
  'PUT /api/admin/products/:id': 'products.manage',
  'DELETE /api/admin/products/:id': 'products.manage',
  'POST /api/admin/seed-products': 'products.manage',
  'GET /api/admin/product-images': 'products.manage',
  'POST /api/admin/product-images': 'products.manage',
  'POST /api/admin/parse-stock-email': 'products.manage',
  'GET /api/admin/products/:id/waitlist': 'products.manage',
  'POST /api/admin/products/:id/waitlist/remove': 'products.manage',

  'GET /api/admin/summary': 'reports',
  'POST /api/admin/sales-report': 'reports',
  'POST /api/admin/sales-report/summary': 'reports',
  'POST /api/admin/gst-summary': 'reports',
  'POST /api/admin/analytics/send-daily-email': 'reports',

  'POST /api/admin/orders/export': 'exports',
  'POST /api/admin/sales-report/export': 'exports',
  'POST /api/admin/gst-summary/export': 'exports',
  'GET /api/admin/products/:id/waitlist.csv': 'exports',
  'GET /api/admin/customers/:email': 'exports',

  'GET /api/admin/order-backups': 'recovery',
  'POST /api/admin/recover-order': 'recovery',
  'POST /api/admin/simulate-webhook': 'recovery',
  'POST /api/admin/auto-fix': 'recovery',
  'POST /api/admin/rebuild-read-models': 'recovery',

  'GET /api/admin/system-status': 'system',
  'GET /api/admin/outbox': 'system',
  'GET /api/admin/outbox/:key': 'system',

  'GET /api/admin/staff': 'staff',
  'POST /api/admin/staff': 'staff',
  'GET /api/admin/staff/:id': 'staff',
  'PATCH /api/admin/staff/:id': 'staff',
  'DELETE /api/admin/staff/:id': 'staff',
  'GET /api/admin/staff/:id/sessions': 'staff',
  'DELETE /api/admin/staff/:id/sessions/:sessionId': 'staff',
  'DELETE /api/admin/staff/:id/two-factor': 'staff',
  'PUT /api/admin/settings/two-factor': 'staff',
  'GET /api/admin/activity': 'staff',

  'GET /api/admin/discount-codes': 'discounts',
  'POST /api/admin/discount-codes': 'discounts',
  'POST /api/admin/discount-codes/:code/disable': 'discounts',
  'GET /api/admin/discount-codes/:code/history': 'discounts',

  'GET /api/admin/club/plans': 'club',
  'POST /api/admin/club/plans': 'club',
  'GET /api/admin/club/runs': 'club',
  'POST /api/admin/club/runs': 'club',
  'GET /api/admin/club/runs/:runId': 'club',
  'GET /api/admin/club/members': 'club',
  'GET /api/admin/club/report': 'club',
};

/** The permission a route needs, by its method and registered path; undefined for a route not in the table. */
export function routePermission(method: string, registeredPath: string): Permission | 'public' | undefined {
  return ADMIN_ROUTES[`${method.toUpperCase()} ${registeredPath}`];
}
