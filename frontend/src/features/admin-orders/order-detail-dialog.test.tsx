import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chooseOption } from '@/testing/choose-option';
import { stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { asRole } from '@/testing/admin-me-fixture';
import { adminOrderFixture } from './admin-order.fixture';
import type { AdminOrder } from './api/get-admin-orders';
import { OrderDetailDialog } from './order-detail-dialog';
import { WITH_CUSTOMER_HINT } from './order-tracking-form';

const ORDER_12 = 'GET /api/admin/orders/12';
const HISTORY_12 = 'GET /api/admin/orders/12/history';

const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

function sent(fetchMock: ReturnType<typeof stubApi>, method: string, url: string) {
  return fetchMock.mock.calls.filter(([u, init]) => (init?.method ?? 'GET') === method && u === url);
}

function bodyOf(call: Parameters<typeof fetch> | undefined): unknown {
  const body = call?.[1]?.body;
  return typeof body === 'string' ? JSON.parse(body) : undefined;
}

function openDialog(order: AdminOrder) {
  renderWithProviders(<OrderDetailDialog order={order} focus="details" onClose={vi.fn()} />);
  return screen.findByRole('dialog');
}

/** The titles of the Status list's options, once it is open. */
async function statusOptions(user: UserEvent, dialog: HTMLElement): Promise<string[]> {
  const combobox = within(dialog).getByRole('combobox', { name: 'Status' });
  await user.click(combobox);
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
  return [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].map((option) => option.title);
}

/** Presses the confirmation's own button (the form's button may carry the same words). */
async function confirm(user: UserEvent, okName: string) {
  const buttons = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-modal-confirm-btns');
    if (found === null) throw new Error('no confirmation open');
    return found;
  });
  await user.click(within(buttons).getByRole('button', { name: okName }));
}

