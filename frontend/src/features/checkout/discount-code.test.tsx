import type { CartLine, DiscountCheckResponse } from '@brewery/shop-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { hazyEightPack, kolschSingles } from '@/testing/cart-fixture';
import { never, requestUrl, stubApi } from '@/testing/fake-api';
import { publicConfigFixture } from '@/testing/public-config-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import { CheckoutPage } from './checkout-page';

const CHECK = 'POST /api/discount-codes/check';
const PAY = 'POST /api/create-payment-intent';

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

/** 16 cans, $98.00: 10% off is $9.80; to Perth, $10.00 shipping. */
function checked(overrides: Partial<DiscountCheckResponse> = {}): DiscountCheckResponse {
  return {
    code: 'CLUB10',
    kind: 'percent',
    description: '10% off',
    discount: '9.80',
    subtotal: '98.00',
    shippingCost: null,
    totalAmount: null,
    gstIncluded: null,
    ...overrides,
  };
}
const TO_PERTH = { shippingCost: '10.00', totalAmount: '98.20', gstIncluded: '8.93' };

const refusal = (code: string, message: string) => ({ status: 409, body: { statusCode: 409, code, message } });
const EXPIRED = refusal('code_expired', 'That code has expired.');
const USED_UP = refusal('code_used_up', 'That code has been used as many times as it can be.');

const intent = {
  clientSecret: 'pi_test_abc_secret_xyz',
  paymentIntentId: 'pi_test_abc',
  orderId: '42',
  amount: 9820,
  subtotal: '98.00',
  shippingCost: '10.00',
  discount: '9.80',
  totalAmount: '98.20',
  gstIncluded: '8.93',
  discountCode: 'CLUB10',
  totals: { subtotal: '98.00', shipping: '10.00', discount: '9.80', gstIncluded: '8.93', total: '98.20' },
};

const shopApi = {
  'GET /api/config': { body: publicConfigFixture },
  'GET /api/products/rottnest-hazy-ipa': { body: { id: 'rottnest-hazy-ipa', name: 'Rottnest Hazy IPA', isActive: true, inventory: 100 } },
  'GET /api/products/kings-park-kolsch': { body: { id: 'kings-park-kolsch', name: 'Kings Park Kolsch', isActive: true, inventory: 100 } },
};

type Api = Parameters<typeof stubApi>[0];

function renderCheckout(api: Api, lines: CartLine[] = [hazyEightPack, kolschSingles]) {
  const fetchMock = stubApi({ ...shopApi, ...api });
  const user = userEvent.setup();
  renderWithProviders(
    <CheckoutPage cartLines={lines} onInvalidPack={vi.fn()} onPaymentComplete={vi.fn()} returnUrl="http://shop.test/order-success" />,
    { route: '/checkout' },
  );
  return { user, fetchMock };
}

/** The bodies sent to a path, in order. */
function sent(fetchMock: ReturnType<typeof stubApi>, key: string): unknown[] {
  const [method, path] = key.split(' ');
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && requestUrl(input) === path)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

function summary() {
  return within(screen.getByTestId('order-summary'));
}

