import type { CartLine, Product } from '@brewery/shop-rules';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { productsQueryOptions } from '@/shared/api/products/get-products';
import { createQueryClient } from '@/shared/api/query-client';
import { productFixture } from '@/testing/product-fixture';
import { REPRICE_DELAY_MS } from './cart-provider';
import { useCart } from './use-cart';

const quokka = productFixture();
const karri = productFixture({
  id: 'karri-forest-stout',
  name: 'Karri Forest Stout',
  imageUrl: '/cans/karri-forest-stout.svg',
  price: '7.00',
  price4Pack: '26.00',
  price8Pack: null,
  price16Pack: null,
  enable8Pack: false,
  enable16Pack: false,
});

function single(product: Product, cans: number): CartLine {
  return {
    productId: product.id,
    name: product.name,
    price: Number(product.price),
    quantity: cans,
    packSize: 'single',
    packQuantity: 1,
    imageUrl: product.imageUrl,
  };
}

function fourPacks(product: Product, packs: number, price: number): CartLine {
  return { ...single(product, packs * 4), packSize: '4pack', packQuantity: 4, price };
}

function renderCart({ products }: { products?: Product[] } = {}) {
  const queryClient = createQueryClient();
  if (products) queryClient.setQueryData(productsQueryOptions().queryKey, products);
  const wrapper = ({ children }: { children: ReactNode }) => <AppProvider queryClient={queryClient}>{children}</AppProvider>;
  return { ...renderHook(() => useCart(), { wrapper }), queryClient };
}

function storedCart(): unknown {
  return JSON.parse(localStorage.getItem('cart') ?? 'null');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('useCart', () => {
  it('throws outside a CartProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useCart())).toThrow('useCart must be used within a CartProvider');
  });
});

