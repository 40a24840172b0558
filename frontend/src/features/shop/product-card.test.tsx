import type { PackSize, Product } from '@brewery/shop-rules';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER_TOKEN, keepMemberBrowser, memberCheckKey, memberView } from '@/testing/club-member-fixture';
import { requestUrl, stubApi } from '@/testing/fake-api';
import { productFixture } from '@/testing/product-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ProductCard } from './product-card';

const SIZE_NAMES: Record<PackSize, string> = {
  single: 'Single Can',
  '4pack': '4 Pack',
  '8pack': '8 Pack',
  '16pack': '16 Pack',
};

function renderCard(product: Product, cansInPack = 0) {
  const onAdd = vi.fn();
  renderWithProviders(<ProductCard product={product} cansInPack={cansInPack} onAdd={onAdd} />);
  return { onAdd, card: screen.getByRole('article', { name: product.name }), user: userEvent.setup() };
}

/** antd draws the radio over a hidden input, so a person clicks its label. */
async function chooseSize(user: ReturnType<typeof userEvent.setup>, card: HTMLElement, name: string | RegExp) {
  const label = within(card).getByRole('radio', { name }).closest('label');
  if (label === null) throw new Error('pack size radio without a label');
  await user.click(label);
}

function addButton(card: HTMLElement): HTMLElement {
  return within(card).getByRole('button', {
    name: /Add to Pack|Out of Stock|Pack Not Available|Archived Product|Limit reached|All in your pack/,
  });
}

/** Presses + until it is disabled (at most 20 times) and returns the count the stepper reached. */
async function stepToMax(user: ReturnType<typeof userEvent.setup>, card: HTMLElement): Promise<number> {
  const increase = within(card).getByRole('button', { name: 'Increase Quokka Pale Ale quantity' });
  for (let i = 0; i < 20 && !(increase as HTMLButtonElement).disabled; i += 1) await user.click(increase);
  const output = within(card).getByRole('status', { name: /^Quokka Pale Ale quantity: / });
  return Number(output.textContent);
}

