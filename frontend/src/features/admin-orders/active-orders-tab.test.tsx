import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { chooseOption } from '@/testing/choose-option';
import { adminOrderFixture, firstPageRequest, orderRequest, orderRow, searchPage } from './admin-order.fixture';
import { ACTIVE_STATUSES, ActiveOrdersTab } from './active-orders-tab';
import { ORDER_CARDS_QUERY } from './orders-table';
import { KEEP_PAYMENT } from './order-tracking-form';
import { orderStatusLabel } from './order-status';
import type { OrderHistoryEntry } from './api/get-order-history';
import { saveFile } from '@/shared/browser/save-file';
import { pickupDayLabel } from '@brewery/shop-rules';
import { useLocation } from 'react-router-dom';
import { cellarDoorSaturdays } from './pickup-display';
import type { BulkSkippedOrder } from '@brewery/shop-rules';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));
vi.mock('@/shared/browser/save-file', () => ({ saveFile: vi.fn() }));

const HISTORY: OrderHistoryEntry[] = [
  {
    at: '2026-11-20T02:30:00.000Z',
    type: 'OrderPlaced',
    summary: 'Order placed: 8 cans, $64.00',
    actor: 'customer',
    stream: 'order-12',
    revision: 0,
  },
  {
    at: '2026-11-20T02:31:00.000Z',
    type: 'PaymentSucceeded',
    summary: 'Payment of $64.00 succeeded',
    actor: 'stripe',
    stream: 'payment-pi_test_123',
    revision: 1,
  },
  {
    at: '2026-11-20T02:31:01.000Z',
    type: 'InvoiceNumberAssigned',
    summary: 'Invoice INV-000012 issued',
    actor: 'system',
    stream: 'order-12',
    revision: 3,
  },
];

/** A bulk print's JSON answer, as the server sends it. */
function bulkFile(message: string, applied: string[], skipped: BulkSkippedOrder[], name: string, type: string, content: string) {
  return { message, applied, skipped, file: applied.length === 0 ? null : { name, type, base64: btoa(content) } };
}

function sent(fetchMock: ReturnType<typeof stubApi>, method: string, url: string) {
  return fetchMock.mock.calls.filter(([u, init]) => (init?.method ?? 'GET') === method && u === url);
}

const ACTIVE = firstPageRequest(ACTIVE_STATUSES);
const ORDER_12 = orderRequest('12');
const page = searchPage;
const row = orderRow;

function rowIds(): string[] {
  return [...document.querySelectorAll('tbody tr .orders-table__order strong')].map((cell) => (cell.textContent ?? '').replace('#', ''));
}

async function openDialog(button: 'View Details' | 'Update Tracking', orderId = '12') {
  await userEvent.setup().click(await screen.findByRole('button', { name: `${button} of order #${orderId}` }));
  // antd names every element 'test-id' under test, so the dialog's name cannot be looked up by its id here.
  const dialog = await screen.findByRole('dialog');
  expect(dialog.querySelector('.ant-modal-title')).toHaveTextContent(`Order #${orderId}`);
  return dialog;
}