describe('cart provider', () => {
  it('given a line of a product and size, when the same product and size is added, then they merge into one line', () => {
    const { result } = renderCart();
    act(() => result.current.add(fourPacks(quokka, 1, 24)));
    act(() => result.current.add(fourPacks(quokka, 2, 48)));
    act(() => result.current.add(single(quokka, 1)));
    expect(result.current.lines).toHaveLength(2);
    expect(result.current.lines[0]).toMatchObject({ packSize: '4pack', quantity: 12, price: 72 });
    expect(result.current.totalCans).toBe(13);
  });

  it.each([0, -4])('given a line, when its quantity is set to %i, then the line is removed', (quantity) => {
    const { result } = renderCart();
    act(() => result.current.add(fourPacks(quokka, 2, 48)));
    act(() => result.current.add(single(karri, 2)));
    act(() => result.current.setQuantity(quokka.id, '4pack', quantity));
    expect(result.current.lines.map((line) => line.productId)).toEqual([karri.id]);
  });

  it('given a pack line, when its quantity changes, then its price follows the number of packs', () => {
    const { result } = renderCart();
    act(() => result.current.add(fourPacks(quokka, 2, 48)));
    act(() => result.current.setQuantity(quokka.id, '4pack', 12));
    expect(result.current.lines[0]).toMatchObject({ quantity: 12, price: 72 });
  });

  it('removes one size of a product, or every line of it without a size, and clears', () => {
    const { result } = renderCart();
    act(() => {
      result.current.add(fourPacks(quokka, 1, 24));
      result.current.add(single(quokka, 2));
      result.current.add(single(karri, 3));
    });
    act(() => result.current.remove(quokka.id, 'single'));
    expect(result.current.lines.map((l) => `${l.productId}/${l.packSize}`)).toEqual([`${quokka.id}/4pack`, `${karri.id}/single`]);
    act(() => result.current.remove(quokka.id));
    expect(result.current.lines.map((l) => l.productId)).toEqual([karri.id]);
    act(() => result.current.clear());
    expect(result.current.lines).toEqual([]);
    expect(storedCart()).toEqual([]);
  });

  it('persists lines under the "cart" key and reads them back on the next visit', () => {
    const first = renderCart();
    act(() => first.result.current.add(fourPacks(quokka, 1, 24)));
    expect(storedCart()).toEqual([fourPacks(quokka, 1, 24)]);
    first.unmount();

    const second = renderCart();
    expect(second.result.current.lines).toEqual([fourPacks(quokka, 1, 24)]);
  });

  it('given stored lines without packSize or packQuantity, or not JSON at all, when loaded, then they are dropped', () => {
    const { packSize: _noSize, ...withoutPackSize } = single(karri, 2);
    const { packQuantity: _noQuantity, ...withoutPackQuantity } = single(quokka, 3);
    localStorage.setItem('cart', JSON.stringify([withoutPackSize, fourPacks(quokka, 1, 24), withoutPackQuantity, 'junk', null]));
    expect(renderCart().result.current.lines).toEqual([fourPacks(quokka, 1, 24)]);

    localStorage.setItem('cart', '{not json');
    expect(renderCart().result.current.lines).toEqual([]);
  });

  it('given loaded products, 0.5 s after single cans reach a pack, then they are repriced into packs', () => {
    vi.useFakeTimers();
    const { result } = renderCart({ products: [quokka, karri] });
    act(() => result.current.add(single(quokka, 5)));

    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(result.current.lines).toEqual([single(quokka, 5)]);

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.lines).toEqual([fourPacks(quokka, 1, 24), single(quokka, 1)]);
  });

  it('restarts the 0.5 s wait on every change and leaves fewer than 4 singles alone', () => {
    vi.useFakeTimers();
    const { result } = renderCart({ products: [quokka, karri] });
    act(() => result.current.add(single(karri, 3)));
    act(() => {
      vi.advanceTimersByTime(400);
    });
    act(() => result.current.add(single(karri, 1)));
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(result.current.lines).toEqual([single(karri, 4)]);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(result.current.lines).toEqual([fourPacks(karri, 1, 26)]);

    act(() => result.current.add(single(quokka, 3)));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(result.current.lines).toEqual([fourPacks(karri, 1, 26), single(quokka, 3)]);
  });

  it('regroups a product by its cheapest per-can tier on optimise', async () => {
    const { result } = renderCart({ products: [quokka] });
    act(() => {
      result.current.add(fourPacks(quokka, 4, 96));
    });
    await act(() => result.current.optimise());
    expect(result.current.lines).toEqual([{ ...single(quokka, 16), packSize: '16pack', packQuantity: 16, price: 88 }]);
  });

  it('given stored lines of products that left the shop, when the product list loads, then they go with a toast', async () => {
    localStorage.setItem('cart', JSON.stringify([single(quokka, 2), single(karri, 2), { ...single(karri, 1), productId: 'gone-too' }]));
    const { result, queryClient } = renderCart();
    expect(result.current.lines).toHaveLength(3);

    act(() => {
      queryClient.setQueryData(productsQueryOptions().queryKey, [quokka]);
    });

    await waitFor(() => expect(result.current.lines).toEqual([single(quokka, 2)]));
    expect(await screen.findByText('Cart Updated')).toBeInTheDocument();
    expect(screen.getByText('2 unavailable product(s) removed from cart')).toBeInTheDocument();
  });

  it('given every line still sold, when the product list loads, then nothing is removed and no toast shows', async () => {
    localStorage.setItem('cart', JSON.stringify([single(quokka, 2)]));
    const { result, queryClient } = renderCart();
    act(() => {
      queryClient.setQueryData(productsQueryOptions().queryKey, [quokka, karri]);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(result.current.lines).toEqual([single(quokka, 2)]);
    expect(screen.queryByText('Cart Updated')).not.toBeInTheDocument();
  });
});

describe("cart provider: a club member's early access line", () => {
  /** On sale to club members from 3 December (Perth), to everyone from 5 December. */
  const hazy = productFixture({
    id: 'hazy-ipa',
    name: 'Hazy IPA',
    releaseAt: '2026-12-05T02:00:00.000Z',
    membersFrom: '2026-12-03T02:00:00.000Z',
  });

  it('given a line of a beer a member bought early, when the product list loads before its release, then it stays, repriced like any other', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-12-04T02:00:00.000Z'));
    localStorage.setItem('cart', JSON.stringify([single(hazy, 4), single(quokka, 4)]));
    const { result, queryClient } = renderCart();
    act(() => {
      queryClient.setQueryData(productsQueryOptions().queryKey, [hazy, quokka]);
    });
    await act(() => vi.advanceTimersByTimeAsync(REPRICE_DELAY_MS + 100));
    expect(result.current.lines.map(({ productId, quantity, packSize }) => ({ productId, quantity, packSize }))).toEqual([
      { productId: 'hazy-ipa', quantity: 4, packSize: '4pack' },
      { productId: 'quokka-pale-ale', quantity: 4, packSize: '4pack' },
    ]);
    expect(screen.queryByText('Cart Updated')).not.toBeInTheDocument();
  });
});

describe('cart outside the hook', () => {
  it('renders children', () => {
    render(
      <AppProvider queryClient={createQueryClient()}>
        <p>inside</p>
      </AppProvider>,
    );
    expect(screen.getByText('inside')).toBeInTheDocument();
  });
});
