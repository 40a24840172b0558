import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '@/shared/api/query-client';
import { stubApi } from '@/testing/fake-api';
import { productFixture } from '@/testing/product-fixture';
import { publicConfigFixture } from '@/testing/public-config-fixture';
import { AppProvider } from './provider';
import { routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

beforeEach(() => {
  localStorage.setItem('ageVerified', 'true');
  stubApi({
    'GET /api/config': { body: publicConfigFixture },
    'GET /api/products': { body: [productFixture()] },
  });
});

describe('moving between pages', () => {
  it('starts the new page at its top with focus on its main heading; the first page keeps its place', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'Craft Excellence In Every Can' });
    expect(scrollTo).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Shop Now' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Our Craft Collection' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
    expect(heading).toHaveAttribute('tabindex', '-1');
    vi.unstubAllGlobals();
  });
});

describe('routes', () => {
  it.each(['/no-such-page', '/shop/extra', '/admin-panel', '/orders/42'])(
    'given the unknown path %s, it shows the 404 page titled "Page Not Found"',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    },
  );

  it('given /, it shows the home page with the hero and a Shop Now link to /shop', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Craft Excellence In Every Can' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument();
  });

  it('given /shop, it shows the collection and highlights Shop in the header', async () => {
    renderAt('/shop');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our Craft Collection' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Shop' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('shows the brand, the quick links and the liquor licence particulars from the config', async () => {
    renderAt('/');
    const footer = await screen.findByRole('contentinfo');
    expect(await within(footer).findByText('6080012345')).toBeInTheDocument();
    expect(within(footer).getByText('Producer')).toBeInTheDocument();
    expect(within(footer).getByText('Indian Ocean Brewing Pty Ltd')).toBeInTheDocument();
    expect(within(footer).getByText(/^WARNING: Under the Liquor Control Act 1988, it is an offence/)).toBeInTheDocument();
    const quickLinks = within(footer).getByRole('navigation', { name: 'Quick Links' });
    expect(
      within(quickLinks)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/shop', '/club', '/admin']);
    expect(within(footer).getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://instagram.example/brewery');
    expect(screen.getByRole('link', { name: /Indian Ocean Brewing Co\./ })).toHaveAttribute('href', '/');
  });
});

describe('the age gate', () => {
  beforeEach(() => localStorage.removeItem('ageVerified'));

  it('given a visitor who has not answered, a page of the shop asks the 18+ question first', async () => {
    renderAt('/shop');
    expect(await screen.findByRole('dialog', { name: 'Are you 18 or older?' })).toBeInTheDocument();
  });

  it.each(['/admin', '/admin?tab=system', '/ADMIN/'])(
    'given %s and an operator who never answered it, the admin sign-in shows with no 18+ question',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Admin Access' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Are you 18 or older?' })).not.toBeInTheDocument();
      expect(document.querySelector('.app-shell')).not.toHaveAttribute('inert');
    },
  );

  it.each(['/admin/accept-invite?token=tok-1', '/admin/reset-password?token=tok-1'])(
    'given the e-mailed link %s, shows "Choose your password" (no 404, no 18+ question), kept out of search results',
    async (path) => {
      localStorage.removeItem('ageVerified');
      renderAt(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Choose your password' })).toBeInTheDocument();
      expect(screen.queryByText('Page Not Found')).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Are you 18 or older?' })).not.toBeInTheDocument();
      expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    },
  );
});
