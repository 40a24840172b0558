import type { CartLine } from '@brewery/shop-rules';
import { openPickupDates, pickupDayLabel } from '@brewery/shop-rules';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { never, requestUrl, stubApi } from '@/testing/fake-api';
import { publicConfigFixture } from '@/testing/public-config-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import { toCheckoutCartItems } from './api/create-payment-intent';
import { CheckoutPage } from './checkout-page';
import { hazyEightPack, kolschSingles } from '@/testing/cart-fixture';
import { MEMBER_EMAIL, MEMBER_TOKEN, keepMemberBrowser, memberCheckKey, memberView } from '@/testing/club-member-fixture';

const sixteenCans = [hazyEightPack, kolschSingles];

const intent = { clientSecret: 'pi_test_abc_secret_xyz', paymentIntentId: 'pi_test_abc', orderId: '42', amount: 10800 };
const confirmPath = 'POST /api/test-gateway/payment-intents/pi_test_abc/confirm';
const succeeded = { paymentIntent: { id: 'pi_test_abc', status: 'succeeded' }, error: null };
const declined = {
  paymentIntent: { id: 'pi_test_abc', status: 'requires_payment_method' },
  error: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
};

function available(id: string, name: string, inventory = 100) {
  return { body: { id, name, isActive: true, inventory } };
}

const shopApi = {
  'GET /api/config': { body: publicConfigFixture },
  'GET /api/products/rottnest-hazy-ipa': available('rottnest-hazy-ipa', 'Rottnest Hazy IPA'),
  'GET /api/products/kings-park-kolsch': available('kings-park-kolsch', 'Kings Park Kolsch'),
  'POST /api/create-payment-intent': { body: intent },
  [confirmPath]: { body: succeeded },
};

function renderCheckout(lines: CartLine[] = sixteenCans) {
  const onInvalidPack = vi.fn();
  const onPaymentComplete = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <CheckoutPage
      cartLines={lines}
      onInvalidPack={onInvalidPack}
      onPaymentComplete={onPaymentComplete}
      returnUrl="http://shop.test/order-success"
    />,
    { route: '/checkout' },
  );
  return { user, onInvalidPack, onPaymentComplete };
}

async function chooseState(user: UserEvent, state: string) {
  await user.click(screen.getByRole('combobox', { name: 'State' }));
  const listbox = await screen.findByRole('listbox');
  const option = within(listbox.parentElement ?? document.body).getByTitle(state);
  await user.click(option);
}

/** Pasted rather than typed key by key: the form re-renders on every key, and this machine is slow. */
async function typeInto(user: UserEvent, label: string, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

interface Address {
  state: string;
  postCode: string;
}

async function fillCustomerInfo(user: UserEvent, { state, postCode }: Address = { state: 'WA', postCode: '6000' }) {
  const fields = {
    'Full name': 'Alex Brewer',
    Email: 'alex@example.com',
    Phone: '0412 345 678',
    'Street address': '1 Hay Street',
    Suburb: 'Perth',
  };
  for (const [label, value] of Object.entries({ ...fields, Postcode: postCode })) await typeInto(user, label, value);
  await chooseState(user, state);
}

function sentJson(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') throw new Error('expected a JSON body');
  return JSON.parse(init.body);
}

function summary() {
  return within(screen.getByTestId('order-summary'));
}

describe('checkout: invalid pack', () => {
  it.each([
    { cans: 0, lines: [] },
    { cans: 13, lines: [hazyEightPack, { ...kolschSingles, quantity: 5 }] },
    { cans: 12, lines: [{ ...kolschSingles, quantity: 12 }] },
  ])('given a pack of $cans cans, it sends the customer to the shop with "Invalid Pack Size"', async ({ lines }) => {
    stubApi(shopApi);
    const { onInvalidPack } = renderCheckout(lines);
    expect(await screen.findByText('Invalid Pack Size')).toBeInTheDocument();
    expect(screen.getByText('Please complete your pack before checkout.')).toBeInTheDocument();
    expect(onInvalidPack).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('heading', { name: 'Checkout' })).not.toBeInTheDocument();
  });

  it.each([
    { paid: 'succeeded', result: 'the order result' },
    { paid: 'processing', result: 'the order result' },
    { paid: 'open', result: 'the shop with "Invalid Pack Size"' },
  ])('given an empty pack in a tab whose own checkout is $paid (paid from another tab), it goes to $result', async ({ paid }) => {
    window.sessionStorage.setItem(
      'checkoutPayment',
      JSON.stringify({ intent: { ...intent, holdEndsAt: null }, customer: {}, cartKey: 'x' }),
    );
    stubApi({
      ...shopApi,
      [`GET /api/orders/payment-status?payment_intent=${intent.paymentIntentId}&client_secret=${intent.clientSecret}`]: {
        body: { status: paid, orderId: '42' },
      },
    });
    const { onInvalidPack, onPaymentComplete } = renderCheckout([]);
    if (paid !== 'open') {
      await waitFor(() =>
        expect(onPaymentComplete).toHaveBeenCalledWith({ id: intent.paymentIntentId, clientSecret: intent.clientSecret }, paid),
      );
      expect(onInvalidPack).not.toHaveBeenCalled();
      expect(screen.queryByText('Invalid Pack Size')).not.toBeInTheDocument();
    } else {
      expect(await screen.findByText('Invalid Pack Size')).toBeInTheDocument();
      expect(onInvalidPack).toHaveBeenCalledTimes(1);
      expect(onPaymentComplete).not.toHaveBeenCalled();
    }
    window.sessionStorage.clear();
  });

  it('given a valid pack, it stays and shows the heading and subtitle', () => {
    stubApi(shopApi);
    const { onInvalidPack } = renderCheckout();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByText('Complete your craft beer pack order')).toBeInTheDocument();
    expect(onInvalidPack).not.toHaveBeenCalled();
  });
});

