import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import type { OrderBackup, OrderBackupsResponse } from './api/get-order-backups';
import { backupPaymentStatus, canRecover } from './backup-status';
import { BACKUP_CARDS_QUERY, missingPaymentAdvice, OrderBackupsTab } from './order-backups-tab';

/** The JSON body a request sent. */
function sentJson(init: RequestInit | undefined): unknown {
  return JSON.parse(typeof init?.body === 'string' ? init.body : 'null');
}

function aBackup(overrides: Partial<OrderBackup> = {}): OrderBackup {
  return {
    orderId: '1001',
    customerInfo: { name: 'Jo Citizen', email: 'jo@example.com' },
    paymentIntentId: 'pi_paid',
    paymentStatus: 'succeeded',
    timestamp: '2026-11-20T02:00:00.000Z',
    orderItems: [{ quantity: 1, productName: 'Quokka Pale Ale', unitPrice: '24.00', packSize: '4pack', cans: 4 }],
    totals: { subtotal: '24.00', shipping: '10.00', total: '34.00' },
    ...overrides,
  };
}

const backups: OrderBackup[] = [
  aBackup(),
  aBackup({ orderId: '1002', paymentIntentId: 'pi_open', paymentStatus: 'created' }),
  aBackup({ orderId: '1003', paymentIntentId: 'pi_declined', paymentStatus: 'failed' }),
  aBackup({ orderId: '1004', paymentIntentId: 'pi_odd', paymentStatus: 'requires_action' }),
];

const listing: OrderBackupsResponse = {
  backups,
  summary: { totalBackups: 4, successfulPayments: 1, potentiallyMissing: [{ ...aBackup(), orderStatus: 'pending', needsReview: true }] },
};

function rowOf(paymentIntentId: string): HTMLElement {
  const table = screen.getByRole('table');
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(paymentIntentId) !== null);
  if (row === undefined) throw new Error(`No row for ${paymentIntentId}`);
  return row;
}

async function backupsShown(): Promise<void> {
  await screen.findByRole('table');
}

describe('backup payment status', () => {
  it.each([
    { status: 'succeeded', shown: 'succeeded', recover: true },
    { status: 'created', shown: 'created', recover: false },
    { status: 'failed', shown: 'failed', recover: false },
    { status: 'requires_action', shown: 'failed', recover: false },
    { status: 'canceled', shown: 'failed', recover: false },
  ])('a payment "$status" shows as $shown; recover offered: $recover', ({ status, shown, recover }) => {
    expect(backupPaymentStatus(status)).toBe(shown);
    expect(canRecover(status)).toBe(recover);
  });
});

