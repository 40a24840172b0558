import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DELIVERY } from '@brewery/shop-rules';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { publicConfigFixture } from '@/testing/public-config-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import type { CheckoutOpened } from './api/create-payment-intent';
import { PaymentStep } from './payment-step';
import { usePaymentOutcome, type PaidIntent } from './use-payment-outcome';
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

const intent: CheckoutOpened = {
  clientSecret: 'pi_3Nx_secret_abc',
  paymentIntentId: 'pi_3Nx',
  orderId: '9',
  amount: 4500,
  holdEndsAt: null,
};
const confirmPath = 'POST /api/test-gateway/payment-intents/pi_3Nx/confirm';
/** The payment a completed result names: its id and the client secret the result page asks with. */
const PAID = { id: 'pi_3Nx', clientSecret: 'pi_3Nx_secret_abc' };
const customer = {
  name: 'Alex Brewer',
  email: 'alex@example.com',
  phone: '0412 345 678',
  addressLine1: '1 Hay Street',
  suburb: 'Perth',
  postCode: '6000',
  state: 'WA',
};

interface HarnessProps {
  opened: CheckoutOpened;
  onComplete: (payment: PaidIntent, status: PaymentRedirectStatus) => void;
  onCheckPackAgain: () => void;
}

function Harness({ opened, onComplete, onCheckPackAgain }: HarnessProps) {
  const outcome = usePaymentOutcome(onComplete);
  return (
    <PaymentStep
      intent={opened}
      customer={customer}
      fulfilment={DELIVERY}
      returnUrl="http://shop.test/order-success"
      outcome={outcome}
      onEditDetails={() => undefined}
      onCheckPackAgain={onCheckPackAgain}
    />
  );
}

function renderStep(paymentMode: 'stripe' | 'test', api: Parameters<typeof stubApi>[0] = {}, opened: CheckoutOpened = intent) {
  const fetchMock = stubApi({
    'GET /api/config': {
      body: { ...publicConfigFixture, paymentMode, stripePublishableKey: paymentMode === 'stripe' ? 'pk_test_brewery' : null },
    },
    ...api,
  });
  const onComplete = vi.fn();
  const onCheckPackAgain = vi.fn();
  renderWithProviders(<Harness opened={opened} onComplete={onComplete} onCheckPackAgain={onCheckPackAgain} />, { route: '/checkout' });
  return { onComplete, onCheckPackAgain, fetchMock, user: userEvent.setup() };
}

function confirmCalls(fetchMock: ReturnType<typeof stubApi>): number {
  return fetchMock.mock.calls.filter(([url]) => requestUrl(url).endsWith('/confirm')).length;
}

const SOLD_OUT = 'These cans sold out before your payment went through, so nothing was charged.';
const CHECKOUT_ENDED = 'This checkout has ended (it expired or was replaced), so it can no longer be paid. Nothing was charged.';
const HOLD_ENDED = 'Your hold on these cans has ended, so this payment can no longer be completed. Nothing was charged.';

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
    {
      result: { paymentIntent: { id: 'pi_3Nx', client_secret: 'pi_3Nx_secret_abc', status: 'succeeded' } },
      completed: [PAID, 'succeeded'],
      toast: 'Payment Successful',
    },
    {
      result: { paymentIntent: { id: 'pi_3Nx', client_secret: 'pi_3Nx_secret_abc', status: 'processing' } },
      completed: [PAID, 'processing'],
      toast: null,
    },
    // Manual capture: an authorised card is as good as paid here; the shop captures it once the cans are sold.
    {
      result: { paymentIntent: { id: 'pi_3Nx', client_secret: 'pi_3Nx_secret_abc', status: 'requires_capture' } },
      completed: [PAID, 'succeeded'],
      toast: 'Payment Successful',
    },
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

  it('given Stripe says the payment is no longer open, it says the checkout has ended and offers "Check my pack again"', async () => {
    stripe.confirmPayment.mockResolvedValue({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: 'This PaymentIntent has a status of canceled.',
      },
    });
    const { onComplete, onCheckPackAgain, user } = renderStep('stripe');
    await screen.findByTestId('stripe-payment-element');
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    expect(await screen.findByText(CHECKOUT_ENDED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Check my pack again' }));
    expect(onCheckPackAgain).toHaveBeenCalledTimes(1);
    expect(onComplete).not.toHaveBeenCalled();
  });
});