describe('checkout: order summary', () => {
  it('lists each line with its count text and price, the subtotal with the can count, and the notes', () => {
    stubApi(shopApi);
    renderCheckout();
    const [pack, singles] = within(screen.getByRole('list', { name: 'Beers in your order' })).getAllByRole('listitem');
    if (!pack || !singles) throw new Error('expected two lines');
    expect(pack).toHaveTextContent('Rottnest Hazy IPA1 8-pack (8 cans)$46.00');
    expect(singles).toHaveTextContent('Kings Park Kolsch8 single cans$52.00');
    expect(summary().getByTestId('summary-subtotal')).toHaveTextContent('Subtotal (16 cans)$98.00');
    expect(summary().getByTestId('summary-shipping')).toHaveTextContent('ShippingChoose your state to see shipping');
    expect(summary().getByTestId('summary-total')).toHaveTextContent('Total$98.00 + shipping');
    expect(summary().getByText('✓ Complete 16-pack')).toBeInTheDocument();
    expect(summary().getByText('* Dispatched Mon/Wed/Thu from Perth brewery')).toBeInTheDocument();
  });

  it.each([
    { state: 'WA', postCode: '6000', shipping: 'Shipping to WA (Perth Metro)$10.00', total: '$108.00', delivery: '3-5 business days' },
    { state: 'WA', postCode: '6530', shipping: 'Shipping to WA$15.00', total: '$113.00', delivery: '7-10 business days' },
    { state: 'VIC', postCode: '3000', shipping: 'Shipping to VIC$15.00', total: '$113.00', delivery: '7-10 business days' },
    { state: 'TAS', postCode: '7000', shipping: 'Shipping to TAS$15.00', total: '$113.00', delivery: '10-14 business days' },
    { state: 'NT', postCode: '0800', shipping: 'Shipping to NT$15.00', total: '$113.00', delivery: '10-14 business days' },
  ])(
    'given 16 cans to $state $postCode, the summary shows "$shipping", total $total and $delivery',
    async ({ state, postCode, shipping, total, delivery }) => {
      stubApi(shopApi);
      const { user } = renderCheckout();
      await typeInto(user, 'Postcode', postCode);
      await chooseState(user, state);
      expect(summary().getByTestId('summary-shipping')).toHaveTextContent(shipping);
      expect(summary().getByTestId('summary-total')).toHaveTextContent(`Total${total}`);
      expect(summary().getByTestId('summary-delivery')).toHaveTextContent(`Estimated delivery: ${delivery}`);
    },
  );

  it('given 4 cans outside Perth, shipping is the $10 tier and the pack is a complete 4-pack', async () => {
    stubApi(shopApi);
    const { user } = renderCheckout([{ ...kolschSingles, quantity: 4 }]);
    await typeInto(user, 'Postcode', '2000');
    await chooseState(user, 'NSW');
    expect(summary().getByTestId('summary-shipping')).toHaveTextContent('Shipping to NSW$10.00');
    expect(summary().getByTestId('summary-total')).toHaveTextContent('Total$36.00');
    expect(summary().getByText('✓ Complete 4-pack')).toBeInTheDocument();
  });
});

describe('checkout: customer information', () => {
  it('has the spec’s fields: email of email type, the phone hint, the postcode placeholder and the eight states', async () => {
    stubApi(shopApi);
    const { user } = renderCheckout();
    const form = within(screen.getByRole('form', { name: 'Customer Information' }));
    expect(form.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(form.getByText('04XX XXX XXX')).toBeInTheDocument();
    expect(form.getByLabelText('Postcode')).toHaveAttribute('placeholder', '4000');
    expect(form.getByLabelText('Address line 2 (optional)')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await screen.findByRole('listbox');
    // antd keeps a two-item list for screen readers; the options a person sees carry their value as title.
    const shown = [...document.querySelectorAll('.ant-select-item-option')].map((option) => option.getAttribute('title'));
    expect(shown).toEqual(['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT']);
    expect(screen.getByText(/deliver only within Australia/)).toBeInTheDocument();
    expect(screen.getByText(/Parcel Post, Parcel Lockers or PO Boxes/)).toBeInTheDocument();
    expect(screen.getByText(/physical street address/)).toBeInTheDocument();
    expect(screen.getByText(/over 18 must be present/)).toBeInTheDocument();
  });

  it.each([
    { state: 'WA', postCode: '6000', perth: true },
    { state: 'WA', postCode: '6214', perth: true },
    { state: 'WA', postCode: '6800', perth: true },
    { state: 'WA', postCode: '6997', perth: true },
    { state: 'WA', postCode: '6215', perth: false },
    { state: 'WA', postCode: '6998', perth: false },
    { state: 'NSW', postCode: '2000', perth: false },
  ])('given $state $postCode, the Perth Metro note shows: $perth', async ({ state, postCode, perth }) => {
    stubApi(shopApi);
    const { user } = renderCheckout();
    await typeInto(user, 'Postcode', postCode);
    await chooseState(user, state);
    const note = screen.queryByText('✓ Perth Metro delivery detected - $10 flat rate shipping');
    if (perth) expect(note).toBeInTheDocument();
    else expect(note).not.toBeInTheDocument();
  });

  it.each(['Full name', 'Email', 'Phone', 'Street address', 'Suburb'])(
    'given %s left blank, Continue to Payment toasts "Missing Information" and sends nothing',
    async (blank) => {
      const fetchMock = stubApi(shopApi);
      const { user } = renderCheckout();
      await fillCustomerInfo(user);
      await user.clear(screen.getByLabelText(blank));
      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      expect(await screen.findByText('Missing Information')).toBeInTheDocument();
      expect(screen.getByText('Please fill in all required fields.')).toBeInTheDocument();
      expect(fetchMock.mock.calls.map(([url]) => requestUrl(url))).not.toContain('/api/create-payment-intent');
    },
  );

  it('given an empty form, Continue to Payment toasts "Missing Information"', async () => {
    stubApi(shopApi);
    const { user } = renderCheckout();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
  });

  it('given a postcode of another state, it says so under the field and does not continue', async () => {
    const fetchMock = stubApi(shopApi);
    const { user } = renderCheckout();
    await fillCustomerInfo(user, { state: 'VIC', postCode: '6000' });
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('6000 is not a VIC postcode')).toBeInTheDocument();
    expect(screen.queryByText('Missing Information')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => requestUrl(url))).not.toContain('/api/create-payment-intent');
  });
});

