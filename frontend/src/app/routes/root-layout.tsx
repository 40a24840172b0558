import { cartTotalCans } from '@brewery/shop-rules';
import { useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { CartDrawer } from '@/features/cart/cart-drawer';
import { useCart } from '@/features/cart/use-cart';
import { AgeGate } from '@/features/layout/age-gate';
import { useAgeAnswer } from '@/features/layout/age-answer';
import { SiteFooter } from '@/features/layout/site-footer';
import { SiteHeader } from '@/features/layout/site-header';
import type { NavItem } from '@/features/layout/site-header';
import { useConfig } from '@/shared/api/config/get-config';
import { paths } from '../paths';
import { useNavigationFocus } from './use-navigation-focus';

const MAIN_NAV: readonly NavItem[] = [
  { label: 'Home', href: paths.home.getHref() },
  { label: 'Shop', href: paths.shop.getHref() },
];

const QUICK_LINKS: readonly NavItem[] = [...MAIN_NAV, { label: 'Admin', href: paths.admin.getHref() }];

/** Every page: header with the cart, the page, the footer, the cart drawer and the age gate. */
export function RootLayout() {
  const { data: config } = useConfig();
  const cart = useCart();
  const navigate = useNavigate();
  const [cartOpen, setCartOpen] = useState(false);
  const age = useAgeAnswer();
  useNavigationFocus();

  const goToCheckout = () => {
    setCartOpen(false);
    void navigate(paths.checkout.getHref());
  };

  return (
    <>
      <div className="app-shell" inert={!age.verified}>
        <a className="skip-link" href="#main-content">
          Skip to content
        </a>
        <SiteHeader
          brandName={config?.brandName ?? ''}
          homeHref={paths.home.getHref()}
          navItems={MAIN_NAV}
          cartCount={cartTotalCans(cart.lines)}
          onCartClick={() => setCartOpen(true)}
        />
        <div className="app-shell__page">
          <Outlet />
        </div>
        <SiteFooter config={config} quickLinks={QUICK_LINKS} />
        <CartDrawer open={cartOpen} onClose={() => setCartOpen(false)} onCheckout={goToCheckout} />
      </div>
      {age.verified ? null : <AgeGate onConfirm={age.confirm} />}
    </>
  );
}
