import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import type { OutboxEmail } from './api/get-outbox';
import { aSubscriber, aSystemStatus } from './system-status.fixture';
import { SystemTab } from './system-tab';
import { OUTBOX_CARDS_QUERY } from './email-outbox-card';

/** The JSON body a request sent. */
function sentJson(init: RequestInit | undefined): unknown {
  return JSON.parse(typeof init?.body === 'string' ? init.body : 'null');
}

const outbox: OutboxEmail[] = [
  {
    _id: 'order-confirmation-1001',
    to: 'jo@example.com',
    subject: 'Order #1001 confirmed',
    kind: 'order-confirmation',
    orderId: '1001',
    status: 'sent',
    attempts: 1,
    error: null,
    queuedAt: '2026-11-22T00:00:00.000Z',
    sentAt: '2026-11-22T00:00:01.000Z',
  },
];

function statusCalls(fetchMock: ReturnType<typeof stubApi>): number {
  return fetchMock.mock.calls.filter(([input]) => requestUrl(input) === '/api/admin/system-status').length;
}

function renderTab(extra: Parameters<typeof stubApi>[0] = {}) {
  const fetchMock = stubApi({
    'GET /api/admin/system-status': { body: aSystemStatus() },
    'GET /api/admin/outbox': { body: outbox },
    ...extra,
  });
  renderWithProviders(<SystemTab />);
  return fetchMock;
}

afterEach(() => vi.useRealTimers());

