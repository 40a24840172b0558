import type { PickupList, PickupListEntry } from '@brewery/shop-rules';
import { pickupDayLabel, pickupWhen } from '@brewery/shop-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chooseOption } from '@/testing/choose-option';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ACTIVE_STATUSES, ActiveOrdersTab } from './active-orders-tab';
import { adminOrderFixture, firstPageRequest, searchPage } from './admin-order.fixture';
import { PRINTING_LIST } from './cellar-door-drawer';
import { COLLECTED_BY, ID_CHECKED } from './hand-over-dialog';
import { ORDER_CARDS_QUERY } from './orders-table';
import { cellarDoorSaturdays, comingSaturday } from './pickup-display';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

const ACTIVE = firstPageRequest(ACTIVE_STATUSES);
// The view opens on the coming Saturday, counted from the test's own clock.
const SATURDAY = comingSaturday(new Date());
const NEXT_SATURDAY = cellarDoorSaturdays(new Date())[2] ?? '';
const PICKUPS = `GET /api/admin/pickups?date=${SATURDAY}`;
const COLLECT_14 = 'POST /api/admin/orders/14/collected';

const grace: PickupListEntry = {
  orderId: '14',
  status: 'packed_awaiting_pickup',
  customerName: 'Grace Hopper',
  customerPhone: '0400 111 222',
  customerEmail: 'grace@example.com',
  totalCans: 11,
  totalAmount: '70.50',
  items: [
    { name: 'Hazy IPA', packSize: '4pack', packs: 2, quantity: 8 },
    { name: 'Swan River Stout', packSize: 'single', packs: 3, quantity: 3 },
  ],
  needsReview: false,
  collection: null,
};

// Collected at 10:15 am Perth time on the list's Saturday.
const ada: PickupListEntry = {
  orderId: '9',
  status: 'delivered',
  customerName: 'Ada Lovelace',
  customerPhone: '0411 000 999',
  customerEmail: 'ada@example.com',
  totalCans: 16,
  totalAmount: '88.00',
  items: [{ name: 'Quokka Pale Ale', packSize: '16pack', packs: 1, quantity: 16 }],
  needsReview: false,
  collection: { idType: 'passport', collectedBy: null, at: `${SATURDAY}T02:15:00.000Z` },
};

function pickupList(orders: PickupListEntry[], date = SATURDAY): PickupList {
  return {
    date,
    when: pickupWhen(date),
    address: '12 Brewery Lane, Osborne Park WA 6017',
    orders,
    totalCans: orders.reduce((sum, order) => sum + order.totalCans, 0),
    collected: orders.filter((order) => order.collection !== null).length,
  };
}

function json(body: unknown, status = 200): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
}

function calls(fetchMock: ReturnType<typeof stubApi>, key: string) {
  const [method, url] = key.split(' ');
  return fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && requestUrl(input) === url);
}

/** The Active Orders tab, then its Cellar door view. */
async function openCellarDoor() {
  renderWithProviders(<ActiveOrdersTab />);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Cellar door/ }));
  const list = await screen.findByRole('region', { name: 'Cellar door list' });
  return { user, list };
}