describe('product card', () => {
  it('shows the image, name, style, description, ABV and the beer-type badge', () => {
    const { card } = renderCard(productFixture({ beerType: 'Limited Release', abv: 6.2 }));
    expect(within(card).getByRole('img', { name: 'Quokka Pale Ale 500mL can' })).toHaveAttribute('src', '/cans/quokka-pale-ale.svg');
    expect(within(card).getByRole('heading', { name: 'Quokka Pale Ale' })).toBeInTheDocument();
    expect(within(card).getByText('Pale Ale')).toBeInTheDocument();
    expect(within(card).getByText('Bright and sunny, with Citra and Galaxy hops.')).toBeInTheDocument();
    expect(within(card).getByText('ABV 6.2%')).toBeInTheDocument();
    expect(within(card).getByText('Limited Release')).toBeInTheDocument();
    expect(within(card).queryByText('ARCHIVED')).not.toBeInTheDocument();
  });

  it('given the pack already holding some of the stock, a size that no longer fits says "Not available"', () => {
    // 4 cans left, 1 already in the pack: a single still fits, a 4-pack no longer does.
    const { card } = renderCard(productFixture({ inventory: 4, price: '6.50', price4Pack: '24.00' }), 1);
    const group = within(card).getByRole('radiogroup', { name: 'Pack size for Quokka Pale Ale' });
    expect(within(group).getByRole('radio', { name: 'Single Can $6.50' })).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: '4 Pack Not available' })).toBeInTheDocument();
  });

  it('given an archived product, it shows ARCHIVED instead of the beer type and greys the card', () => {
    const { card } = renderCard(productFixture({ archived: true, beerType: 'New Beer' }));
    expect(within(card).getByText('ARCHIVED')).toBeInTheDocument();
    expect(within(card).queryByText('New Beer')).not.toBeInTheDocument();
    expect(card).toHaveClass('product-card--archived');
  });

  it('offers every pack size with its price, or "Not available", with Single Can chosen first', () => {
    const { card } = renderCard(
      productFixture({ inventory: 12, price: '6.50', price4Pack: '24.00', price8Pack: '46.00', enable16Pack: true }),
    );
    const group = within(card).getByRole('radiogroup', { name: 'Pack size for Quokka Pale Ale' });
    expect(within(group).getByRole('radio', { name: 'Single Can $6.50' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: '4 Pack $24.00' })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: '8 Pack $46.00' })).toBeInTheDocument();
    // 12 cans cannot make a 16 pack.
    expect(within(group).getByRole('radio', { name: '16 Pack Not available' })).toBeInTheDocument();
  });

  it.each<{ case: string; product: Partial<Product>; size: PackSize; label: string }>([
    { case: 'in stock', product: {}, size: 'single', label: 'Add to Pack' },
    { case: 'a 4 pack in stock', product: {}, size: '4pack', label: 'Add to Pack' },
    { case: 'archived', product: { archived: true }, size: 'single', label: 'Archived Product' },
    { case: 'archived and sold out', product: { archived: true, inventory: 0 }, size: 'single', label: 'Archived Product' },
    { case: 'sold out', product: { inventory: 0 }, size: 'single', label: 'Out of Stock' },
    { case: 'sold out, 8 pack', product: { inventory: 0 }, size: '8pack', label: 'Out of Stock' },
    { case: 'too few cans for a 16 pack', product: { inventory: 15 }, size: '16pack', label: 'Pack Not Available' },
    { case: '8 packs switched off', product: { enable8Pack: false }, size: '8pack', label: 'Pack Not Available' },
    { case: 'no 4 pack price', product: { price4Pack: null }, size: '4pack', label: 'Pack Not Available' },
  ])('given $case, when $size is chosen, then the button reads "$label"', async ({ product, size, label }) => {
    const { card, user } = renderCard(productFixture(product));
    await chooseSize(user, card, new RegExp(`^${SIZE_NAMES[size]} `));
    expect(addButton(card)).toHaveTextContent(label);
    expect(addButton(card)).toBeDisabled();
  });

  it('enables the add button only once the count is above 0', async () => {
    const { card, user } = renderCard(productFixture());
    expect(addButton(card)).toBeDisabled();
    await user.click(within(card).getByRole('button', { name: 'Increase Quokka Pale Ale quantity' }));
    expect(addButton(card)).toBeEnabled();
    await user.click(within(card).getByRole('button', { name: 'Decrease Quokka Pale Ale quantity' }));
    expect(addButton(card)).toBeDisabled();
  });

  it.each<{ inventory: number; size: PackSize; max: number }>([
    { inventory: 10, size: 'single', max: 10 },
    { inventory: 10, size: '4pack', max: 2 },
    { inventory: 17, size: '8pack', max: 2 },
    { inventory: 33, size: '16pack', max: 2 },
    { inventory: 3, size: 'single', max: 3 },
  ])('given $inventory cans, the $size stepper runs from 0 to $max', async ({ inventory, size, max }) => {
    const { card, user } = renderCard(productFixture({ inventory }));
    await chooseSize(user, card, new RegExp(`^${SIZE_NAMES[size]} `));
    const decrease = within(card).getByRole('button', { name: 'Decrease Quokka Pale Ale quantity' });
    const increase = within(card).getByRole('button', { name: 'Increase Quokka Pale Ale quantity' });
    expect(decrease).toBeDisabled();
    for (let i = 0; i < max; i += 1) await user.click(increase);
    expect(within(card).getByRole('status', { name: `Quokka Pale Ale quantity: ${max}` })).toBeInTheDocument();
    expect(increase).toBeDisabled();
    expect(decrease).toBeEnabled();
  });

  it('when two 4 packs are added, then the cart gets 8 cans, the toast says so and the count resets to 0', async () => {
    const { card, user, onAdd } = renderCard(productFixture());
    await chooseSize(user, card, '4 Pack $24.00');
    const increase = within(card).getByRole('button', { name: 'Increase Quokka Pale Ale quantity' });
    await user.click(increase);
    await user.click(increase);
    await user.click(addButton(card));

    expect(onAdd).toHaveBeenCalledWith({
      productId: 'quokka-pale-ale',
      name: 'Quokka Pale Ale',
      price: 48,
      quantity: 8,
      packSize: '4pack',
      packQuantity: 4,
      imageUrl: '/cans/quokka-pale-ale.svg',
    });
    expect(await screen.findByText('Added to Pack')).toBeInTheDocument();
    expect(screen.getByText('2 Quokka Pale Ale (4-pack) added to your pack')).toBeInTheDocument();
    expect(within(card).getByRole('status', { name: 'Quokka Pale Ale quantity: 0' })).toBeInTheDocument();
    expect(addButton(card)).toBeDisabled();
    // Focus stays on the card (its stepper), not dropped to the page
    await waitFor(() => expect(document.activeElement).toBe(increase));
  });

  it('when single cans are added, then the toast counts cans', async () => {
    const { card, user } = renderCard(productFixture());
    await user.click(within(card).getByRole('button', { name: 'Increase Quokka Pale Ale quantity' }));
    await user.click(addButton(card));
    expect(await screen.findByText('1 Quokka Pale Ale (can) added to your pack')).toBeInTheDocument();
  });

  it.each([
    { cansInPack: 0, note: null },
    { cansInPack: 12, note: '12 in pack' },
  ])('given $cansInPack cans of it in the cart, the note reads $note', ({ cansInPack, note }) => {
    const { card } = renderCard(productFixture(), cansInPack);
    if (note === null) expect(within(card).queryByText(/in pack$/)).not.toBeInTheDocument();
    else expect(within(card).getByText(note)).toBeInTheDocument();
  });

  it.each([
    { maxPerOrder: null, text: null },
    { maxPerOrder: 4, text: 'Limit 4 per order' },
  ])('given a limit per order of $maxPerOrder, the card shows $text', ({ maxPerOrder, text }) => {
    const { card } = renderCard(productFixture({ maxPerOrder }));
    if (text === null) expect(within(card).queryByText(/per order/)).not.toBeInTheDocument();
    else expect(within(card).getByText(text)).toBeInTheDocument();
  });

  it.each<{ case: string; product: Partial<Product>; cansInPack: number; size: PackSize; max: number }>([
    { case: 'no limit, an empty pack', product: { inventory: 10 }, cansInPack: 0, size: 'single', max: 10 },
    { case: 'no limit, 4 cans in the pack', product: { inventory: 10 }, cansInPack: 4, size: 'single', max: 6 },
    { case: 'limit 8, an empty pack', product: { maxPerOrder: 8 }, cansInPack: 0, size: 'single', max: 8 },
    { case: 'limit 8, 2 cans in the pack', product: { maxPerOrder: 8 }, cansInPack: 2, size: 'single', max: 6 },
    { case: 'limit 12, 4 cans in the pack, 4 packs', product: { maxPerOrder: 12 }, cansInPack: 4, size: '4pack', max: 2 },
    { case: 'limit 12 but 9 cans left, 3 in the pack', product: { maxPerOrder: 12, inventory: 9 }, cansInPack: 3, size: 'single', max: 6 },
  ])('given $case, the $size stepper stops at $max', async ({ product, cansInPack, size, max }) => {
    const { card, user } = renderCard(productFixture(product), cansInPack);
    await chooseSize(user, card, new RegExp(`^${SIZE_NAMES[size]} `));
    expect(await stepToMax(user, card)).toBe(max);
    expect(addButton(card)).toHaveTextContent('Add to Pack');
    expect(addButton(card)).toBeEnabled();
  });

  it.each<{ case: string; product: Partial<Product>; cansInPack: number; size: PackSize; reason: string }>([
    { case: 'the limit already in the pack', product: { maxPerOrder: 4 }, cansInPack: 4, size: 'single', reason: 'Limit reached' },
    { case: 'room for 2 under a limit of 8', product: { maxPerOrder: 8 }, cansInPack: 6, size: '4pack', reason: 'Limit reached' },
    { case: 'every can in the pack', product: { inventory: 12 }, cansInPack: 12, size: 'single', reason: 'All in your pack' },
  ])('given $case, adding $size is disabled with "$reason"', async ({ product, cansInPack, size, reason }) => {
    const { card, user, onAdd } = renderCard(productFixture(product), cansInPack);
    await chooseSize(user, card, new RegExp(`^${SIZE_NAMES[size]} `));
    expect(addButton(card)).toHaveTextContent(reason);
    expect(addButton(card)).toHaveAccessibleName(`${reason}: Quokka Pale Ale`);
    expect(addButton(card)).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Increase Quokka Pale Ale quantity' })).toBeDisabled();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('marks low stock between 1 and 4 cans', () => {
    const { card } = renderCard(productFixture({ inventory: 4 }));
    expect(within(card).getByText('LOW STOCK')).toBeInTheDocument();
  });
});