// A dialog full of antd fields is slow to drive on a busy two-core machine.
describe('Active Orders tab', () => {
  it('lists the orders the server found as a table: number, date, customer, status, review marker, cans, total and tracking', async () => {
    const fetchMock = stubApi({
      [ACTIVE]: {
        body: page([
          adminOrderFixture({ id: '13', number: 13, status: 'packed_awaiting_pickup', trackingReference: 'AP777', needsReview: true }),
          adminOrderFixture({ id: '12', number: 12, status: 'paid' }),
        ]),
      },
    });
    renderWithProviders(<ActiveOrdersTab />);
    const packed = await row('13');
    expect(rowIds()).toEqual(['13', '12']);
    expect(within(packed).getByText('Packed - Awaiting Pickup')).toBeInTheDocument();
    expect(within(packed).getByText('AP777')).toBeInTheDocument();
    expect(within(packed).getByText('Needs review')).toBeInTheDocument();
    const paid = await row('12');
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(paid).getByText('No tracking')).toBeInTheDocument();
    expect(within(paid).queryByText('Needs review')).not.toBeInTheDocument();
    for (const text of [
      'Jordan Lee',
      'jordan@example.com',
      '0412 345 678',
      '5 Hay Street, Perth WA 6000',
      '$64.00',
      '$54.00 + $10.00 shipping',
      '8',
    ]) {
      expect(within(paid).getByText(text)).toBeInTheDocument();
    }
    expect(screen.getByRole('columnheader', { name: /Ordered/ })).toBeInTheDocument();
    expect(screen.getByText('1-2 of 2 orders')).toBeInTheDocument();
    // Every status past the checkout's, newest first, the first page of 25.
    expect(fetchMock.mock.calls.map(([url]) => requestUrl(url))).toEqual([ACTIVE.slice('GET '.length)]);
  });

  it('searches, filters by status and day, sorts by total and pages through the server, keeping each choice', async () => {
    const searches: string[] = [];
    const fetchMock = vi.fn<typeof fetch>(async (input) => {
      const url = new URL(requestUrl(input), 'http://shop.test');
      searches.push(url.search);
      const items = Array.from({ length: Number(url.searchParams.get('pageSize')) }, (_, i) =>
        adminOrderFixture({ id: String(1000 - i), number: 1000 - i }),
      );
      return new Response(
        JSON.stringify({
          items,
          total: 130,
          page: Number(url.searchParams.get('page')),
          pageSize: Number(url.searchParams.get('pageSize')),
        }),
        {
          status: 200,
        },
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />, { route: '/admin?tab=active-orders' });
    await row('1000');
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), 'jordan{Enter}');
    await waitFor(() => expect(searches.at(-1)).toContain('q=jordan'));
    await user.click(screen.getByRole('columnheader', { name: /Total/ }));
    await waitFor(() => expect(searches.at(-1)).toContain('sort=-total'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(searches.at(-1)).toContain('from=2026-11-20'));
    // No status ticked asks for every one of the tab's; ticking narrows to those ticked, unticking widens again.
    const statuses = screen.getByRole('group', { name: 'Status' });
    expect(
      within(statuses)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(ACTIVE_STATUSES.map(orderStatusLabel));
    await user.click(within(statuses).getByRole('checkbox', { name: 'Shipped' }));
    await user.click(within(statuses).getByRole('checkbox', { name: 'Delivered' }));
    await waitFor(() => expect(new URLSearchParams(searches.at(-1)).getAll('status')).toEqual(['shipped', 'delivered']));
    // Shipped alone was asked for a moment ago: its page comes from the cache, and the next one says so.
    await user.click(within(statuses).getByRole('checkbox', { name: 'Delivered' }));
    expect(within(statuses).getByRole('checkbox', { name: 'Delivered' })).not.toBeChecked();
    expect(within(statuses).getByRole('checkbox', { name: 'Shipped' })).toBeChecked();
    await user.click(await screen.findByTitle('2'));
    await waitFor(() => expect(searches.at(-1)).toContain('page=2'));
    const last = new URLSearchParams(searches.at(-1));
    expect(Object.fromEntries([...last.entries()].filter(([key]) => key !== 'status'))).toEqual({
      q: 'jordan',
      from: '2026-11-20',
      sort: '-total',
      page: '2',
      pageSize: '25',
    });
    expect(last.getAll('status')).toEqual(['shipped']);
  });

  it.each([
    ['set to Packed by hand without a payment', { status: 'packed_awaiting_pickup', paidAt: null }, true],
    ['shipped without a payment', { status: 'shipped', paidAt: null }, true],
    ['paid and packed', { status: 'packed_awaiting_pickup', paidAt: '2026-11-25T02:00:00.000Z' }, false],
    ['cancelled, never paid', { status: 'cancelled', paidAt: null }, false],
  ] as const)('an order %s is marked Unpaid: %s', async (_, change, marked) => {
    stubApi({ [ACTIVE]: { body: page([adminOrderFixture({ id: '31', number: 31, ...change })]) } });
    renderWithProviders(<ActiveOrdersTab />);
    const card = await row('31');
    expect(within(card).queryByText('Unpaid') !== null).toBe(marked);
  });

  it('given no order past payment, it says "No active orders found"', async () => {
    stubApi({ [ACTIVE]: { body: page([]) } });
    renderWithProviders(<ActiveOrdersTab />);
    expect(await screen.findByText('No active orders found')).toBeInTheDocument();
  });

  it('View Details shows customer, items (style, ABV, quantity × unit price), summary with GST and invoice, and the event history', async () => {
    stubApi({
      [ACTIVE]: { body: page([adminOrderFixture()]) },
      [ORDER_12]: { body: adminOrderFixture() },
      'GET /api/admin/orders/12/history': { body: HISTORY },
    });
    renderWithProviders(<ActiveOrdersTab />);
    const dialog = await openDialog('View Details');
    const customer = within(dialog).getByRole('region', { name: 'Customer information' });
    expect(within(customer).getByText('Jordan Lee')).toBeInTheDocument();
    expect(within(customer).getByText('jordan@example.com')).toHaveAttribute('href', 'mailto:jordan@example.com');
    const items = within(dialog).getByRole('region', { name: 'Items' });
    expect(within(items).getByText('Quokka Pale Ale')).toBeInTheDocument();
    expect(within(items).getByText('Pale Ale · ABV 4.8%')).toBeInTheDocument();
    expect(within(items).getByText('1 × $24.00 (4 Pack, 4 cans)')).toBeInTheDocument();
    expect(within(items).getByText('4 × $7.50 (single cans)')).toBeInTheDocument();
    const summary = within(dialog).getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('$5.82')).toBeInTheDocument();
    expect(within(summary).getByText('INV-000012')).toBeInTheDocument();
    expect(within(summary).getByText('$10.00 (Perth Metro)')).toBeInTheDocument();
    const history = within(dialog).getByRole('region', { name: 'Order history' });
    expect(await within(history).findByText('Order placed: 8 cans, $64.00')).toBeInTheDocument();
    expect(within(history).getByText('Payment of $64.00 succeeded')).toBeInTheDocument();
    expect(within(history).getByText('Customer')).toBeInTheDocument();
    expect(within(history).getByText('Payment provider')).toBeInTheDocument();
    expect(within(history).getByText('System')).toBeInTheDocument();
  });

  it('given an order priced with a discount code, its row and its dialog show the code and what it took off', async () => {
    // $54.00 of beer + $10.00 shipping, 10% off the beer: $5.40 off, $58.60 charged.
    const discounted = adminOrderFixture({
      discount: { code: 'CLUB10', kind: 'percent', description: '10% off', amount: '5.40' },
      totalAmount: '58.60',
      gstIncluded: '5.33',
    });
    stubApi({
      [ACTIVE]: { body: page([discounted]) },
      [ORDER_12]: { body: discounted },
      'GET /api/admin/orders/12/history': { body: HISTORY },
    });
    renderWithProviders(<ActiveOrdersTab />);
    const row = await orderRow('12');
    expect(row).toHaveTextContent('$58.60$54.00 + $10.00 shipping - $5.40 (CLUB10)');
    const dialog = await openDialog('View Details');
    const summary = within(dialog).getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Discount (CLUB10, 10% off)')).toBeInTheDocument();
    expect(within(summary).getByText('-$5.40')).toBeInTheDocument();
    expect(within(summary).getByText('$58.60')).toBeInTheDocument();
    expect(within(summary).getByText('$5.33')).toBeInTheDocument();
  });

  it('given an order without a discount code, its row and its dialog show no discount', async () => {
    stubApi({
      [ACTIVE]: { body: page([adminOrderFixture({ discount: null })]) },
      [ORDER_12]: { body: adminOrderFixture({ discount: null }) },
      'GET /api/admin/orders/12/history': { body: HISTORY },
    });
    renderWithProviders(<ActiveOrdersTab />);
    expect(await orderRow('12')).toHaveTextContent('$64.00$54.00 + $10.00 shipping');
    const dialog = await openDialog('View Details');
    expect(within(dialog).getByRole('region', { name: 'Order summary' })).not.toHaveTextContent('Discount');
  });

  it('Update Tracking needs a reference; with one it sends status and reference, toasts and links to Australia Post', async () => {
    // The server's answer: once saved, the refetched list carries the new status and reference.
    let saved = adminOrderFixture();
    const fetchMock = stubApi({
      [ACTIVE]: () => Promise.resolve(new Response(JSON.stringify(page([saved])), { status: 200 })),
      [ORDER_12]: () => Promise.resolve(new Response(JSON.stringify(saved), { status: 200 })),
      'GET /api/admin/orders/12/history': { body: HISTORY },
      'PUT /api/admin/orders/12/tracking': () => {
        saved = adminOrderFixture({ status: 'shipped', trackingReference: '33XYZ0123456' });
        return Promise.resolve(
          new Response(JSON.stringify({ message: 'Order updated and customer notified by email', changed: true, notified: true }), {
            status: 200,
          }),
        );
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    const dialog = await openDialog('Update Tracking');
    const reference = within(dialog).getByLabelText('Tracking reference');
    await waitFor(() => expect(reference).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Update Order' }));
    expect(await within(dialog).findByText('Tracking reference is required')).toBeInTheDocument();
    expect(sent(fetchMock, 'PUT', '/api/admin/orders/12/tracking')).toHaveLength(0);

    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Status' }), 'Shipped');
    await user.type(reference, '33XYZ0123456');
    expect(within(dialog).getByRole('link', { name: /Track 33XYZ0123456 with Australia Post/ })).toHaveAttribute(
      'href',
      'https://auspost.com.au/mypost/track/details/33XYZ0123456',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Update Order' }));
    expect(await screen.findByText('Order updated and customer notified by email')).toBeInTheDocument();
    expect(await within(dialog).findByText('Shipped', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Tracking reference')).toHaveValue('33XYZ0123456');
    const [call] = sent(fetchMock, 'PUT', '/api/admin/orders/12/tracking');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ trackingReference: '33XYZ0123456', status: 'shipped', notifyCustomer: true });
  }, 45_000);

  it('given Packed chosen in the form, the e-mail box unticks (not news for the customer), and ticks again for Shipped', async () => {
    stubApi({
      [ACTIVE]: { body: page([adminOrderFixture({ trackingReference: 'AP1' })]) },
      [ORDER_12]: { body: adminOrderFixture({ trackingReference: 'AP1' }) },
      'GET /api/admin/orders/12/history': { body: HISTORY },
    });
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    const dialog = await openDialog('Update Tracking');
    const notify = within(dialog).getByRole('checkbox', { name: 'Notify customer by e-mail' });
    expect(notify).toBeChecked();
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Status' }), 'Packed - Awaiting Pickup');
    await waitFor(() => expect(notify).not.toBeChecked());
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Status' }), 'Shipped');
    await waitFor(() => expect(notify).toBeChecked());
  }, 45_000);

  it('given a pickup, Packed keeps the e-mail box ticked (ready to collect) and the form sends no tracking reference', async () => {
    const pickup = adminOrderFixture({
      fulfilment: { method: 'pickup', pickupDate: '2026-12-05' },
      pickupDate: '2026-12-05',
      trackingReference: null,
    });
    const fetchMock = stubApi({
      [ACTIVE]: { body: page([pickup]) },
      [ORDER_12]: { body: pickup },
      'GET /api/admin/orders/12/history': { body: HISTORY },
      'PUT /api/admin/orders/12/tracking': {
        body: { message: 'Order updated and customer notified by email', changed: true, notified: true },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    const dialog = await openDialog('Update Tracking');
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Status' }), 'Packed - Awaiting Pickup');
    // Never shipped, and Delivered only by its hand-over: neither is offered
    expect(screen.queryAllByTitle('Shipped')).toHaveLength(0);
    expect(screen.queryAllByTitle('Delivered')).toHaveLength(0);
    const notify = within(dialog).getByRole('checkbox', { name: 'Notify customer by e-mail' });
    await waitFor(() => expect(notify).toBeChecked());
    await user.click(within(dialog).getByRole('button', { name: 'Update Order' }));
    await waitFor(() => expect(sent(fetchMock, 'PUT', '/api/admin/orders/12/tracking')).toHaveLength(1));
    const [call] = sent(fetchMock, 'PUT', '/api/admin/orders/12/tracking');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ status: 'packed_awaiting_pickup', notifyCustomer: true });
  }, 45_000);

  it.each([
    {
      case: 'with "Notify customer by e-mail" unticked, sends notifyCustomer false and toasts what the server did',
      untick: true,
      answer: { message: 'Order updated; the customer was not e-mailed', changed: true, notified: false },
    },
    {
      case: 'when nothing changed, toasts the server\'s words, not "notified"',
      untick: false,
      answer: { message: 'Order #12 is already Paid with tracking reference AP1: nothing changed', changed: false, notified: false },
    },
  ])(
    'Update Order $case',
    async ({ untick, answer }) => {
      const fetchMock = stubApi({
        [ACTIVE]: { body: page([adminOrderFixture({ trackingReference: 'AP1' })]) },
        [ORDER_12]: { body: adminOrderFixture({ trackingReference: 'AP1' }) },
        'GET /api/admin/orders/12/history': { body: HISTORY },
        'PUT /api/admin/orders/12/tracking': { body: answer },
      });
      const user = userEvent.setup();
      renderWithProviders(<ActiveOrdersTab />);
      const dialog = await openDialog('Update Tracking');
      const notify = within(dialog).getByRole('checkbox', { name: 'Notify customer by e-mail' });
      expect(notify).toBeChecked();
      if (untick) await user.click(notify);
      await user.click(within(dialog).getByRole('button', { name: 'Update Order' }));
      expect(await screen.findByText(answer.message)).toBeInTheDocument();
      expect(screen.queryByText('Order updated and customer notified by email')).not.toBeInTheDocument();
      const [call] = sent(fetchMock, 'PUT', '/api/admin/orders/12/tracking');
      expect(JSON.parse(call?.[1]?.body as string)).toMatchObject({ notifyCustomer: !untick });
    },
    45_000,
  );

  it.each([
    { keep: false, expected: { trackingReference: 'AP1', status: 'cancelled', notifyCustomer: true } },
    {
      keep: true,
      expected: { trackingReference: 'AP1', status: 'cancelled', notifyCustomer: true, keepPaymentReason: 'Replacement sent by hand' },
    },
  ])(
    'cancelling a paid order says its payment is refunded, or keeps it only with a reason (keep: $keep)',
    async ({ keep, expected }) => {
      const fetchMock = stubApi({
        [ACTIVE]: { body: page([adminOrderFixture({ trackingReference: 'AP1' })]) },
        [ORDER_12]: { body: adminOrderFixture({ trackingReference: 'AP1' }) },
        'GET /api/admin/orders/12/history': { body: HISTORY },
        'PUT /api/admin/orders/12/tracking': {
          body: { message: 'Order updated and customer notified by email', changed: true, notified: true },
        },
      });
      const user = userEvent.setup();
      renderWithProviders(<ActiveOrdersTab />);
      const dialog = await openDialog('Update Tracking');
      expect(within(dialog).queryByRole('checkbox', { name: KEEP_PAYMENT })).not.toBeInTheDocument();
      await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Status' }), 'Cancelled');
      expect(
        await within(dialog).findByText(/refunds what remains paid to the customer's card and returns the cans to stock/),
      ).toBeInTheDocument();
      if (keep) {
        await user.click(within(dialog).getByRole('checkbox', { name: KEEP_PAYMENT }));
        await user.click(within(dialog).getByRole('button', { name: 'Update Order' }));
        // No reason, nothing sent
        expect(await within(dialog).findByText('Say why the payment is kept')).toBeInTheDocument();
        expect(sent(fetchMock, 'PUT', '/api/admin/orders/12/tracking')).toHaveLength(0);
        await user.type(within(dialog).getByLabelText('Why keep the payment?'), 'Replacement sent by hand');
      }
      await user.click(within(dialog).getByRole('button', { name: 'Update Order' }));
      await waitFor(() => expect(sent(fetchMock, 'PUT', '/api/admin/orders/12/tracking')).toHaveLength(1));
      const [call] = sent(fetchMock, 'PUT', '/api/admin/orders/12/tracking');
      expect(JSON.parse(call?.[1]?.body as string)).toEqual(expected);
    },
    45_000,
  );

  it('creating a label toasts its consignment number; a failure says "Failed to create shipping label"', async () => {
    let fail = true;
    stubApi({
      [ACTIVE]: { body: page([adminOrderFixture()]) },
      [ORDER_12]: { body: adminOrderFixture() },
      'GET /api/admin/orders/12/history': { body: [] },
      'POST /api/admin/orders/12/create-shipping-label': () =>
        Promise.resolve(
          fail
            ? new Response(JSON.stringify({ statusCode: 409, message: 'Order #12 is not paid' }), { status: 409 })
            : new Response(
                JSON.stringify({ consignmentNumber: 'AP00012', trackingUrl: 'https://auspost.com.au/mypost/track/details/AP00012' }),
                { status: 201 },
              ),
        ),
    });
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    const dialog = await openDialog('View Details');
    await user.click(within(dialog).getByRole('button', { name: /Create Shipping Label/ }));
    expect(await screen.findByText('Failed to create shipping label')).toBeInTheDocument();
    expect(screen.getByText('Order #12 is not paid')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: /Create Shipping Label/ }));
    expect(await screen.findByText('Shipping label created - Consignment: AP00012')).toBeInTheDocument();
    expect(within(dialog).getByText('AP00012')).toBeInTheDocument();
    // One label per order: another "create" is not offered once it exists.
    expect(within(dialog).queryByRole('button', { name: /Create (New|Shipping) Label/ })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Download Label/ })).toBeEnabled();
  });

  it('downloads the label as shipping-label-order-{id}.pdf; a failure says "Failed to download shipping label"', async () => {
    let fail = false;
    const label = { consignmentNumber: 'AP00012', trackingUrl: 'https://auspost.com.au/mypost/track/details/AP00012' };
    stubApi({
      [ACTIVE]: { body: page([adminOrderFixture({ shippingLabel: label })]) },
      [ORDER_12]: { body: adminOrderFixture({ shippingLabel: label }) },
      'GET /api/admin/orders/12/history': { body: [] },
      'GET /api/admin/orders/12/shipping-label': () =>
        Promise.resolve(
          fail
            ? new Response('gone', { status: 404 })
            : new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
        ),
    });
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    const dialog = await openDialog('View Details');
    await user.click(within(dialog).getByRole('button', { name: /Download Label/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]?.[1]).toBe('shipping-label-order-12.pdf');
    fail = true;
    await user.click(within(dialog).getByRole('button', { name: /Download Label/ }));
    expect(await screen.findByText('Failed to download shipping label')).toBeInTheDocument();
    expect(saveFile).toHaveBeenCalledTimes(1);
  });

  it('on a phone (below 600 px) lists each order as a card: number, status, total, name, and its buttons one tap away', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...desktop(query), matches: query === ORDER_CARDS_QUERY });
    try {
      stubApi({
        [ACTIVE]: { body: page([adminOrderFixture({ id: '12', number: 12 })]) },
        [ORDER_12]: { body: adminOrderFixture() },
        'GET /api/admin/orders/12/history': { body: [] },
      });
      renderWithProviders(<ActiveOrdersTab />);
      const card = await screen.findByRole('article', { name: 'Order #12' });
      expect(within(card).getByText('#12')).toBeInTheDocument();
      expect(within(card).getByText('Paid')).toBeInTheDocument();
      expect(within(card).getByText(adminOrderFixture().customerName)).toBeInTheDocument();
      expect(within(card).getByText(`$${adminOrderFixture().totalAmount}`)).toBeInTheDocument();
      // No table header and no columns to swipe to: the card is the row.
      expect(screen.queryByRole('columnheader', { name: 'Customer' })).not.toBeInTheDocument();
      await openDialog('View Details');
    } finally {
      window.matchMedia = desktop;
    }
  });

  it('on a phone, ticks the page’s orders from one box (the cards have no header row)', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...desktop(query), matches: query === ORDER_CARDS_QUERY });
    try {
      stubApi({ [ACTIVE]: { body: page([adminOrderFixture({ id: '13', number: 13 }), adminOrderFixture({ id: '12', number: 12 })]) } });
      const user = userEvent.setup();
      renderWithProviders(<ActiveOrdersTab />);
      await screen.findByRole('article', { name: 'Order #13' });
      await user.click(screen.getByRole('checkbox', { name: 'Select the 2 orders on this page' }));
      expect(screen.getByRole('region', { name: 'Selected orders' })).toHaveTextContent('2 orders selected');
      await user.click(screen.getByRole('checkbox', { name: 'Select the 2 orders on this page' }));
      expect(screen.queryByRole('region', { name: 'Selected orders' })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = desktop;
    }
  });

  it('reads its page again every 30 seconds: an order paid meanwhile shows by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let items = [adminOrderFixture({ id: '12', number: 12 })];
      stubApi({ [ACTIVE]: () => Promise.resolve(new Response(JSON.stringify(page(items)), { status: 200 })) });
      renderWithProviders(<ActiveOrdersTab />);
      await row('12');
      items = [adminOrderFixture({ id: '13', number: 13 }), ...items];
      await vi.advanceTimersByTimeAsync(29_000);
      expect(rowIds()).toEqual(['12']);
      await vi.advanceTimersByTimeAsync(1_500);
      await waitFor(() => expect(rowIds()).toEqual(['13', '12']));
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the order’s internal notes and adds one, saying the customer is not e-mailed', async () => {
    let saved = adminOrderFixture({ notes: [{ note: 'Rang about the delivery day', at: '2026-11-23T02:00:00.000Z', by: 'admin' }] });
    const fetchMock = stubApi({
      [ACTIVE]: () => Promise.resolve(new Response(JSON.stringify(page([saved])), { status: 200 })),
      [ORDER_12]: () => Promise.resolve(new Response(JSON.stringify(saved), { status: 200 })),
      'GET /api/admin/orders/12/history': { body: [] },
      'POST /api/admin/orders/12/notes': () => {
        saved = adminOrderFixture({
          notes: [...(saved.notes ?? []), { note: 'Will collect Saturday', at: '2026-11-24T02:00:00.000Z', by: 'admin' }],
        });
        return Promise.resolve(new Response(JSON.stringify({ message: 'Note added to order #12' }), { status: 201 }));
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    const dialog = await openDialog('View Details');
    const notes = within(dialog).getByRole('region', { name: 'Internal notes' });
    expect(within(notes).getByText('Rang about the delivery day')).toBeInTheDocument();
    const field = within(notes).getByLabelText(/Add a note \(only the shop sees it; the customer is not e-mailed\)/);

    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await within(notes).findByText('Write the note (1 to 500 characters)')).toBeInTheDocument();

    await user.type(field, '  Will collect Saturday ');
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note added to order #12')).toBeInTheDocument();
    const posted = fetchMock.mock.calls.find(([url, init]) => requestUrl(url) === '/api/admin/orders/12/notes' && init?.method === 'POST');
    expect(JSON.parse(posted?.[1]?.body as string)).toEqual({ note: 'Will collect Saturday' });
    expect(await within(notes).findByText('Will collect Saturday')).toBeInTheDocument();
    await waitFor(() => expect(within(notes).getByLabelText(/Add a note/)).toHaveValue(''));
  });

  it('opens the customer’s view from an order: their figures and orders, each one tap from the dialog', async () => {
    stubApi({
      [ACTIVE]: { body: page([adminOrderFixture()]) },
      [ORDER_12]: { body: adminOrderFixture() },
      'GET /api/admin/orders/12/history': { body: [] },
      [orderRequest('31')]: { body: adminOrderFixture({ id: '31', number: 31, status: 'pending', paidAt: null }) },
      'GET /api/admin/orders/31/history': { body: [] },
      'GET /api/admin/customers/jordan%40example.com': {
        body: {
          email: 'jordan@example.com',
          name: 'Ada Lovelace',
          phone: '0412 345 678',
          orderCount: 2,
          paidOrderCount: 1,
          totalSpent: '1234.50',
          firstOrderAt: '2026-10-01T02:00:00.000Z',
          lastOrderAt: '2026-11-23T02:00:00.000Z',
          orders: [
            {
              id: '31',
              status: 'pending',
              createdAt: '2026-11-23T02:00:00.000Z',
              paidAt: null,
              totalAmount: '40.00',
              refundedAmount: '0.00',
              totalCans: 8,
            },
            {
              id: '12',
              status: 'shipped',
              createdAt: '2026-10-01T02:00:00.000Z',
              paidAt: '2026-10-01T02:01:00.000Z',
              totalAmount: '1239.50',
              refundedAmount: '5.00',
              totalCans: 64,
            },
          ],
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    const dialog = await openDialog('View Details');
    await user.click(within(dialog).getByRole('button', { name: /All orders from this customer/ }));
    const view = (await screen.findByText('Customer: jordan@example.com')).closest<HTMLElement>('.ant-drawer');
    if (view === null) throw new Error('the customer view is not a drawer');
    expect(await within(view).findByText('$1234.50')).toBeInTheDocument();
    expect(within(view).getByText('2 (1 paid)')).toBeInTheDocument();
    expect(within(view).getByText('$5.00 refunded')).toBeInTheDocument();
    // One tap opens another of their orders in the dialog, in place of this one.
    await user.click(within(view).getByRole('button', { name: '#31' }));
    await waitFor(() => expect(dialog.querySelector('.ant-modal-title')).toHaveTextContent('Order #31'));
    expect(within(dialog).getByText('Payment Pending', { selector: '.ant-tag' })).toBeInTheDocument();
  });

  it('downloads the packing slip as packing-slip-order-{id}.pdf; a failure says "Failed to download packing slip"', async () => {
    let fail = false;
    stubApi({
      [ACTIVE]: { body: page([adminOrderFixture()]) },
      [ORDER_12]: { body: adminOrderFixture() },
      'GET /api/admin/orders/12/history': { body: [] },
      'GET /api/admin/orders/12/packing-slip': () =>
        Promise.resolve(
          fail
            ? new Response(JSON.stringify({ statusCode: 409, message: 'Order #12 is not paid' }), { status: 409 })
            : new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
        ),
    });
    vi.mocked(saveFile).mockClear();
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    const dialog = await openDialog('View Details');
    // No label is needed for the slip: the box is packed before the label goes on.
    await user.click(within(dialog).getByRole('button', { name: /Packing Slip/ }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]?.[1]).toBe('packing-slip-order-12.pdf');
    fail = true;
    await user.click(within(dialog).getByRole('button', { name: /Packing Slip/ }));
    expect(await screen.findByText('Failed to download packing slip')).toBeInTheDocument();
    expect(screen.getByText('Order #12 is not paid')).toBeInTheDocument();
    expect(saveFile).toHaveBeenCalledTimes(1);
  });

  it('an open dialog stays current when a change takes its order off the page (set back to Payment Pending by hand)', async () => {
    let saved = adminOrderFixture({ trackingReference: 'AP1' });
    const fetchMock = stubApi({
      // Once pending, the order is no longer on the Active tab's page; the dialog reads it on its own.
      [ACTIVE]: () => Promise.resolve(new Response(JSON.stringify(page(saved.status === 'pending' ? [] : [saved])), { status: 200 })),
      [ORDER_12]: () => Promise.resolve(new Response(JSON.stringify(saved), { status: 200 })),
      'GET /api/admin/orders/12/history': { body: HISTORY },
      'PUT /api/admin/orders/12/tracking': () => {
        saved = adminOrderFixture({ status: 'pending', trackingReference: 'AP1' });
        return Promise.resolve(
          new Response(JSON.stringify({ message: 'Order updated quietly', changed: true, notified: false }), { status: 200 }),
        );
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    const dialog = await openDialog('Update Tracking');
    expect(within(dialog).getByText('Paid', { selector: '.ant-tag' })).toBeInTheDocument();
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Status' }), 'Payment Pending');
    await user.click(within(dialog).getByRole('button', { name: 'Update Order' }));
    expect(await within(dialog).findByText('Payment Pending', { selector: '.ant-tag' })).toBeInTheDocument();
    await waitFor(() => expect(rowIds()).toEqual([]));
    expect(within(dialog).queryByText('Paid', { selector: '.ant-tag' })).toBeNull();
    expect(sent(fetchMock, 'PUT', '/api/admin/orders/12/tracking')).toHaveLength(1);
  }, 45_000);

  it('Refund sends the amount and note, toasts what the server refunded, and shows the refund once the list has it', async () => {
    let saved = adminOrderFixture();
    const fetchMock = stubApi({
      [ACTIVE]: () => Promise.resolve(new Response(JSON.stringify(page([saved])), { status: 200 })),
      [ORDER_12]: () => Promise.resolve(new Response(JSON.stringify(saved), { status: 200 })),
      'GET /api/admin/orders/12/history': { body: HISTORY },
      'POST /api/admin/orders/12/refund': () => {
        saved = adminOrderFixture({
          refundedAmount: '12.00',
          refunds: [{ amount: '12.00', at: '2026-11-25T02:46:00.000Z', note: 'Dented cans' }],
        });
        return Promise.resolve(
          new Response(
            JSON.stringify({
              message: 'Refunded $12.00 of Order #12; the customer was e-mailed',
              refundId: 're_1',
              amount: '12.00',
              refunded: '12.00',
              refundable: '52.00',
            }),
            { status: 200 },
          ),
        );
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    const dialog = await openDialog('View Details');
    const section = within(dialog).getByRole('region', { name: 'Refunds and review' });
    expect(within(section).getByLabelText('Refund amount (up to $64.00)')).toHaveAttribute('placeholder', '64.00');
    await user.type(within(section).getByLabelText('Refund amount (up to $64.00)'), '12.00');
    await user.type(within(section).getByLabelText('Note (kept in the history)'), 'Dented cans');
    await user.click(within(section).getByRole('button', { name: 'Refund' }));
    // Nothing is sent until the operator has read how much, and to whom
    expect((await screen.findAllByText(`Refund $12.00 to ${adminOrderFixture().customerName}?`)).length).toBeGreaterThan(0);
    expect(screen.getAllByText('This cannot be undone.').length).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Refund $12.00' }));
    await waitFor(() =>
      expect(document.querySelector('.ant-notification-notice')).toHaveTextContent(
        'Refunded $12.00 of Order #12; the customer was e-mailed',
      ),
    );
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]?.[1]?.body as string)).toEqual({ amount: '12.00', note: 'Dented cans' });
    expect(new Headers(posts[0]?.[1]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await within(section).findByText(/\$12\.00 refunded 25 Nov 2026, 10:46 am — Dented cans/)).toBeInTheDocument();
    expect(within(section).getByLabelText('Refund amount (up to $52.00)')).toBeInTheDocument();
  });

  it('Refund with the amount left empty spells out the whole remaining amount and sends nothing when cancelled', async () => {
    const fetchMock = stubApi({
      [ACTIVE]: { body: page([adminOrderFixture()]) },
      [ORDER_12]: { body: adminOrderFixture() },
      'GET /api/admin/orders/12/history': { body: HISTORY },
    });
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    const dialog = await openDialog('View Details');
    const section = within(dialog).getByRole('region', { name: 'Refunds and review' });
    await user.click(within(section).getByRole('button', { name: 'Refund' }));
    expect((await screen.findAllByText(`Refund $64.00 to ${adminOrderFixture().customerName}?`)).length).toBeGreaterThan(0);
    expect(screen.getAllByText('This cannot be undone. It is everything not yet refunded.').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryAllByText(/^Refund \$64\.00 to/)).toHaveLength(0));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('an order that needs review offers Mark resolved, which needs a note and sends it', async () => {
    const fetchMock = stubApi({
      [ACTIVE]: { body: page([adminOrderFixture({ needsReview: true, reviewReasons: ['Paid twice'] })]) },
      [ORDER_12]: { body: adminOrderFixture({ needsReview: true, reviewReasons: ['Paid twice'] }) },
      'GET /api/admin/orders/12/history': { body: HISTORY },
      'POST /api/admin/orders/12/resolve': { body: { message: 'Order #12 marked resolved', changed: true } },
    });
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    const dialog = await openDialog('View Details');
    const section = within(dialog).getByRole('region', { name: 'Refunds and review' });
    await user.click(within(section).getByRole('button', { name: 'Mark resolved' }));
    expect(await within(section).findByText('Say how the review was settled')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.type(within(section).getByLabelText('How was it settled?'), 'Second charge refunded');
    await user.click(within(section).getByRole('button', { name: 'Mark resolved' }));
    await waitFor(() => expect(document.querySelector('.ant-notification-notice')).toHaveTextContent('Order #12 marked resolved'));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ note: 'Second charge refunded' });
  });

  it('prints the labels of the ticked orders in the order they were ticked, and their pick list', async () => {
    const prints = ['Labels of 2 orders ready to print', 'Labels and packing slips of 2 orders ready to print'];
    const fetchMock = stubApi({
      [ACTIVE]: {
        body: page([adminOrderFixture({ id: '13', number: 13 }), adminOrderFixture({ id: '12', number: 12 })]),
      },
      'POST /api/admin/shipping-labels/bulk': () =>
        Promise.resolve(
          Response.json(bulkFile(prints.shift() ?? '', ['12', '13'], [], 'shipping-labels-2-orders.pdf', 'application/pdf', '%PDF-labels')),
        ),
      'POST /api/admin/pick-list': () =>
        Promise.resolve(
          Response.json(
            bulkFile('Pick list of 2 orders ready', ['12', '13'], [], 'pick-list-2-orders.csv', 'text/csv', 'Beer,Pack size,Packs,Cans'),
          ),
        ),
    });
    vi.mocked(saveFile).mockClear();
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    await row('13');
    expect(screen.queryByRole('region', { name: 'Selected orders' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select order #12' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order #13' }));
    const bar = screen.getByRole('region', { name: 'Selected orders' });
    expect(bar).toHaveTextContent('2 orders selected');

    await user.click(within(bar).getByRole('button', { name: /Print labels/ }));
    await waitFor(() => expect(vi.mocked(saveFile)).toHaveBeenCalledWith(expect.anything(), 'shipping-labels-2-orders.pdf'));
    const printed = fetchMock.mock.calls.find(([url]) => requestUrl(url) === '/api/admin/shipping-labels/bulk');
    expect(JSON.parse(printed?.[1]?.body as string)).toEqual({ orderIds: ['12', '13'], packingSlips: false });
    // The JSON answer, so the skipped orders come with the file
    expect(new Headers(printed?.[1]?.headers).get('Accept')).toBe('application/json');
    expect(await (vi.mocked(saveFile).mock.calls[0]?.[0] as Blob).text()).toBe('%PDF-labels');
    expect(await screen.findByText('Labels of 2 orders ready to print')).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: /Labels \+ packing slips/ }));
    await waitFor(() => expect(vi.mocked(saveFile)).toHaveBeenCalledTimes(2));
    const withSlips = fetchMock.mock.calls.filter(([url]) => requestUrl(url) === '/api/admin/shipping-labels/bulk')[1];
    expect(JSON.parse(withSlips?.[1]?.body as string)).toEqual({ orderIds: ['12', '13'], packingSlips: true });
    expect(await screen.findByText('Labels and packing slips of 2 orders ready to print')).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'Pick list (CSV)' }));
    await waitFor(() => expect(vi.mocked(saveFile)).toHaveBeenCalledWith(expect.anything(), 'pick-list-2-orders.csv'));
    const picked = fetchMock.mock.calls.find(([url]) => requestUrl(url) === '/api/admin/pick-list');
    expect(JSON.parse(picked?.[1]?.body as string)).toEqual({ orderIds: ['12', '13'], format: 'csv' });

    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('region', { name: 'Selected orders' })).not.toBeInTheDocument();
  }, 45_000);

  it('given more than 200 matching, selects the first 200 in the table’s order (what one print takes)', async () => {
    const all = Array.from({ length: 230 }, (_, index) => adminOrderFixture({ id: String(230 - index), number: 230 - index }));
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const url = new URL(requestUrl(input), 'http://shop.test');
        const pageSize = Number(url.searchParams.get('pageSize'));
        const pageNumber = Number(url.searchParams.get('page'));
        const items = all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
        return new Response(JSON.stringify({ items, total: all.length, page: pageNumber, pageSize }), { status: 200 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    await row('230');
    await user.click(screen.getByRole('checkbox', { name: 'Select order #230' }));
    const bar = screen.getByRole('region', { name: 'Selected orders' });
    await user.click(within(bar).getByRole('button', { name: 'Select the first 200 of 230 matching' }));
    await waitFor(() => expect(bar).toHaveTextContent('200 orders selected'));
  });

  it('selects every order matching the filters, across pages, and sets one status on them without e-mailing', async () => {
    const posts: { url: string; body: unknown }[] = [];
    const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(requestUrl(input), 'http://shop.test');
      if (init?.method === 'POST') {
        posts.push({ url: url.pathname, body: JSON.parse(init.body as string) });
        return new Response(
          JSON.stringify({
            message: '3 orders set to Shipped and no customer was e-mailed',
            changed: ['30', '29', '28'],
            unchanged: [],
            notified: 0,
            applied: ['30', '29', '28'],
            skipped: [],
          }),
          { status: 200 },
        );
      }
      // 3 match: the first page of 25 holds them all when asked for 100, and only the first two otherwise
      const pageSize = Number(url.searchParams.get('pageSize'));
      const all = ['30', '29', '28'].map((id) => adminOrderFixture({ id, number: Number(id) }));
      return new Response(JSON.stringify({ items: pageSize === 100 ? all : all.slice(0, 2), total: 3, page: 1, pageSize }), {
        status: 200,
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    await row('30');
    await user.click(screen.getByRole('checkbox', { name: 'Select order #30' }));
    const bar = screen.getByRole('region', { name: 'Selected orders' });
    await user.click(within(bar).getByRole('button', { name: 'Select all 3 matching' }));
    await waitFor(() => expect(bar).toHaveTextContent('3 orders selected'));
    expect(within(bar).queryByRole('button', { name: /Select all/ })).not.toBeInTheDocument();

    expect(within(bar).getByRole('button', { name: 'Set status' })).toBeDisabled();
    fireEvent.mouseDown(within(bar).getByRole('combobox', { name: 'Status for the selected orders' }));
    await user.click(await screen.findByTitle('Shipped'));
    await user.click(within(bar).getByRole('checkbox', { name: 'Notify customers by e-mail' }));
    await user.click(within(bar).getByRole('button', { name: 'Set status' }));
    // Nothing is sent until the count and the e-mailing are confirmed; Cancel sends nothing.
    expect((await screen.findAllByText('Set 3 orders to Shipped?')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Set 3 orders to Shipped?')).not.toBeInTheDocument());
    expect(posts).toEqual([]);
    await user.click(within(bar).getByRole('button', { name: 'Set status' }));
    await user.click(await screen.findByRole('button', { name: 'Set 3 orders' }));

    const result = await screen.findByRole('region', { name: 'Result of the bulk action' });
    expect(result).toHaveTextContent('3 orders set to Shipped and no customer was e-mailed');
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    expect(posts).toEqual([
      { url: '/api/admin/orders/bulk-status', body: { orderIds: ['30', '29', '28'], status: 'shipped', notifyCustomer: false } },
    ]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected orders' })).not.toBeInTheDocument());
  });
});

/** The address the tab keeps its search in, shown for the test to read. */
function Address() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

describe('active orders: posted or collected at the cellar door', () => {
  const pickup = (overrides: Parameters<typeof adminOrderFixture>[0] = {}) =>
    adminOrderFixture({
      fulfilment: { method: 'pickup', pickupDate: '2026-11-28' },
      pickupDate: '2026-11-28',
      shippingAddress: 'Cellar door pickup, Saturday 28 November, 10am-4pm',
      shippingCost: '0.00',
      totalAmount: '54.00',
      estimatedDelivery: 'Saturday 28 November, 10am-4pm',
      collection: null,
      ...overrides,
    });

  it('filters by fulfilment, and pickups by Saturday, sending both to the search and keeping them in the address', async () => {
    const searches: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        const url = new URL(requestUrl(input), 'http://shop.test');
        searches.push(url.searchParams);
        return new Response(JSON.stringify(page([pickup()])), { status: 200 });
      }),
    );
    const saturday = cellarDoorSaturdays(new Date())[2] ?? '';
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <ActiveOrdersTab />
        <Address />
      </>,
      { route: '/admin?tab=active-orders' },
    );
    await row('12');
    expect(searches.at(-1)?.has('fulfilment')).toBe(false);
    expect(screen.queryByRole('combobox', { name: 'Saturday' })).not.toBeInTheDocument();

    await chooseOption(user, screen.getByRole('combobox', { name: 'Fulfilment' }), 'Cellar door pickup');
    await waitFor(() => expect(searches.at(-1)?.get('fulfilment')).toBe('pickup'));
    expect(searches.at(-1)?.has('pickupDate')).toBe(false);
    await chooseOption(user, await screen.findByRole('combobox', { name: 'Saturday' }), pickupDayLabel(saturday));
    await waitFor(() => expect(searches.at(-1)?.get('pickupDate')).toBe(saturday));
    expect(searches.at(-1)?.get('fulfilment')).toBe('pickup');
    const address = new URLSearchParams(screen.getByRole('status', { name: 'Address' }).textContent ?? '');
    expect(address.get('fulfilment')).toBe('pickup');
    expect(address.get('pickupDate')).toBe(saturday);

    // Posted orders have no Saturday: choosing them drops it.
    await chooseOption(user, screen.getByRole('combobox', { name: 'Fulfilment' }), 'Delivery');
    await waitFor(() => expect(searches.at(-1)?.get('fulfilment')).toBe('delivery'));
    expect(searches.at(-1)?.has('pickupDate')).toBe(false);
    expect(screen.queryByRole('combobox', { name: 'Saturday' })).not.toBeInTheDocument();
    // Clear filters drops it too (the unfiltered page shows from the cache).
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\?tab=active-orders$/));
    expect(screen.getByRole('combobox', { name: 'Fulfilment' }).closest('.ant-select')).toHaveTextContent('All');
  }, 45_000);

  it('reads the fulfilment and Saturday from the address it was opened with', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(JSON.stringify(page([pickup()])), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ActiveOrdersTab />, { route: '/admin?tab=active-orders&fulfilment=pickup&pickupDate=2026-11-28' });
    await row('12');
    const asked = new URL(requestUrl(fetchMock.mock.calls[0]?.[0] ?? ''), 'http://shop.test').searchParams;
    expect(asked.get('fulfilment')).toBe('pickup');
    expect(asked.get('pickupDate')).toBe('2026-11-28');
    expect(screen.getByRole('combobox', { name: 'Saturday' }).closest('.ant-select')).toHaveTextContent('Saturday 28 November');
  });

  it('marks a pickup in its row with its Saturday', async () => {
    stubApi({ [ACTIVE]: { body: page([pickup({ id: '14', number: 14 }), adminOrderFixture()]) } });
    renderWithProviders(<ActiveOrdersTab />);
    expect(within(await row('14')).getByText('Pickup Sat 28 Nov')).toBeInTheDocument();
    expect(within(await row('12')).queryByText(/Pickup/)).not.toBeInTheDocument();
  });

  it('a pickup’s dialog says when it is collected and by whom, and offers its packing slip but no shipping label', async () => {
    const collected = pickup({
      status: 'delivered',
      collection: { idType: 'drivers_licence', collectedBy: 'Sam Lee', at: '2026-11-28T03:05:00.000Z', by: 'admin' },
    });
    stubApi({
      [ACTIVE]: { body: page([collected]) },
      [ORDER_12]: { body: collected },
      'GET /api/admin/orders/12/history': { body: [] },
    });
    renderWithProviders(<ActiveOrdersTab />);
    const dialog = await openDialog('View Details');
    const customer = within(dialog).getByRole('region', { name: 'Customer information' });
    expect(within(customer).getByText('Collect at the cellar door, Saturday 28 November, 10am-4pm')).toBeInTheDocument();
    expect(
      within(customer).getByText("Collected 28 Nov 2026, 11:05 am by Sam Lee (Driver's licence), checked by Admin"),
    ).toBeInTheDocument();
    expect(within(customer).queryByText('Shipping address')).not.toBeInTheDocument();
    const summary = within(dialog).getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('$0.00 (cellar door pickup)')).toBeInTheDocument();
    expect(within(summary).queryByText('Estimated delivery')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Shipping label' })).not.toBeInTheDocument();
    const slip = within(dialog).getByRole('region', { name: 'Packing slip' });
    expect(within(slip).getByRole('button', { name: /Packing Slip/ })).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: /Create Shipping Label/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Download Label/ })).not.toBeInTheDocument();
  });

  it('a pickup not yet collected says so', async () => {
    stubApi({
      [ACTIVE]: { body: page([pickup()]) },
      [ORDER_12]: { body: pickup() },
      'GET /api/admin/orders/12/history': { body: [] },
    });
    renderWithProviders(<ActiveOrdersTab />);
    const dialog = await openDialog('View Details');
    expect(within(dialog).getByText('Not collected yet')).toBeInTheDocument();
  });
});

describe('active orders: export', () => {
  it('given a search with From and To, Export CSV downloads the orders it finds (its text, statuses and period); without both days it waits', async () => {
    const exports: unknown[] = [];
    const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
      const url = requestUrl(input);
      if (url === '/api/admin/orders/export') {
        exports.push(JSON.parse(init?.body as string));
        return new Response('Order\n12\n', { headers: { 'Content-Type': 'text/csv' } });
      }
      return new Response(JSON.stringify({ items: [adminOrderFixture({})], total: 1, page: 1, pageSize: 25 }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    vi.mocked(saveFile).mockClear();
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />, { route: '/admin?tab=active-orders&q=ada' });
    const exportButton = await screen.findByRole('button', { name: /Export CSV/ });
    expect(exportButton).toBeDisabled();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    await waitFor(() => expect(exportButton).toBeEnabled());
    await user.click(exportButton);
    await waitFor(() => expect(vi.mocked(saveFile)).toHaveBeenCalledWith(expect.anything(), 'orders-2026-11-01-to-2026-11-30.csv'));
    expect(exports).toEqual([{ startDate: '2026-11-01', endDate: '2026-11-30', q: 'ada', status: [...ACTIVE_STATUSES] }]);
  });
});

describe('active orders: bulk actions say what fits', () => {
  const pickup246 = adminOrderFixture({
    id: '246',
    number: 246,
    fulfilment: { method: 'pickup', pickupDate: '2026-11-28' },
    pickupDate: '2026-11-28',
    shippingAddress: 'Cellar door pickup, Saturday 28 November, 10am-4pm',
  });
  const orders = [adminOrderFixture({ id: '30', number: 30 }), pickup246, adminOrderFixture({ id: '29', number: 29 })];
  const shipped = 'Order #246 is collected at the cellar door, so it is never shipped';

  it('sets Shipped on the orders that take it and lists each skipped one with why, in one place; the skipped ones can be ticked next', async () => {
    const posts: unknown[] = [];
    const fetchMock = stubApi({
      [ACTIVE]: { body: page(orders) },
      'POST /api/admin/orders/bulk-status': () => {
        posts.push(JSON.parse(fetchMock.mock.calls.at(-1)?.[1]?.body as string));
        return Promise.resolve(
          Response.json({
            message: `2 orders set to Shipped and their customers were e-mailed. 1 skipped: ${shipped}`,
            changed: ['30', '29'],
            unchanged: [],
            notified: 2,
            applied: ['30', '29'],
            skipped: [{ orderId: '246', code: 'pickup_not_shipped', reason: shipped }],
          }),
        );
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    await row('246');
    for (const id of ['30', '246', '29']) await user.click(screen.getByRole('checkbox', { name: `Select order #${id}` }));
    const bar = screen.getByRole('region', { name: 'Selected orders' });
    fireEvent.mouseDown(within(bar).getByRole('combobox', { name: 'Status for the selected orders' }));
    await user.click(await screen.findByTitle('Shipped'));
    await user.click(within(bar).getByRole('button', { name: 'Set status' }));
    // The confirmation still spells out the count
    expect((await screen.findAllByText('Set 3 orders to Shipped and e-mail their customers?')).length).toBeGreaterThan(0);
    await user.click(await screen.findByRole('button', { name: 'Set 3 orders' }));

    const result = await screen.findByRole('region', { name: 'Result of the bulk action' });
    expect(
      within(result).getByText(`2 orders set to Shipped and their customers were e-mailed. 1 skipped: ${shipped}`),
    ).toBeInTheDocument();
    const skipped = within(result).getByRole('list', { name: '1 skipped' });
    expect(
      within(skipped)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([shipped]);
    // One place: no toast besides it, and the selection is done with
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selected orders' })).not.toBeInTheDocument());
    expect(posts).toEqual([{ orderIds: ['30', '246', '29'], status: 'shipped', notifyCustomer: true }]);

    // The skipped pickup ticked again, to be set to Packed next; the result goes once used
    await user.click(within(result).getByRole('button', { name: 'Select the 1 skipped' }));
    expect(screen.getByRole('region', { name: 'Selected orders' })).toHaveTextContent('1 order selected');
    expect(screen.getByRole('checkbox', { name: 'Select order #246' })).toBeChecked();
    expect(screen.queryByRole('region', { name: 'Result of the bulk action' })).not.toBeInTheDocument();
  }, 45_000);

  it('prints the labels of the posted orders, saves that PDF, and lists the pickup it skipped; nothing printable saves nothing and says why', async () => {
    const noLabel = 'Order #246 is collected at the cellar door: it gets no shipping label';
    const answers = [
      bulkFile(
        `Labels of 2 orders ready to print. 1 skipped: ${noLabel}`,
        ['30', '29'],
        [{ orderId: '246', code: 'pickup_no_label', reason: noLabel }],
        'shipping-labels-2-orders.pdf',
        'application/pdf',
        '%PDF-2',
      ),
      bulkFile(
        'These orders are all collected at the cellar door: they get no shipping labels. Print their packing slips instead.',
        [],
        [{ orderId: '246', code: 'pickup_no_label', reason: noLabel }],
        '',
        '',
        '',
      ),
    ];
    stubApi({
      [ACTIVE]: { body: page(orders) },
      'POST /api/admin/shipping-labels/bulk': () => Promise.resolve(Response.json(answers.shift())),
    });
    vi.mocked(saveFile).mockClear();
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    await row('246');
    for (const id of ['30', '246', '29']) await user.click(screen.getByRole('checkbox', { name: `Select order #${id}` }));
    await user.click(within(screen.getByRole('region', { name: 'Selected orders' })).getByRole('button', { name: /Print labels/ }));
    await waitFor(() => expect(vi.mocked(saveFile)).toHaveBeenCalledWith(expect.anything(), 'shipping-labels-2-orders.pdf'));
    const result = await screen.findByRole('region', { name: 'Result of the bulk action' });
    expect(result).toHaveTextContent(`Labels of 2 orders ready to print. 1 skipped: ${noLabel}`);
    expect(within(within(result).getByRole('list', { name: '1 skipped' })).getByText(noLabel)).toBeInTheDocument();

    // The pickup alone: nothing to print, nothing saved, and the panel says what to print instead
    await user.click(screen.getByRole('checkbox', { name: 'Select order #30' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select order #29' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected orders' })).getByRole('button', { name: /Print labels/ }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Result of the bulk action' })).toHaveTextContent(/Print their packing slips instead/),
    );
    expect(vi.mocked(saveFile)).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('region', { name: 'Result of the bulk action' }).querySelector('.ant-alert-error')).not.toBeNull();
  }, 45_000);

  it('a bulk request that fails as a whole says why in the same place', async () => {
    stubApi({
      [ACTIVE]: { body: page(orders) },
      'POST /api/admin/pick-list': {
        status: 503,
        body: { statusCode: 503, message: 'The shop cannot save changes right now', code: 'store_unavailable' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ActiveOrdersTab />);
    await row('30');
    await user.click(screen.getByRole('checkbox', { name: 'Select order #30' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected orders' })).getByRole('button', { name: 'Pick list (CSV)' }));
    const result = await screen.findByRole('region', { name: 'Result of the bulk action' });
    expect(result).toHaveTextContent('The shop cannot save changes right now');
    await user.click(within(result).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Result of the bulk action' })).not.toBeInTheDocument();
  }, 45_000);
});

describe('active orders: filters on a 390 px phone', () => {
  it('folds the filters under one button that counts them; opened, the days and fulfilment narrow the search and stay in the address', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...desktop(query), matches: query === ORDER_CARDS_QUERY });
    const searches: URLSearchParams[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input) => {
        searches.push(new URL(requestUrl(input), 'http://shop.test').searchParams);
        return new Response(JSON.stringify(page([adminOrderFixture()])), { status: 200 });
      }),
    );
    try {
      const user = userEvent.setup();
      renderWithProviders(
        <>
          <ActiveOrdersTab />
          <Address />
        </>,
        { route: '/admin?tab=active-orders&q=smith' },
      );
      await screen.findByRole('article', { name: 'Order #12' });
      const toggle = screen.getByRole('button', { name: 'Filters' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
      expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('smith');

      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-23' } });
      await waitFor(() => expect(searches.at(-1)?.get('from')).toBe('2026-11-23'));
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-24' } });
      await waitFor(() => expect(searches.at(-1)?.get('to')).toBe('2026-11-24'));
      await chooseOption(user, screen.getByRole('combobox', { name: 'Fulfilment' }), 'Cellar door pickup');
      await waitFor(() => expect(searches.at(-1)?.get('fulfilment')).toBe('pickup'));
      expect(searches.at(-1)?.get('q')).toBe('smith');
      const address = new URLSearchParams(screen.getByRole('status', { name: 'Address' }).textContent ?? '');
      expect([address.get('q'), address.get('from'), address.get('to'), address.get('fulfilment')]).toEqual([
        'smith',
        '2026-11-23',
        '2026-11-24',
        'pickup',
      ]);

      // Folded again, the button counts what is on and a line says it
      await user.click(screen.getByRole('button', { name: 'Show 1 order' }));
      expect(screen.queryByLabelText('From')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Filters (3)' })).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByText('from 2026-11-23 · to 2026-11-24 · Cellar door pickup')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      await waitFor(() => expect(screen.getByRole('status', { name: 'Address' })).toHaveTextContent(/^\?tab=active-orders$/));
      expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    } finally {
      window.matchMedia = desktop;
    }
  }, 45_000);
});
