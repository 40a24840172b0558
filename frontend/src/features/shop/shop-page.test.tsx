import type { CartLine } from '@brewery/shop-rules';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepMemberBrowser, memberCheckKey, memberView } from '@/testing/club-member-fixture';
import { never, requestUrl, stubApi } from '@/testing/fake-api';
import { productFixture } from '@/testing/product-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import { ShopPage } from './shop-page';

function singles(cans: number): CartLine {
  return {
    productId: 'quokka-pale-ale',
    name: 'Quokka Pale Ale',
    price: 6.5,
    quantity: cans,
    packSize: 'single',
    packQuantity: 1,
    imageUrl: '/cans/quokka-pale-ale.svg',
  };
}

function renderShop(cartLines: CartLine[] = []) {
  const onCheckout = vi.fn();
  const onAddToCart = vi.fn();
  renderWithProviders(<ShopPage cartLines={cartLines} onAddToCart={onAddToCart} onCheckout={onCheckout} />, {
    route: '/shop',
  });
  return { onCheckout, onAddToCart };
}

describe('shop page', () => {
  it('while the products load, it shows 8 skeleton cards under the title', () => {
    stubApi({ 'GET /api/products': never });
    renderShop();
    expect(screen.getByRole('heading', { level: 1, name: 'Our Craft Collection' })).toBeInTheDocument();
    expect(screen.getAllByTestId('product-skeleton')).toHaveLength(8);
  });

  it('given no products, it says "No products available at the moment."', async () => {
    stubApi({ 'GET /api/products': { body: [] } });
    renderShop();
    expect(await screen.findByText('No products available at the moment.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('product-skeleton')).toHaveLength(0);
  });

  it('given the product list fails to load, it shows the same empty message', async () => {
    stubApi({ 'GET /api/products': { status: 500, body: 'down' } });
    renderShop();
    expect(await screen.findByText('No products available at the moment.')).toBeInTheDocument();
  });

  it('lists the products with archived ones last', async () => {
    stubApi({
      'GET /api/products': {
        body: [
          productFixture({ id: 'old', name: 'Old Faithful', archived: true }),
          productFixture({ id: 'a', name: 'Swan Valley Lager' }),
          productFixture({ id: 'b', name: 'Kimberley Red Ale' }),
        ],
      },
    });
    renderShop();
    await screen.findByRole('article', { name: 'Swan Valley Lager' });
    expect(screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Swan Valley Lager',
      'Kimberley Red Ale',
      'Old Faithful',
    ]);
  });

  it.each([
    { cans: 0, helper: 'Add cans to your pack to enable checkout', percent: '0', enabled: false },
    { cans: 3, helper: 'Add 1 more can to complete a 4-pack', percent: '75', enabled: false },
    { cans: 13, helper: 'Add 3 more cans to complete a 16-pack', percent: '81', enabled: false },
    { cans: 8, helper: 'Ready for checkout!', percent: '100', enabled: true },
    { cans: 20, helper: 'Ready for checkout!', percent: '100', enabled: true },
  ])(
    'given $cans cans, the pack card reads "$helper" at $percent% and checkout enabled is $enabled',
    async ({ cans, helper, percent, enabled }) => {
      stubApi({ 'GET /api/products': { body: [productFixture()] } });
      const { onCheckout } = renderShop(cans === 0 ? [] : [singles(cans)]);
      expect(screen.getByText(helper)).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Pack progress' })).toHaveAttribute('aria-valuenow', percent);
      const checkout = screen.getByRole('button', { name: 'Proceed to Checkout' });
      if (enabled) {
        expect(checkout).toBeEnabled();
        await userEvent.setup().click(checkout);
        expect(onCheckout).toHaveBeenCalledTimes(1);
      } else {
        expect(checkout).toBeDisabled();
      }
    },
  );

  it('loads the cans of the first four cards at once and the rest only when scrolled near', async () => {
    stubApi({ 'GET /api/products': { body: Array.from({ length: 6 }, (_, i) => productFixture({ id: `beer-${i}`, name: `Beer ${i}` })) } });
    renderShop();
    await screen.findByRole('article', { name: 'Beer 5' });
    expect(screen.getAllByRole('img', { name: /500mL can$/ }).map((img) => img.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
  });

  it('shows how many cans of each beer are already in the pack', async () => {
    stubApi({ 'GET /api/products': { body: [productFixture()] } });
    renderShop([singles(3)]);
    const card = await screen.findByRole('article', { name: 'Quokka Pale Ale' });
    expect(within(card).getByText('3 in pack')).toBeInTheDocument();
  });
});

describe('shop page on release day', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const productRequests = (fetchMock: ReturnType<typeof stubApi>) =>
    fetchMock.mock.calls.filter(([url, init]) => (init?.method ?? 'GET') === 'GET' && requestUrl(url) === '/api/products').length;

  it('when the release instant comes, then the beers open and the shop asks for the products again, once for all of them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-05T01:59:58.000Z'));
    const releaseAt = '2026-12-05T02:00:00.000Z';
    const fetchMock = stubApi({
      'GET /api/products': {
        body: [
          productFixture({ id: 'hazy', name: 'Hazy IPA', releaseAt }),
          productFixture({ id: 'stout', name: 'Swan River Stout', releaseAt }),
          productFixture({ id: 'lager', name: 'Swan Valley Lager' }),
        ],
      },
    });
    renderShop();
    const hazy = await screen.findByRole('article', { name: 'Hazy IPA' });
    expect(within(hazy).getByRole('timer')).toHaveTextContent('00:00:02');
    expect(screen.getAllByRole('timer')).toHaveLength(2);
    expect(productRequests(fetchMock)).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(within(hazy).getByRole('button', { name: 'Add to Pack: Hazy IPA' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Swan River Stout' })).getByRole('button', { name: /Add to Pack/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(productRequests(fetchMock)).toBe(2);
  });

  it("given a member browser, when club members' early access begins, then that beer opens to them and the shop asks for the products again, once", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-03T01:59:58.000Z'));
    const releaseAt = '2026-12-05T02:00:00.000Z';
    const membersFrom = '2026-12-03T02:00:00.000Z';
    keepMemberBrowser();
    const fetchMock = stubApi({
      [memberCheckKey()]: { body: memberView('active') },
      'GET /api/products': {
        body: [
          productFixture({ id: 'hazy', name: 'Hazy IPA', releaseAt, membersFrom }),
          productFixture({ id: 'stout', name: 'Swan River Stout', releaseAt }),
        ],
      },
    });
    renderShop();
    const hazy = await screen.findByRole('article', { name: 'Hazy IPA' });
    const stout = screen.getByRole('article', { name: 'Swan River Stout' });
    expect(within(hazy).getByText('Club members from Thursday 10:00 am')).toBeInTheDocument();
    expect(within(stout).queryByText(/Club members from/)).not.toBeInTheDocument();
    expect(within(hazy).queryByRole('button', { name: /Add to Pack/ })).not.toBeInTheDocument();
    expect(productRequests(fetchMock)).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(within(hazy).getByRole('button', { name: 'Add to Pack: Hazy IPA' })).toBeInTheDocument();
    expect(within(hazy).getByTestId('members-early-access')).toBeInTheDocument();
    // A beer without early access still waits for its release, member or not.
    expect(within(stout).queryByRole('button', { name: /Add to Pack/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('timer')).toHaveLength(2);
    await vi.waitFor(() => expect(productRequests(fetchMock)).toBe(2));
  });

  it("given no member browser, when club members' early access begins, then nothing opens and nothing is asked again", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-03T01:59:58.000Z'));
    const fetchMock = stubApi({
      'GET /api/products': {
        body: [
          productFixture({ id: 'hazy', name: 'Hazy IPA', releaseAt: '2026-12-05T02:00:00.000Z', membersFrom: '2026-12-03T02:00:00.000Z' }),
        ],
      },
    });
    renderShop();
    const hazy = await screen.findByRole('article', { name: 'Hazy IPA' });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(within(hazy).queryByRole('button', { name: /Add to Pack/ })).not.toBeInTheDocument();
    expect(within(hazy).getByText('Club members from Thursday 10:00 am')).toBeInTheDocument();
    expect(productRequests(fetchMock)).toBe(1);
  });

  it("given a beer on sale after all (409 on_sale), when an address is sent, then the server's words show and the products are asked for again", async () => {
    const fetchMock = stubApi({
      'GET /api/products': { body: [productFixture({ inventory: 0 })] },
      'POST /api/products/quokka-pale-ale/notify-me': {
        status: 409,
        body: { statusCode: 409, code: 'on_sale', message: 'Quokka Pale Ale is on sale now: add it to your pack' },
      },
    });
    const user = userEvent.setup();
    renderShop();
    const card = await screen.findByRole('article', { name: 'Quokka Pale Ale' });
    await user.click(within(card).getByRole('button', { name: "Tell me when it's back: Quokka Pale Ale" }));
    await user.type(within(card).getByRole('textbox', { name: 'Your e-mail address' }), 'ada@example.com');
    await user.click(within(card).getByRole('button', { name: 'Notify me' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Quokka Pale Ale is on sale now: add it to your pack');
    await vi.waitFor(() => expect(productRequests(fetchMock)).toBe(2));
  });
});
