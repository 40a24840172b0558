import { afterEach, describe, expect, it, vi } from 'vitest';
import { orderSearchQueryOptions } from '@/features/admin-orders/api/search-admin-orders';
import { ACTIVE_STATUSES } from '@/features/admin-orders/active-orders-tab';
import { firstPageRequest, searchPage } from '@/features/admin-orders/admin-order.fixture';
import { createQueryClient } from '@/shared/api/query-client';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { startAdminEarly } from './admin-early-start';
import { ADMIN_TABS, adminTab } from './admin-tabs';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('a returning operator on /admin, before the first render', () => {
  it('asks for the token check and the Active Orders first page at once, and settles when the code is in', async () => {
    localStorage.setItem('adminToken', 'kept');
    window.history.replaceState(null, '', '/admin?tab=active-orders');
    const fetchMock = stubApi({
      'GET /api/admin/verify': { body: { ok: true } },
      [firstPageRequest(ACTIVE_STATUSES)]: { body: searchPage([]) },
    });
    const queryClient = createQueryClient();

    const codeIn = startAdminEarly(queryClient);

    // Both requests left before any code of the admin page ran, the token on each
    expect(fetchMock.mock.calls.map(([input]) => requestUrl(input))).toEqual([
      '/api/admin/verify',
      firstPageRequest(ACTIVE_STATUSES).replace('GET ', ''),
    ]);
    for (const [, init] of fetchMock.mock.calls) expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer kept');
    await expect(codeIn).resolves.toBe(true);
    expect(queryClient.getQueryData(['admin-session', 'verify'])).toBe(true);
  });

  it("given the shell's boot script asked already, takes its answers instead of asking again", async () => {
    localStorage.setItem('adminToken', 'kept');
    window.history.replaceState(null, '', '/admin?tab=active-orders');
    const search = firstPageRequest(ACTIVE_STATUSES).replace('GET ', '');
    const answered = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));
    window.__shopEarlyRequests = {
      token: 'kept',
      responses: { '/api/admin/verify': answered({ ok: true }), [search]: answered(searchPage([])) },
    };
    const fetchMock = stubApi({});
    const queryClient = createQueryClient();

    await startAdminEarly(queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryData(['admin-session', 'verify'])).toBe(true));
    await vi.waitFor(() =>
      expect(
        queryClient.getQueryState(
          orderSearchQueryOptions({ q: '', statuses: ACTIVE_STATUSES, from: null, to: null, sort: '-createdAt', page: 1, pageSize: 25 })
            .queryKey,
        )?.status,
      ).toBe('success'),
    );
    expect(fetchMock).not.toHaveBeenCalled();
    delete window.__shopEarlyRequests;
  });

  it('asks for no order page on a tab without orders', () => {
    localStorage.setItem('adminToken', 'kept');
    window.history.replaceState(null, '', '/admin?tab=analytics');
    const fetchMock = stubApi({ 'GET /api/admin/verify': { body: { ok: true } } });
    void startAdminEarly(createQueryClient());
    expect(fetchMock.mock.calls.map(([input]) => requestUrl(input))).toEqual(['/api/admin/verify']);
  });
});

describe('the admin tabs’ table', () => {
  it.each([
    ['active-orders', 'ActiveOrdersTab'],
    ['pending-orders', 'PendingOrdersTab'],
    ['shipping', 'ShippingTab'],
    ['analytics', 'AnalyticsTab'],
    ['order-backups', 'OrderBackupsTab'],
    ['system', 'SystemTab'],
    ['discounts', 'DiscountsTab'],
    ['club', 'ClubTab'],
    ['staff', 'StaffTab'],
    ['account', 'AccountTab'],
    ['products', 'ProductsTab'],
    [null, 'ProductsTab'],
    ['no-such-tab', 'ProductsTab'],
  ])('?tab=%s draws %s', async (tab, component) => {
    expect((await adminTab(tab).load()).name).toBe(component);
  });

  it('lists the spec’s seven tabs in its order, then Discounts, Club, Staff and My account, each key once', () => {
    expect(ADMIN_TABS.map((tab) => tab.label)).toEqual([
      'Products',
      'Active Orders',
      'Pending Orders',
      'Shipping',
      'Analytics',
      'Order Backups',
      'System',
      'Discounts',
      'Club',
      'Staff',
      'My account',
    ]);
    expect(new Set(ADMIN_TABS.map((tab) => tab.key)).size).toBe(11);
  });
});
