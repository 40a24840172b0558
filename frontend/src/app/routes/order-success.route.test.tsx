import type { CartLine } from '@brewery/shop-rules';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from '@/testing/fake-api';
import { publicConfigFixture } from '@/testing/public-config-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import { Route, Routes } from 'react-router-dom';
import { Component as CheckoutRoute } from './checkout.route';
import { Component as OrderSuccessRoute } from './order-success.route';

const fourPack: CartLine = {
  productId: 'quokka-pale-ale',
  name: 'Quokka Pale Ale',
  price: 24,
  quantity: 4,
  packSize: '4pack',
  packQuantity: 4,
  imageUrl: '/cans/quokka-pale-ale.svg',
};

function storedCart(): unknown {
  return JSON.parse(localStorage.getItem('cart') ?? 'null');
}

describe('order success route and the cart', () => {
  afterEach(() => sessionStorage.clear());

  it.each([
    { redirectStatus: 'succeeded', server: 'succeeded', heading: 'Order Confirmed!', cart: [] },
    { redirectStatus: 'succeeded', server: 'failed', heading: 'Payment Issues', cart: [fourPack] },
    { redirectStatus: 'succeeded', server: 'cancelled', heading: 'Order not completed', cart: [fourPack] },
    { redirectStatus: 'failed', server: 'failed', heading: 'Payment Issues', cart: [fourPack] },
  ])(
    'given redirect_status $redirectStatus and the server saying $server, the stored cart becomes $cart.length line(s)',
    async ({ redirectStatus, server, heading, cart }) => {
      localStorage.setItem('cart', JSON.stringify([fourPack]));
      stubApi({
        'GET /api/config': { body: publicConfigFixture },
        'GET /api/orders/payment-status?payment_intent=pi_test_abc&client_secret=pi_test_abc_secret_x': {
          body: {
            status: server,
            orderId: '7',
            ...(server === 'cancelled' ? { message: 'These cans sold out before your payment went through, so nothing was charged.' } : {}),
          },
        },
      });
      renderWithProviders(<OrderSuccessRoute />, {
        route: `/order-success?payment_intent=pi_test_abc&payment_intent_client_secret=pi_test_abc_secret_x&redirect_status=${redirectStatus}`,
      });
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      await waitFor(() => expect(storedCart()).toEqual(cart));
      // Only a bought pack is remembered for Back from the checkout.
      expect(sessionStorage.getItem('lastOrderResult')).toBe(
        cart.length === 0
          ? `/order-success?payment_intent=pi_test_abc&payment_intent_client_secret=pi_test_abc_secret_x&redirect_status=${redirectStatus}`
          : null,
      );
    },
  );

  it('given Back from the order result after paying (the pack empty), the checkout returns to the result without an error', async () => {
    sessionStorage.setItem(
      'lastOrderResult',
      '/order-success?payment_intent=pi_test_abc&payment_intent_client_secret=pi_test_abc_secret_x&redirect_status=succeeded',
    );
    stubApi({
      'GET /api/config': { body: publicConfigFixture },
      'GET /api/orders/payment-status?payment_intent=pi_test_abc&client_secret=pi_test_abc_secret_x': {
        body: { status: 'succeeded', orderId: '7' },
      },
    });
    renderWithProviders(
      <Routes>
        <Route path="/checkout" element={<CheckoutRoute />} />
        <Route path="/order-success" element={<OrderSuccessRoute />} />
      </Routes>,
      { route: '/checkout' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeInTheDocument();
    expect(screen.queryByText('Invalid Pack Size')).not.toBeInTheDocument();
  });
});
