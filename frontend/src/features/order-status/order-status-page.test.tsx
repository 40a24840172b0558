import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COLLECTION_REMINDER } from '@brewery/shop-rules';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi } from '@/testing/fake-api';
import { publicConfigFixture } from '@/testing/public-config-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import type { OrderStatusView } from './api/order-status';
import { OrderStatusPage } from './order-status-page';

const NOT_FOUND =
  'We could not find an order with that order number and e-mail address. Please check both against your confirmation e-mail.';
const TOKEN = '42.abcdefghijklmnopqrstuv';

const shipped: OrderStatusView = {
  orderNumber: '42',
  status: 'shipped',
  statusLabel: 'Shipped',
  placedAt: '2026-11-20T02:00:00.000Z',
  paidAt: '2026-11-20T02:01:00.000Z',
  items: [
    { name: 'Swan River Stout', packSize: '8pack', packLabel: '8 Pack', packs: 1, cans: 8, lineTotal: '42.00' },
    { name: 'Kings Park Kolsch', packSize: 'single', packLabel: 'Single Can', packs: 8, cans: 8, lineTotal: '48.00' },
  ],
  subtotal: '90.00',
  shipping: '15.00',
  discount: null,
  gstIncluded: '9.55',
  total: '105.00',
  refunded: null,
  estimatedDelivery: '7-10 business days',
  deliverTo: 'Fremantle WA 6160',
  fulfilment: { method: 'delivery' },
  trackingReference: 'AP123456789',
  trackingUrl: 'https://auspost.com.au/mypost/track/details/AP123456789',
  paymentReference: '3Nx8Kq2eZvKYlo2C1',
  invoiceNumber: 'INV-000042',
  invoiceUrl: `/api/order-status/${TOKEN}/invoice.pdf`,
  statusUrl: `/order-status?t=${TOKEN}`,
};

function renderAt(route: string) {
  const user = userEvent.setup();
  return { ...renderWithProviders(<OrderStatusPage shopHref="/shop" />, { route }), user };
}

async function lookUp(user: ReturnType<typeof userEvent.setup>, orderNumber: string, email: string) {
  await user.type(screen.getByLabelText('Order number'), orderNumber);
  await user.type(screen.getByLabelText('E-mail address'), email);
  await user.click(screen.getByRole('button', { name: 'Find my order' }));
}

