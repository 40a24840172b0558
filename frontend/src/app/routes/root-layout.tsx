import { cartTotalCans } from '@brewery/shop-rules';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useCart } from '@/features/cart/use-cart';
import { AgeGate } from '@/features/layout/age-gate';
import { useAgeAnswer } from '@/features/layout/age-answer';
import { SiteFooter } from '@/features/layout/site-footer';
import { SiteHeader } from '@/features/layout/site-header';
import type { NavItem } from '@/features/layout/site-header';
import { useConfig } from '@/shared/api/config/get-config';
import { useClubMember } from '@/shared/club-member/use-club-member';
import { paths } from '../paths';
import { useNavigationFocus } from './use-navigation-focus';
import { useHydrationMark } from '../hydration-mark';

/** The drawer's code (antd's Drawer and the pack's lines) is fetched as soon as the page's code has taken over. */
const loadCartDrawer = () => import('@/features/cart/cart-drawer');
const CartDrawer = lazy(async () => ({ default: (await loadCartDrawer()).CartDrawer }));

const MAIN_NAV: readonly NavItem[] = [
  { label: 'Home', href: paths.home.getHref() },
  { label: 'Shop', href: paths.shop.getHref() },
  { label: 'Beer club', href: paths.club.getHref() },
];

const QUICK_LINKS: readonly NavItem[] = [...MAIN_NAV, { label: 'Admin', href: paths.admin.getHref() }];

const HELP_LINKS: readonly NavItem[] = [
  { label: 'Order status', href: paths.orderStatus.getHref() },
  { label: 'Delivery', href: paths.delivery.getHref() },
  { label: 'Returns & refunds', href: paths.returns.getHref() },
  { label: 'Privacy', href: paths.privacy.getHref() },
];

/**
 * The admin and its addresses (`/admin`, `/admin?tab=…`): the operator signs in there, so the shop's 18+
 * question is not asked of them, on the server-drawn page or in the browser.
 */
export function isAdminAddress(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return path === paths.admin.path || path.startsWith(`${paths.admin.path}/`);
}

/** Every page: header with the cart, the page, the footer, the cart drawer and, on the shop's pages, the age gate. */
export function RootLayout() {
  const { data: config } = useConfig();
  const cart = useCart();
  const navigate = useNavigate();
  const [cartOpen, setCartOpen] = useState(false);
  // Mounted from the first opening on, so that it can close with its animation.
  const [drawerMounted, setDrawerMounted] = useState(false);
  // Closing to go to checkout: focus goes to the checkout's heading, not back to the header's cart.
  const [leavingForCheckout, setLeavingForCheckout] = useState(false);
  useEffect(() => {
    // Not at idle: on a busy phone that came seconds after the first tap on the cart.
    void loadCartDrawer();
  }, []);
  const openCart = () => {
    setDrawerMounted(true);
    setLeavingForCheckout(false);
    setCartOpen(true);
  };
  const age = useAgeAnswer();
  const { pathname } = useLocation();
  const gated = !age.verified && !isAdminAddress(pathname);
  useNavigationFocus();
  useHydrationMark();
  // A club e-mail's link (`?member=<token>`) may land on any page: its token is kept from there.
  useClubMember();

  const goToCheckout = () => {
    setLeavingForCheckout(true);
    setCartOpen(false);
    void navigate(paths.checkout.getHref());
  };

  return (
    <>
      <div className="app-shell" inert={gated}>
        <a className="skip-link" href="#main-content">
          Skip to content
        </a>
        <SiteHeader
          brandName={config?.brandName ?? ''}
          homeHref={paths.home.getHref()}
          navItems={MAIN_NAV}
          cartCount={cartTotalCans(cart.lines)}
          onCartClick={openCart}
        />
        <div className="app-shell__page">
          <Outlet />
        </div>
        <SiteFooter config={config} quickLinks={QUICK_LINKS} helpLinks={HELP_LINKS} />
        {drawerMounted ? (
          <Suspense fallback={null}>
            <CartDrawer open={cartOpen} onClose={() => setCartOpen(false)} onCheckout={goToCheckout} returnFocus={!leavingForCheckout} />
          </Suspense>
        ) : null}
      </div>
      {gated ? <AgeGate onConfirm={age.confirm} /> : null}
    </>
  );
}
