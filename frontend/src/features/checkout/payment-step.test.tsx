import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/fake-api';
import { publicConfigFixture } from '@/testing/public-config-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import { PaymentStep } from './payment-step';
import { usePaymentOutcome } from './use-payment-outcome';
import type { PaymentRedirectStatus } from './checkout-messages';

const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  confirmPayment: vi.fn(),
  elementsOptions: [] as unknown[],
}));

// Stripe.js cannot load offline; these stand in for the script and its React bindings.
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children, options }: { children: ReactNode; options: unknown }) => {
    stripe.elementsOptions.push(options);
    return <>{children}</>;
  },
  PaymentElement: () => <div data-testid="stripe-payment-element" />,
  useStripe: () => ({ confirmPayment: stripe.confirmPayment }),
  useElements: () => ({ kind: 'elements' }),
}));

const intent = { clientSecret: 'pi_3Nx_secret_abc', paymentIntentId: 'pi_3Nx', orderId: '9', amount: 4500 };
const customer = {
  name: 'Alex Brewer',
  email: 'alex@example.com',
  phone: '0412 345 678',
  addressLine1: '1 Hay Street',
  suburb: 'Perth',
  postCode: '6000',
  state: 'WA',
};

function Harness({ onComplete }: { onComplete: (id: string, status: PaymentRedirectStatus) => void }) {
  const outcome = usePaymentOutcome(onComplete);
  return (
    <PaymentStep
      intent={intent}
      customer={customer}
      returnUrl="http://shop.test/order-success"
      outcome={outcome}
      onEditDetails={() => undefined}
    />
  );
}

function renderStep(paymentMode: 'stripe' | 'test') {
  stubApi({
    'GET /api/config': {
      body: { ...publicConfigFixture, paymentMode, stripePublishableKey: paymentMode === 'stripe' ? 'pk_test_brewery' : null },
    },
  });
  const onComplete = vi.fn();
  renderWithProviders(<Harness onComplete={onComplete} />, { route: '/checkout' });
  return { onComplete, user: userEvent.setup() };
}

beforeEach(() => {
  stripe.loadStripe.mockReset().mockResolvedValue({});
  stripe.confirmPayment.mockReset();
  stripe.elementsOptions.length = 0;
});

describe('payment step by payment mode', () => {
  it('given test mode, it shows the local test card form and never loads Stripe.js', async () => {
    renderStep('test');
    expect(await screen.findByText('Test mode — no real payment')).toBeInTheDocument();
    expect(screen.queryByTestId('stripe-payment-element')).not.toBeInTheDocument();
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });

  it("given stripe mode, it loads Stripe.js with the config's publishable key and shows the Payment Element for the intent", async () => {
    renderStep('stripe');
    expect(await screen.findByTestId('stripe-payment-element')).toBeInTheDocument();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_brewery');
    expect(stripe.elementsOptions[0]).toMatchObject({ clientSecret: 'pi_3Nx_secret_abc' });
    expect(screen.queryByText('Test mode — no real payment')).not.toBeInTheDocument();
  });

  it.each([
    { result: { paymentIntent: { id: 'pi_3Nx', status: 'succeeded' } }, completed: ['pi_3Nx', 'succeeded'], toast: 'Payment Successful' },
    { result: { paymentIntent: { id: 'pi_3Nx', status: 'processing' } }, completed: ['pi_3Nx', 'processing'], toast: null },
    { result: { error: { message: 'Your card has insufficient funds.' } }, completed: null, toast: 'Your card has insufficient funds.' },
  ])(
    'given Stripe answers $result, it confirms without redirect unless required and moves on: $completed',
    async ({ result, completed, toast }) => {
      stripe.confirmPayment.mockResolvedValue(result);
      const { onComplete, user } = renderStep('stripe');
      await screen.findByTestId('stripe-payment-element');
      await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
      await waitFor(() => expect(stripe.confirmPayment).toHaveBeenCalledTimes(1));
      expect(stripe.confirmPayment).toHaveBeenCalledWith({
        elements: { kind: 'elements' },
        confirmParams: { return_url: 'http://shop.test/order-success' },
        redirect: 'if_required',
      });
      if (toast !== null) expect(await screen.findByText(toast)).toBeInTheDocument();
      if (completed === null) expect(onComplete).not.toHaveBeenCalled();
      else await waitFor(() => expect(onComplete).toHaveBeenCalledWith(...completed));
    },
  );

  it('given Stripe throws, it shows the "Payment Error" toast', async () => {
    stripe.confirmPayment.mockRejectedValue(new Error('stripe.js went away'));
    const { onComplete, user } = renderStep('stripe');
    await screen.findByTestId('stripe-payment-element');
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getByText('Safari error: stripe.js went away. Try Chrome or reload page.')).toBeInTheDocument();
    expect(onComplete).not.toHaveBeenCalled();
  });
});
