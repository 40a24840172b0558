import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { asRole } from '@/testing/admin-me-fixture';
import { chooseOption } from '@/testing/choose-option';
import { adminOrderFixture, firstPageRequest, orderRow, searchPage } from './admin-order.fixture';
import { PendingOrdersTab } from './pending-orders-tab';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

const pending = adminOrderFixture({ id: '15', number: 15, status: 'pending', invoiceNumber: null, paidAt: null });

const PENDING = firstPageRequest(['pending']);
const page = searchPage;
const row = orderRow;

function deletes(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
}

describe('Pending Orders tab', () => {
  it('shows pending orders only, as "Payment Pending", with customer, address, items, totals, created time and the inventory note', async () => {
    const fetchMock = stubApi({ [PENDING]: { body: page([pending]) } });
    renderWithProviders(<PendingOrdersTab />);
    const card = await row('15');
    expect(within(card).getByText('Payment Pending')).toBeInTheDocument();
    for (const text of ['Jordan Lee', 'jordan@example.com', '5 Hay Street, Perth WA 6000', '$64.00']) {
      expect(within(card).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('columnheader', { name: /Created/ })).toBeInTheDocument();
    // Only pending orders are asked for, and there is no status filter to choose from.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    const items = within(card).getByRole('list', { name: 'Items of order #15' });
    expect(within(items).getByText('Quokka Pale Ale')).toBeInTheDocument();
    expect(within(items).getByText('1 × $24.00 (4 Pack, 4 cans)')).toBeInTheDocument();
    expect(within(card).getByText(/Inventory is reduced only when payment succeeds/)).toBeInTheDocument();
  });

  it.each([
    { reservation: 'held' as const, note: /Until then these cans are reserved; the reservation ends .+ if the customer does not pay\.$/ },
    { reservation: 'released' as const, note: /This checkout no longer holds its cans: they are back on sale\.$/ },
    { reservation: 'sold' as const, note: /These cans were sold with this order's payment\.$/ },
  ])('says what the cans of a pending order are doing when its reservation is $reservation', async ({ reservation, note }) => {
    stubApi({ [PENDING]: { body: page([{ ...pending, reservation }]) } });
    renderWithProviders(<PendingOrdersTab />);
    const card = await row('15');
    expect(within(card).getByText(note)).toBeInTheDocument();
    expect(within(card).getByText(/^Inventory is reduced only when payment succeeds\./)).toBeInTheDocument();
  });

  it('given none, it says "No pending orders"', async () => {
    stubApi({ [PENDING]: { body: page([]) } });
    renderWithProviders(<PendingOrdersTab />);
    expect(await screen.findByText('No pending orders')).toBeInTheDocument();
  });

  it('Delete Order asks "Are you sure…"; cancelling sends nothing, confirming deletes and toasts', async () => {
    let deleted = false;
    const fetchMock = stubApi({
      [PENDING]: () => Promise.resolve(new Response(JSON.stringify(page(deleted ? [] : [pending])), { status: 200 })),
      'GET /api/products': { body: [] },
      'DELETE /api/admin/orders/15': () => {
        deleted = true;
        return Promise.resolve(new Response(JSON.stringify({ message: 'Order #15 deleted', orderId: '15' }), { status: 200 }));
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PendingOrdersTab />);
    await user.click(await screen.findByRole('button', { name: 'Delete Order #15' }));
    expect(await screen.findByText('Are you sure you want to delete Order #15? This action cannot be undone.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(deletes(fetchMock)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Order #15' }));
    await screen.findByText('Are you sure you want to delete Order #15? This action cannot be undone.');
    await user.click(screen.getByRole('button', { name: 'Delete Order' }));
    expect(await screen.findByText('Pending order deleted successfully')).toBeInTheDocument();
    expect(deletes(fetchMock)).toHaveLength(1);
    expect(await screen.findByText('No pending orders')).toBeInTheDocument();
  });

  it('a refused delete shows the server message', async () => {
    stubApi({
      [PENDING]: { body: page([pending]) },
      'DELETE /api/admin/orders/15': { status: 409, body: { statusCode: 409, message: 'Order #15 is paid, not pending' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<PendingOrdersTab />);
    await user.click(await screen.findByRole('button', { name: 'Delete Order #15' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Order' }));
    expect(await screen.findByText('Order #15 is paid, not pending')).toBeInTheDocument();
  });

  it("a checkout whose card was declined says so, with the bank's words, rather than look like one in progress", async () => {
    stubApi({
      [PENDING]: { body: page([{ ...pending, paymentDeclined: { message: 'Your card was declined.', at: '2026-11-25T02:46:00.000Z' } }]) },
    });
    renderWithProviders(<PendingOrdersTab />);
    const card = await row('15');
    expect(within(card).getByText('Card declined')).toBeInTheDocument();
    expect(
      within(card).getByText(
        'Card declined 25 Nov 2026, 10:46 am: Your card was declined. The customer can try another card while the reservation lasts.',
      ),
    ).toBeInTheDocument();
  });
});

describe('Pending Orders tab: posted or collected', () => {
  it('filters the checkouts by fulfilment too, sending it to the search', async () => {
    const searches: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        searches.push(
          new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://shop.test').searchParams,
        );
        return new Response(JSON.stringify(page([pending])), { status: 200 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<PendingOrdersTab />, { route: '/admin?tab=pending-orders' });
    await row('15');
    await chooseOption(user, screen.getByRole('combobox', { name: 'Fulfilment' }), 'Delivery');
    await waitFor(() => expect(searches.at(-1)?.get('fulfilment')).toBe('delivery'));
    expect(searches.at(-1)?.getAll('status')).toEqual(['pending']);
  });
});

describe('Pending Orders tab as a packer sees it', () => {
  it('lists the pending orders without Delete Order (a money matter)', async () => {
    stubApi({ [PENDING]: { body: page([pending]) } });
    renderWithProviders(asRole('packer', <PendingOrdersTab />));
    const card = await row('15');
    expect(within(card).getByText('Payment Pending')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Order #15' })).not.toBeInTheDocument();
  });
});
