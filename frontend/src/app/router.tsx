import type { RouteObject } from 'react-router-dom';
import { createBrowserRouter } from 'react-router-dom';
import { RouteErrorPage } from '@/features/layout/route-error-page';
import { PageLoading } from '@/shared/ui/page-loading';
import { paths } from './paths';
import * as beerRoute from './routes/beer.route';
import * as homeRoute from './routes/home.route';
import { RootLayout } from './routes/root-layout';
import * as shopRoute from './routes/shop.route';

/**
 * The pages a customer lands on (home, shop, a beer) are in the entry: the server draws them, and their code
 * comes in the same file as the shop's, in one round trip. Every other page is its own chunk, so a customer on
 * the shop never downloads the admin panel or the payment form. A new page is one line here:
 * `{ path: paths.x.path, lazy: () => import('./routes/x.route') }`, where the route module exports `Component`.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoading />,
    errorElement: <RouteErrorPage />,
    children: [
      { index: true, ...homeRoute },
      { path: paths.shop.path, ...shopRoute },
      // A beer's own page; its href is the product's (`beerPagePath`), whose slug the server chose.
      { path: `${paths.shop.path}/:slug`, ...beerRoute },
      { path: paths.delivery.path, lazy: () => import('./routes/delivery.route') },
      { path: paths.returns.path, lazy: () => import('./routes/returns.route') },
      { path: paths.privacy.path, lazy: () => import('./routes/privacy.route') },
      {
        // The pages drawn with antd's components: its theme comes with their code (the pages above use none).
        lazy: () => import('./routes/antd-pages.route'),
        children: [
          { path: paths.checkout.path, lazy: () => import('./routes/checkout.route') },
          { path: paths.orderSuccess.path, lazy: () => import('./routes/order-success.route') },
          { path: paths.orderStatus.path, lazy: () => import('./routes/order-status.route') },
          { path: paths.club.path, lazy: () => import('./routes/club.route') },
          { path: paths.clubManage.path, lazy: () => import('./routes/club-manage.route') },
          { path: paths.admin.path, lazy: () => import('./routes/admin.route') },
          { path: paths.acceptInvite.path, lazy: () => import('./routes/accept-invite.route') },
          { path: paths.resetPassword.path, lazy: () => import('./routes/reset-password.route') },
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found.route') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
