import type { Product, WaitlistView } from '@brewery/shop-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { productFixture } from '@/testing/product-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import type { AdminProduct } from './api/get-admin-products';
import { ProductsTab } from './products-tab';
import { WAITLIST_CARDS_QUERY } from './waiting-list-drawer';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

function adminProduct(overrides: Partial<Product> & { waiting?: number; waitingToConfirm?: number } = {}): AdminProduct {
  const { waiting = 0, waitingToConfirm = 0, ...rest } = overrides;
  const product = productFixture(rest);
  return {
    ...product,
    reserved: 0,
    available: product.inventory,
    waiting,
    waitingToConfirm,
    revision: 3,
    createdAt: '2026-11-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
  };
}

const LIST = 'GET /api/admin/products/quokka-pale-ale/waitlist';
const REMOVE = 'POST /api/admin/products/quokka-pale-ale/waitlist/remove';

function view(removed = false): WaitlistView {
  return {
    productId: 'quokka-pale-ale',
    name: 'Quokka Pale Ale',
    limit: 500,
    entries: [
      {
        email: 'ada@example.com',
        askedAt: '2026-11-23T01:00:00.000Z',
        status: 'confirmed',
        confirmedAt: '2026-11-23T01:05:00.000Z',
        notifiedAt: null,
        leftAt: null,
        removedAt: null,
        reason: null,
      },
      {
        email: 'typed1@example.com',
        askedAt: '2026-11-23T02:00:00.000Z',
        status: removed ? 'removed' : 'pending',
        confirmedAt: null,
        notifiedAt: null,
        leftAt: null,
        removedAt: removed ? '2026-11-24T01:00:00.000Z' : null,
        reason: removed ? 'made-up address' : null,
      },
      {
        email: 'grace@example.com',
        askedAt: '2026-11-20T02:00:00.000Z',
        status: 'notified',
        confirmedAt: '2026-11-20T02:01:00.000Z',
        notifiedAt: '2026-11-21T02:00:00.000Z',
        leftAt: null,
        removedAt: null,
        reason: null,
      },
    ],
    counts: { pending: removed ? 0 : 1, confirmed: 1, notified: 1, unsubscribed: 0, removed: removed ? 1 : 0, lapsed: 4 },
  };
}

