/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CartLine } from '@brewery/shop-rules';
import { openPickupDates } from '@brewery/shop-rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { Form } from 'antd';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/testing/fake-api';
import { publicConfigFixture } from '@/testing/public-config-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import { CheckoutPage, PACK_CHANGED_TEXT } from './checkout-page';
import { CustomerInfoForm, type CustomerFormValues } from './customer-info-form';
import { CARD_NUMBER_REFUSED_HINT } from './test-card-form';
import { hazyEightPack, kolschSingles } from '@/testing/cart-fixture';

/** The checkout's stylesheet as written (the test runner empties imported CSS), after antd's styles as in the shop. */
const checkoutCss = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'checkout-page.css'), 'utf8');
let stylesheet: HTMLStyleElement;
beforeEach(() => {
  stylesheet = document.createElement('style');
  stylesheet.textContent = checkoutCss;
  document.head.append(stylesheet);
});
afterEach(() => stylesheet.remove());

/** `rgb(…)`, `rgba(…)` or `#rrggbb` as red, green, blue and alpha; null for anything else (an unresolved variable). */
function rgba(colour: string): [number, number, number, number] | null {
  const hex = /^#([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(colour.trim());
  if (hex) return [parseInt(hex[1] ?? '', 16), parseInt(hex[2] ?? '', 16), parseInt(hex[3] ?? '', 16), 1];
  const fn = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+))?\s*\)$/.exec(colour.trim());
  if (!fn) return null;
  return [Number(fn[1]), Number(fn[2]), Number(fn[3]), fn[4] === undefined ? 1 : Number(fn[4])];
}

function luminance([r, g, b]: readonly number[]): number {
  const [lr, lg, lb] = [r ?? 0, g ?? 0, b ?? 0].map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * (lr ?? 0) + 0.7152 * (lg ?? 0) + 0.0722 * (lb ?? 0);
}

