import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { Component as AdminRoute } from './admin.route';
import { ACTIVE_STATUSES } from '@/features/admin-orders/active-orders-tab';
import { firstPageRequest, searchPage } from '@/features/admin-orders/admin-order.fixture';
import { adminMeFixture } from '@/testing/admin-me-fixture';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

const SUMMARY = {
  today: '2026-11-27',
  nextDispatchDay: '2026-11-30',
  toDispatch: 7,
  pendingCheckouts: 2,
  needsReview: 1,
  revenueToday: '1234.50',
  revenueThisWeek: '23418.00',
  lowStock: [
    { productId: 'lager', name: 'Swan Valley Lager', available: 0, level: 'CRITICAL' },
    { productId: 'kolsch', name: 'Kings Park Kolsch', available: 9, level: 'LOW' },
  ],
  tabCounts: { 'pending-orders': 2, 'active-orders': 31 },
};

/** An owner with a good token on /admin (the Products tab, no products yet). */
function openDashboard(): void {
  localStorage.setItem('adminToken', 'good');
  stubApi({
    'GET /api/admin/verify': { body: { ok: true } },
    'GET /api/admin/me': { body: adminMeFixture('owner') },
    'GET /api/admin/products': { body: [] },
    'GET /api/admin/summary': { body: SUMMARY },
  });
  renderWithProviders(<AdminRoute />, { route: '/admin' });
}

describe('/admin', () => {
  it('with a verified token, shows an owner the dashboard with the spec’s seven tabs in its order, Products first, then Discounts, Club, Staff and My account', async () => {
    openDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Manage products and orders')).toBeInTheDocument();
    // The order tabs show how many orders they list once the summary is read; their names stay as they are.
    expect(await screen.findByText('31')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Products',
      'Active Orders 31',
      'Pending Orders 2',
      'Shipping',
      'Analytics',
      'Order Backups',
      'System',
      'Discounts',
      'Club',
      'Staff',
      'My account',
    ]);
    expect(screen.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Active Orders' })).toBeInTheDocument();
    expect(await screen.findByText('No products found')).toBeInTheDocument();
  });

  it('shows the day at a glance above the tabs, each figure with a list linking to it', async () => {
    openDashboard();
    const glance = await screen.findByRole('region', { name: 'Today at a glance' });
    expect(await within(glance).findByRole('link', { name: '7 to dispatch by Mon 30 Nov' })).toHaveAttribute(
      'href',
      '/admin?tab=active-orders&status=paid&status=packed_awaiting_pickup',
    );
    expect(within(glance).getByRole('link', { name: '2 pending checkouts' })).toHaveAttribute('href', '/admin?tab=pending-orders');
    expect(within(glance).getByText('to review')).toBeInTheDocument();
    expect(glance).toHaveTextContent('Beer sold $1,234.50 today · $23,418.00 this week');
    expect(
      within(glance).getByRole('link', { name: 'Low stock: Swan Valley Lager (sold out), Kings Park Kolsch (9 left)' }),
    ).toHaveAttribute('href', '/admin?tab=analytics');
  });

  it('opens the tab named in ?tab= and asks only for that tab’s data', async () => {
    localStorage.setItem('adminToken', 'good');
    const pending = firstPageRequest(['pending']);
    const active = firstPageRequest(ACTIVE_STATUSES);
    const fetchMock = stubApi({
      'GET /api/admin/verify': { body: { ok: true } },
      'GET /api/admin/me': { body: adminMeFixture('owner') },
      'GET /api/admin/summary': { body: SUMMARY },
      [pending]: { body: searchPage([]) },
      [active]: { body: searchPage([]) },
    });
    renderWithProviders(<AdminRoute />, { route: '/admin?tab=pending-orders' });
    expect(await screen.findByText('No pending orders')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending Orders' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Active Orders' }));
    expect(await screen.findByText('No active orders found')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url).filter((url) => url !== '/api/admin/summary')).toEqual([
      '/api/admin/verify',
      '/api/admin/me',
      pending.slice('GET '.length),
      active.slice('GET '.length),
    ]);
  });

  it('without a token, shows the login and calls nothing', () => {
    const fetchMock = stubApi({});
    renderWithProviders(<AdminRoute />, { route: '/admin' });
    expect(screen.getByRole('heading', { name: 'Admin Access' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('/admin as each role sees it', () => {
  it('shows a packer their name and role beside Log out, only the tabs their role allows, and asks for no summary', async () => {
    localStorage.setItem('adminToken', 'good');
    const fetchMock = stubApi({
      'GET /api/admin/verify': { body: { ok: true } },
      'GET /api/admin/me': { body: adminMeFixture('packer') },
      'GET /api/admin/products': { body: [] },
    });
    renderWithProviders(<AdminRoute />, { route: '/admin' });
    const header = (await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).closest('header') as HTMLElement;
    expect(await within(header).findByText('Paula Pack')).toBeInTheDocument();
    expect(header).toHaveTextContent('Paula Pack · Packer');
    expect(within(header).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect((await screen.findAllByRole('tab')).map((tab) => tab.textContent)).toEqual([
      'Products',
      'Active Orders',
      'Pending Orders',
      'Shipping',
      'My account',
    ]);
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Today at a glance' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain('/api/admin/summary');
  });

  it('given a ?tab= the role may not open, shows the first tab it may', async () => {
    localStorage.setItem('adminToken', 'good');
    const fetchMock = stubApi({
      'GET /api/admin/verify': { body: { ok: true } },
      'GET /api/admin/me': { body: adminMeFixture('packer') },
      'GET /api/admin/products': { body: [] },
    });
    renderWithProviders(<AdminRoute />, { route: '/admin?tab=analytics' });
    expect(await screen.findByText('No products found')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Analytics' })).not.toBeInTheDocument();
    // The Analytics tab was never drawn, so none of its reports was asked for.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/admin/verify', '/api/admin/me', '/api/admin/products']);
  });

  it('given the owner requires codes this manager has not set up, shows only My account, saying why', async () => {
    localStorage.setItem('adminToken', 'good');
    stubApi({
      'GET /api/admin/verify': { body: { ok: true } },
      'GET /api/admin/me': { body: adminMeFixture('manager', { twoFactor: { enabled: false, required: true } }) },
      'GET /api/admin/me/sessions': { body: [] },
    });
    renderWithProviders(<AdminRoute />, { route: '/admin?tab=active-orders' });
    expect(await screen.findByText('Set up two-factor codes to open the rest of the admin')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['My account']);
    expect(screen.getByRole('button', { name: 'Set up two-factor codes' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Today at a glance' })).not.toBeInTheDocument();
  });
});