async function typeInto(user: UserEvent, label: string, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

async function chooseState(user: UserEvent, state: string) {
  await user.click(screen.getByRole('combobox', { name: 'State' }));
  const listbox = await screen.findByRole('listbox');
  await user.click(within(listbox.parentElement ?? document.body).getByTitle(state));
}

async function fillPerthDetails(user: UserEvent) {
  for (const [label, value] of Object.entries({
    'Full name': 'Alex Brewer',
    Email: 'alex@example.com',
    Phone: '0412 345 678',
    'Street address': '1 Hay Street',
    Suburb: 'Perth',
    Postcode: '6000',
  }))
    await typeInto(user, label, value);
  await chooseState(user, 'WA');
}

async function applyCode(user: UserEvent, code: string) {
  await user.click(screen.getByRole('button', { name: 'Have a code?' }));
  const field = screen.getByLabelText('Discount code');
  await waitFor(() => expect(field).toHaveFocus());
  await user.paste(code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
}

/** The words the code's field is described by (its message), as a screen reader reads them with it. */
function fieldDescription(): string {
  const ids = (screen.getByLabelText('Discount code').getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const CART_ITEMS = [
  { productId: 'rottnest-hazy-ipa', name: 'Rottnest Hazy IPA', quantity: 8, price: 46, packSize: '8pack', packQuantity: 8 },
  { productId: 'kings-park-kolsch', name: 'Kings Park Kolsch', quantity: 8, price: 6.5, packSize: 'single', packQuantity: 1 },
];

describe('checkout: the discount code', { timeout: 30_000 }, () => {
  it('is shut until asked for; Apply checks the code with the cart and shows its line and the reduced total', async () => {
    const { user, fetchMock } = renderCheckout({
      [CHECK]: () => {
        const body = sent(fetchMock, CHECK).at(-1) as { customerInfo?: { state?: string } };
        return json(body.customerInfo?.state === 'WA' ? checked(TO_PERTH) : checked());
      },
    });
    expect(screen.queryByLabelText('Discount code')).not.toBeInTheDocument();
    await applyCode(user, 'club10');

    const line = await summary().findByTestId('summary-discount');
    expect(line).toHaveTextContent('Discount (CLUB10, 10% off)−$9.80');
    expect(summary().getByTestId('summary-total')).toHaveTextContent('Total$88.20 + shipping');
    expect(sent(fetchMock, CHECK)).toEqual([{ code: 'CLUB10', cartItems: CART_ITEMS }]);
    expect(fieldDescription()).toBe('CLUB10 applied: 10% off.');
    expect(screen.getByRole('button', { name: 'Remove the code CLUB10' })).toBeInTheDocument();

    // Once the address is known the code is checked again with it, and the total is the whole order's.
    await fillPerthDetails(user);
    await waitFor(() =>
      expect(sent(fetchMock, CHECK).at(-1)).toEqual({
        code: 'CLUB10',
        cartItems: CART_ITEMS,
        customerInfo: { email: 'alex@example.com', state: 'WA', postCode: '6000' },
      }),
    );
    // Not at every key: the name, phone and street are not the code's business, the e-mail is checked once it rests.
    expect(sent(fetchMock, CHECK).length).toBeLessThanOrEqual(3);
    await waitFor(() => expect(summary().getByTestId('summary-total')).toHaveTextContent('Total$98.20'));
    expect(summary().getByTestId('summary-shipping')).toHaveTextContent('Shipping to WA (Perth Metro)$10.00');
  });

  it('given a code the shop refuses, says why under the field, tied to it, and takes nothing off', async () => {
    const { user, fetchMock } = renderCheckout({ [CHECK]: EXPIRED });
    await applyCode(user, 'OLD-CODE');
    const field = screen.getByLabelText('Discount code');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(fieldDescription()).toBe('That code has expired.');
    expect(summary().queryByTestId('summary-discount')).not.toBeInTheDocument();
    expect(summary().getByTestId('summary-total')).toHaveTextContent('Total$98.00 + shipping');
    // The text stays to be corrected; typing clears the message.
    expect(field).toHaveValue('OLD-CODE');
    await user.type(field, 'X');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('That code has expired.')).not.toBeInTheDocument();
    expect(sent(fetchMock, CHECK)).toHaveLength(1);
  });

  it('given a code that is not a code’s shape, says so without asking the shop', async () => {
    const { user, fetchMock } = renderCheckout({});
    await applyCode(user, 'no spaces!');
    expect(await screen.findByText('A code is 3 to 32 letters, digits and dashes.')).toBeInTheDocument();
    expect(sent(fetchMock, CHECK)).toHaveLength(0);
  });

  it('given too many checks, asks the customer to wait', async () => {
    const { user } = renderCheckout({
      [CHECK]: () =>
        Promise.resolve(
          new Response(JSON.stringify({ statusCode: 429, message: 'Too many requests' }), {
            status: 429,
            headers: { 'Retry-After': '30' },
          }),
        ),
    });
    await applyCode(user, 'CLUB10');
    await waitFor(() => expect(fieldDescription()).toBe('Too many tries for now. Please wait 30\u00a0s, then try the code again.'));
  });

  it('Remove takes the code and its line away, forgets it, and leaves the focus in the empty field', async () => {
    const { user } = renderCheckout({ [CHECK]: { body: checked() } });
    await applyCode(user, 'CLUB10');
    await summary().findByTestId('summary-discount');
    expect(sessionStorage.getItem('checkoutDiscountCode')).toBe('"CLUB10"');
    await user.click(screen.getByRole('button', { name: 'Remove the code CLUB10' }));
    expect(summary().queryByTestId('summary-discount')).not.toBeInTheDocument();
    expect(summary().getByTestId('summary-total')).toHaveTextContent('Total$98.00 + shipping');
    const field = screen.getByLabelText('Discount code');
    expect(field).toHaveValue('');
    await waitFor(() => expect(field).toHaveFocus());
    expect(sessionStorage.getItem('checkoutDiscountCode')).toBeNull();
  });

  it('sends the applied code with the payment, and the payment step shows the discounted amount', async () => {
    const { user, fetchMock } = renderCheckout({ [CHECK]: { body: checked(TO_PERTH) }, [PAY]: { body: intent } });
    await fillPerthDetails(user);
    await applyCode(user, 'CLUB10');
    await summary().findByTestId('summary-discount');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    expect(sent(fetchMock, PAY)).toEqual([expect.objectContaining({ discountCode: 'CLUB10', cartItems: CART_ITEMS })]);
    expect(screen.getByTestId('amount-to-pay')).toHaveTextContent('$98.20');
    expect(screen.getByTestId('payment-discount')).toHaveTextContent('Includes $9.80 off with the code CLUB10 (10% off).');
    expect(summary().getByTestId('summary-discount')).toHaveTextContent('Discount (CLUB10, 10% off)−$9.80');
    expect(summary().getByTestId('summary-total')).toHaveTextContent('Total$98.20');
    // The code is changed from the details (Edit details), not at the payment step.
    expect(screen.queryByLabelText('Discount code')).not.toBeInTheDocument();
  });

  it('given the payment refusing the code (used up meanwhile), says why on the field, keeps the details, and pays without it once removed', async () => {
    const { user, fetchMock } = renderCheckout({
      // Good until the payment is asked for, used up from then on: the checkout may check it again before that
      // (the address became whole just before Apply, and its own re-check can land after), so no count of checks.
      [CHECK]: () => (sent(fetchMock, PAY).length === 0 ? json(checked(TO_PERTH)) : json(USED_UP.body, 409)),
      [PAY]: () => {
        const body = sent(fetchMock, PAY).at(-1) as { discountCode?: string };
        return body.discountCode === undefined
          ? json({ ...intent, amount: 10800, discount: '0.00', discountCode: null })
          : json(USED_UP.body, 409);
      },
    });
    await fillPerthDetails(user);
    await applyCode(user, 'CLUB10');
    await summary().findByTestId('summary-discount');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    const field = screen.getByLabelText('Discount code');
    await waitFor(() => expect(fieldDescription()).toBe('That code has been used as many times as it can be.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());
    expect(document.querySelector('.checkout__announcer')).toHaveTextContent('That code has been used as many times as it can be.');
    expect(summary().queryByTestId('summary-discount')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment Information')).not.toBeInTheDocument();
    expect(screen.queryByText('Checkout Failed')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Alex Brewer');

    await user.click(screen.getByRole('button', { name: 'Remove the code CLUB10' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    expect(sent(fetchMock, PAY)).toHaveLength(2);
    expect(sent(fetchMock, PAY)[1]).not.toHaveProperty('discountCode');
    expect(screen.getByTestId('amount-to-pay')).toHaveTextContent('$108.00');
    expect(screen.queryByTestId('payment-discount')).not.toBeInTheDocument();
  });

  it('given a code kept from before a reload, checks it again and shows the field open; one refused since shows why, with Remove', async () => {
    sessionStorage.setItem('checkoutDiscountCode', JSON.stringify('CLUB10'));
    const { fetchMock } = renderCheckout({ [CHECK]: EXPIRED });
    const field = await screen.findByLabelText('Discount code');
    expect(field).toHaveValue('CLUB10');
    await waitFor(() => expect(fieldDescription()).toBe('That code has expired.'));
    expect(sent(fetchMock, CHECK)).toEqual([{ code: 'CLUB10', cartItems: CART_ITEMS }]);
    expect(screen.getByRole('button', { name: 'Remove the code CLUB10' })).toBeInTheDocument();
    expect(summary().queryByTestId('summary-discount')).not.toBeInTheDocument();
  });

  it('checks the code again when the pack changes', async () => {
    const fetchMock = stubApi({ ...shopApi, [CHECK]: { body: checked() } });
    const user = userEvent.setup();
    const kolschEightPack: CartLine = { ...kolschSingles, packSize: '8pack', packQuantity: 8, price: 48 };
    function Harness() {
      const [lines, setLines] = useState<CartLine[]>([hazyEightPack, kolschSingles]);
      return (
        <>
          <button type="button" onClick={() => setLines([hazyEightPack, kolschEightPack])}>
            Change the pack
          </button>
          <CheckoutPage cartLines={lines} onInvalidPack={vi.fn()} onPaymentComplete={vi.fn()} returnUrl="http://shop.test/order-success" />
        </>
      );
    }
    renderWithProviders(<Harness />, { route: '/checkout' });
    await applyCode(user, 'CLUB10');
    await summary().findByTestId('summary-discount');
    await user.click(screen.getByRole('button', { name: 'Change the pack' }));
    await waitFor(() => expect(sent(fetchMock, CHECK)).toHaveLength(2));
    expect(sent(fetchMock, CHECK)[1]).toEqual({
      code: 'CLUB10',
      cartItems: [CART_ITEMS[0], { ...CART_ITEMS[1], packSize: '8pack', packQuantity: 8, price: 48 }],
    });
  });
});

/** Opens "Have a code?" and types a code, without pressing Apply. */
async function typeCode(user: UserEvent, code: string) {
  await user.click(screen.getByRole('button', { name: 'Have a code?' }));
  const field = screen.getByLabelText('Discount code');
  await waitFor(() => expect(field).toHaveFocus());
  await user.paste(code);
}

const TOO_MANY = () =>
  Promise.resolve(
    new Response(JSON.stringify({ statusCode: 429, message: 'Too many requests' }), { status: 429, headers: { 'Retry-After': '30' } }),
  );

/** A free-shipping code: nothing off until the shipping is known, then the shipping. */
function freeShipping(body: unknown): Promise<Response> {
  const info = (body as { customerInfo?: { state?: string; postCode?: string } }).customerInfo;
  const known = info?.state !== undefined;
  return json(
    checked({
      code: 'SHIPFREE',
      kind: 'free_shipping',
      description: 'Free shipping',
      discount: known ? (info?.state === 'WA' ? '10.00' : '15.00') : '0.00',
      shippingCost: known ? (info?.state === 'WA' ? '10.00' : '15.00') : null,
      totalAmount: known ? '98.00' : null,
      gstIncluded: known ? '8.91' : null,
    }),
  );
}

describe('checkout: the discount code at Continue', { timeout: 30_000 }, () => {
  it('given a code typed but never applied, sends it with the payment, and the shop prices it', async () => {
    const { user, fetchMock } = renderCheckout({
      [CHECK]: { body: checked(TO_PERTH) },
      [PAY]: { body: { ...intent, discountDescription: '10% off' } },
    });
    await fillPerthDetails(user);
    await typeCode(user, 'club10');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    expect(sent(fetchMock, PAY)).toEqual([expect.objectContaining({ discountCode: 'CLUB10' })]);
    expect(screen.getByTestId('amount-to-pay')).toHaveTextContent('$98.20');
    // The words of the offer from the payment's answer (the code was never checked on its own).
    expect(summary().getByTestId('summary-discount')).toHaveTextContent('Discount (CLUB10, 10% off)−$9.80');
    expect(screen.getByTestId('payment-discount')).toHaveTextContent('Includes $9.80 off with the code CLUB10 (10% off).');
    // Back to the details, the code is the applied one.
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    expect(await screen.findByRole('button', { name: 'Remove the code CLUB10' })).toBeInTheDocument();
    expect(sessionStorage.getItem('checkoutDiscountCode')).toBe('"CLUB10"');
  });

  it('given a code typed but never applied that the shop refuses, says why on the field and stays on the details', async () => {
    const { user, fetchMock } = renderCheckout({
      [PAY]: () => {
        const body = sent(fetchMock, PAY).at(-1) as { discountCode?: string };
        return body.discountCode === undefined
          ? json({ ...intent, amount: 10800, discount: '0.00', discountCode: null })
          : json(EXPIRED.body, 409);
      },
    });
    await fillPerthDetails(user);
    await typeCode(user, 'OLD-CODE');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    const field = screen.getByLabelText('Discount code');
    await waitFor(() => expect(fieldDescription()).toBe('That code has expired.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());
    expect(screen.queryByText('Payment Information')).not.toBeInTheDocument();
    expect(sent(fetchMock, PAY)).toEqual([expect.objectContaining({ discountCode: 'OLD-CODE' })]);

    // Emptied, the checkout goes on without a code.
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    expect(sent(fetchMock, PAY)[1]).not.toHaveProperty('discountCode');
  });

  it('given Continue pressed while Apply is still checking the code, sends the code with the payment', async () => {
    const { user, fetchMock } = renderCheckout({ [CHECK]: never, [PAY]: { body: intent } });
    await fillPerthDetails(user);
    await applyCode(user, 'club10');
    await waitFor(() => expect(fieldDescription()).toBe('Checking the code…'));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    expect(sent(fetchMock, PAY)).toEqual([expect.objectContaining({ discountCode: 'CLUB10' })]);
    expect(screen.getByTestId('amount-to-pay')).toHaveTextContent('$98.20');
  });

  it('given a typed code that is not a code’s shape, stops Continue and says so on the field', async () => {
    const { user, fetchMock } = renderCheckout({ [PAY]: { body: intent } });
    await fillPerthDetails(user);
    await typeCode(user, 'no spaces!');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    const field = screen.getByLabelText('Discount code');
    await waitFor(() => expect(fieldDescription()).toBe('A code is 3 to 32 letters, digits and dashes.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveFocus());
    expect(sent(fetchMock, PAY)).toHaveLength(0);
    expect(sent(fetchMock, CHECK)).toHaveLength(0);
    expect(screen.queryByText('Payment Information')).not.toBeInTheDocument();
  });
});

describe('checkout: an applied code checked again', { timeout: 30_000 }, () => {
  it.each([
    { failure: 'too many tries (429)', answer: TOO_MANY },
    { failure: 'no connection', answer: () => Promise.reject(new TypeError('Failed to fetch')) },
  ])('given $failure, keeps the discount with a note that it is checked at payment, and sends it', async ({ answer }) => {
    let checks = 0;
    const { user, fetchMock } = renderCheckout({
      [CHECK]: () => {
        checks += 1;
        return checks === 1 ? json(checked()) : answer();
      },
      [PAY]: { body: intent },
    });
    await applyCode(user, 'CLUB10');
    await summary().findByTestId('summary-discount');
    await fillPerthDetails(user);
    await waitFor(() => expect(checks).toBeGreaterThan(1));
    await waitFor(() => expect(fieldDescription()).toBe('The code could not be checked just now. It will be checked at payment.'));
    expect(screen.getByLabelText('Discount code')).not.toHaveAttribute('aria-invalid');
    expect(summary().getByTestId('summary-discount')).toHaveTextContent('Discount (CLUB10, 10% off)−$9.80');
    expect(summary().getByTestId('summary-total')).toHaveTextContent('Total$98.20');

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    expect(sent(fetchMock, PAY)).toEqual([expect.objectContaining({ discountCode: 'CLUB10' })]);
  });

  it('given the payment refusing the code and the check after it failing (429), keeps the refusal', async () => {
    const { user, fetchMock } = renderCheckout({
      // Good until the payment is asked for (however often the checkout checks it before), then too many tries.
      [CHECK]: () => (sent(fetchMock, PAY).length === 0 ? json(checked(TO_PERTH)) : TOO_MANY()),
      [PAY]: () => json(USED_UP.body, 409),
    });
    await fillPerthDetails(user);
    await applyCode(user, 'CLUB10');
    await summary().findByTestId('summary-discount');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(sent(fetchMock, CHECK).length).toBeGreaterThan(1));
    await waitFor(() => expect(fieldDescription()).toBe('That code has been used as many times as it can be.'));
    expect(screen.getByLabelText('Discount code')).toHaveAttribute('aria-invalid', 'true');
    expect(summary().queryByTestId('summary-discount')).not.toBeInTheDocument();
  });

  it('given a refusal (409), takes the discount out of the summary', async () => {
    let checks = 0;
    const { user } = renderCheckout({
      [CHECK]: () => {
        checks += 1;
        return checks === 1 ? json(checked()) : json(USED_UP.body, 409);
      },
    });
    await applyCode(user, 'CLUB10');
    await summary().findByTestId('summary-discount');
    await fillPerthDetails(user);
    await waitFor(() => expect(fieldDescription()).toBe('That code has been used as many times as it can be.'));
    expect(summary().queryByTestId('summary-discount')).not.toBeInTheDocument();
  });
});

describe('checkout: the offer’s words after the payment opened', () => {
  it('given a checkout resumed after a reload, labels the discount with the words the payment answered', async () => {
    const opened = {
      ...intent,
      discountCode: 'ONCE20',
      discountDescription: '20% off',
      discount: '19.60',
      amount: 8840,
      totalAmount: '88.40',
      holdEndsAt: Date.now() + 600_000,
    };
    const lines = [hazyEightPack, kolschSingles];
    sessionStorage.setItem(
      'checkoutPayment',
      JSON.stringify({ intent: opened, customer: {}, fulfilment: { method: 'delivery' }, cartKey: JSON.stringify(CART_ITEMS) }),
    );
    renderCheckout(
      {
        [`GET /api/orders/payment-status?payment_intent=${intent.paymentIntentId}&client_secret=${intent.clientSecret}`]: {
          body: { status: 'open' },
        },
      },
      lines,
    );
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    expect(summary().getByTestId('summary-discount')).toHaveTextContent('Discount (ONCE20, 20% off)−$19.60');
    expect(screen.getByTestId('payment-discount')).toHaveTextContent('Includes $19.60 off with the code ONCE20 (20% off).');
  });
});

describe('checkout: a free-shipping code before the address is known', { timeout: 30_000 }, () => {
  it('is applied at once, takes the shipping off once it is known, and is checked again only for a whole address', async () => {
    const { user, fetchMock } = renderCheckout({ [CHECK]: () => freeShipping(sent(fetchMock, CHECK).at(-1)) });
    await applyCode(user, 'shipfree');
    await waitFor(() => expect(fieldDescription()).toBe('SHIPFREE applied: Free shipping.'));
    expect(summary().getByTestId('summary-discount')).toHaveTextContent('Discount (SHIPFREE, Free shipping)Free shipping');
    expect(summary().getByTestId('summary-total')).toHaveTextContent('Total$98.00');

    // The state chosen, the postcode not yet typed: the shipping is known here, and it is free.
    await chooseState(user, 'WA');
    await waitFor(() => expect(summary().getByTestId('summary-total')).toHaveTextContent('Total$98.00'));
    const shipping = summary().getByTestId('summary-shipping').querySelector('dd')?.textContent ?? '';
    expect(shipping).toMatch(/^\$\d+\.\d\d$/);
    expect(summary().getByTestId('summary-discount')).toHaveTextContent(`Discount (SHIPFREE, Free shipping)−${shipping}`);
    expect(sent(fetchMock, CHECK)).toHaveLength(1);

    // A whole address: checked again with it.
    await typeInto(user, 'Postcode', '6000');
    await waitFor(() =>
      expect(sent(fetchMock, CHECK).at(-1)).toEqual({
        code: 'SHIPFREE',
        cartItems: CART_ITEMS,
        customerInfo: { state: 'WA', postCode: '6000' },
      }),
    );
    await waitFor(() => expect(summary().getByTestId('summary-discount')).toHaveTextContent('−$10.00'));
    expect(summary().getByTestId('summary-total')).toHaveTextContent('Total$98.00');

    // Another state, its postcode not typed yet: the check waits for the whole address, and nothing is refused.
    const checksBefore = sent(fetchMock, CHECK).length;
    await chooseState(user, 'NSW');
    await typeInto(user, 'Email', 'alex@example.com');
    await waitFor(() => expect(sent(fetchMock, CHECK).length).toBeGreaterThan(checksBefore));
    for (const body of sent(fetchMock, CHECK).slice(checksBefore))
      expect(body).toMatchObject({ customerInfo: { state: 'WA', postCode: '6000' } });
    expect(screen.getByLabelText('Discount code')).not.toHaveAttribute('aria-invalid');
    expect(summary().getByTestId('summary-total')).toHaveTextContent('Total$98.00');

    const postcode = screen.getByLabelText('Postcode');
    await user.clear(postcode);
    await user.paste('2000');
    await waitFor(() => expect(sent(fetchMock, CHECK).at(-1)).toMatchObject({ customerInfo: { state: 'NSW', postCode: '2000' } }));
    await waitFor(() => expect(fieldDescription()).toBe('SHIPFREE applied: Free shipping.'));
    const nswShipping = summary().getByTestId('summary-shipping').querySelector('dd')?.textContent ?? '';
    expect(summary().getByTestId('summary-shipping')).toHaveTextContent(`Shipping to NSW${nswShipping}`);
    expect(summary().getByTestId('summary-discount')).toHaveTextContent(`Discount (SHIPFREE, Free shipping)−${nswShipping}`);
    expect(summary().getByTestId('summary-total')).toHaveTextContent('Total$98.00');
  });
});
