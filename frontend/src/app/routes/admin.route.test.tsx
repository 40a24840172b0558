import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { Component as AdminRoute } from './admin.route';
import { ACTIVE_STATUSES } from '@/features/admin-orders/active-orders-tab';
import { firstPageRequest, searchPage } from '@/features/admin-orders/admin-order.fixture';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

describe('/admin', () => {
  it('with a verified token, shows the dashboard with the seven tabs in the spec order, Products first', async () => {
    localStorage.setItem('adminToken', 'good');
    stubApi({ 'GET /api/admin/verify': { body: { ok: true } }, 'GET /api/admin/products': { body: [] } });
    renderWithProviders(<AdminRoute />, { route: '/admin' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Manage products and orders')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Products',
      'Active Orders',
      'Pending Orders',
      'Shipping',
      'Analytics',
      'Order Backups',
      'System',
    ]);
    expect(screen.getByRole('tab', { name: 'Products' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No products found')).toBeInTheDocument();
  });

  it('opens the tab named in ?tab= and asks only for that tab’s data', async () => {
    localStorage.setItem('adminToken', 'good');
    const pending = firstPageRequest(['pending']);
    const active = firstPageRequest(ACTIVE_STATUSES);
    const fetchMock = stubApi({
      'GET /api/admin/verify': { body: { ok: true } },
      [pending]: { body: searchPage([]) },
      [active]: { body: searchPage([]) },
    });
    renderWithProviders(<AdminRoute />, { route: '/admin?tab=pending-orders' });
    expect(await screen.findByText('No pending orders')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Pending Orders' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Active Orders' }));
    expect(await screen.findByText('No active orders found')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/admin/verify',
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
