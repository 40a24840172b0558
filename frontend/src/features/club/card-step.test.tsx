import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/fake-api';
import { publicConfigFixture } from '@/testing/public-config-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import { CardStep } from './card-step';

const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(() => Promise.resolve({})),
  confirmCardSetup: vi.fn(),
  confirmCardPayment: vi.fn(),
  card: { kind: 'card-element' },
}));

// Stripe.js cannot load offline; these stand in for the script and its React bindings.
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  CardElement: () => <div data-testid="stripe-card-element" />,
  useStripe: () => ({ confirmCardSetup: stripe.confirmCardSetup, confirmCardPayment: stripe.confirmCardPayment }),
  useElements: () => ({ getElement: () => stripe.card }),
}));

const STRIPE_CONFIG = { ...publicConfigFixture, paymentMode: 'stripe' as const, stripePublishableKey: 'pk_test_club' };

describe('the club’s card step with Stripe', () => {
  it('saves the card with confirmCardSetup and the SetupIntent’s secret, then goes on', async () => {
    stubApi({ 'GET /api/config': { body: STRIPE_CONFIG } });
    stripe.confirmCardSetup.mockResolvedValue({ setupIntent: { status: 'succeeded' } });
    const onDone = vi.fn();
    renderWithProviders(
      <CardStep intent={{ kind: 'setup', id: 'seti_1', clientSecret: 'seti_1_secret' }} submitLabel="Save card and join" onDone={onDone} />,
    );
    expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save card and join' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_club');
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret', { payment_method: { card: stripe.card } });
  });

  it('says Stripe’s words for a refused card and stays for another try', async () => {
    stubApi({ 'GET /api/config': { body: STRIPE_CONFIG } });
    stripe.confirmCardPayment.mockResolvedValue({ error: { message: 'Your card has insufficient funds.' } });
    const onDone = vi.fn();
    renderWithProviders(
      <CardStep intent={{ kind: 'payment', id: 'pi_1', clientSecret: 'pi_1_secret' }} submitLabel="Pay $79.00" onDone={onDone} />,
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay $79.00' }));
    expect(await screen.findByTestId('club-card-refusal')).toHaveTextContent('Your card has insufficient funds.');
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith('pi_1_secret', { payment_method: { card: stripe.card } });
    expect(onDone).not.toHaveBeenCalled();
  });
});
