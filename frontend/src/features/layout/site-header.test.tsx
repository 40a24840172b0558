import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render-with-providers';
import { SiteHeader } from './site-header';

function renderHeader() {
  return renderWithProviders(
    <>
      <SiteHeader
        brandName="Swan & Sand Brewing Co."
        homeHref="/"
        navItems={[
          { label: 'Home', href: '/' },
          { label: 'Shop', href: '/shop' },
        ]}
        cartCount={0}
        onCartClick={vi.fn()}
      />
      <p>The page</p>
    </>,
  );
}

describe('the mobile menu', () => {
  it('opens from its button, and Escape closes it with focus back on the button', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }));
  });

  it('closes on a tap outside the header, not on one inside it', async () => {
    const user = userEvent.setup();
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.pointerDown(screen.getByRole('navigation', { name: 'Main' }));
    expect(screen.getByRole('button', { name: 'Close menu' })).toBeInTheDocument();
    fireEvent.pointerDown(screen.getByText('The page'));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
