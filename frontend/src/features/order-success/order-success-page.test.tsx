import { COLLECTION_REMINDER } from '@brewery/shop-rules';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { publicConfigFixture } from '@/testing/public-config-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import { OrderSuccessPage } from './order-success-page';

const INTENT = 'pi_3Nx8Kq2eZvKYlo2C1';
const SECRET = 'pi_3Nx8Kq2eZvKYlo2C1_secret_Qw3r';
const statusPath = `GET /api/orders/payment-status?payment_intent=${INTENT}&client_secret=${SECRET}`;

function renderResult(query: string) {
  const onOrderConfirmed = vi.fn();
  renderWithProviders(<OrderSuccessPage onOrderConfirmed={onOrderConfirmed} shopHref="/shop" homeHref="/" />, {
    route: `/order-success${query}`,
  });
  return { onOrderConfirmed };
}

function serverSays(status: string, orderId?: string, message?: string, statusUrl?: string) {
  return stubApi({
    'GET /api/config': { body: publicConfigFixture },
    [statusPath]: {
      body: { status, ...(orderId ? { orderId } : {}), ...(message ? { message } : {}), ...(statusUrl ? { statusUrl } : {}) },
    },
  });
}

function statusCalls(fetchMock: ReturnType<typeof stubApi>): number {
  return fetchMock.mock.calls.filter(([url]) => requestUrl(url).startsWith('/api/orders/payment-status')).length;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('order result: succeeded', () => {
  it("given the server's signed link to the paid order, it links to the order's status and tax invoice", async () => {
    serverSays('succeeded', '42', undefined, '/order-status?t=42.abcdefghijklmnopqrstuv');
    renderResult(`?payment_intent=${INTENT}&payment_intent_client_secret=${SECRET}&redirect_status=succeeded`);
    expect(await screen.findByRole('link', { name: "See your order's status and tax invoice" })).toHaveAttribute(
      'href',
      '/order-status?t=42.abcdefghijklmnopqrstuv',
    );
  });

  it('given a paid pickup, the next steps say when to collect and to bring photo ID, nothing of delivery', async () => {
    stubApi({
      'GET /api/config': { body: publicConfigFixture },
      [statusPath]: { body: { status: 'succeeded', orderId: '43', fulfilment: { method: 'pickup', pickupDate: '2026-12-05' } } },
    });
    renderResult(`?payment_intent=${INTENT}&payment_intent_client_secret=${SECRET}&redirect_status=succeeded`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(
      screen.getByText("Collect it from the cellar door on Saturday 5 December, 10am-4pm: we'll e-mail you when it is ready."),
    ).toBeInTheDocument();
    expect(screen.getByText(COLLECTION_REMINDER)).toBeInTheDocument();
    expect(screen.queryByText(/tracking details/)).toBeNull();
    expect(screen.queryByText(/present to receive the delivery/)).toBeNull();
  });

  it('given redirect_status succeeded and a paid order, it confirms the order with next steps, reference, links and help', async () => {
    serverSays('succeeded', '42');
    const { onOrderConfirmed } = renderResult(`?payment_intent=${INTENT}&payment_intent_client_secret=${SECRET}&redirect_status=succeeded`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(screen.getByText('Thank you for your order #42. Cheers!')).toBeInTheDocument();
    expect(screen.getByText(/email confirmation shortly/)).toBeInTheDocument();
    expect(screen.getByText(/processed within 1-2 business days/)).toBeInTheDocument();
    expect(screen.getByText(/tracking details when your order ships/)).toBeInTheDocument();
    expect(screen.getByText(/18 or older must be present/)).toBeInTheDocument();
    expect(screen.getByText(/Payment reference:/)).toHaveTextContent('Payment reference: 3Nx8Kq2eZvKYlo2C1');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/shop');
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('heading', { name: 'Need Help?' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'hello@brewery.test' })).toHaveAttribute('href', 'mailto:hello@brewery.test');
    expect(onOrderConfirmed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('link', { name: /order's status/ })).not.toBeInTheDocument();
  });

  it.each(['failed', 'unknown'])(
    'given redirect_status succeeded but the server says %s, it shows Payment Issues and keeps the cart',
    async (status) => {
      serverSays(status);
      const { onOrderConfirmed } = renderResult(
        `?payment_intent=${INTENT}&payment_intent_client_secret=${SECRET}&redirect_status=succeeded`,
      );
      expect(await screen.findByRole('heading', { level: 1, name: 'Payment Issues' })).toBeInTheDocument();
      expect(screen.queryByText('Order Confirmed!')).not.toBeInTheDocument();
      expect(onOrderConfirmed).not.toHaveBeenCalled();
    },
  );

  it('given the server still capturing the payment, it keeps checking every second and confirms once it is recorded', async () => {
    let asked = 0;
    const fetchMock = stubApi({
      'GET /api/config': { body: publicConfigFixture },
      [statusPath]: () => {
        asked += 1;
        return Promise.resolve(Response.json({ status: asked < 3 ? 'processing' : 'succeeded', orderId: '42' }));
      },
    });
    const { onOrderConfirmed } = renderResult(`?payment_intent=${INTENT}&payment_intent_client_secret=${SECRET}&redirect_status=succeeded`);
    // Authorised is not sold yet: no "Order Confirmed!" (and no empty cart) before the server says so.
    await waitFor(() => expect(statusCalls(fetchMock)).toBe(1));
    expect(screen.getByText('Checking your payment')).toBeInTheDocument();
    expect(screen.queryByText('Order Confirmed!')).not.toBeInTheDocument();
    expect(onOrderConfirmed).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' }, { timeout: 5000 })).toBeInTheDocument();
    expect(statusCalls(fetchMock)).toBe(3);
    expect(onOrderConfirmed).toHaveBeenCalledTimes(1);
  });

  it('given the server still processing after 30 seconds, it stops asking and says calmly that the email will follow', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi({
      'GET /api/config': { body: publicConfigFixture },
      [statusPath]: () => Promise.resolve(Response.json({ status: 'processing', orderId: '42' })),
    });
    const { onOrderConfirmed } = renderResult(`?payment_intent=${INTENT}&payment_intent_client_secret=${SECRET}&redirect_status=succeeded`);
    await waitFor(() => expect(statusCalls(fetchMock)).toBe(1));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(screen.getByText('Checking your payment')).toBeInTheDocument();
    const askedInTenSeconds = statusCalls(fetchMock);
    expect(askedInTenSeconds).toBeGreaterThanOrEqual(9);
    expect(askedInTenSeconds).toBeLessThanOrEqual(12);

    await vi.advanceTimersByTimeAsync(21_000);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Processing' })).toBeInTheDocument();
    expect(screen.getByText(/confirmation email is on its way/)).toBeInTheDocument();
    const askedInAll = statusCalls(fetchMock);
    expect(askedInAll).toBeLessThanOrEqual(33);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(statusCalls(fetchMock)).toBe(askedInAll);
    expect(onOrderConfirmed).not.toHaveBeenCalled();
  });

  it('given the server cannot be reached, it trusts the provider and confirms', async () => {
    stubApi({ 'GET /api/config': { body: publicConfigFixture }, [statusPath]: { status: 503, body: 'down' } });
    const { onOrderConfirmed } = renderResult(`?payment_intent=${INTENT}&payment_intent_client_secret=${SECRET}&redirect_status=succeeded`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(onOrderConfirmed).toHaveBeenCalledTimes(1);
  });
});

describe('order result: anything else', () => {
  it.each([
    `?payment_intent=${INTENT}&payment_intent_client_secret=${SECRET}&redirect_status=failed`,
    `?payment_intent=${INTENT}&payment_intent_client_secret=${SECRET}&redirect_status=requires_payment_method`,
    `?payment_intent=${INTENT}`,
    // Without the payment's client secret the server would tell nothing: not asked
    `?payment_intent=${INTENT}&redirect_status=succeeded`,
    '?redirect_status=succeeded',
    '',
  ])('given "%s", it shows Payment Issues with Return to Shop, asking the server nothing', async (query) => {
    const fetchMock = stubApi({ 'GET /api/config': { body: publicConfigFixture } });
    const { onOrderConfirmed } = renderResult(query);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Issues' })).toBeInTheDocument();
    expect(screen.getByText('There was an issue with your payment. Please try again or contact support.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Shop' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByText(/Payment reference/)).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => requestUrl(url).includes('payment-status'))).toHaveLength(0);
    expect(onOrderConfirmed).not.toHaveBeenCalled();
  });

  it('given redirect_status processing, it says the payment is still being confirmed and keeps the cart', async () => {
    serverSays('processing');
    const { onOrderConfirmed } = renderResult(
      `?payment_intent=${INTENT}&payment_intent_client_secret=${SECRET}&redirect_status=processing`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Processing' })).toBeInTheDocument();
    expect(screen.getByText(/confirmation email is on its way/)).toBeInTheDocument();
    expect(screen.getByText(/Payment reference:/)).toHaveTextContent('3Nx8Kq2eZvKYlo2C1');
    expect(onOrderConfirmed).not.toHaveBeenCalled();
  });
});

describe('order result: cancelled by the shop', () => {
  it.each([
    'These cans sold out before your payment went through, so nothing was charged.',
    'This checkout expired before it was paid, so nothing was charged.',
  ])('shows "Order not completed" with the server’s reason "%s", a way back to the shop, and keeps the cart', async (message) => {
    serverSays('cancelled', '42', message);
    const { onOrderConfirmed } = renderResult(`?payment_intent=${INTENT}&payment_intent_client_secret=${SECRET}&redirect_status=succeeded`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not completed' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Shop' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByText('Order Confirmed!')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment Issues')).not.toBeInTheDocument();
    expect(onOrderConfirmed).not.toHaveBeenCalled();
  });

  it('without a reason from the server, it still says nothing was charged', async () => {
    serverSays('cancelled');
    renderResult(`?payment_intent=${INTENT}&payment_intent_client_secret=${SECRET}&redirect_status=processing`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not completed' })).toBeInTheDocument();
    expect(screen.getByText('This order could not be completed, so nothing was charged.')).toBeInTheDocument();
  });
});