async function handOverDialog(): Promise<HTMLElement> {
  const title = await screen.findByText(/^Hand over order #14 to Grace Hopper$/);
  const dialog = title.closest<HTMLElement>('.ant-modal');
  if (dialog === null) throw new Error('the hand-over is not a dialog');
  return dialog;
}

describe('the cellar door', () => {
  it("lists the coming Saturday's pickups by name: number, phone, what each collects, cans, status, and who collected", async () => {
    const fetchMock = stubApi({
      [ACTIVE]: { body: searchPage([adminOrderFixture()]) },
      [PICKUPS]: { body: pickupList([ada, grace]) },
      [`GET /api/admin/pickups?date=${NEXT_SATURDAY}`]: { body: pickupList([], NEXT_SATURDAY) },
    });
    const { user, list } = await openCellarDoor();
    expect(await within(list).findByText(`Cellar door, ${pickupWhen(SATURDAY)}`)).toBeInTheDocument();
    expect(within(list).getByText('2 orders, 27 cans; 1 of 2 collected')).toBeInTheDocument();
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.querySelector('strong')?.textContent)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
    ]);
    const graceRow = rows[1] as HTMLElement;
    expect(within(graceRow).getByText('#14')).toBeInTheDocument();
    expect(within(graceRow).getByRole('link', { name: '0400 111 222' })).toHaveAttribute('href', 'tel:0400111222');
    expect(within(graceRow).getByText('2 × Hazy IPA (4 Pack)')).toBeInTheDocument();
    expect(within(graceRow).getByText('3 × Swan River Stout (single cans)')).toBeInTheDocument();
    expect(within(graceRow).getByText('11')).toBeInTheDocument();
    expect(within(graceRow).getByText('Packed - Awaiting Pickup')).toBeInTheDocument();
    expect(within(graceRow).getByRole('button', { name: 'Hand over order #14 to Grace Hopper' })).toBeEnabled();
    const adaRow = rows[0] as HTMLElement;
    expect(within(adaRow).getByText('1 × Quokka Pale Ale (16 Pack)')).toBeInTheDocument();
    expect(within(adaRow).getByText('Collected 10:15 am by Ada Lovelace (Passport)')).toBeInTheDocument();
    expect(within(adaRow).queryByRole('button', { name: /Hand over/ })).not.toBeInTheDocument();

    // Another Saturday is one pick away.
    await chooseOption(user, screen.getByRole('combobox', { name: 'Saturday' }), pickupDayLabel(NEXT_SATURDAY));
    expect(await within(list).findByText('No pickups for this Saturday')).toBeInTheDocument();
    expect(calls(fetchMock, `GET /api/admin/pickups?date=${NEXT_SATURDAY}`)).toHaveLength(1);
  }, 45_000);

  it('prints the list alone: the page is marked for the print stylesheet while the browser prints', async () => {
    stubApi({ [ACTIVE]: { body: searchPage([]) }, [PICKUPS]: { body: pickupList([grace]) } });
    const marked: boolean[] = [];
    const print = vi.spyOn(window, 'print').mockImplementation(() => {
      marked.push(document.body.classList.contains(PRINTING_LIST));
    });
    try {
      const { user, list } = await openCellarDoor();
      await within(list).findByText('Grace Hopper');
      await user.click(screen.getByRole('button', { name: /Print/ }));
      expect(print).toHaveBeenCalledTimes(1);
      expect(marked).toEqual([true]);
      window.dispatchEvent(new Event('afterprint'));
      expect(document.body).not.toHaveClass(PRINTING_LIST);
    } finally {
      print.mockRestore();
    }
  });

  it('Hand over sends nothing until the photo ID box is ticked; then it records the kind and the collector, toasts and refreshes', async () => {
    let collected = false;
    const fetchMock = stubApi({
      [ACTIVE]: { body: searchPage([adminOrderFixture()]) },
      [PICKUPS]: () =>
        json(
          pickupList([
            collected
              ? {
                  ...grace,
                  status: 'delivered',
                  collection: { idType: 'passport', collectedBy: 'Sam Lee', at: `${SATURDAY}T03:05:00.000Z` },
                }
              : grace,
          ]),
        ),
      [COLLECT_14]: () => {
        collected = true;
        return json({ message: 'Order #14 collected by Sam Lee (Passport checked)', orderId: '14', status: 'delivered' });
      },
    });
    const { user, list } = await openCellarDoor();
    await user.click(await within(list).findByRole('button', { name: 'Hand over order #14 to Grace Hopper' }));
    const dialog = await handOverDialog();
    expect(within(dialog).getByText('2 × Hazy IPA (4 Pack)')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm hand-over' });
    expect(confirm).toBeDisabled();
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Photo ID' }), 'Passport');
    await user.type(within(dialog).getByLabelText(COLLECTED_BY), '  Sam Lee ');
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(calls(fetchMock, COLLECT_14)).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: ID_CHECKED }));
    expect(confirm).toBeEnabled();
    const listsBefore = calls(fetchMock, ACTIVE).length;
    await user.click(confirm);
    expect(await screen.findByText('Order #14 collected by Sam Lee (Passport checked)')).toBeInTheDocument();
    const [post] = calls(fetchMock, COLLECT_14);
    expect(JSON.parse(post?.[1]?.body as string)).toEqual({ idChecked: true, idType: 'passport', collectedBy: 'Sam Lee' });
    // The day's list and the order tables read again.
    expect(await within(list).findByText('Collected 11:05 am by Sam Lee (Passport)')).toBeInTheDocument();
    await waitFor(() => expect(calls(fetchMock, ACTIVE).length).toBeGreaterThan(listsBefore));
    await waitFor(() => expect(screen.queryByText(/^Hand over order #14/)).not.toBeInTheDocument());
  }, 45_000);

  it.each([
    [400, 'id_not_checked', "Check the collector's photo ID (18+) before handing over the order: idChecked must be true"],
    [409, 'not_a_pickup', 'Order #14 is delivered, not collected at the cellar door'],
  ])(
    'a refused hand-over (%i %s) shows the server’s message and keeps the form open',
    async (status, code, message) => {
      stubApi({
        [ACTIVE]: { body: searchPage([]) },
        [PICKUPS]: { body: pickupList([grace]) },
        [COLLECT_14]: { status, body: { statusCode: status, code, message } },
      });
      const { user, list } = await openCellarDoor();
      await user.click(await within(list).findByRole('button', { name: 'Hand over order #14 to Grace Hopper' }));
      const dialog = await handOverDialog();
      await user.click(within(dialog).getByRole('checkbox', { name: ID_CHECKED }));
      await user.click(within(dialog).getByRole('button', { name: 'Confirm hand-over' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.getByText('Order #14 was not handed over')).toBeInTheDocument();
      expect(within(dialog).getByRole('checkbox', { name: ID_CHECKED })).toBeChecked();
    },
    45_000,
  );

  it('on a phone lists each pickup as a card with its Hand over button a thumb’s width', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...desktop(query), matches: query === ORDER_CARDS_QUERY });
    try {
      stubApi({
        [ACTIVE]: { body: searchPage([adminOrderFixture()]) },
        [PICKUPS]: { body: pickupList([ada, { ...grace, needsReview: true }]) },
      });
      const { user, list } = await openCellarDoor();
      const card = await within(list).findByRole('article', { name: 'Order #14 for Grace Hopper' });
      expect(within(card).getByText('#14')).toBeInTheDocument();
      expect(within(card).getByText('0400 111 222')).toBeInTheDocument();
      expect(within(card).getByText('2 × Hazy IPA (4 Pack)')).toBeInTheDocument();
      expect(within(card).getByText('11 cans')).toBeInTheDocument();
      expect(within(list).getByRole('article', { name: 'Order #9 for Ada Lovelace' })).toHaveTextContent(
        'Collected 10:15 am by Ada Lovelace (Passport)',
      );
      // No table header and no columns to swipe to.
      expect(within(list).queryByRole('columnheader')).not.toBeInTheDocument();
      await user.click(within(card).getByRole('button', { name: 'Hand over order #14 to Grace Hopper' }));
      const dialog = await handOverDialog();
      expect(within(dialog).getByText('This order needs review: look at it before handing it over')).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Confirm hand-over' })).toBeDisabled();
    } finally {
      window.matchMedia = desktop;
    }
  }, 45_000);
});