describe('order backups tab', () => {
  it('on a phone, shows each payment as a card with its order, status, customer, reference, items, totals and Recover', async () => {
    const desktop = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({ ...desktop(query), matches: query === BACKUP_CARDS_QUERY }));
    try {
      stubApi({ 'GET /api/admin/order-backups': { body: listing } });
      renderWithProviders(<OrderBackupsTab />);
      const card = await screen.findByRole('article', { name: 'Payment pi_paid' });
      for (const text of [
        '#1001',
        'succeeded',
        'Jo Citizen',
        'jo@example.com',
        'pi_paid',
        '1 × Quokka Pale Ale (4 Pack) @ $24.00',
        'Total$34.00',
      ])
        expect(card).toHaveTextContent(text);
      expect(within(card).getByRole('button', { name: 'Recover pi_paid' })).toBeInTheDocument();
      expect(within(screen.getByRole('article', { name: 'Payment pi_open' })).queryByRole('button')).not.toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: 'Totals' })).not.toBeInTheDocument();
    } finally {
      window.matchMedia = desktop;
    }
  });

  it('shows the summary counts and every backup with its customer, items and totals', async () => {
    stubApi({ 'GET /api/admin/order-backups': { body: listing } });
    renderWithProviders(<OrderBackupsTab />);
    await backupsShown();
    expect(screen.getByText('Total Backups').closest('.ant-statistic')).toHaveTextContent('4');
    expect(screen.getByText('Successful Payments').closest('.ant-statistic')).toHaveTextContent('1');
    expect(screen.getByText('Need Review').closest('.ant-statistic')).toHaveTextContent('1');
    const row = rowOf('pi_paid');
    expect(row).toHaveTextContent('#1001');
    expect(row).toHaveTextContent('Jo Citizen');
    expect(row).toHaveTextContent('1 × Quokka Pale Ale (4 Pack) @ $24.00');
    expect(row).toHaveTextContent('$34.00');
    expect(within(rowOf('pi_odd')).getByText('failed')).toBeInTheDocument();
  });

  it('shows what a discount code took off, so the totals add up to what was charged', async () => {
    const discounted = aBackup({
      paymentIntentId: 'pi_code',
      totals: { subtotal: '24.00', shipping: '10.00', discount: '2.40', total: '31.60' },
      discountCode: 'CLUB10',
    });
    stubApi({ 'GET /api/admin/order-backups': { body: { ...listing, backups: [...backups, discounted] } } });
    renderWithProviders(<OrderBackupsTab />);
    await backupsShown();
    const row = rowOf('pi_code');
    expect(row).toHaveTextContent('Discount (CLUB10)');
    expect(row).toHaveTextContent('-$2.40');
    expect(row).toHaveTextContent('$31.60');
    expect(rowOf('pi_paid')).not.toHaveTextContent('Discount');
  });

  it('offers Recover only on succeeded backups', async () => {
    stubApi({ 'GET /api/admin/order-backups': { body: listing } });
    renderWithProviders(<OrderBackupsTab />);
    await backupsShown();
    expect(within(rowOf('pi_paid')).getByRole('button', { name: 'Recover pi_paid' })).toBeInTheDocument();
    for (const id of ['pi_open', 'pi_declined', 'pi_odd']) expect(within(rowOf(id)).queryByRole('button')).toBeNull();
  });

  it('recovering a backup posts its payment intent and toasts "Order Recovered" with the server message', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/order-backups': { body: listing },
      'POST /api/admin/recover-order': { body: { message: 'Order #1001 recovered and marked paid' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderBackupsTab />);
    await user.click(await screen.findByRole('button', { name: 'Recover pi_paid' }));
    expect(await screen.findByText('Order Recovered')).toBeInTheDocument();
    expect(screen.getByText('Order #1001 recovered and marked paid')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(sentJson(post?.[1])).toEqual({ paymentIntentId: 'pi_paid' });
  });

  it('manual recovery requires a payment intent id and sends nothing without one', async () => {
    const fetchMock = stubApi({ 'GET /api/admin/order-backups': { body: listing } });
    const user = userEvent.setup();
    renderWithProviders(<OrderBackupsTab />);
    await backupsShown();
    await user.click(screen.getByRole('button', { name: 'Recover Order' }));
    expect(await screen.findByText('Please enter a payment intent ID')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('a refused manual recovery toasts "Recovery Failed" with the server message', async () => {
    stubApi({
      'GET /api/admin/order-backups': { body: listing },
      'POST /api/admin/recover-order': { status: 404, body: { statusCode: 404, message: 'No payment pi_nope' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<OrderBackupsTab />);
    await backupsShown();
    await user.click(screen.getByLabelText('Payment intent ID'));
    await user.paste('pi_nope');
    await user.click(screen.getByRole('button', { name: 'Recover Order' }));
    expect(await screen.findByText('Recovery Failed')).toBeInTheDocument();
    expect(screen.getByText('No payment pi_nope')).toBeInTheDocument();
  });

  it('a failed load toasts "Failed to load order backups"', async () => {
    stubApi({ 'GET /api/admin/order-backups': { status: 500, body: 'down' } });
    renderWithProviders(<OrderBackupsTab />);
    expect((await screen.findAllByText('Failed to load order backups')).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.querySelector('.ant-notification-notice')).toHaveTextContent('Failed to load order backups'));
    // The figures say they are unknown, not 0 (which would read as all well).
    for (const title of ['Total Backups', 'Successful Payments', 'Need Review']) {
      expect(screen.getByText(title).closest('.ant-statistic')).toHaveTextContent(`${title}—`);
    }
  });

  it.each([
    [{ orderStatus: 'pending', orderDeleted: false }, 'recover it below or from the list.'],
    [{ orderStatus: null, orderDeleted: false }, 'recover it below or from the list.'],
    [
      { orderStatus: 'pending', orderDeleted: true },
      'the order was deleted, so it cannot be recovered: refund the payment with the provider.',
    ],
    [
      { orderStatus: 'cancelled', orderDeleted: false },
      'the order was cancelled, so it cannot be recovered: refund the payment with the provider.',
    ],
  ])('advises on a payment without a paid order (%j): %s', (backup, advice) => {
    expect(missingPaymentAdvice(backup)).toBe(advice);
  });
});