describe('paying with the local test gateway (manual capture)', () => {
  async function payWithGoodCard(user: ReturnType<typeof userEvent.setup>) {
    await screen.findByText('Test mode — no real payment');
    await user.click(screen.getByRole('button', { name: 'Use test card 4242 4242 4242 4242 (succeeds)' }));
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
  }

  it.each(['succeeded', 'requires_capture'])(
    'given the gateway answers %s, it thanks the customer and goes to the result page as succeeded',
    async (status) => {
      const { onComplete, user } = renderStep('test', {
        [confirmPath]: { body: { paymentIntent: { id: 'pi_3Nx', status }, error: null } },
      });
      await payWithGoodCard(user);
      expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
      await waitFor(() => expect(onComplete).toHaveBeenCalledWith(PAID, 'succeeded'));
    },
  );

  it("given the shop cancelled the authorisation, it shows the server's reason as a failure, switches the form off and offers a new check", async () => {
    const { onComplete, onCheckPackAgain, fetchMock, user } = renderStep('test', {
      [confirmPath]: {
        body: { paymentIntent: { id: 'pi_3Nx', status: 'canceled' }, error: { code: 'sold_out', declineCode: '', message: SOLD_OUT } },
      },
    });
    await payWithGoodCard(user);
    const failure = (await screen.findByText(SOLD_OUT)).closest('[role="alert"]');
    expect(failure).toHaveTextContent('Payment Failed');
    expect(failure).toHaveTextContent(SOLD_OUT);
    expect(onComplete).not.toHaveBeenCalled();
    expect(screen.queryByText('Payment Successful')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeDisabled();
    expect(screen.getByLabelText('Card number')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Check my pack again' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Check my pack again' }));
    expect(onCheckPackAgain).toHaveBeenCalledTimes(1);
    expect(confirmCalls(fetchMock)).toBe(1);
  });

  it('given a 409 for a checkout that has ended, it shows the server’s message and "Check my pack again", not a payment error', async () => {
    const { onComplete, onCheckPackAgain, user } = renderStep('test', {
      [confirmPath]: {
        status: 409,
        body: { statusCode: 409, message: CHECKOUT_ENDED, code: 'payment_intent_unexpected_state' },
      },
    });
    await payWithGoodCard(user);
    expect(await screen.findByText(CHECKOUT_ENDED)).toBeInTheDocument();
    expect(screen.queryByText('Payment Failed')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Check my pack again' }));
    expect(onCheckPackAgain).toHaveBeenCalledTimes(1);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('given any other 409 from the gateway, it is still a "Payment Failed" in the server’s words', async () => {
    const { user } = renderStep('test', {
      [confirmPath]: { status: 409, body: { statusCode: 409, message: 'This payment is already being confirmed.' } },
    });
    await payWithGoodCard(user);
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('This payment is already being confirmed.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check my pack again' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
  });
});

describe('the hold on the cans', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down m:ss every second; at 0 the card form is switched off, says so, and offers "Check my pack again"', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { onCheckPackAgain, onComplete, fetchMock } = renderStep('test', {}, { ...intent, holdEndsAt: Date.now() + 600_000 });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByText('Test mode — no real payment');
    expect(screen.getByRole('timer')).toHaveTextContent('Your cans are held for 10:00');
    // The countdown ticks four times a second, so it is at most a quarter of a second behind.
    await vi.advanceTimersByTimeAsync(19_300);
    expect(screen.getByRole('timer')).toHaveTextContent('Your cans are held for 9:41');
    await user.click(screen.getByRole('button', { name: 'Use test card 4242 4242 4242 4242 (succeeds)' }));
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
    expect(screen.queryByText(HOLD_ENDED)).not.toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(581_000);
    expect(await screen.findByText(HOLD_ENDED)).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeDisabled();
    expect(screen.getByLabelText('Card number')).toBeDisabled();
    // The submit handler refuses too, whatever sends the form.
    fireEvent.submit(screen.getByRole('form', { name: 'Card payment' }));
    await vi.advanceTimersByTimeAsync(100);
    expect(confirmCalls(fetchMock)).toBe(0);
    expect(onComplete).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Check my pack again' }));
    expect(onCheckPackAgain).toHaveBeenCalledTimes(1);
  });

  it('given no expiry from the server, it shows no countdown and the form stays open', async () => {
    renderStep('test');
    await screen.findByText('Test mode — no real payment');
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
  });
});

describe('payment step: the discount', () => {
  const LONG = 'ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEF';

  it('names the code and its offer, and lets a long code wrap on a phone rather than widen the page', async () => {
    // The stylesheet as written (the test runner empties imported CSS).
    const style = document.createElement('style');
    style.textContent = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'checkout-page.css'), 'utf8');
    document.head.append(style);
    try {
      renderStep('test', {}, { ...intent, discountCode: LONG, discount: '9.80', discountDescription: '10% off' });
      const line = await screen.findByTestId('payment-discount');
      expect(line).toHaveTextContent(`Includes $9.80 off with the code ${LONG} (10% off).`);
      expect(getComputedStyle(line).overflowWrap).toBe('anywhere');
    } finally {
      style.remove();
    }
  });
});
