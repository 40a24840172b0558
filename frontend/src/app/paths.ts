/**
 * Every route of the shop, in one typed table (spec section 2). Features receive hrefs from here through
 * props, so a path is written once and features never depend on the app layer.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  shop: { path: '/shop', getHref: () => '/shop' },
  checkout: { path: '/checkout', getHref: () => '/checkout' },
  orderSuccess: { path: '/order-success', getHref: () => '/order-success' },
  orderStatus: { path: '/order-status', getHref: () => '/order-status' },
  delivery: { path: '/delivery', getHref: () => '/delivery' },
  returns: { path: '/returns', getHref: () => '/returns' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  club: { path: '/club', getHref: () => '/club' },
  // The member's own page: its token comes in the club's e-mails and after joining.
  clubManage: {
    path: '/club/manage',
    getHref: (token?: string) => (token === undefined ? '/club/manage' : `/club/manage?token=${encodeURIComponent(token)}`),
  },
  admin: { path: '/admin', getHref: () => '/admin' },
  // The pages an e-mailed link opens (the server writes these addresses into its invitation and reset e-mails).
  acceptInvite: { path: '/admin/accept-invite', getHref: () => '/admin/accept-invite' },
  resetPassword: { path: '/admin/reset-password', getHref: () => '/admin/reset-password' },
} as const satisfies Record<string, { path: string; getHref: () => string }>;

export type AppPath = (typeof paths)[keyof typeof paths]['path'];