function sentBody(fetchMock: ReturnType<typeof stubApi>, key: string): unknown {
  const call = fetchMock.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${requestUrl(url)}` === key);
  if (call === undefined) throw new Error(`${key} was not sent`);
  return JSON.parse(call[1]?.body as string);
}

/** The removal's confirmation, by its title. */
async function removalDialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title);
  const dialog = heading.closest<HTMLElement>('.ant-modal');
  if (dialog === null) throw new Error('the removal is not a dialog');
  return dialog;
}

async function openList(user: ReturnType<typeof userEvent.setup>) {
  const card = await screen.findByRole('article', { name: 'Quokka Pale Ale' });
  await user.click(within(card).getByRole('button', { name: 'Waiting list for Quokka Pale Ale: 1 waiting, 1 to confirm' }));
  return screen.findByRole('region', { name: 'Waiting list: Quokka Pale Ale' });
}

describe('Products tab: the waiting list of a beer', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('opens from the card\'s "N waiting": who asked, when, confirmed or pending, who was told and when, and the counts', async () => {
    stubApi({ 'GET /api/admin/products': { body: [adminProduct({ waiting: 1, waitingToConfirm: 1 })] }, [LIST]: { body: view() } });
    renderWithProviders(<ProductsTab />);
    const drawer = await openList(userEvent.setup());
    expect(await within(drawer).findByText('1 confirmed of 500 · 1 pending · 1 notified · 4 lapsed unconfirmed')).toBeInTheDocument();
    const rows = within(drawer).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1, 6)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['ada@example.com', '23 Nov 2026, 9:00 am', 'Confirmed', '23 Nov 2026, 9:05 am', '—'],
      ['typed1@example.com', '23 Nov 2026, 10:00 am', 'Pending', '—', '—'],
      ['grace@example.com', '20 Nov 2026, 10:00 am', 'Notified', '20 Nov 2026, 10:01 am', '21 Nov 2026, 10:00 am'],
    ]);
    // Told already: nothing to remove
    expect(within(drawer).queryByRole('button', { name: 'Remove grace@example.com' })).not.toBeInTheDocument();
  });

  it('a beer nobody waits for, and none to confirm, offers no list', async () => {
    stubApi({ 'GET /api/admin/products': { body: [adminProduct()] } });
    renderWithProviders(<ProductsTab />);
    const card = await screen.findByRole('article', { name: 'Quokka Pale Ale' });
    expect(within(card).queryByRole('button', { name: /Waiting list/ })).not.toBeInTheDocument();
  });

  it('exports the list as the CSV the server names', async () => {
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    URL.createObjectURL = vi.fn(() => 'blob:waiting-list');
    URL.revokeObjectURL = vi.fn();
    const fetchMock = stubApi({
      'GET /api/admin/products': { body: [adminProduct({ waiting: 1, waitingToConfirm: 1 })] },
      [LIST]: { body: view() },
      'GET /api/admin/products/quokka-pale-ale/waitlist.csv': () =>
        Promise.resolve(
          new Response('Email,Asked At\r\n', {
            status: 200,
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="waiting-list-quokka-pale-ale.csv"' },
          }),
        ),
    });
    renderWithProviders(<ProductsTab />);
    const user = userEvent.setup();
    const drawer = await openList(user);
    await within(drawer).findByText('ada@example.com');
    await user.click(within(drawer).getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(clicked).toEqual([{ download: 'waiting-list-quokka-pale-ale.csv', href: 'blob:waiting-list' }]));
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toBe('Email,Asked At\r\n');
    expect(fetchMock.mock.calls.some(([url]) => requestUrl(url) === '/api/admin/products/quokka-pale-ale/waitlist.csv')).toBe(true);
  });

  it("removes one address with a reason, says so in the server's words, and shows the list again", async () => {
    let removed = false;
    const fetchMock = stubApi({
      'GET /api/admin/products': { body: [adminProduct({ waiting: 1, waitingToConfirm: 1 })] },
      [LIST]: () => Promise.resolve(new Response(JSON.stringify(view(removed)), { status: 200 })),
      [REMOVE]: () => {
        removed = true;
        const body = {
          message: 'Removed 1 address from the waiting list for Quokka Pale Ale',
          removed: ['typed1@example.com'],
          notOnList: [],
        };
        return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
      },
    });
    renderWithProviders(<ProductsTab />);
    const user = userEvent.setup();
    const drawer = await openList(user);
    await user.click(await within(drawer).findByRole('button', { name: 'Remove typed1@example.com' }));
    const confirm = await removalDialog('Remove typed1@example.com?');
    await user.type(within(confirm).getByLabelText(/Reason/), 'made-up address');
    await user.click(within(confirm).getByRole('button', { name: /^Remove$/ }));
    expect(await screen.findByText('Removed 1 address from the waiting list for Quokka Pale Ale')).toBeInTheDocument();
    expect(sentBody(fetchMock, REMOVE)).toEqual({ emails: ['typed1@example.com'], reason: 'made-up address' });
    const row = (await within(drawer).findByText('made-up address')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Removed')).toBeInTheDocument();
  });

  it('removes the selected addresses at once, with no reason given', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/products': { body: [adminProduct({ waiting: 1, waitingToConfirm: 1 })] },
      [LIST]: { body: view() },
      [REMOVE]: { body: { message: 'Removed 2 addresses from the waiting list for Quokka Pale Ale', removed: [], notOnList: [] } },
    });
    renderWithProviders(<ProductsTab />);
    const user = userEvent.setup();
    const drawer = await openList(user);
    expect(within(drawer).getByRole('button', { name: /Remove selected/ })).toBeDisabled();
    await user.click(await within(drawer).findByRole('checkbox', { name: 'Select ada@example.com' }));
    await user.click(within(drawer).getByRole('checkbox', { name: 'Select typed1@example.com' }));
    expect(within(drawer).getByRole('checkbox', { name: 'Select grace@example.com' })).toBeDisabled();
    await user.click(within(drawer).getByRole('button', { name: /Remove selected \(2\)/ }));
    const confirm = await removalDialog('Remove 2 addresses?');
    await user.click(within(confirm).getByRole('button', { name: /^Remove$/ }));
    expect(await screen.findByText('Removed 2 addresses from the waiting list for Quokka Pale Ale')).toBeInTheDocument();
    expect(sentBody(fetchMock, REMOVE)).toEqual({ emails: ['ada@example.com', 'typed1@example.com'] });
  });

  it('on a 390 px phone, each address is a card with its times and a remove button', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...desktop(query), matches: query === WAITLIST_CARDS_QUERY });
    try {
      stubApi({ 'GET /api/admin/products': { body: [adminProduct({ waiting: 1, waitingToConfirm: 1 })] }, [LIST]: { body: view() } });
      renderWithProviders(<ProductsTab />);
      const drawer = await openList(userEvent.setup());
      const ada = await within(drawer).findByRole('article', { name: 'ada@example.com' });
      expect(within(ada).getByText('Confirmed', { selector: '.ant-tag' })).toBeInTheDocument();
      expect(within(ada).getByText('23 Nov 2026, 9:05 am')).toBeInTheDocument();
      expect(within(ada).getByRole('button', { name: 'Remove ada@example.com' })).toBeInTheDocument();
      expect(within(drawer).queryByRole('columnheader', { name: 'E-mail' })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = desktop;
    }
  });
});