describe('system tab', () => {
  it('checks the status on load and again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = renderTab();
    expect(await screen.findByRole('heading', { name: 'All good' })).toBeInTheDocument();
    expect(statusCalls(fetchMock)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(statusCalls(fetchMock)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(statusCalls(fetchMock)).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(statusCalls(fetchMock)).toBe(3));
  });

  it('says "All good" first, in plain words, with nothing to fix and the internals folded away under Details', async () => {
    renderTab({
      'GET /api/admin/system-status': {
        body: aSystemStatus({
          event_store: {
            status: 'ok',
            adapter: 'pglite',
            detail: 'embedded PGlite in a worker thread (no fsync; single writer)',
            writes_failing: null,
          },
        }),
      },
    });
    const verdict = await screen.findByRole('region', { name: 'All good' });
    expect(verdict).toHaveTextContent('The shop is taking orders, payments go through and e-mails go out. Nothing needs you here.');
    expect(within(verdict).queryByRole('list', { name: 'What needs you' })).not.toBeInTheDocument();
    expect(screen.getByText('Orders (last 24 h)').closest('.ant-statistic')).toHaveTextContent('3');
    // The engines and their words only under Details, which starts folded
    const details = screen.getByText('Details', { selector: 'summary' }).closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(within(details).getByText('embedded PGlite in a worker thread (no fsync; single writer)')).toBeInTheDocument();
    expect(verdict).not.toHaveTextContent('PGlite');
    expect(screen.queryByRole('region', { name: 'Automation Issues' })).not.toBeInTheDocument();
  });

  it('keeps the engines, the lag of every background job and the versions under Details', async () => {
    renderTab({
      'GET /api/admin/system-status': {
        body: aSystemStatus({
          read_models: {
            status: 'ok',
            adapter: 'memory',
            lag: 3,
            subscribers: [
              aSubscriber({ name: 'read-models', lag: 3 }),
              aSubscriber({ name: 'payment-completion', kind: 'process-manager', lag: 0 }),
            ],
          },
          inventory_alerts: { critical_stock_count: 1, critical_products: [{ name: 'Quokka Pale Ale', inventory: 2 }] },
        }),
      },
    });
    await screen.findByRole('region', { name: 'Needs your attention' });
    const details = screen.getByText('Details', { selector: 'summary' }).closest('details') as HTMLElement;
    const services = within(details).getByRole('region', { name: 'Services' });
    for (const title of ['E-mail', 'Payments', 'Event store', 'Read models']) expect(within(services).getByText(title)).toBeInTheDocument();
    expect(within(services).getByText('Projection lag: 3 events')).toBeInTheDocument();
    expect(
      within(within(services).getByRole('list', { name: 'Subscribers' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['read-models: 3 events behind', 'payment-completion: 0 events behind']);
    expect(within(services).getByText('Test gateway')).toBeInTheDocument();
    const server = within(details).getByLabelText('Server');
    expect(server).toHaveTextContent('Background workrun by this process (shop-1)');
    expect(server).toHaveTextContent('Writesgoing through');
    expect(server).toHaveTextContent('Nodev22.11.0');
    expect(within(details).getByRole('button', { name: 'Rebuild the lists from the log' })).toBeInTheDocument();
    // The lag of 3 is no problem of the operator's: only the beer almost sold out is
    const problems = screen.getByRole('list', { name: 'What needs you' });
    expect(within(problems).getAllByRole('article')).toHaveLength(1);
    expect(problems).toHaveTextContent('1 beer is almost sold out.');
    expect(problems).toHaveTextContent('Customers can buy 5 cans or fewer of Quokka Pale Ale (2 cans left).');
  });

  it('given what is wrong, says what it means for the shop and offers the button that fixes it', async () => {
    renderTab({
      'GET /api/admin/system-status': {
        body: aSystemStatus({
          stripe_system: { status: 'error', mode: 'stripe', detail: 'Stripe did not answer' },
          automation_issues: {
            orders_needing_attention: [],
            payments_without_order: [],
            stale_payments: [],
            expired_reservations: [],
            failed_emails: [{ key: 'order-7-confirmation', to: 'jo@example.com', subject: 'Order #7 confirmed', error: 'refused' }],
          },
        }),
      },
    });
    const verdict = await screen.findByRole('region', { name: 'Something is wrong' });
    expect(verdict).toHaveTextContent('2 things need you');
    const [payments, emails] = within(verdict).getAllByRole('article');
    expect(payments).toHaveAccessibleName('The payment provider is not answering.');
    expect(payments).toHaveTextContent('What it means: Customers cannot pay: checkouts fail at the card.');
    expect(payments).toHaveTextContent('What to do:');
    expect(within(payments as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(emails).toHaveAccessibleName('1 e-mail could not be sent.');
    expect(within(emails as HTMLElement).getByRole('button', { name: 'Retry the e-mails' })).toBeInTheDocument();
  });

  it("a problem's Auto-Fix button runs Auto-Fix, toasts what it fixed and checks again", async () => {
    const user = userEvent.setup();
    const fetchMock = renderTab({
      'GET /api/admin/system-status': {
        body: aSystemStatus({
          automation_issues: {
            orders_needing_attention: [],
            payments_without_order: [],
            stale_payments: [],
            expired_reservations: [{ orderId: '9', expiredAt: '2026-11-22T00:00:00.000Z' }],
            failed_emails: [],
          },
        }),
      },
      'POST /api/admin/auto-fix': { body: { fixes_applied: ['Ended the expired checkout of Order #9'] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Release the cans' }));
    expect(await screen.findByText('Auto-Fix Complete: Applied 1 fixes')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(([input, init]) => requestUrl(input) === '/api/admin/auto-fix' && init?.method === 'POST'),
    ).toHaveLength(1);
    await waitFor(() => expect(statusCalls(fetchMock)).toBe(2));
  });

  it.each([
    {
      outcome: 'done',
      answer: { body: { events: 1200, millis: 340, message: 'Rebuilt the read models from 1200 events in 340 ms' } },
      toast: 'The lists are rebuilt',
    },
    { outcome: 'refused', answer: { status: 500, body: { statusCode: 500, message: 'boom' } }, toast: 'The lists could not be rebuilt' },
  ])('given lists stopped updating, the Rebuild button rebuilds them from the log and toasts ($outcome)', async ({ answer, toast }) => {
    const user = userEvent.setup();
    const fetchMock = renderTab({
      'GET /api/admin/system-status': {
        body: aSystemStatus({
          read_models: { status: 'error', adapter: 'memory', lag: 0, subscribers: [aSubscriber({ lastError: 'projection failed' })] },
        }),
      },
      'POST /api/admin/rebuild-read-models': answer,
    });
    const problem = await screen.findByRole('article', { name: 'The lists behind these screens and the shop stopped updating.' });
    await user.click(within(problem).getByRole('button', { name: 'Rebuild the lists' }));
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(([input, init]) => requestUrl(input) === '/api/admin/rebuild-read-models' && init?.method === 'POST'),
    ).toHaveLength(1);
  });

  it('lists the orders needing attention with their issue', async () => {
    renderTab({
      'GET /api/admin/system-status': {
        body: aSystemStatus({
          automation_issues: {
            payments_without_order: [],
            stale_payments: [],
            expired_reservations: [],
            failed_emails: [],
            orders_needing_attention: [
              {
                id: '1001',
                customerName: 'Jo Citizen',
                customerEmail: 'jo@example.com',
                status: 'pending',
                invoiceNumber: null,
                totalAmount: '34.00',
                createdAt: '2026-11-21T00:00:00.000Z',
                issue: 'Payment succeeded but the order is still pending',
              },
            ],
          },
        }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Orders needing attention' });
    expect(section).toHaveTextContent('Order #1001');
    expect(section).toHaveTextContent('Jo Citizen');
    expect(section).toHaveTextContent('$34.00');
    expect(section).toHaveTextContent('Payment succeeded but the order is still pending');
  });

  it('lists the payments not heard of for 15 minutes with what the payment provider reports', async () => {
    renderTab({
      'GET /api/admin/system-status': {
        body: aSystemStatus({
          automation_issues: {
            orders_needing_attention: [],
            payments_without_order: [],
            stale_payments: [
              {
                paymentIntentId: 'pi_lost',
                orderId: '1004',
                amount: '34.00',
                createdAt: '2026-11-21T00:00:00.000Z',
                providerStatus: 'requires_capture',
              },
              {
                paymentIntentId: 'pi_idle',
                orderId: null,
                amount: '12.50',
                createdAt: '2026-11-21T00:00:00.000Z',
                providerStatus: 'requires_payment_method',
              },
            ],
            expired_reservations: [],
            failed_emails: [],
          },
        }),
      },
    });
    const section = await screen.findByRole('region', { name: 'Payments not heard of' });
    const [lost, idle] = within(section).getAllByRole('listitem');
    expect(lost).toHaveTextContent('pi_lost (Order #1004) $34.00');
    expect(lost).toHaveTextContent('The payment provider has the card authorised: Auto-Fix recovers its order and takes the payment.');
    expect(idle).toHaveTextContent('The payment provider reports it as requires payment method: nothing was paid.');
  });

  it('a failed check toasts "Failed to check system status"', async () => {
    renderTab({ 'GET /api/admin/system-status': { status: 503, body: 'unavailable' } });
    await waitFor(() => expect(document.querySelector('.ant-notification-notice')).toHaveTextContent('Failed to check system status'));
  });

  it('Refresh checks again', async () => {
    const user = userEvent.setup();
    const fetchMock = renderTab();
    await screen.findByRole('heading', { name: 'All good' });
    await user.click(screen.getByRole('button', { name: /Refresh/ }));
    await waitFor(() => expect(statusCalls(fetchMock)).toBe(2));
  });

  it.each([
    { fixes: ['Released the cans of order #1002'], text: 'Auto-Fix Complete: Applied 1 fixes' },
    { fixes: [], text: 'Auto-Fix Complete: Applied 0 fixes' },
    { fixes: ['a', 'b', 'c'], text: 'Auto-Fix Complete: Applied 3 fixes' },
  ])('Auto-Fix with $fixes.length fixes toasts "$text" and checks again', async ({ fixes, text }) => {
    const user = userEvent.setup();
    const fetchMock = renderTab({ 'POST /api/admin/auto-fix': { body: { fixes_applied: fixes } } });
    await screen.findByRole('heading', { name: 'All good' });
    await user.click(screen.getByRole('button', { name: /Auto-Fix Issues/ }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    for (const fix of fixes) expect(screen.getByText(fix)).toBeInTheDocument();
    await waitFor(() => expect(statusCalls(fetchMock)).toBe(2));
  });

  it('a failed Auto-Fix toasts "Failed to run automated fixes"', async () => {
    const user = userEvent.setup();
    renderTab({ 'POST /api/admin/auto-fix': { status: 500, body: 'boom' } });
    await screen.findByRole('heading', { name: 'All good' });
    await user.click(screen.getByRole('button', { name: /Auto-Fix Issues/ }));
    expect(await screen.findByText('Failed to run automated fixes')).toBeInTheDocument();
  });

  it.each(['', '   '])('webhook recovery refuses a blank id (%j) without calling the server', async (id) => {
    const user = userEvent.setup();
    const fetchMock = renderTab();
    await screen.findByRole('heading', { name: 'All good' });
    if (id !== '') {
      await user.click(screen.getByLabelText('Payment intent ID'));
      await user.paste(id);
    }
    await user.click(screen.getByRole('button', { name: 'Process Webhook' }));
    expect(await screen.findByText('Please enter a payment intent ID')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => requestUrl(input) === '/api/admin/simulate-webhook')).toBe(false);
  });

  it('webhook recovery posts the trimmed id and toasts "Webhook Processed"', async () => {
    const user = userEvent.setup();
    const fetchMock = renderTab({
      'POST /api/admin/simulate-webhook': { body: { message: 'Payment pi_1 succeeded; order #1001 paid', status: 'succeeded' } },
    });
    await screen.findByRole('heading', { name: 'All good' });
    await user.click(screen.getByLabelText('Payment intent ID'));
    await user.paste('  pi_1 ');
    await user.click(screen.getByRole('button', { name: 'Process Webhook' }));
    expect(await screen.findByText('Webhook Processed')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([input]) => requestUrl(input) === '/api/admin/simulate-webhook');
    expect(sentJson(call?.[1])).toEqual({ paymentIntentId: 'pi_1' });
  });

  it('a refused webhook recovery toasts "Failed to process webhook: " and the server message', async () => {
    const user = userEvent.setup();
    renderTab({ 'POST /api/admin/simulate-webhook': { status: 404, body: { statusCode: 404, message: 'No such payment intent: pi_x' } } });
    await screen.findByRole('heading', { name: 'All good' });
    await user.click(screen.getByLabelText('Payment intent ID'));
    await user.paste('pi_x');
    await user.click(screen.getByRole('button', { name: 'Process Webhook' }));
    expect(await screen.findByText('Failed to process webhook: No such payment intent: pi_x')).toBeInTheDocument();
  });

  it('lists the outbox and opens an e-mail to read its text', async () => {
    const user = userEvent.setup();
    renderTab({
      'GET /api/admin/outbox/order-confirmation-1001': {
        body: { ...outbox[0], text: 'Thanks Jo!\nYour order #1001 is confirmed.' },
      },
    });
    const row = (await screen.findByText('Order #1001 confirmed')).closest('tr') as HTMLElement;
    for (const cell of ['jo@example.com', 'order-confirmation', 'sent']) expect(row).toHaveTextContent(cell);
    await user.click(within(row).getByRole('button', { name: 'Read Order #1001 confirmed to jo@example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText('E-mail text')).toHaveTextContent('Thanks Jo! Your order #1001 is confirmed.');
  });

  it('on a phone, lists the outbox as cards: subject, to whom, status, kind, when, and Read', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...desktop(query), matches: query === OUTBOX_CARDS_QUERY }));
    try {
      renderTab();
      const card = await screen.findByRole('article', { name: 'Order #1001 confirmed to jo@example.com' });
      for (const text of ['Order #1001 confirmed', 'jo@example.com', 'sent', 'order-confirmation']) expect(card).toHaveTextContent(text);
      expect(within(card).getByRole('button', { name: 'Read Order #1001 confirmed to jo@example.com' })).toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: 'Subject' })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = desktop;
    }
  });
});
