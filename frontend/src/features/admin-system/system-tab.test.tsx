import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import type { OutboxEmail } from './api/get-outbox';
import { aSubscriber, aSystemStatus } from './system-status.fixture';
import { SystemTab } from './system-tab';

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
    expect(await screen.findByText('All systems healthy')).toBeInTheDocument();
    expect(statusCalls(fetchMock)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(statusCalls(fetchMock)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    await waitFor(() => expect(statusCalls(fetchMock)).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await waitFor(() => expect(statusCalls(fetchMock)).toBe(3));
  });

  it('shows the service cards with the projection lag, the activity and the critical stock', async () => {
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
    const services = await screen.findByRole('region', { name: 'Services' });
    for (const title of ['E-mail', 'Payments', 'Event store', 'Read models']) expect(within(services).getByText(title)).toBeInTheDocument();
    expect(within(services).getByText('Projection lag: 3 events')).toBeInTheDocument();
    expect(
      within(within(services).getByRole('list', { name: 'Subscribers' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['read-models: 3 events behind', 'payment-completion: 0 events behind']);
    expect(within(services).getByText('Test gateway')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Critical stock' })).getByText('Quokka Pale Ale').parentElement).toHaveTextContent(
      'Quokka Pale Ale2 cans',
    );
    expect(screen.getByText('Needs attention')).toBeInTheDocument();
    expect(screen.getByText('Orders (last 24 h)').closest('.ant-statistic')).toHaveTextContent('3');
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
    await screen.findByText('All systems healthy');
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
    await screen.findByText('All systems healthy');
    await user.click(screen.getByRole('button', { name: /Auto-Fix Issues/ }));
    expect(await screen.findByText(text)).toBeInTheDocument();
    for (const fix of fixes) expect(screen.getByText(fix)).toBeInTheDocument();
    await waitFor(() => expect(statusCalls(fetchMock)).toBe(2));
  });

  it('a failed Auto-Fix toasts "Failed to run automated fixes"', async () => {
    const user = userEvent.setup();
    renderTab({ 'POST /api/admin/auto-fix': { status: 500, body: 'boom' } });
    await screen.findByText('All systems healthy');
    await user.click(screen.getByRole('button', { name: /Auto-Fix Issues/ }));
    expect(await screen.findByText('Failed to run automated fixes')).toBeInTheDocument();
  });

  it.each(['', '   '])('webhook recovery refuses a blank id (%j) without calling the server', async (id) => {
    const user = userEvent.setup();
    const fetchMock = renderTab();
    await screen.findByText('All systems healthy');
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
    await screen.findByText('All systems healthy');
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
    await screen.findByText('All systems healthy');
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
});