/** Saturday 5 December 2026, 10:00 am in Perth. */
const RELEASE_AT = '2026-12-05T02:00:00.000Z';

function sentTo(fetchMock: ReturnType<typeof stubApi>, key: string): unknown {
  const call = fetchMock.mock.calls.find(([url, init]) => `${init?.method ?? 'GET'} ${requestUrl(url)}` === key);
  if (call === undefined) throw new Error(`${key} was not sent`);
  return JSON.parse(call[1]?.body as string);
}

describe('product card: a scheduled release', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('given a beer to be released, then it shows when and the time left instead of the pack choice', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-04T00:59:55.000Z'));
    const { card } = renderCard(productFixture({ releaseAt: RELEASE_AT }));
    expect(within(card).getByText('Releasing Saturday 10:00 am (Perth time)')).toBeInTheDocument();
    expect(within(card).getByRole('timer')).toHaveTextContent('1d 01:00:05');
    expect(within(card).queryByRole('button', { name: /Add to Pack/ })).not.toBeInTheDocument();
    expect(within(card).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: "Tell me when it's released: Quokka Pale Ale" })).toBeInTheDocument();
  });

  it('given a release, then only its words are a live region: the seconds are a timer, which is not read out as it ticks', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-05T01:00:00.000Z'));
    const { card } = renderCard(productFixture({ releaseAt: RELEASE_AT }));
    expect(within(card).getByText('Releasing Saturday 10:00 am (Perth time)')).toHaveAttribute('aria-live', 'polite');
    expect(within(card).getByRole('timer')).not.toHaveAttribute('aria-live');
    expect(within(card).getByRole('timer').closest('[aria-live]')).toBeNull();
  });

  it('given a release more than six days away, then the label carries its date', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-20T00:00:00.000Z'));
    const { card } = renderCard(productFixture({ releaseAt: RELEASE_AT }));
    expect(within(card).getByText('Releasing Saturday 5 December, 10:00 am (Perth time)')).toBeInTheDocument();
  });

  it('when the countdown reaches the release instant, then the pack choice and Add to Pack appear without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-05T01:59:57.000Z'));
    const { card } = renderCard(productFixture({ releaseAt: RELEASE_AT }));
    expect(within(card).getByRole('timer')).toHaveTextContent('00:00:03');

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(within(card).getByRole('timer')).toHaveTextContent('00:00:02');
    expect(within(card).queryByRole('button', { name: /Add to Pack/ })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(within(card).getByRole('button', { name: 'Add to Pack: Quokka Pale Ale' })).toBeInTheDocument();
    expect(within(card).getByRole('radiogroup', { name: 'Pack size for Quokka Pale Ale' })).toBeInTheDocument();
    expect(within(card).queryByRole('timer')).not.toBeInTheDocument();
    expect(within(card).getByText('On sale now')).toHaveAttribute('aria-live', 'polite');
  });

  it('given a release already past, then the card is as any other, with no notice', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-06T00:00:00.000Z'));
    const { card } = renderCard(productFixture({ releaseAt: RELEASE_AT }));
    expect(within(card).getByRole('button', { name: 'Add to Pack: Quokka Pale Ale' })).toBeInTheDocument();
    expect(within(card).queryByText(/Releas|On sale now/)).not.toBeInTheDocument();
  });
});

