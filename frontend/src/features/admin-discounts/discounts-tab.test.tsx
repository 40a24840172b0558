import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DiscountCodeHistoryEntry, DiscountCodeView } from '@brewery/shop-rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chooseOption } from '@/testing/choose-option';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { DiscountsTab } from './discounts-tab';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));

const OLIVE = { id: 'owner-1', name: 'Olive Owner', role: 'owner' as const };

function view(overrides: Partial<DiscountCodeView> = {}): DiscountCodeView {
  return {
    code: 'CLUB10',
    kind: 'percent',
    value: 10,
    description: '10% off',
    minCans: null,
    maxUses: null,
    onePerCustomer: false,
    startsAt: null,
    endsAt: null,
    productIds: null,
    disabled: false,
    disabledAt: null,
    createdAt: '2026-11-20T01:00:00.000Z',
    createdBy: OLIVE,
    uses: { held: 1, paid: 3 },
    revenue: '1234.50',
    refunded: '0.00',
    discountGiven: '137.20',
    ...overrides,
  };
}

const CLUB10 = view();
const STOUT5 = view({
  code: 'STOUT5',
  kind: 'amount',
  value: '5.00',
  description: '$5.00 off',
  minCans: 16,
  maxUses: 3,
  onePerCustomer: true,
  endsAt: '2026-12-24T15:59:00.000Z',
  productIds: ['swan-river-stout'],
  uses: { held: 0, paid: 3 },
  revenue: '270.00',
  refunded: '30.00',
  discountGiven: '15.00',
});

const BEERS = [
  { id: 'swan-river-stout', name: 'Swan River Stout', archived: false },
  { id: 'quokka-pale-ale', name: 'Quokka Pale Ale', archived: false },
];

function sent(fetchMock: ReturnType<typeof stubApi>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === method && requestUrl(input) === path)
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

function renderTab() {
  renderWithProviders(<DiscountsTab />, { route: '/admin?tab=discounts' });
  return userEvent.setup();
}

function codeForm(): HTMLElement {
  return screen.getByRole('button', { name: /Create code/ }).closest('form') as HTMLElement;
}

/** The message a field of the form shows under it (its item holds both). */
function fieldMessage(label: string): string {
  const field = within(codeForm()).getByLabelText(label);
  return field.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';
}

async function confirm(user: UserEvent, okName: string) {
  const buttons = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('.ant-modal-confirm-btns');
    if (found === null) throw new Error('no confirmation open');
    return found;
  });
  await user.click(within(buttons).getByRole('button', { name: okName }));
}

