import type { RouteObject } from 'react-router-dom';
import { createBrowserRouter } from 'react-router-dom';
import { RouteErrorPage } from '@/features/layout/route-error-page';
import { PageLoading } from '@/shared/ui/page-loading';
import { paths } from './paths';
import { RootLayout } from './routes/root-layout';

/**
 * Each page is its own chunk, so a customer on the shop never downloads the admin panel or the payment
 * form. A new page is one line here: `{ path: paths.x.path, lazy: () => import('./routes/x.route') }`,
 * where the route module exports `Component`.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoading />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, lazy: () => import('./routes/home.route') },
      { path: paths.shop.path, lazy: () => import('./routes/shop.route') },
      // A beer's own page; its href is the product's (`beerPagePath`), whose slug the server chose.
      { path: `${paths.shop.path}/:slug`, lazy: () => import('./routes/beer.route') },
      { path: paths.checkout.path, lazy: () => import('./routes/checkout.route') },
      { path: paths.orderSuccess.path, lazy: () => import('./routes/order-success.route') },
      { path: paths.orderStatus.path, lazy: () => import('./routes/order-status.route') },
      { path: paths.delivery.path, lazy: () => import('./routes/delivery.route') },
      { path: paths.returns.path, lazy: () => import('./routes/returns.route') },
      { path: paths.privacy.path, lazy: () => import('./routes/privacy.route') },
      { path: paths.club.path, lazy: () => import('./routes/club.route') },
      { path: paths.clubManage.path, lazy: () => import('./routes/club-manage.route') },
      { path: paths.admin.path, lazy: () => import('./routes/admin.route') },
      { path: paths.acceptInvite.path, lazy: () => import('./routes/accept-invite.route') },
      { path: paths.resetPassword.path, lazy: () => import('./routes/reset-password.route') },
      { path: '*', lazy: () => import('./routes/not-found.route') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