describe('checkout: continue to payment', () => {
  it('checks each product, opens the payment with the cart and customer, and shows the test card form and the shipping recap', async () => {
    const fetchMock = stubApi(shopApi);
    const { user } = renderCheckout();
    await fillCustomerInfo(user);
    await typeInto(user, 'Address line 2 (optional)', 'Unit 4');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${requestUrl(url)}`);
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /api/products/rottnest-hazy-ipa',
        'GET /api/products/kings-park-kolsch',
        'POST /api/create-payment-intent',
      ]),
    );
    const post = fetchMock.mock.calls.find(([url]) => requestUrl(url) === '/api/create-payment-intent');
    expect(sentJson(post?.[1])).toEqual({
      cartItems: [
        { productId: 'rottnest-hazy-ipa', name: 'Rottnest Hazy IPA', quantity: 8, price: 46, packSize: '8pack', packQuantity: 8 },
        { productId: 'kings-park-kolsch', name: 'Kings Park Kolsch', quantity: 8, price: 6.5, packSize: 'single', packQuantity: 1 },
      ],
      customerInfo: {
        name: 'Alex Brewer',
        email: 'alex@example.com',
        phone: '0412 345 678',
        addressLine1: '1 Hay Street',
        addressLine2: 'Unit 4',
        suburb: 'Perth',
        postCode: '6000',
        state: 'WA',
      },
      fulfilment: { method: 'delivery' },
    });

    expect(screen.getByText('Test mode — no real payment')).toBeInTheDocument();
    for (const card of ['4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 9995'])
      expect(screen.getByText(card)).toBeInTheDocument();
    expect(screen.getByTestId('amount-to-pay')).toHaveTextContent('$108.00');
    const recap = within(screen.getByRole('region', { name: 'Shipping To' }));
    expect(recap.getByText(/Alex Brewer/)).toBeInTheDocument();
    expect(recap.getByText(/Unit 4/)).toBeInTheDocument();
    expect(recap.getByText(/Perth WA 6000/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
    expect(screen.getByRole('form', { name: 'Customer Information', hidden: true })).not.toBeVisible();
    // The payment step is brought into view, its title holding the focus
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Payment Information'));
  });

  it('shows "Processing..." while the payment is being opened', async () => {
    stubApi({ ...shopApi, 'POST /api/create-payment-intent': never });
    const { user } = renderCheckout();
    await fillCustomerInfo(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByRole('button', { name: /Processing\.\.\./ })).toBeDisabled();
  });

  it.each([
    {
      given: 'a product gone from the shop',
      api: {
        'GET /api/products/kings-park-kolsch': {
          status: 404,
          body: { statusCode: 404, message: 'Product kings-park-kolsch not found or inactive' },
        },
      },
      message: 'Product kings-park-kolsch not found or inactive',
    },
    {
      given: 'a product taken off sale',
      api: {
        'GET /api/products/kings-park-kolsch': {
          body: { id: 'kings-park-kolsch', name: 'Kings Park Kolsch', isActive: false, inventory: 40 },
        },
      },
      message: 'Kings Park Kolsch is no longer available',
    },
    {
      given: 'too few cans left',
      api: { 'GET /api/products/rottnest-hazy-ipa': available('rottnest-hazy-ipa', 'Rottnest Hazy IPA', 5) },
      message: 'Insufficient stock for Rottnest Hazy IPA. Available: 5, Requested: 8',
    },
    {
      given: 'the server refusing the prices',
      api: {
        'POST /api/create-payment-intent': {
          status: 409,
          body: { statusCode: 409, message: 'Prices have changed since you added these beers: please review your pack' },
        },
      },
      message: 'Prices have changed since you added these beers: please review your pack',
    },
    {
      given: 'a beer over its limit per order',
      api: {
        'POST /api/create-payment-intent': {
          status: 409,
          body: { statusCode: 409, message: 'Limit 4 per order for Swan River Stout: your pack has 8.', code: 'order_limit' },
        },
      },
      message: 'Limit 4 per order for Swan River Stout: your pack has 8.',
    },
  ])('given $given, it shows "$message" in an error toast and stays on the form', async ({ api, message }) => {
    stubApi({ ...shopApi, ...api });
    const { user } = renderCheckout();
    await fillCustomerInfo(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Checkout Failed')).toBeInTheDocument();
    expect(screen.queryByText('Payment Information')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  });

  it('given the server refusing the phone and the street address, it shows each on its field in plain words, announces it, and no toast', async () => {
    const phone = 'Please enter an Australian phone number, e.g. 0412 345 678 or (08) 9123 4567.';
    const street = 'We cannot deliver alcohol to a PO Box, parcel locker or Parcel Post: please give a street address.';
    stubApi({
      ...shopApi,
      'POST /api/create-payment-intent': {
        status: 400,
        body: {
          statusCode: 400,
          code: 'invalid_customer_info',
          message:
            'phone must be an Australian phone number, e.g. 0412 345 678; PO Boxes, Parcel Lockers and Parcel Post cannot receive alcohol',
          fields: { phone, addressLine1: street },
        },
      },
    });
    const { user } = renderCheckout();
    await fillCustomerInfo(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    const phoneField = screen.getByLabelText('Phone');
    await waitFor(() => expect(phoneField).toHaveAttribute('aria-invalid', 'true'));
    // The field's message is drawn a render after the field is marked invalid.
    expect(await screen.findByText(phone)).toBeInTheDocument();
    expect(await screen.findByText(street)).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('.checkout__announcer')).toHaveTextContent(`Please check 2 of your details: ${phone} ${street}`),
    );
    expect(screen.queryByText('Checkout Failed')).not.toBeInTheDocument();
    expect(screen.queryByText(/must be an Australian/)).not.toBeInTheDocument();
    // Once the customer changes a detail, the refusal is no longer left standing in the live region.
    await user.type(phoneField, '1');
    await waitFor(() => expect(document.querySelector('.checkout__announcer')).toHaveTextContent(''));
  });
});

describe('checkout: paying with the local test card form', () => {
  async function reachPayment(api: Parameters<typeof stubApi>[0] = shopApi) {
    const fetchMock = stubApi(api);
    const rendered = renderCheckout();
    await fillCustomerInfo(rendered.user);
    await rendered.user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByText('Payment Information');
    return { ...rendered, fetchMock };
  }

  it('given 4242 4242 4242 4242, it confirms with the client secret, toasts "Payment Successful" and moves on', async () => {
    const { user, onPaymentComplete, fetchMock } = await reachPayment();
    await typeInto(user, 'Card number', '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    expect(await screen.findByText('Payment Successful')).toBeInTheDocument();
    expect(screen.getByText('Thank you for your purchase!')).toBeInTheDocument();
    expect(onPaymentComplete).toHaveBeenCalledWith({ id: 'pi_test_abc', clientSecret: 'pi_test_abc_secret_xyz' }, 'succeeded');
    const confirm = fetchMock.mock.calls.find(([url]) => requestUrl(url).endsWith('/confirm'));
    expect(sentJson(confirm?.[1])).toEqual({ cardNumber: '4242 4242 4242 4242', clientSecret: 'pi_test_abc_secret_xyz' });
  });

  it('given a declined card, it toasts "Payment Failed" with the provider message, stays, and a second card pays the same intent', async () => {
    let attempts = 0;
    const { user, onPaymentComplete } = await reachPayment({
      ...shopApi,
      [confirmPath]: () => {
        attempts += 1;
        return Promise.resolve(Response.json(attempts === 1 ? declined : succeeded));
      },
    });
    await user.click(screen.getByRole('button', { name: 'Use test card 4000 0000 0000 0002 (declined)' }));
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    // The toast says it, and so does a notice beside the card form that stays until the next try
    await waitFor(() => expect(screen.getAllByText('Payment Failed')).toHaveLength(2));
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    const notice = document.querySelector('.checkout-payment__refusal');
    expect(notice).toHaveTextContent('Payment FailedYour card was declined. Try another card, or the same one again.');
    // Focus goes to the notice (the form's button, disabled meanwhile, had it), not to the document.
    await waitFor(() => expect(notice?.parentElement).toHaveFocus());
    expect(onPaymentComplete).not.toHaveBeenCalled();
    expect(screen.getByText('Payment Information')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use test card 4242 4242 4242 4242 (succeeds)' }));
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    await waitFor(() =>
      expect(onPaymentComplete).toHaveBeenCalledWith({ id: 'pi_test_abc', clientSecret: 'pi_test_abc_secret_xyz' }, 'succeeded'),
    );
    expect(attempts).toBe(2);
    expect(document.querySelector('.checkout-payment__refusal')).toBeNull();
  });

  it("given a card number the gateway refuses (400), it shows the gateway's message as 'Payment Failed'", async () => {
    const { user } = await reachPayment({
      ...shopApi,
      [confirmPath]: { status: 400, body: { statusCode: 400, message: 'Your card number is incorrect.' } },
    });
    await typeInto(user, 'Card number', '1234');
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    expect(await screen.findByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByText('Your card number is incorrect.')).toBeInTheDocument();
  });

  it('given an unexpected failure, it shows the "Payment Error" toast in the spec’s words', async () => {
    const { user, onPaymentComplete } = await reachPayment({
      ...shopApi,
      [confirmPath]: () => Promise.reject(new TypeError('Load failed')),
    });
    await typeInto(user, 'Card number', '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    expect(await screen.findByText('Payment Error')).toBeInTheDocument();
    expect(screen.getByText('Safari error: Load failed. Try Chrome or reload page.')).toBeInTheDocument();
    expect(onPaymentComplete).not.toHaveBeenCalled();
  });

  it('given Edit details while its hold is live, the checkout counts its own held cans as available and goes through again', async () => {
    let lookups = 0;
    // The first look finds the cans; once this browser holds them, the shop offers none to anyone.
    const hazy = () => {
      lookups += 1;
      const inventory = lookups === 1 ? 8 : 0;
      return Promise.resolve(
        new Response(JSON.stringify({ id: 'rottnest-hazy-ipa', name: 'Rottnest Hazy IPA', isActive: true, inventory })),
      );
    };
    const held = { ...intent, reservationExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString() };
    const { user, fetchMock } = await reachPayment({
      ...shopApi,
      'GET /api/products/rottnest-hazy-ipa': hazy,
      'POST /api/create-payment-intent': { body: held },
    });
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    // Another phone number: a new checkout (which replaces this browser's earlier one on the server).
    await typeInto(user, 'Phone', '0499 999 999');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    expect(checkoutPosts(fetchMock)).toBe(2);
    expect(screen.queryByText(/Insufficient stock/)).not.toBeInTheDocument();
  });

  it('given Edit details then Continue with the same pack and details, it asks the server, which decides whether the checkout is resumed', async () => {
    const held = { ...intent, reservationExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString() };
    const { user, fetchMock } = await reachPayment({ ...shopApi, 'POST /api/create-payment-intent': { body: held } });
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    expect(checkoutPosts(fetchMock)).toBe(2);
  });

  it('given a reload at the payment step while its hold lasts, it comes back to the same checkout with the details typed', async () => {
    const held = { ...intent, reservationExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString() };
    const { fetchMock } = await reachPayment({ ...shopApi, 'POST /api/create-payment-intent': { body: held } });
    cleanup();
    renderCheckout();
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    expect(checkoutPosts(fetchMock)).toBe(1);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Edit details' }));
    expect(screen.getByLabelText('Full name')).toHaveValue('Alex Brewer');
  });

  it('given a checkout that ended, Continue with the same details opens a new one instead of the ended one', async () => {
    const ended = { ...intent, reservationExpiresAt: new Date(Date.now() - 1000).toISOString() };
    const { user, fetchMock } = await reachPayment({ ...shopApi, 'POST /api/create-payment-intent': { body: ended } });
    await user.click(await screen.findByRole('button', { name: /check/i }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(checkoutPosts(fetchMock)).toBe(2));
  });

  it('given Edit details then a reload, it shows the details being edited, not the payment', async () => {
    const held = { ...intent, reservationExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString() };
    const { user } = await reachPayment({ ...shopApi, 'POST /api/create-payment-intent': { body: held } });
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    cleanup();
    renderCheckout();
    expect(await screen.findByLabelText('Full name')).toHaveValue('Alex Brewer');
    expect(screen.queryByText('Payment Information')).not.toBeInTheDocument();
  });

  it('given a reload after the hold has ended, it shows the details typed, not the ended payment', async () => {
    const ended = { ...intent, reservationExpiresAt: new Date(Date.now() - 1000).toISOString() };
    await reachPayment({ ...shopApi, 'POST /api/create-payment-intent': { body: ended } });
    cleanup();
    renderCheckout();
    expect(await screen.findByLabelText('Full name')).toHaveValue('Alex Brewer');
    expect(screen.queryByText('Payment Information')).not.toBeInTheDocument();
  });

  it('goes back to the details with Edit details, keeping what was typed', async () => {
    const { user } = await reachPayment();
    await user.click(screen.getByRole('button', { name: 'Edit details' }));
    expect(screen.queryByText('Payment Information')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Alex Brewer');
    expect(screen.getByLabelText('Full name')).toBeVisible();
  });
});

/** A refusal with Retry-After, as the checkout route sends it when the shop is busy or this browser must wait. */
function refusal(status: number, retryAfter: number, code: string, message: string): () => Promise<Response> {
  return () =>
    Promise.resolve(
      new Response(JSON.stringify({ statusCode: status, message, code }), {
        status,
        headers: { 'Content-Type': 'application/json', 'Retry-After': String(retryAfter) },
      }),
    );
}

const BUSY_MESSAGE = 'The shop is very busy right now. Your details are kept: we will try again in a few seconds.';
const RATE_LIMITED = 'You have started several checkouts in a short time. Please wait a moment before trying again.';

/** What the page's live region last said (the countdowns themselves are silent timers). */
function announced(): string | undefined {
  return screen
    .getAllByRole('status')
    .map((region) => (region.textContent ?? '').replace(/\s+/g, ' '))
    .find((text) => text.startsWith('The shop') || text.startsWith('You have'));
}

function checkoutPosts(fetchMock: ReturnType<typeof stubApi>): number {
  return fetchMock.mock.calls.filter(([url]) => requestUrl(url) === '/api/create-payment-intent').length;
}

describe('checkout: the server asks the customer to wait', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Fake timers that also move on by themselves, so that the form can be filled in as usual. */
  function renderWithClock(answers: (() => Promise<Response>)[]) {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The jitter before an automatic try: 0.9 of its 0 to 1 s.
    vi.spyOn(Math, 'random').mockReturnValue(0.9);
    let posts = 0;
    const fetchMock = stubApi({
      ...shopApi,
      'POST /api/create-payment-intent': () => {
        const answer = answers[Math.min(posts, answers.length - 1)];
        posts += 1;
        if (answer === undefined) throw new Error('no answer');
        return answer();
      },
    });
    const onPaymentComplete = vi.fn();
    renderWithProviders(
      <CheckoutPage
        cartLines={sixteenCans}
        onInvalidPack={vi.fn()}
        onPaymentComplete={onPaymentComplete}
        returnUrl="http://shop.test/order-success"
      />,
      { route: '/checkout' },
    );
    return { fetchMock, user: userEvent.setup({ advanceTimers: vi.advanceTimersByTime }) };
  }

  const opened = () => Promise.resolve(Response.json(intent));

  it('given a busy shop, it counts down, tries again by itself (with jitter) on each new Retry-After, and then opens the payment', async () => {
    const { fetchMock, user } = renderWithClock([
      refusal(503, 3, 'shop_busy', BUSY_MESSAGE),
      refusal(503, 2, 'shop_busy', BUSY_MESSAGE),
      opened,
    ]);
    await fillCustomerInfo(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

    expect(await screen.findByRole('timer')).toHaveTextContent('The shop is very busy: trying again in 3 s');
    expect(screen.queryByText('Checkout Failed')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Alex Brewer');
    expect(checkoutPosts(fetchMock)).toBe(1);

    // The countdown ticks four times a second: each look below leaves it a little margin.
    await vi.advanceTimersByTimeAsync(1300);
    expect(screen.getByRole('timer')).toHaveTextContent('The shop is very busy: trying again in 2 s');
    // Screen readers are told once, not every second.
    expect(announced()).toBe('The shop is very busy: trying again in 3 s');
    await vi.advanceTimersByTimeAsync(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('The shop is very busy: trying again in 1 s');
    // The countdown has run out, but the jitter (0.9 s here) is not over yet.
    await vi.advanceTimersByTimeAsync(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('The shop is very busy: trying again now');
    expect(checkoutPosts(fetchMock)).toBe(1);
    await vi.advanceTimersByTimeAsync(800);
    await waitFor(() => expect(checkoutPosts(fetchMock)).toBe(2));

    // Busy again: the new Retry-After (2 s) is the new countdown.
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent('The shop is very busy: trying again in 2 s'));
    expect(announced()).toBe('The shop is very busy: trying again in 2 s');
    await vi.advanceTimersByTimeAsync(3000);
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    expect(checkoutPosts(fetchMock)).toBe(3);
    expect(screen.queryByText(/The shop is very busy/)).not.toBeInTheDocument();
  });

  it('"Stop trying" ends the automatic tries and leaves the details filled in, ready to send again', async () => {
    const { fetchMock, user } = renderWithClock([refusal(503, 3, 'shop_busy', BUSY_MESSAGE), opened]);
    await fillCustomerInfo(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByRole('timer');
    await user.click(screen.getByRole('button', { name: 'Stop trying' }));

    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(checkoutPosts(fetchMock)).toBe(1);
    expect(screen.getByLabelText('Full name')).toHaveValue('Alex Brewer');
    expect(screen.getByLabelText('Postcode')).toHaveValue('6000');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    expect(checkoutPosts(fetchMock)).toBe(2);
  });

  it.each(['checkout_rate_limited', 'checkout_holds_limited'])(
    "given a 429 (%s), it shows the server's message and a countdown, never tries by itself, and gives the button back at 0",
    async (code) => {
      const { fetchMock, user } = renderWithClock([refusal(429, 5, code, RATE_LIMITED), opened]);
      await fillCustomerInfo(user);
      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

      const notice = await screen.findByRole('timer');
      expect(notice).toHaveTextContent(RATE_LIMITED);
      expect(notice).toHaveTextContent('You can try again in 5 s');
      expect(screen.queryByRole('button', { name: 'Stop trying' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
      // The details can still be corrected meanwhile.
      expect(screen.getByLabelText('Full name')).toBeEnabled();

      await vi.advanceTimersByTimeAsync(2300);
      expect(screen.getByRole('timer')).toHaveTextContent('You can try again in 3 s');
      expect(announced()).toBe(`${RATE_LIMITED} You can try again in 5 s`);
      expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
      await vi.advanceTimersByTimeAsync(3000);
      await waitFor(() => expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled());
      expect(screen.queryByRole('timer')).not.toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(checkoutPosts(fetchMock)).toBe(1);

      await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
      expect(await screen.findByText('Payment Information')).toBeInTheDocument();
      expect(checkoutPosts(fetchMock)).toBe(2);
    },
  );

  it('when the hold on the cans runs out, "Check my pack again" goes back to the details, still filled in, and a new checkout opens from there', async () => {
    const expiring = () =>
      Promise.resolve(Response.json({ ...intent, reservationExpiresAt: new Date(Date.now() + 10 * 60_000).toISOString() }));
    const { fetchMock, user } = renderWithClock([expiring, expiring]);
    await fillCustomerInfo(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await screen.findByText('Test mode — no real payment');
    expect(screen.getByRole('timer')).toHaveTextContent(/^Your cans are held for (10:00|9:59)$/);

    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(
      await screen.findByText('Your hold on these cans has ended, so this payment can no longer be completed. Nothing was charged.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Check my pack again' }));
    expect(screen.queryByText('Payment Information')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Alex Brewer');
    expect(screen.getByLabelText('Full name')).toBeVisible();
    expect(screen.getByLabelText('Full name')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    expect(checkoutPosts(fetchMock)).toBe(2);
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
    expect(screen.getByRole('timer')).toHaveTextContent(/^Your cans are held for (10:00|9:59)$/);
  });
});

describe('checkout: collect from the cellar door', () => {
  // Friday 27 November 2026, 1 pm in Perth: Saturday 28 November closed at noon, so the next four open are in December.
  const now = Date.parse('2026-11-27T05:00:00.000Z');
  const COLLECT = 'Collect from the cellar door (free)';
  const PHOTO_ID = 'Bring photo ID: whoever collects the order must be 18 or older and show it at the cellar door.';
  const ADDRESS_FIELDS = ['Street address', 'Address line 2 (optional)', 'Suburb', 'Postcode'];

  beforeEach(() => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  async function fillCollector(user: UserEvent) {
    for (const [label, value] of Object.entries({ 'Full name': 'Alex Brewer', Email: 'alex@example.com', Phone: '0412 345 678' }))
      await typeInto(user, label, value);
  }

  function collectionDays(): string[] {
    const group = screen.getByRole('radiogroup', { name: 'Collection day' });
    return within(group)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent ?? '');
  }

  it('given nothing chosen, Deliver is checked, the address and the delivery texts show, and the order is sent as a delivery', async () => {
    const fetchMock = stubApi(shopApi);
    const { user } = renderCheckout();
    expect(screen.getByRole('radio', { name: 'Deliver' })).toBeChecked();
    expect(screen.getByRole('radio', { name: COLLECT })).not.toBeChecked();
    expect(screen.queryByRole('radiogroup', { name: 'Collection day' })).not.toBeInTheDocument();
    expect(screen.getByText(/over 18 must be present/)).toBeInTheDocument();
    expect(summary().getByTestId('summary-delivery')).toHaveTextContent('Estimated delivery: choose your state to see it');
    expect(summary().queryByText(PHOTO_ID)).not.toBeInTheDocument();

    await fillCustomerInfo(user);
    expect(summary().getByTestId('summary-delivery')).toHaveTextContent('Estimated delivery: 3-5 business days');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url]) => requestUrl(url) === '/api/create-payment-intent');
    expect(sentJson(post?.[1])).toMatchObject({ fulfilment: { method: 'delivery' }, customerInfo: { addressLine1: '1 Hay Street' } });
    expect(screen.getByRole('region', { name: 'Shipping To' })).toHaveTextContent('Perth WA 6000');
  });

  it('given Collect chosen, the address goes, the four open Saturdays are offered, shipping is $0.00, and the order is sent as a pickup without an address', async () => {
    const fetchMock = stubApi(shopApi);
    const { user } = renderCheckout();
    await user.click(screen.getByRole('radio', { name: COLLECT }));

    for (const label of ADDRESS_FIELDS) expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'State' })).not.toBeInTheDocument();
    expect(screen.queryByText(/deliver only within Australia/)).not.toBeInTheDocument();
    expect(screen.queryByText(/over 18 must be present/)).not.toBeInTheDocument();
    expect(collectionDays()).toEqual(['Saturday 5 December', 'Saturday 12 December', 'Saturday 19 December', 'Saturday 26 December']);
    expect(collectionDays()).toEqual(openPickupDates(new Date(now)).map(pickupDayLabel));

    await user.click(screen.getByRole('radio', { name: 'Saturday 5 December' }));
    expect(summary().getByTestId('summary-shipping')).toHaveTextContent('$0.00');
    expect(summary().getByTestId('summary-total')).toHaveTextContent('Total$98.00');
    await waitFor(() =>
      expect(summary().getByTestId('summary-collection')).toHaveTextContent(
        'Collect Saturday 5 December, 10am-4pm, 12 Brewery Lane, Osborne Park WA 6017',
      ),
    );
    expect(summary().getByText(PHOTO_ID)).toBeInTheDocument();
    expect(summary().queryByTestId('summary-delivery')).not.toBeInTheDocument();
    expect(summary().queryByText(/Dispatched/)).not.toBeInTheDocument();

    await fillCollector(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    expect(screen.queryByText('Missing Information')).not.toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([url]) => requestUrl(url) === '/api/create-payment-intent');
    expect(sentJson(post?.[1])).toEqual({
      cartItems: [
        { productId: 'rottnest-hazy-ipa', name: 'Rottnest Hazy IPA', quantity: 8, price: 46, packSize: '8pack', packQuantity: 8 },
        { productId: 'kings-park-kolsch', name: 'Kings Park Kolsch', quantity: 8, price: 6.5, packSize: 'single', packQuantity: 1 },
      ],
      customerInfo: {
        name: 'Alex Brewer',
        email: 'alex@example.com',
        phone: '0412 345 678',
        addressLine1: '',
        suburb: '',
        postCode: '',
        state: '',
      },
      fulfilment: { method: 'pickup', pickupDate: '2026-12-05' },
    });
    const recap = screen.getByRole('region', { name: 'Collection' });
    expect(recap).toHaveTextContent('Collect Saturday 5 December, 10am-4pm, 12 Brewery Lane, Osborne Park WA 6017');
    expect(recap).toHaveTextContent('Alex Brewer');
    expect(screen.queryByRole('region', { name: 'Shipping To' })).not.toBeInTheDocument();
  });

  it('given Collect with no Saturday chosen, Continue to Payment toasts "Missing Information", says which, and sends nothing', async () => {
    const fetchMock = stubApi(shopApi);
    const { user } = renderCheckout();
    await user.click(screen.getByRole('radio', { name: COLLECT }));
    await fillCollector(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(await screen.findByText('Please choose a Saturday to collect your order')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => requestUrl(url))).not.toContain('/api/create-payment-intent');
  });

  it("given the server answering pickup_date_closed, it shows the server's message and stays on the form", async () => {
    const message =
      'pickupDate 2026-12-05 is not an open Saturday at the cellar door: choose one of 2026-12-12, 2026-12-19, 2026-12-26, 2027-01-02';
    stubApi({
      ...shopApi,
      'POST /api/create-payment-intent': { status: 400, body: { statusCode: 400, code: 'pickup_date_closed', message } },
    });
    const { user } = renderCheckout();
    await user.click(screen.getByRole('radio', { name: COLLECT }));
    await user.click(screen.getByRole('radio', { name: 'Saturday 5 December' }));
    await fillCollector(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Checkout Failed')).toBeInTheDocument();
    expect(screen.queryByText('Payment Information')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  });

  it('given Deliver chosen again, the address fields come back with what was typed, and are required again', async () => {
    const fetchMock = stubApi(shopApi);
    const { user } = renderCheckout();
    await typeInto(user, 'Street address', '1 Hay Street');
    await user.click(screen.getByRole('radio', { name: COLLECT }));
    await user.click(screen.getByRole('radio', { name: 'Saturday 12 December' }));
    await fillCollector(user);
    await user.click(screen.getByRole('radio', { name: 'Deliver' }));

    for (const label of ADDRESS_FIELDS) expect(screen.getByLabelText(label)).toBeVisible();
    expect(screen.getByLabelText('Street address')).toHaveValue('1 Hay Street');
    expect(screen.queryByRole('radiogroup', { name: 'Collection day' })).not.toBeInTheDocument();
    expect(screen.getByText(/over 18 must be present/)).toBeInTheDocument();
    expect(summary().getByTestId('summary-shipping')).toHaveTextContent('ShippingChoose your state to see shipping');
    expect(summary().queryByText(PHOTO_ID)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();
    expect(await screen.findByText('Please enter your suburb')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => requestUrl(url))).not.toContain('/api/create-payment-intent');
  });

  it('given a reload, the choice to collect and the Saturday are kept', async () => {
    stubApi(shopApi);
    const { user } = renderCheckout();
    await user.click(screen.getByRole('radio', { name: COLLECT }));
    await user.click(screen.getByRole('radio', { name: 'Saturday 19 December' }));
    cleanup();
    renderCheckout();
    expect(screen.getByRole('radio', { name: COLLECT })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Saturday 19 December' })).toBeChecked();
    expect(summary().getByTestId('summary-collection')).toHaveTextContent('Collect Saturday 19 December, 10am-4pm');
  });

  it('given kept details whose Saturday has closed since, collecting is still chosen but no Saturday is', () => {
    window.sessionStorage.setItem(
      'checkoutDetails',
      JSON.stringify({ name: 'Alex Brewer', fulfilment: 'pickup', pickupDate: '2026-11-28' }),
    );
    stubApi(shopApi);
    renderCheckout();
    expect(screen.getByLabelText('Full name')).toHaveValue('Alex Brewer');
    expect(screen.getByRole('radio', { name: COLLECT })).toBeChecked();
    expect(within(screen.getByRole('radiogroup', { name: 'Collection day' })).queryByRole('radio', { checked: true })).toBeNull();
    expect(summary().getByTestId('summary-collection')).toHaveTextContent(
      'Collect from the cellar door on a Saturday, 10am-4pm: choose your collection day',
    );
  });
});

describe('checkout: paid is paid, whatever the page does', () => {
  const statusPath = `GET /api/orders/payment-status?payment_intent=${intent.paymentIntentId}&client_secret=${intent.clientSecret}`;
  const savedAtPayment = () =>
    window.sessionStorage.setItem(
      'checkoutPayment',
      JSON.stringify({
        intent: { ...intent, holdEndsAt: Date.now() + 5 * 60_000 },
        customer: { name: 'Alex Brewer', email: 'alex@example.com', phone: '0412 345 678' },
        fulfilment: { method: 'delivery' },
        cartKey: JSON.stringify(toCheckoutCartItems(sixteenCans)),
      }),
    );
  afterEach(() => {
    window.sessionStorage.clear();
    window.localStorage.clear();
  });

  it.each(['succeeded', 'processing'] as const)(
    'given a reload right after paying (the server says %s), then the order placed is shown and the payment step never is',
    async (status) => {
      savedAtPayment();
      stubApi({ ...shopApi, [statusPath]: { body: { status, orderId: '42' } } });
      const { onPaymentComplete } = renderCheckout();
      expect(screen.getByText('Checking your payment…')).toBeInTheDocument();
      await waitFor(() =>
        expect(onPaymentComplete).toHaveBeenCalledWith({ id: intent.paymentIntentId, clientSecret: intent.clientSecret }, status),
      );
      expect(screen.queryByText('Payment Information')).not.toBeInTheDocument();
      // Every tab of this browser now knows the order was placed.
      expect(JSON.parse(window.localStorage.getItem('checkoutPaid') ?? 'null')).toMatchObject({
        paymentIntentId: intent.paymentIntentId,
        orderId: '42',
      });
    },
  );

  it('given a reload that lands after the paying page recorded the payment and forgot its checkout, then the order placed is shown, not empty details', async () => {
    savedAtPayment();
    const cartKey = (JSON.parse(window.sessionStorage.getItem('checkoutPayment') ?? '{}') as { cartKey: string }).cartKey;
    window.sessionStorage.clear();
    window.localStorage.setItem(
      'checkoutPaid',
      JSON.stringify({
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        orderId: '42',
        cartKey,
        at: Date.now(),
      }),
    );
    stubApi({ ...shopApi, [statusPath]: { body: { status: 'succeeded', orderId: '42' } } });
    const { onPaymentComplete } = renderCheckout();
    await waitFor(() =>
      expect(onPaymentComplete).toHaveBeenCalledWith({ id: intent.paymentIntentId, clientSecret: intent.clientSecret }, 'succeeded'),
    );
    expect(screen.queryByRole('button', { name: 'Continue to Payment' })).not.toBeInTheDocument();
  });

  it('given the paid pack left the cart, when the same pack is chosen again, then checkout starts afresh', () => {
    window.localStorage.setItem(
      'checkoutPaid',
      JSON.stringify({
        paymentIntentId: intent.paymentIntentId,
        clientSecret: intent.clientSecret,
        orderId: '42',
        cartKey: null,
        at: Date.now(),
      }),
    );
    stubApi(shopApi);
    renderCheckout();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeInTheDocument();
  });

  it('given a reload at the payment step of a checkout still open, then the payment step comes back once the server has said so', async () => {
    savedAtPayment();
    stubApi({ ...shopApi, [statusPath]: { body: { status: 'open', orderId: '42' } } });
    const { onPaymentComplete } = renderCheckout();
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    expect(onPaymentComplete).not.toHaveBeenCalled();
  });

  it('given a payment step whose checkout another tab replaced, when the tab comes back into view, then it says so and shows the details', async () => {
    savedAtPayment();
    let status: object = { status: 'open', orderId: '42' };
    stubApi({ ...shopApi, [statusPath]: () => Promise.resolve(Response.json(status)) });
    renderCheckout();
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    status = {
      status: 'cancelled',
      orderId: '42',
      message: 'This checkout was replaced by a newer one you started, so nothing was charged.',
    };
    document.dispatchEvent(new Event('visibilitychange'));
    expect(
      await screen.findByText(
        'This checkout was replaced by a newer one you started, so nothing was charged. Please check your details and continue to payment again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Payment Information')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('checkoutPayment')).toBeNull();
  });

  it('given the pack emptied by a purchase in another tab, then that order is shown, not "Invalid Pack Size"', async () => {
    window.localStorage.setItem(
      'checkoutPaid',
      JSON.stringify({ paymentIntentId: 'pi_other', clientSecret: 'pi_other_secret_z', orderId: '43', at: Date.now() - 60_000 }),
    );
    stubApi(shopApi);
    const { onPaymentComplete, onInvalidPack } = renderCheckout([]);
    expect(await screen.findByText('Your order #43 was placed in another tab.')).toBeInTheDocument();
    expect(onPaymentComplete).toHaveBeenCalledWith({ id: 'pi_other', clientSecret: 'pi_other_secret_z' }, 'succeeded');
    expect(onInvalidPack).not.toHaveBeenCalled();
  });

  it('given a purchase minutes ago, when an incomplete pack chosen since goes to checkout, then it is "Invalid Pack Size", not that order', async () => {
    window.localStorage.setItem(
      'checkoutPaid',
      JSON.stringify({
        paymentIntentId: 'pi_other',
        clientSecret: 'pi_other_secret_z',
        orderId: '43',
        cartKey: null,
        at: Date.now() - 60_000,
      }),
    );
    stubApi(shopApi);
    const { onPaymentComplete, onInvalidPack } = renderCheckout([{ ...kolschSingles, quantity: 3 }]);
    expect(await screen.findByText('Invalid Pack Size')).toBeInTheDocument();
    expect(onInvalidPack).toHaveBeenCalledTimes(1);
    expect(onPaymentComplete).not.toHaveBeenCalled();
    expect(screen.queryByText('Your order #43 was placed in another tab.')).not.toBeInTheDocument();
  });

  it('given the same pack paid minutes ago, when the customer continues to payment, then they are asked first and buy again only when they say so', async () => {
    let asked = 0;
    const fetchMock = stubApi({
      ...shopApi,
      'POST /api/create-payment-intent': () => {
        asked += 1;
        return Promise.resolve(
          asked === 1
            ? Response.json(
                {
                  statusCode: 409,
                  code: 'repeat_of_paid_order',
                  message: 'You paid for this same pack a few minutes ago (order #41). Buy it again as a new order?',
                },
                { status: 409 },
              )
            : Response.json(intent),
        );
      },
    });
    // The details as a reload keeps them (typing them is not what this is about).
    window.sessionStorage.setItem(
      'checkoutDetails',
      JSON.stringify({
        fulfilment: 'delivery',
        name: 'Alex Brewer',
        email: 'alex@example.com',
        phone: '0412 345 678',
        addressLine1: '1 Hay Street',
        suburb: 'Perth',
        postCode: '6000',
        state: 'WA',
      }),
    );
    const { user } = renderCheckout();
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(
      await screen.findByText('You paid for this same pack a few minutes ago (order #41). Buy it again as a new order?'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Payment Information')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Buy it again' }));
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    const sent = fetchMock.mock.calls.filter(([url]) => requestUrl(url) === '/api/create-payment-intent').map(([, init]) => sentJson(init));
    expect(sent[0]).not.toHaveProperty('confirmRepeat');
    expect(sent[1]).toMatchObject({ confirmRepeat: true });
  }, 30_000);
});

describe('checkout: a club member', () => {
  const memberApi = { ...shopApi, [memberCheckKey()]: { body: memberView('active') } };

  /** Everything but the e-mail address, which the member's browser fills in. */
  async function fillAllButEmail(user: UserEvent) {
    const fields = {
      'Full name': 'Ada Lovelace',
      Phone: '0412 345 678',
      'Street address': '1 Hay Street',
      Suburb: 'Perth',
      Postcode: '6000',
    };
    for (const [label, value] of Object.entries(fields)) await typeInto(user, label, value);
    await chooseState(user, 'WA');
  }

  function paymentPosts(fetchMock: ReturnType<typeof stubApi>) {
    return fetchMock.mock.calls.filter(([url]) => requestUrl(url) === '/api/create-payment-intent');
  }

  async function continueAsMember(api: Parameters<typeof stubApi>[0]) {
    keepMemberBrowser();
    const fetchMock = stubApi(api);
    const { user } = renderCheckout();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue(MEMBER_EMAIL));
    await fillAllButEmail(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    return { fetchMock, user };
  }

  it("given a member browser, then the e-mail starts as the member's, and the payment is opened with their club link beside the details", async () => {
    const { fetchMock } = await continueAsMember(memberApi);
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    const [post] = paymentPosts(fetchMock);
    expect(sentJson(post?.[1])).toMatchObject({
      cartItems: toCheckoutCartItems(sixteenCans),
      customerInfo: { name: 'Ada Lovelace', email: MEMBER_EMAIL },
      fulfilment: { method: 'delivery' },
      memberToken: MEMBER_TOKEN,
    });
  });

  it('given a member browser and an e-mail already typed (kept from before a reload), then that e-mail stays', async () => {
    window.sessionStorage.setItem('checkoutDetails', JSON.stringify({ email: 'work@example.com' }));
    keepMemberBrowser();
    stubApi(memberApi);
    renderCheckout();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('work@example.com'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Email')).toHaveValue('work@example.com');
    window.sessionStorage.clear();
  });

  it('given no member browser, then no club link is sent and the e-mail starts empty', async () => {
    const fetchMock = stubApi(shopApi);
    const { user } = renderCheckout();
    expect(screen.getByLabelText('Email')).toHaveValue('');
    await fillCustomerInfo(user);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    expect(await screen.findByText('Payment Information')).toBeInTheDocument();
    expect(sentJson(paymentPosts(fetchMock)[0]?.[1])).not.toHaveProperty('memberToken');
  });

  it("given the server refusing another e-mail than the member's (409 member_email_mismatch), then its words show on the e-mail field, announced, with no toast", async () => {
    const message = "Club early access is for the member's own e-mail address: use a***@example.com";
    await continueAsMember({
      ...memberApi,
      'POST /api/create-payment-intent': { status: 409, body: { statusCode: 409, code: 'member_email_mismatch', message } },
    });
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    // Under the field, as any refused detail (the field's message is drawn a render after it is marked invalid).
    expect(await within(email.closest('.ant-form-item') as HTMLElement).findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.checkout__announcer')).toHaveTextContent(message));
    expect(screen.queryByText('Checkout Failed')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  });

  it('given a club link that is not valid any more (400 invalid_member_link), then it says so in an error toast, and the link is checked again and forgotten', async () => {
    const message = 'This club link is not valid any more: open the link in your latest club e-mail';
    let checks = 0;
    const { fetchMock } = await continueAsMember({
      ...memberApi,
      [memberCheckKey()]: () => {
        checks += 1;
        return Promise.resolve(
          checks === 1
            ? new Response(JSON.stringify(memberView('active')), { status: 200 })
            : new Response(JSON.stringify({ statusCode: 404, message: 'Not found' }), { status: 404 }),
        );
      },
      'POST /api/create-payment-intent': { status: 400, body: { statusCode: 400, code: 'invalid_member_link', message } },
    });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Checkout Failed')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('brewery.memberToken')).toBeNull());
    expect(checks).toBe(2);
    expect(paymentPosts(fetchMock)).toHaveLength(1);
  });

  it('given a beer not on sale yet (409 not_released), then its words show in an error toast and the form stays', async () => {
    const message = 'Rottnest Hazy IPA is not on sale yet: it releases Saturday 5 December, 10:00 am (Perth time)';
    await continueAsMember({
      ...memberApi,
      'POST /api/create-payment-intent': { status: 409, body: { statusCode: 409, code: 'not_released', message } },
    });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Checkout Failed')).toBeInTheDocument();
    expect(screen.queryByText('Payment Information')).not.toBeInTheDocument();
  });
});