describe('the Discounts tab', { timeout: 30_000 }, () => {
  it('lists each code with its offer, limits in words, uses paid and held, revenue, discount given and status', async () => {
    stubApi({
      'GET /api/admin/discount-codes': {
        body: { codes: [CLUB10, STOUT5, view({ code: 'OLD', disabled: true, disabledAt: '2026-11-21T01:00:00.000Z' })] },
      },
      'GET /api/admin/products': { body: BEERS },
    });
    renderTab();
    const table = await screen.findByRole('table');
    const club = within(table).getByText('CLUB10').closest('tr') as HTMLElement;
    expect(within(club).getByText('10% off')).toBeInTheDocument();
    expect(within(club).getByText('No limits')).toBeInTheDocument();
    expect(within(club).getByText('3 paid · 1 held')).toBeInTheDocument();
    expect(within(club).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(club).getByText('$137.20')).toBeInTheDocument();
    expect(within(club).getByText('Active')).toBeInTheDocument();

    const stout = within(table).getByText('STOUT5').closest('tr') as HTMLElement;
    for (const limit of ['At least 16 cans', 'Up to 3 orders', 'Once per customer', 'Until 24 Dec 2026, 11:59 pm'])
      expect(within(stout).getByText(limit)).toBeInTheDocument();
    expect(await within(stout).findByText('Only Swan River Stout')).toBeInTheDocument();
    expect(within(stout).getByText('Used up')).toBeInTheDocument();
    // Revenue is what the paid orders kept; what was refunded is said beside it.
    expect(within(stout).getByText('$270.00 ($30.00 refunded)')).toBeInTheDocument();

    const old = within(table).getByText('OLD').closest('tr') as HTMLElement;
    expect(within(old).getByText('Disabled')).toBeInTheDocument();
    expect(within(old).queryByRole('button', { name: 'Disable OLD' })).not.toBeInTheDocument();
  });

  it('given fields to put right, says so under each field and sends nothing', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/discount-codes': { body: { codes: [] } },
      'GET /api/admin/products': { body: BEERS },
    });
    const user = renderTab();
    await screen.findByText('No codes yet');
    await user.click(screen.getByRole('button', { name: /Create code/ }));
    await waitFor(() => expect(fieldMessage('Code')).toBe('Enter the code'));
    expect(fieldMessage('Percent off')).toBe('Enter the percentage, 1 to 100');

    const form = within(codeForm());
    await user.type(form.getByLabelText('Code'), 'two words');
    await user.type(form.getByLabelText('Percent off'), '150');
    await user.type(form.getByLabelText('Starts (Perth time)'), '2026-12-10T09:00');
    await user.type(form.getByLabelText('Ends (Perth time)'), '2026-12-01T09:00');
    await user.click(screen.getByRole('button', { name: /Create code/ }));
    await waitFor(() => expect(fieldMessage('Code')).toBe('Use 3 to 32 letters, digits and dashes'));
    expect(fieldMessage('Ends (Perth time)')).toBe('The end must come after the start');
    expect(sent(fetchMock, 'POST', '/api/admin/discount-codes')).toHaveLength(0);
  });

  it('creates a code from the form, and shows what the server refuses under its field (code_taken, a named field)', async () => {
    let posts = 0;
    const fetchMock = stubApi({
      'GET /api/admin/discount-codes': () => json({ codes: posts >= 3 ? [STOUT5] : [] }),
      'GET /api/admin/products': { body: BEERS },
      'POST /api/admin/discount-codes': () => {
        posts += 1;
        if (posts === 1) return json({ statusCode: 409, code: 'code_taken', message: 'The code STOUT5 exists already.' }, 409);
        if (posts === 2)
          return json(
            {
              statusCode: 400,
              code: 'invalid_discount_definition',
              message: 'minCans must be a whole number from 1 to 1000',
              fields: { minCans: 'minCans must be a whole number from 1 to 1000' },
            },
            400,
          );
        return json(STOUT5, 201);
      },
    });
    const user = renderTab();
    await screen.findByText('No codes yet');
    const form = within(codeForm());
    await user.type(form.getByLabelText('Code'), 'stout5');
    await chooseOption(user, form.getByLabelText('Offer'), 'Dollars off the beers');
    await user.type(await form.findByLabelText('Dollars off'), '5');
    await user.type(form.getByLabelText('At least this many cans'), '16');
    await user.type(form.getByLabelText('Most orders in all'), '3');
    await user.type(form.getByLabelText('Ends (Perth time)'), '2026-12-24T23:59');
    await chooseOption(user, form.getByLabelText('Only these beers'), 'Swan River Stout');
    await user.click(form.getByLabelText('Once per customer (by e-mail address)'));

    await user.click(screen.getByRole('button', { name: /Create code/ }));
    await waitFor(() => expect(fieldMessage('Code')).toBe('The code STOUT5 exists already.'));
    const expected = {
      code: 'STOUT5',
      kind: 'amount',
      value: 5,
      minCans: 16,
      maxUses: 3,
      onePerCustomer: true,
      endsAt: '2026-12-24T15:59:00.000Z',
      productIds: ['swan-river-stout'],
    };
    expect(sent(fetchMock, 'POST', '/api/admin/discount-codes')).toEqual([expected]);

    await user.click(screen.getByRole('button', { name: /Create code/ }));
    await waitFor(() => expect(fieldMessage('At least this many cans')).toBe('minCans must be a whole number from 1 to 1000'));

    await user.click(screen.getByRole('button', { name: /Create code/ }));
    expect(await screen.findByText('Code created')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/api/admin/discount-codes')).toHaveLength(3);
    // The list is read again with the new code; the form is ready for the next one.
    expect(await screen.findByText('STOUT5', { selector: 'strong' })).toBeInTheDocument();
    await waitFor(() => expect(form.getByLabelText('Code')).toHaveValue(''));
  });

  it('keeps a figure out of range as typed, says what it must be under its field, and sends nothing', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/discount-codes': { body: { codes: [] } },
      'GET /api/admin/products': { body: BEERS },
    });
    const user = renderTab();
    await screen.findByText('No codes yet');
    const form = within(codeForm());
    await user.type(form.getByLabelText('Code'), 'too-much');
    await user.type(form.getByLabelText('Percent off'), '150');
    await user.type(form.getByLabelText('At least this many cans'), '0');
    await user.type(form.getByLabelText('Most orders in all'), '-3');
    await user.tab();
    expect(form.getByLabelText('Percent off')).toHaveValue('150');
    expect(form.getByLabelText('At least this many cans')).toHaveValue('0');
    expect(form.getByLabelText('Most orders in all')).toHaveValue('-3');

    await user.click(screen.getByRole('button', { name: /Create code/ }));
    await waitFor(() => expect(fieldMessage('Percent off')).toBe('A whole number from 1 to 100'));
    expect(fieldMessage('At least this many cans')).toBe('A whole number from 1 to 1,000');
    expect(fieldMessage('Most orders in all')).toBe('A whole number from 1 to 1,000,000');
    expect(form.getByLabelText('Percent off')).toHaveValue('150');
    expect(form.getByLabelText('At least this many cans')).toHaveValue('0');
    expect(form.getByLabelText('Most orders in all')).toHaveValue('-3');

    // Not whole: kept as typed too, not rounded.
    await user.clear(form.getByLabelText('At least this many cans'));
    await user.type(form.getByLabelText('At least this many cans'), '2.5');
    await user.tab();
    expect(form.getByLabelText('At least this many cans')).toHaveValue('2.5');
    await waitFor(() => expect(fieldMessage('At least this many cans')).toBe('A whole number from 1 to 1,000'));

    await chooseOption(user, form.getByLabelText('Offer'), 'Dollars off the beers');
    for (const typed of ['2000', '0', '4.999']) {
      const dollars = await form.findByLabelText('Dollars off');
      await user.clear(dollars);
      await user.type(dollars, typed);
      await user.tab();
      expect(dollars).toHaveValue(typed);
      await user.click(screen.getByRole('button', { name: /Create code/ }));
      await waitFor(() => expect(fieldMessage('Dollars off')).toBe('From $0.01 to $1,000, in whole cents'));
    }
    expect(sent(fetchMock, 'POST', '/api/admin/discount-codes')).toHaveLength(0);
  });

  it('says counts in the singular when there is one', async () => {
    stubApi({
      'GET /api/admin/discount-codes': { body: { codes: [view({ minCans: 1, maxUses: 1 })] } },
      'GET /api/admin/products': { body: BEERS },
    });
    renderTab();
    const table = await screen.findByRole('table');
    const club = within(table).getByText('CLUB10').closest('tr') as HTMLElement;
    expect(within(club).getByText('At least 1 can')).toBeInTheDocument();
    expect(within(club).getByText('Up to 1 order')).toBeInTheDocument();
  });

  it('disables a code only once the operator confirms', async () => {
    let disabled = false;
    const fetchMock = stubApi({
      'GET /api/admin/discount-codes': () =>
        json({ codes: [view({ disabled, disabledAt: disabled ? '2026-11-25T01:00:00.000Z' : null })] }),
      'GET /api/admin/products': { body: BEERS },
      'POST /api/admin/discount-codes/CLUB10/disable': () => {
        disabled = true;
        return json(view({ disabled: true }));
      },
    });
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Disable CLUB10' }));
    expect((await screen.findAllByText('Disable CLUB10?')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sent(fetchMock, 'POST', '/api/admin/discount-codes/CLUB10/disable')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Disable CLUB10' }));
    await confirm(user, 'Disable');
    await waitFor(() => expect(sent(fetchMock, 'POST', '/api/admin/discount-codes/CLUB10/disable')).toHaveLength(1));
    expect(await screen.findByText('Code disabled')).toBeInTheDocument();
    const row = (await screen.findByText('Disabled', { selector: '.ant-tag' })).closest('tr') as HTMLElement;
    expect(within(row).queryByRole('button', { name: 'Disable CLUB10' })).not.toBeInTheDocument();
  });

  it('shows a code’s history: when, who, what, and the order', async () => {
    const history: DiscountCodeHistoryEntry[] = [
      { at: '2026-11-20T01:00:00.000Z', type: 'DiscountCodeCreated', summary: 'Created: 10% off', by: OLIVE, orderId: null },
      { at: '2026-11-21T02:30:00.000Z', type: 'DiscountUseRedeemed', summary: 'Used: $9.80 off', by: 'customer', orderId: '1042' },
    ];
    stubApi({
      'GET /api/admin/discount-codes': { body: { codes: [CLUB10] } },
      'GET /api/admin/products': { body: BEERS },
      'GET /api/admin/discount-codes/CLUB10/history': { body: history },
    });
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'History of CLUB10' }));
    const drawer = await screen.findByRole('dialog', { name: 'History of CLUB10' });
    expect(await within(drawer).findByText('Created: 10% off')).toBeInTheDocument();
    expect(within(drawer).getByText('Olive Owner · owner')).toBeInTheDocument();
    expect(within(drawer).getByText('20 Nov 2026, 9:00 am')).toBeInTheDocument();
    expect(within(drawer).getByText('Used: $9.80 off')).toBeInTheDocument();
    expect(within(drawer).getByText('Customer')).toBeInTheDocument();
    expect(within(drawer).getByText('Order #1042')).toBeInTheDocument();
  });

  it('lets a long code wrap in its card, its history’s title and the question before Disable, rather than run out of sight', async () => {
    const code = 'ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEF';
    // The stylesheet as written (the test runner empties imported CSS).
    const style = document.createElement('style');
    style.textContent = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'discounts.css'), 'utf8');
    document.head.append(style);
    try {
      stubApi({
        'GET /api/admin/discount-codes': { body: { codes: [view({ code })] } },
        'GET /api/admin/products': { body: BEERS },
        [`GET /api/admin/discount-codes/${code}/history`]: { body: [] },
      });
      const user = renderTab();
      const name = await screen.findByText(code, { selector: 'strong' });
      expect(getComputedStyle(name).overflowWrap).toBe('anywhere');

      await user.click(screen.getByRole('button', { name: `History of ${code}` }));
      const drawer = await screen.findByRole('dialog', { name: `History of ${code}` });
      const title = drawer.querySelector('.ant-drawer-title') as HTMLElement;
      expect(title).toHaveTextContent(`History of ${code}`);
      expect(getComputedStyle(title).overflowWrap).toBe('anywhere');
      await user.click(within(drawer).getByRole('button', { name: 'Close' }));

      await user.click(screen.getByRole('button', { name: `Disable ${code}` }));
      const question = await waitFor(() => {
        const found = document.querySelector<HTMLElement>('.ant-modal-confirm-title');
        if (found === null) throw new Error('no confirmation open');
        return found;
      });
      expect(question).toHaveTextContent(`Disable ${code}?`);
      expect(getComputedStyle(question).overflowWrap).toBe('anywhere');
    } finally {
      style.remove();
    }
  });

  it('on a phone, shows each code as a card with its figures and buttons', async () => {
    vi.mocked(window.matchMedia).mockImplementation(
      (query: string) =>
        ({
          matches: query === '(max-width: 599px)',
          media: query,
          onchange: null,
          addListener: vi.fn(),
          removeListener: vi.fn(),
          addEventListener: vi.fn(),
          removeEventListener: vi.fn(),
          dispatchEvent: vi.fn(() => false),
        }) as MediaQueryList,
    );
    stubApi({
      'GET /api/admin/discount-codes': { body: { codes: [CLUB10] } },
      'GET /api/admin/products': { body: BEERS },
    });
    renderTab();
    const card = await screen.findByRole('article', { name: 'CLUB10' });
    expect(within(card).getByText('3 paid · 1 held')).toBeInTheDocument();
    expect(within(card).getByText('$1,234.50')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Disable CLUB10' })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader')).not.toBeInTheDocument();
  });
});