describe('order status page', () => {
  it('given the order number and e-mail address, it shows the status, items, totals, delivery, tracking and the invoice', async () => {
    const fetchMock = stubApi({ 'GET /api/config': { body: publicConfigFixture }, 'POST /api/order-status': { body: shipped } });
    const { user } = renderAt('/order-status');
    expect(screen.getByRole('heading', { level: 1, name: 'Order status' })).toBeInTheDocument();
    await lookUp(user, ' 42 ', 'ada@example.com');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Order #42' });
    await waitFor(() => expect(heading).toHaveFocus());
    const sent = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(sent?.[1]?.body as string)).toEqual({ orderNumber: '42', email: 'ada@example.com' });
    expect(screen.getByTestId('order-status-label')).toHaveTextContent('Shipped');
    expect(screen.getByText('8 single cans')).toBeInTheDocument();
    expect(screen.getByText('1 × 8 Pack (8 cans)')).toBeInTheDocument();
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('$105.00');
    expect(screen.getByText('GST included').nextElementSibling).toHaveTextContent('$9.55');
    expect(screen.getByText(/To Fremantle WA 6160\. Estimated delivery: 7-10 business days\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track with Australia Post' })).toHaveAttribute('href', shipped.trackingUrl);
    expect(screen.getByText('3Nx8Kq2eZvKYlo2C1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download tax invoice INV-000042 (PDF)' })).toHaveAttribute('href', shipped.invoiceUrl);
  });

  it('given an order priced with a discount code, it shows the code and what it took off between the shipping and the total', async () => {
    const discounted: OrderStatusView = {
      ...shipped,
      discount: { code: 'CLUB10', kind: 'percent', description: '10% off', amount: '9.00' },
      gstIncluded: '8.73',
      total: '96.00',
    };
    stubApi({ 'GET /api/config': { body: publicConfigFixture }, [`GET /api/order-status/${TOKEN}`]: { body: discounted } });
    renderAt(`/order-status?t=${TOKEN}`);
    const label = await screen.findByText('Discount (CLUB10, 10% off)');
    expect(label.nextElementSibling).toHaveTextContent('-$9.00');
    const totals = [...(label.closest('dl')?.querySelectorAll('dt') ?? [])].map((term) => term.textContent);
    expect(totals).toEqual(['Subtotal', 'Shipping', 'Discount (CLUB10, 10% off)', 'Total', 'GST included']);
    expect(screen.getByText('Total').nextElementSibling).toHaveTextContent('$96.00');
    expect(screen.getByText('GST included').nextElementSibling).toHaveTextContent('$8.73');
  });

  it('given a long discount code, lets its line wrap on a phone rather than widen the page, the amount kept whole', async () => {
    const code = 'ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEF';
    const discounted: OrderStatusView = {
      ...shipped,
      discount: { code, kind: 'percent', description: '10% off', amount: '9.00' },
      gstIncluded: '8.73',
      total: '96.00',
    };
    // The stylesheet as written (the test runner empties imported CSS).
    const style = document.createElement('style');
    style.textContent = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'order-status-page.css'), 'utf8');
    document.head.append(style);
    try {
      stubApi({ 'GET /api/config': { body: publicConfigFixture }, [`GET /api/order-status/${TOKEN}`]: { body: discounted } });
      renderAt(`/order-status?t=${TOKEN}`);
      const label = await screen.findByText(`Discount (${code}, 10% off)`);
      expect(getComputedStyle(label).overflowWrap).toBe('anywhere');
      expect(getComputedStyle(label).minWidth).toBe('0px');
      expect(getComputedStyle(label.nextElementSibling as Element).whiteSpace).toBe('nowrap');
    } finally {
      style.remove();
    }
  });

  it('given an order without a discount code, it shows no discount line', async () => {
    stubApi({ 'GET /api/config': { body: publicConfigFixture }, [`GET /api/order-status/${TOKEN}`]: { body: shipped } });
    renderAt(`/order-status?t=${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Order #42' });
    expect(screen.queryByText(/Discount/)).toBeNull();
  });

  it('given a wrong number or e-mail address, it says so in the one message, announced, and keeps the form', async () => {
    stubApi({
      'GET /api/config': { body: publicConfigFixture },
      'POST /api/order-status': { status: 404, body: { statusCode: 404, code: 'order_not_found', message: NOT_FOUND } },
    });
    const { user } = renderAt('/order-status');
    await lookUp(user, '42', 'eve@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_FOUND);
    const orderNumber = screen.getByLabelText('Order number');
    expect(orderNumber).toHaveValue('42');
    // Both fields are marked and described by the message; the order number has the focus again.
    for (const field of [orderNumber, screen.getByLabelText('E-mail address')]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')).toHaveTextContent(NOT_FOUND);
    }
    await waitFor(() => expect(orderNumber).toHaveFocus());
  });

  it('given nothing typed, it asks for both and sends nothing', async () => {
    const fetchMock = stubApi({ 'GET /api/config': { body: publicConfigFixture } });
    const { user } = renderAt('/order-status');
    await user.click(screen.getByRole('button', { name: 'Find my order' }));
    expect(await screen.findByText('Please enter your order number')).toBeInTheDocument();
    expect(screen.getByText('Please enter the e-mail address you ordered with')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('given a pickup, it says when and where to collect and what to bring, and nothing of delivery or tracking', async () => {
    const pickup = {
      ...shipped,
      status: 'packed_awaiting_pickup' as const,
      statusLabel: 'Packed - Awaiting Pickup',
      shipping: '0.00',
      estimatedDelivery: 'Saturday 5 December, 10am-4pm',
      deliverTo: 'the cellar door, 12 Brewery Lane, Osborne Park WA 6017',
      fulfilment: { method: 'pickup' as const, pickupDate: '2026-12-05' },
      trackingReference: null,
      trackingUrl: null,
    };
    stubApi({ 'GET /api/config': { body: publicConfigFixture }, [`GET /api/order-status/${TOKEN}`]: { body: pickup } });
    renderAt(`/order-status?t=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Collection' })).toBeInTheDocument();
    expect(
      screen.getByText('Collect Saturday 5 December, 10am-4pm at the cellar door, 12 Brewery Lane, Osborne Park WA 6017.'),
    ).toBeInTheDocument();
    expect(screen.getByText(COLLECTION_REMINDER)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Delivery' })).toBeNull();
    expect(screen.queryByText(/tracking details/)).toBeNull();
  });

  it('given the signed link, it shows the order without typing; "Look up another order" brings the form back with focus on its heading', async () => {
    stubApi({ 'GET /api/config': { body: publicConfigFixture }, [`GET /api/order-status/${TOKEN}`]: { body: shipped } });
    const { user } = renderAt(`/order-status?t=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #42' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Look up another order' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Order status' })).toHaveFocus());
  });

  it('given a link that opens no order, it says so and offers the form', async () => {
    stubApi({
      'GET /api/config': { body: publicConfigFixture },
      'GET /api/order-status/bad': { status: 404, body: { statusCode: 404, code: 'order_not_found', message: NOT_FOUND } },
    });
    renderAt('/order-status?t=bad');
    expect(await screen.findByText('This link does not open an order. Please look it up below.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Find my order' })).toBeInTheDocument();
  });

  it('given an unpaid order, it says nothing was charged and offers no invoice', async () => {
    stubApi({
      'GET /api/config': { body: publicConfigFixture },
      [`GET /api/order-status/${TOKEN}`]: {
        body: {
          ...shipped,
          status: 'cancelled',
          statusLabel: 'Cancelled',
          paymentReference: null,
          invoiceUrl: null,
          invoiceNumber: null,
          trackingReference: null,
          trackingUrl: null,
        },
      },
    });
    renderAt(`/order-status?t=${TOKEN}`);
    expect(await screen.findByText('Not paid: nothing was charged for this order.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /tax invoice/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/tracking details/)).not.toBeInTheDocument();
  });
});
