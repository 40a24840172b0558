import { describe, expect, it } from 'vitest';
import { orderResultView, shouldClearCart } from './order-result-view';
import type { OrderResultInput, OrderResultView } from './order-result-view';

const pending = { kind: 'pending' } as const;
const unreachable = { kind: 'error' } as const;
const answered = (status: 'succeeded' | 'processing' | 'failed' | 'cancelled' | 'unknown', polling = false) =>
  ({ kind: 'answered', status, polling }) as const;

describe('which order result to show', () => {
  it.each<{ redirectStatus: string | null; hasPaymentIntent: boolean; server: OrderResultInput['server']; view: OrderResultView }>([
    { redirectStatus: 'succeeded', hasPaymentIntent: true, server: answered('succeeded'), view: 'confirmed' },
    { redirectStatus: 'succeeded', hasPaymentIntent: true, server: pending, view: 'checking' },
    // Authorised but not yet captured: the capture can still fail (sold out), so nothing is confirmed yet.
    { redirectStatus: 'succeeded', hasPaymentIntent: true, server: answered('processing', true), view: 'checking' },
    { redirectStatus: 'succeeded', hasPaymentIntent: true, server: answered('processing', false), view: 'processing' },
    { redirectStatus: 'succeeded', hasPaymentIntent: true, server: answered('cancelled'), view: 'cancelled' },
    { redirectStatus: 'processing', hasPaymentIntent: true, server: answered('cancelled'), view: 'cancelled' },
    { redirectStatus: 'succeeded', hasPaymentIntent: true, server: answered('failed'), view: 'issues' },
    { redirectStatus: 'succeeded', hasPaymentIntent: true, server: answered('unknown'), view: 'issues' },
    { redirectStatus: 'succeeded', hasPaymentIntent: true, server: unreachable, view: 'confirmed' },
    { redirectStatus: 'succeeded', hasPaymentIntent: false, server: pending, view: 'issues' },
    { redirectStatus: 'processing', hasPaymentIntent: true, server: answered('processing', true), view: 'processing' },
    { redirectStatus: 'processing', hasPaymentIntent: true, server: answered('processing'), view: 'processing' },
    { redirectStatus: 'processing', hasPaymentIntent: true, server: answered('succeeded'), view: 'confirmed' },
    { redirectStatus: 'processing', hasPaymentIntent: true, server: unreachable, view: 'processing' },
    { redirectStatus: 'failed', hasPaymentIntent: true, server: pending, view: 'issues' },
    { redirectStatus: 'requires_payment_method', hasPaymentIntent: true, server: pending, view: 'issues' },
    { redirectStatus: null, hasPaymentIntent: true, server: pending, view: 'issues' },
  ])(
    'given redirect_status $redirectStatus and the server $server, it shows $view',
    ({ redirectStatus, hasPaymentIntent, server, view }) => {
      expect(orderResultView({ redirectStatus, hasPaymentIntent, server })).toBe(view);
    },
  );

  it.each<{ redirectStatus: string | null; view: OrderResultView; clear: boolean }>([
    { redirectStatus: 'succeeded', view: 'confirmed', clear: true },
    { redirectStatus: 'succeeded', view: 'checking', clear: false },
    { redirectStatus: 'succeeded', view: 'processing', clear: false },
    { redirectStatus: 'succeeded', view: 'cancelled', clear: false },
    { redirectStatus: 'succeeded', view: 'issues', clear: false },
    { redirectStatus: 'processing', view: 'processing', clear: false },
    { redirectStatus: 'processing', view: 'confirmed', clear: false },
    { redirectStatus: 'failed', view: 'issues', clear: false },
  ])('given redirect_status $redirectStatus shown as $view, the cart is cleared: $clear', ({ redirectStatus, view, clear }) => {
    expect(shouldClearCart(redirectStatus, view)).toBe(clear);
  });
});