/** WCAG's contrast ratio of a text colour (blended over its background when translucent) on a background. */
function contrast(text: string, background: string): number {
  const fg = rgba(text);
  const bg = rgba(background);
  if (fg === null || bg === null) return 0;
  const blended = [0, 1, 2].map((i) => (fg[i] ?? 0) * (fg[3] ?? 1) + (bg[i] ?? 0) * (1 - (fg[3] ?? 1)));
  const [light, dark] = [luminance(blended), luminance(bg)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

function DetailsForm({ onSubmit = () => undefined }: { onSubmit?: () => void }) {
  const [form] = Form.useForm<CustomerFormValues>();
  return <CustomerInfoForm form={form} busy={false} onSubmit={onSubmit} onMissingInformation={() => undefined} />;
}

async function typeInto(user: UserEvent, label: string, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

/**
 * The generated content the checkout's stylesheet gives an element's `::before` (antd draws a required field's
 * asterisk so), or null. The test DOM computes no pseudo-elements, so the rules are read as a browser applies them.
 */
function beforeContent(element: Element): string | null {
  let content: string | null = null;
  for (const rule of Array.from(stylesheet.sheet?.cssRules ?? [])) {
    if (!(rule instanceof CSSStyleRule)) continue;
    const bases = rule.selectorText.split(',').map((part) => part.trim());
    const matches = bases.some((base) => base.endsWith('::before') && element.matches(base.slice(0, -'::before'.length)));
    if (matches && rule.style.getPropertyValue('content') !== '') content = rule.style.getPropertyValue('content');
  }
  return content;
}

describe('checkout accessibility: the details form', () => {
  it('names each field by its label alone: the required asterisk is drawn with an empty alternative text, not read', () => {
    renderWithProviders(<DetailsForm />);
    for (const name of ['Full name', 'Email', 'Phone', 'Street address', 'Suburb', 'Postcode']) {
      const field = screen.getByRole('textbox', { name });
      const label = document.querySelector(`label[for="${field.id}"]`) as HTMLElement;
      expect(label).toHaveClass('ant-form-item-required');
      // A browser reads antd's `content: "*"` as part of the name ("* Full name"); `"*" / ""` draws it, read as nothing.
      expect(beforeContent(label)).toMatch(/^(['"])\*\1\s*\/\s*(['"])\2$/);
    }
    expect(screen.getByRole('textbox', { name: 'Address line 2 (optional)' })).toBeInTheDocument();
    expect(document.querySelector('label[for="addressLine2"]')).not.toHaveClass('ant-form-item-required');
  });

  it('gives every address field the autocomplete token of what it holds, the State box included', () => {
    renderWithProviders(<DetailsForm />);
    const tokens = Object.fromEntries(
      ['Full name', 'Email', 'Phone', 'Street address', 'Address line 2 (optional)', 'Suburb', 'Postcode'].map((name) => [
        name,
        screen.getByRole('textbox', { name }).getAttribute('autocomplete'),
      ]),
    );
    expect(tokens).toEqual({
      'Full name': 'name',
      Email: 'email',
      Phone: 'tel',
      'Street address': 'address-line1',
      'Address line 2 (optional)': 'address-line2',
      Suburb: 'address-level2',
      Postcode: 'postal-code',
    });
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveAttribute('autocomplete', 'address-level1');
  });

  it.each([
    ['WA', 'WA'],
    ['Western Australia', 'WA'],
    ['new south wales', 'NSW'],
  ])('given the State box filled with %j (as an address autofill does), chooses %s', async (filled, state) => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<DetailsForm onSubmit={onSubmit} />);
    for (const [label, value] of Object.entries({
      'Full name': 'Alex Brewer',
      Email: 'alex@example.com',
      Phone: '0412 345 678',
      'Street address': '1 Hay Street',
      Suburb: 'Perth',
      Postcode: state === 'WA' ? '6000' : '2000',
    }))
      await typeInto(user, label, value);
    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: filled } });
    fireEvent.blur(screen.getByRole('combobox', { name: 'State' }));
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ customer: expect.objectContaining({ state }) })));
  });

  it('given a submit with fields left to put right, moves focus to the first of them, not leaving it on the button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DetailsForm />);
    await typeInto(user, 'Full name', 'Alex Brewer');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus());
    await typeInto(user, 'Email', 'alex@example.com');
    await typeInto(user, 'Phone', '0412 345 678');
    await typeInto(user, 'Street address', '1 Hay Street');
    await typeInto(user, 'Suburb', 'Perth');
    await typeInto(user, 'Postcode', '6000');
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'State' })).toHaveFocus());
  });

  it('given a collection with no Saturday chosen, the submit puts focus on the first Saturday', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DetailsForm />);
    await user.click(screen.getByRole('radio', { name: /Collect/ }));
    for (const [label, value] of Object.entries({ 'Full name': 'Alex Brewer', Email: 'alex@example.com', Phone: '0412 345 678' }))
      await typeInto(user, label, value);
    await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
    const days = within(screen.getByRole('radiogroup', { name: 'Collection day' })).getAllByRole('radio');
    expect(days).toHaveLength(openPickupDates(new Date()).length);
    await waitFor(() => expect(days[0]).toHaveFocus());
  });

  it('writes the phone hint at 4.5:1 or more on the white card (antd’s is 2.7:1)', () => {
    renderWithProviders(<DetailsForm />);
    const hint = screen.getByText('04XX XXX XXX', { selector: '.ant-form-item-extra' });
    expect(contrast(getComputedStyle(hint).color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});

const intent = { clientSecret: 'pi_test_abc_secret_xyz', paymentIntentId: 'pi_test_abc', orderId: '42', amount: 10800 };
const confirmPath = 'POST /api/test-gateway/payment-intents/pi_test_abc/confirm';
const available = (id: string, name: string) => ({ body: { id, name, isActive: true, inventory: 100, releaseAt: null } });
const shopApi = {
  'GET /api/config': { body: publicConfigFixture },
  'GET /api/products/rottnest-hazy-ipa': available('rottnest-hazy-ipa', 'Rottnest Hazy IPA'),
  'GET /api/products/kings-park-kolsch': available('kings-park-kolsch', 'Kings Park Kolsch'),
  'POST /api/create-payment-intent': { body: intent },
};

/** The checkout page with a pack the customer can change in another part of the shop (the cart drawer). */
function CheckoutWithChangingPack() {
  const [lines, setLines] = useState<CartLine[]>([hazyEightPack, kolschSingles]);
  return (
    <>
      <button type="button" onClick={() => setLines([{ ...hazyEightPack, quantity: 16, packSize: '16pack', packQuantity: 16, price: 88 }])}>
        Change the pack
      </button>
      <CheckoutPage
        cartLines={lines}
        onInvalidPack={() => undefined}
        onPaymentComplete={() => undefined}
        returnUrl="http://shop.test/order-success"
      />
    </>
  );
}

async function reachPayment(api: Parameters<typeof stubApi>[0]): Promise<UserEvent> {
  stubApi(api);
  const user = userEvent.setup();
  renderWithProviders(<CheckoutWithChangingPack />, { route: '/checkout' });
  for (const [label, value] of Object.entries({
    'Full name': 'Alex Brewer',
    Email: 'alex@example.com',
    Phone: '0412 345 678',
    'Street address': '1 Hay Street',
    Suburb: 'Perth',
    Postcode: '6000',
  }))
    await typeInto(user, label, value);
  await user.click(screen.getByRole('combobox', { name: 'State' }));
  const listbox = await screen.findByRole('listbox');
  await user.click(within(listbox.parentElement ?? document.body).getByTitle('WA'));
  await user.click(screen.getByRole('button', { name: 'Continue to Payment' }));
  await screen.findByText('Payment Information');
  return user;
}

describe('checkout accessibility: notices and the card', () => {
  it('draws "Your pack changed" as a notice: dark text at 4.5:1 or more on a light tint, not a grey that reads as disabled', async () => {
    const user = await reachPayment(shopApi);
    await user.click(screen.getByRole('button', { name: 'Change the pack' }));
    const notice = (await screen.findByText(PACK_CHANGED_TEXT)).closest('.ant-alert') as HTMLElement;
    const background = getComputedStyle(notice).backgroundColor;
    const title = notice.querySelector('.ant-alert-title') as HTMLElement;
    expect(contrast(getComputedStyle(title).color, background)).toBeGreaterThanOrEqual(4.5);
    // antd's info tint from the brand's teal is #8f9c9c, a mid grey (luminance 0.32).
    expect(luminance(rgba(background) ?? [0, 0, 0])).toBeGreaterThan(0.8);
  });

  it('given a mistyped card number, marks the card field with the gateway’s message, linked to it, and puts focus there', async () => {
    const refusal = 'Your card number is incorrect. In test mode use 4242 4242 4242 4242 (succeeds).';
    const user = await reachPayment({
      ...shopApi,
      [confirmPath]: { status: 400, body: { statusCode: 400, code: 'incorrect_number', message: refusal } },
    });
    const card = screen.getByRole('textbox', { name: 'Card number' });
    await typeInto(user, 'Card number', '4242 4242 4242 4241');
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    await waitFor(() => expect(card).toHaveAttribute('aria-invalid', 'true'));
    const described = (card.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    const message = await screen.findByText(`${refusal} ${CARD_NUMBER_REFUSED_HINT}`);
    expect(described.some((id) => document.getElementById(id)?.contains(message))).toBe(true);
    await waitFor(() => expect(card).toHaveFocus());
    // Typing another number clears the mark.
    await user.clear(card);
    await user.paste('4242 4242 4242 4242');
    await waitFor(() => expect(card).not.toHaveAttribute('aria-invalid', 'true'));
  });

  it('names the card field "Card number", its asterisk not read', async () => {
    await reachPayment(shopApi);
    const card = screen.getByRole('textbox', { name: 'Card number' });
    expect(beforeContent(document.querySelector(`label[for="${card.id}"]`) as HTMLElement)).toMatch(/^(['"])\*\1\s*\/\s*(['"])\2$/);
  });
});