// A dialog full of antd fields is slow to drive on a busy two-core machine.
describe('the order dialog: money and stock on what has already happened', { timeout: 30_000 }, () => {
  describe('an order with its customer is not offered Cancelled', () => {
    it.each<[string, Partial<AdminOrder>]>([
      ['a delivered order', { status: 'delivered', trackingReference: 'AP1' }],
      ['a shipped order', { status: 'shipped', trackingReference: 'AP1' }],
      [
        'a pickup handed over at the cellar door',
        {
          status: 'delivered',
          shippingCost: '0.00',
          fulfilment: { method: 'pickup', pickupDate: '2026-11-28' },
          pickupDate: '2026-11-28',
          collection: { idType: 'passport', collectedBy: null, at: '2026-11-28T03:00:00.000Z', by: 'admin' },
        },
      ],
    ])('given %s, the Status list has no Cancelled, and the dialog offers a return and a refund instead', async (_, changes) => {
      const order = adminOrderFixture(changes);
      stubApi({ [ORDER_12]: { body: order }, [HISTORY_12]: { body: [] } });
      const user = userEvent.setup();
      const dialog = await openDialog(order);
      expect(within(dialog).getByText(WITH_CUSTOMER_HINT)).toBeInTheDocument();
      const options = await statusOptions(user, dialog);
      expect(options).not.toContain('Cancelled');
      expect(options).toContain('Paid');
      expect(within(dialog).getByRole('region', { name: 'Return cans' })).toBeInTheDocument();
      expect(within(dialog).getByRole('region', { name: 'Refunds and review' })).toHaveTextContent('Refund amount (up to $64.00)');
    });

    it('given a paid order not yet shipped, Cancelled is offered and there is no return', async () => {
      const order = adminOrderFixture({ status: 'packed_awaiting_pickup' });
      stubApi({ [ORDER_12]: { body: order }, [HISTORY_12]: { body: [] } });
      const user = userEvent.setup();
      const dialog = await openDialog(order);
      expect(await statusOptions(user, dialog)).toContain('Cancelled');
      expect(within(dialog).queryByText(WITH_CUSTOMER_HINT)).not.toBeInTheDocument();
      expect(within(dialog).queryByRole('region', { name: 'Return cans' })).not.toBeInTheDocument();
    });
  });

  it('refunds by cans: a stepper per line shows the amount priced from the order, asked before it is sent', async () => {
    const order = adminOrderFixture();
    const fetchMock = stubApi({
      [ORDER_12]: { body: order },
      [HISTORY_12]: { body: [] },
      'POST /api/admin/orders/12/refund': () =>
        json({
          message: 'Refunded $13.50 of Order #12; the customer was e-mailed',
          refundId: 're_1',
          amount: '13.50',
          refunded: '13.50',
          refundable: '50.50',
        }),
    });
    const user = userEvent.setup();
    const dialog = await openDialog(order);
    const refunds = within(dialog).getByRole('region', { name: 'Refunds and review' });
    await user.click(within(refunds).getByText('By cans'));
    // One can of the $24.00 4-pack is $6.00; one of the $7.50 singles is $7.50.
    await user.click(within(refunds).getByRole('button', { name: 'Increase Cans of Quokka Pale Ale (4 Pack) to refund' }));
    expect(within(refunds).getByText('1 can: $6.00')).toBeInTheDocument();
    await user.click(within(refunds).getByRole('button', { name: 'Increase Cans of Swan River Stout (single cans) to refund' }));
    expect(within(refunds).getByText('2 cans: $13.50')).toBeInTheDocument();
    await user.click(within(refunds).getByRole('button', { name: 'Refund $13.50' }));
    expect((await screen.findAllByText('Refund $13.50 to Jordan Lee?')).length).toBeGreaterThan(0);
    expect(sent(fetchMock, 'POST', '/api/admin/orders/12/refund')).toHaveLength(0);
    await confirm(user, 'Refund $13.50');
    await waitFor(() => expect(sent(fetchMock, 'POST', '/api/admin/orders/12/refund')).toHaveLength(1));
    expect(bodyOf(sent(fetchMock, 'POST', '/api/admin/orders/12/refund')[0])).toEqual({
      items: [
        { productId: 'quokka-pale-ale', cans: 1 },
        { productId: 'swan-river-stout', cans: 1 },
      ],
      note: '',
    });
    expect(await screen.findByText('Refunded $13.50 of Order #12; the customer was e-mailed')).toBeInTheDocument();
  });

  it('shows fresh money after a cancellation: read again at once, no refund offered while the shop refunds it, then refunded in full', async () => {
    let answers: AdminOrder[] = [adminOrderFixture()];
    const fetchMock = stubApi({
      // Each read answers the next state of the order, the last one from then on.
      [ORDER_12]: () => json(answers.length > 1 ? answers.shift() : answers[0]),
      [HISTORY_12]: { body: [] },
      'PUT /api/admin/orders/12/tracking': () => {
        answers = [
          adminOrderFixture({ status: 'cancelled', refundUnderWay: '64.00', refundedAmount: '0.00' }),
          adminOrderFixture({
            status: 'cancelled',
            refundUnderWay: '0.00',
            refundedAmount: '64.00',
            refunds: [{ amount: '64.00', at: '2026-11-21T01:00:00.000Z', note: 'The order was cancelled' }],
          }),
        ];
        return json({ message: 'Order updated and customer notified by email', changed: true, notified: true });
      },
    });
    const user = userEvent.setup();
    const dialog = await openDialog(adminOrderFixture());
    const refunds = within(dialog).getByRole('region', { name: 'Refunds and review' });
    expect(await within(refunds).findByText('Refund amount (up to $64.00)')).toBeInTheDocument();
    const readsBefore = sent(fetchMock, 'GET', '/api/admin/orders/12').length;

    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Status' }), 'Cancelled');
    await user.type(within(dialog).getByLabelText('Tracking reference'), 'TBA');
    await user.click(within(dialog).getByRole('button', { name: 'Update Order' }));
    await waitFor(() => expect(sent(fetchMock, 'PUT', '/api/admin/orders/12/tracking')).toHaveLength(1));

    // Read again after the change: the $64.00 is on its way back, so it is not offered again.
    expect(await within(refunds).findByText(/The shop is refunding \$64\.00 to the customer's card/)).toBeInTheDocument();
    expect(sent(fetchMock, 'GET', '/api/admin/orders/12').length).toBeGreaterThan(readsBefore);
    expect(within(refunds).queryByText(/Refund amount \(up to/)).not.toBeInTheDocument();
    // Read again until the refund is recorded.
    expect(await within(refunds).findByText('Refunded in full ($64.00).', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(within(dialog).getByText('Cancelled', { selector: '.ant-tag' })).toBeInTheDocument();
  });

  it('records a return of cans from a delivered order, refunded at their value, and reads the order again', async () => {
    const delivered = adminOrderFixture({ status: 'delivered', trackingReference: 'AP1' });
    let current = delivered;
    const fetchMock = stubApi({
      [ORDER_12]: () => json(current),
      [HISTORY_12]: { body: [] },
      'POST /api/admin/orders/12/return': () => {
        current = adminOrderFixture({
          status: 'delivered',
          trackingReference: 'AP1',
          refundedAmount: '15.00',
          returns: [
            {
              returnId: 'r1',
              at: '2026-11-22T01:00:00.000Z',
              items: [{ productId: 'swan-river-stout', productName: 'Swan River Stout', cans: 2 }],
              refund: '15.00',
            },
          ],
        });
        return json(
          {
            message:
              'Recorded the return of 2 cans of Swan River Stout from Order #12 (back in stock); refunded $15.00 and the customer was e-mailed',
            returnId: 'r1',
            items: [{ productId: 'swan-river-stout', productName: 'Swan River Stout', cans: 2 }],
            refund: '15.00',
            refunded: '15.00',
            refundable: '49.00',
          },
          201,
        );
      },
    });
    const user = userEvent.setup();
    const dialog = await openDialog(delivered);
    const returns = within(dialog).getByRole('region', { name: 'Return cans' });
    const more = within(returns).getByRole('button', { name: 'Increase Cans of Swan River Stout (single cans) sent back' });
    await user.click(more);
    await user.click(more);
    await user.click(within(returns).getByText('Refund their value ($15.00)'));
    await user.click(within(returns).getByRole('button', { name: 'Record return of 2 cans' }));
    expect((await screen.findAllByText('Record the return of 2 cans from Jordan Lee?')).length).toBeGreaterThan(0);
    const readsBefore = sent(fetchMock, 'GET', '/api/admin/orders/12').length;
    await confirm(user, 'Record return and refund $15.00');
    await waitFor(() => expect(sent(fetchMock, 'POST', '/api/admin/orders/12/return')).toHaveLength(1));
    const call = sent(fetchMock, 'POST', '/api/admin/orders/12/return')[0];
    expect(bodyOf(call)).toEqual({ items: [{ productId: 'swan-river-stout', cans: 2 }], refund: true });
    expect(new Headers(call?.[1]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/Recorded the return of 2 cans of Swan River Stout/)).toBeInTheDocument();
    // Read again: the return is listed, and only what has not come back can be returned.
    expect(await within(returns).findByText(/2 cans of Swan River Stout back .*, \$15\.00 refunded/)).toBeInTheDocument();
    expect(sent(fetchMock, 'GET', '/api/admin/orders/12').length).toBeGreaterThan(readsBefore);
    expect(within(returns).getByText(/single cans, 4 cans, 2 left/)).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Refunds and review' })).toHaveTextContent('Refund amount (up to $49.00)');
  });
});

describe('the order dialog as a packer sees it (no `orders.money`, no `exports`)', { timeout: 30_000 }, () => {
  function openAsPacker(order: AdminOrder) {
    renderWithProviders(asRole('packer', <OrderDetailDialog order={order} focus="details" onClose={vi.fn()} />));
    return screen.findByRole('dialog');
  }

  it('given a paid order flagged for review, shows the money but offers no refund, no review to resolve and no Cancelled', async () => {
    const order = adminOrderFixture({ needsReview: true, reviewReasons: ['Paid twice'] });
    const fetchMock = stubApi({ [ORDER_12]: { body: order }, [HISTORY_12]: { body: [] } });
    const user = userEvent.setup();
    const dialog = await openAsPacker(order);
    const refunds = within(dialog).getByRole('region', { name: 'Refunds and review' });
    expect(refunds).toHaveTextContent('Refunds and reviews are settled by an owner or a manager.');
    expect(within(refunds).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    expect(within(refunds).queryByRole('button', { name: 'Mark resolved' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Order summary' })).toHaveTextContent('$64.00');
    // Packing and dispatch stay theirs.
    expect(within(dialog).getByRole('button', { name: 'Update Order' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add note' })).toBeInTheDocument();
    const options = await statusOptions(user, dialog);
    expect(options).not.toContain('Cancelled');
    expect(options).toContain('Paid');
    // The customer's other orders are customer data.
    expect(within(dialog).queryByRole('button', { name: 'All orders from this customer' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('given a delivered order, offers no return of cans', async () => {
    const order = adminOrderFixture({ status: 'delivered', trackingReference: 'AP1' });
    stubApi({ [ORDER_12]: { body: order }, [HISTORY_12]: { body: [] } });
    const dialog = await openAsPacker(order);
    expect(within(dialog).getByText(WITH_CUSTOMER_HINT)).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Return cans' })).not.toBeInTheDocument();
  });

  it('given an unpaid order, still offers Cancelled (no money moves)', async () => {
    const order = adminOrderFixture({ status: 'pending', paidAt: null, invoiceNumber: null });
    stubApi({ [ORDER_12]: { body: order }, [HISTORY_12]: { body: [] } });
    const user = userEvent.setup();
    const dialog = await openAsPacker(order);
    expect(await statusOptions(user, dialog)).toContain('Cancelled');
  });

  it('shows a manager the refund and the customer’s orders', async () => {
    const order = adminOrderFixture();
    stubApi({ [ORDER_12]: { body: order }, [HISTORY_12]: { body: [] } });
    renderWithProviders(asRole('manager', <OrderDetailDialog order={order} focus="details" onClose={vi.fn()} />));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Refund' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'All orders from this customer' })).toBeInTheDocument();
  });
});