describe("product card: club members' early access", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Thursday 3 December 2026, 10:00 am in Perth, two days before the release. */
  const MEMBERS_FROM = '2026-12-03T02:00:00.000Z';
  const earlyBeer = () => productFixture({ releaseAt: RELEASE_AT, membersFrom: MEMBERS_FROM });

  function renderAs(who: 'member' | 'anyone', now: string) {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date(now));
    const fetchMock = stubApi({ [memberCheckKey()]: { body: memberView('active') } });
    if (who === 'member') keepMemberBrowser();
    return { ...renderCard(earlyBeer()), fetchMock };
  }

  it.each(['member', 'anyone'] as const)(
    'given %s, before the early access, then the card says when members may buy beside the release countdown, and offers no pack',
    (who) => {
      const { card } = renderAs(who, '2026-12-02T02:00:00.000Z');
      expect(within(card).getByText('Releasing Saturday 10:00 am (Perth time)')).toBeInTheDocument();
      expect(within(card).getByText('Club members from Thursday 10:00 am')).toBeInTheDocument();
      expect(within(card).getByRole('timer')).toHaveTextContent('3d 00:00:00');
      expect(within(card).queryByRole('button', { name: /Add to Pack/ })).not.toBeInTheDocument();
      expect(within(card).queryByTestId('members-early-access')).not.toBeInTheDocument();
      expect(within(card).getByRole('button', { name: "Tell me when it's released: Quokka Pale Ale" })).toBeInTheDocument();
    },
  );

  it('given anyone else, during the early access, then the countdown stands and no pack can be added', async () => {
    const { card, fetchMock } = renderAs('anyone', '2026-12-04T02:00:00.000Z');
    expect(within(card).getByText('Club members from Thursday 10:00 am')).toBeInTheDocument();
    expect(within(card).getByRole('timer')).toHaveTextContent('1d 00:00:00');
    expect(within(card).queryByRole('button', { name: /Add to Pack/ })).not.toBeInTheDocument();
    expect(within(card).queryByText("Members' early access")).not.toBeInTheDocument();
    // No club link was ever opened here: nobody is asked about one.
    await act(async () => undefined);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("given a member, during the early access, then the pack can be added, tagged Members' early access, with the countdown still there", async () => {
    const { card, onAdd, user } = renderAs('member', '2026-12-04T02:00:00.000Z');
    const add = within(card).getByRole('button', { name: 'Add to Pack: Quokka Pale Ale' });
    expect(within(card).getByTestId('members-early-access')).toHaveTextContent("Members' early access");
    expect(add).toHaveAttribute('data-testid', 'members-early-access-add');
    expect(add).toHaveAccessibleDescription("Members' early access");
    expect(within(card).getByRole('timer')).toHaveTextContent('1d 00:00:00');
    expect(within(card).getByText('Club members from Thursday 10:00 am')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Tell me when it's released/ })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Increase Quokka Pale Ale quantity' }));
    await user.click(add);
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ productId: 'quokka-pale-ale', quantity: 1, packSize: 'single' }));
  });

  it("given a member, after the release, then the card is as anyone's, with no early access tag", () => {
    const { card } = renderAs('member', '2026-12-06T00:00:00.000Z');
    expect(within(card).getByRole('button', { name: 'Add to Pack: Quokka Pale Ale' })).not.toHaveAttribute('data-testid');
    expect(within(card).queryByTestId('members-early-access')).not.toBeInTheDocument();
    expect(within(card).queryByText(/Club members from|Releas/)).not.toBeInTheDocument();
  });

  it('given a member, when the early access begins, then the pack choice appears without a reload', async () => {
    const { card } = renderAs('member', '2026-12-03T01:59:58.000Z');
    expect(within(card).queryByRole('button', { name: /Add to Pack/ })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(within(card).getByRole('button', { name: 'Add to Pack: Quokka Pale Ale' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Increase Quokka Pale Ale quantity' })).toBeEnabled();
    expect(within(card).getByTestId('members-early-access')).toBeInTheDocument();
    expect(within(card).getByRole('timer')).toHaveTextContent('2d 00:00:00');
  });

  it('given a club link opened on this page, then the beer opens to the member once the server has said whose the link is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-04T02:00:00.000Z'));
    stubApi({ [memberCheckKey()]: { body: memberView('active') } });
    window.history.replaceState(null, '', `/shop/quokka-pale-ale?member=${MEMBER_TOKEN}`);
    try {
      const { card } = renderCard(earlyBeer());
      expect(await within(card).findByRole('button', { name: 'Add to Pack: Quokka Pale Ale' })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Increase Quokka Pale Ale quantity' })).toBeEnabled();
      expect(window.location.search).toBe('');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('given a link the server does not know, then the beer stays closed and the link is forgotten', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-04T02:00:00.000Z'));
    stubApi({ [memberCheckKey()]: { status: 404, body: { statusCode: 404, message: 'Not found' } } });
    keepMemberBrowser();
    const { card } = renderCard(earlyBeer());
    await waitFor(() => expect(localStorage.getItem('brewery.memberToken')).toBeNull());
    expect(within(card).queryByRole('button', { name: /Add to Pack/ })).not.toBeInTheDocument();
    expect(within(card).getByRole('timer')).toBeInTheDocument();
  });
});

describe("product card: tell me when it's back", () => {
  async function openNotify(user: ReturnType<typeof userEvent.setup>, card: HTMLElement) {
    await user.click(within(card).getByRole('button', { name: "Tell me when it's back: Quokka Pale Ale" }));
    return within(card).getByRole('textbox', { name: 'Your e-mail address' });
  }

  it('given a beer in stock, then it offers no e-mail', () => {
    const { card } = renderCard(productFixture({ inventory: 12 }));
    expect(within(card).queryByRole('button', { name: /Tell me when/ })).not.toBeInTheDocument();
  });

  it("given a sold-out beer, when an address is sent, then the server has { email } and its answer takes the form's place", async () => {
    const fetchMock = stubApi({
      'POST /api/products/quokka-pale-ale/notify-me': {
        status: 202,
        body: {
          message: "Check your inbox to confirm, and we'll e-mail ada@example.com when Quokka Pale Ale is back.",
        },
      },
    });
    const { card, user } = renderCard(productFixture({ inventory: 0 }));
    expect(addButton(card)).toHaveTextContent('Out of Stock');
    const email = await openNotify(user, card);
    expect(email).toHaveFocus();
    await user.type(email, ' ada@example.com ');
    await user.click(within(card).getByRole('button', { name: 'Notify me' }));

    const done = await within(card).findByText(
      "Check your inbox to confirm, and we'll e-mail ada@example.com when Quokka Pale Ale is back.",
    );
    expect(done).toHaveAttribute('role', 'status');
    expect(done).toHaveFocus();
    expect(within(card).queryByRole('textbox', { name: 'Your e-mail address' })).not.toBeInTheDocument();
    expect(sentTo(fetchMock, 'POST /api/products/quokka-pale-ale/notify-me')).toEqual({ email: 'ada@example.com' });
  });

  it('given an address the server refuses (400), then its words stand beside the field and the form stays', async () => {
    stubApi({
      'POST /api/products/quokka-pale-ale/notify-me': {
        status: 400,
        body: { statusCode: 400, code: 'invalid_email', message: 'Enter an e-mail address such as ada@example.com' },
      },
    });
    const { card, user } = renderCard(productFixture({ inventory: 0 }));
    const email = await openNotify(user, card);
    await user.type(email, 'ada@example');
    await user.click(within(card).getByRole('button', { name: 'Notify me' }));

    const error = await within(card).findByText('Enter an e-mail address such as ada@example.com');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter an e-mail address such as ada@example.com');
    expect(error).toHaveAttribute('role', 'alert');
    // Typing again clears what was refused.
    await user.type(email, '.com');
    expect(within(card).queryByText('Enter an e-mail address such as ada@example.com')).not.toBeInTheDocument();
  });

  it("given too many tries (429), then the server's words are shown", async () => {
    stubApi({
      'POST /api/products/quokka-pale-ale/notify-me': {
        status: 429,
        body: { statusCode: 429, message: 'Too many requests: try again in a minute' },
      },
    });
    const { card, user } = renderCard(productFixture({ inventory: 0 }));
    await user.type(await openNotify(user, card), 'ada@example.com');
    await user.click(within(card).getByRole('button', { name: 'Notify me' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Too many requests: try again in a minute');
  });

  it('given an empty field, when sent, then it asks for the address and sends nothing', async () => {
    const fetchMock = stubApi({});
    const { card, user } = renderCard(productFixture({ inventory: 0 }));
    await openNotify(user, card);
    await user.click(within(card).getByRole('button', { name: 'Notify me' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Enter your e-mail address');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('given an archived beer with no stock, then it offers no e-mail: it is not coming back', () => {
    const { card } = renderCard(productFixture({ inventory: 0, archived: true }));
    expect(within(card).queryByRole('button', { name: /Tell me when/ })).not.toBeInTheDocument();
  });
});
