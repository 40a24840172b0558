import { CloseOutlined, MenuOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { PlainButton } from '@/shared/ui/plain-button';
import './site-header.css';

export interface NavItem {
  label: string;
  href: string;
}

export interface SiteHeaderProps {
  brandName: string;
  homeHref: string;
  navItems: readonly NavItem[];
  cartCount: number;
  onCartClick: () => void;
}

/** Sticky header: brand, Home and Shop (active one highlighted), the cart with its can count, and a mobile menu. */
export function SiteHeader({ brandName, homeHref, navItems, cartCount, onCartClick }: SiteHeaderProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const closeMenu = () => setMenuOpen(false);
  const header = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  // An open menu closes on Escape (focus back on its button) and on a tap anywhere outside the header.
  useEffect(() => {
    if (!menuOpen) return;
    // The menu's links come before its button in the page: focus moves into the menu, so Tab walks its links.
    const frame = window.requestAnimationFrame(() => header.current?.querySelector<HTMLAnchorElement>('.site-header__nav a')?.focus());
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (header.current !== null && !header.current.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      window.cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [menuOpen]);
  const canWord = cartCount === 1 ? 'can' : 'cans';

  return (
    <header className="site-header" ref={header}>
      <div className="site-header__bar">
        <Link to={homeHref} className="site-header__brand" onClick={closeMenu}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span className="site-header__brand-name">{brandName}</span>
        </Link>

        <nav aria-label="Main" className={`site-header__nav${menuOpen ? ' site-header__nav--open' : ''}`} id={menuId}>
          <ul>
            {navItems.map((item) => (
              <li key={item.href}>
                <NavLink
                  to={item.href}
                  end
                  onClick={closeMenu}
                  className={({ isActive }) => `site-header__link${isActive ? ' site-header__link--active' : ''}`}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-header__actions">
          <span className="site-header__cart-wrap">
            <PlainButton
              variant="accent"
              icon={<ShoppingCartOutlined aria-hidden />}
              onClick={onCartClick}
              aria-label={`Your pack, ${cartCount} ${canWord}`}
              className="site-header__cart"
            >
              <span className="site-header__cart-text">Your Pack</span>
            </PlainButton>
            {cartCount > 0 ? (
              <span className="site-header__cart-count" aria-hidden>
                {cartCount > 999 ? '999+' : cartCount}
              </span>
            ) : null}
          </span>
          <PlainButton
            ref={toggle}
            className="site-header__menu-toggle"
            variant="text"
            icon={menuOpen ? <CloseOutlined aria-hidden /> : <MenuOutlined aria-hidden />}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          />
        </div>
      </div>
    </header>
  );
}
