import type { CartLine, Product } from '@brewery/shop-rules';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { productsQueryOptions } from '@/shared/api/products/get-products';
import { createQueryClient } from '@/shared/api/query-client';
import { stubApi } from '@/testing/fake-api';
import { productFixture } from '@/testing/product-fixture';
import { renderWithProviders } from '@/testing/render-with-providers';
import { useToast } from '@/shared/ui/toast/use-toast';
import { CartDrawer, NO_LONGER_SOLD_TEXT } from './cart-drawer';
import { hazyEightPack } from '@/testing/cart-fixture';

const eightPack = hazyEightPack;

function singles(productId: string, name: string, cans: number, price = 6.5): CartLine {
  return { productId, name, price, quantity: cans, packSize: 'single', packQuantity: 1, imageUrl: `/cans/${productId}.svg` };
}

function renderDrawer(lines: CartLine[], products?: Product[]) {
  localStorage.setItem('cart', JSON.stringify(lines));
  const onCheckout = vi.fn();
  const queryClient = createQueryClient();
  if (products) queryClient.setQueryData(productsQueryOptions().queryKey, products);
  renderWithProviders(<CartDrawer open onClose={() => undefined} onCheckout={onCheckout} />, { queryClient });
  return { onCheckout, drawer: screen.getByRole('dialog') };
}

describe('cart drawer "Your Pack"', () => {
  it('given an empty pack, it says so and offers no checkout', () => {
    const { drawer } = renderDrawer([]);
    expect(within(drawer).getByText('Your Pack')).toBeInTheDocument();
    expect(within(drawer).getByText('Your pack is empty. Add some beers to get started!')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Proceed to Checkout' })).not.toBeInTheDocument();
  });

  it('given 13 cans, it advises "Remove 5 for 8-pack OR Add 3 for 16-pack" and keeps checkout disabled', () => {
    const { drawer } = renderDrawer([eightPack, singles('kings-park-kolsch', 'Kings Park Kolsch', 5)]);
    expect(within(drawer).getByText('Remove 5 for 8-pack OR Add 3 for 16-pack')).toBeInTheDocument();
    expect(within(drawer).getByTestId('cart-total-cans')).toHaveTextContent('13');
    expect(within(drawer).getByTestId('cart-subtotal')).toHaveTextContent('$78.50');
    expect(within(drawer).getByText('+ shipping (calculated at checkout)')).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
  });

  it('given a valid 16-can pack, it shows "✓ Complete 16-pack" and checkout goes ahead', async () => {
    const user = userEvent.setup();
    const { drawer, onCheckout } = renderDrawer([eightPack, singles('kings-park-kolsch', 'Kings Park Kolsch', 8)]);
    expect(within(drawer).getByText('✓ Complete 16-pack')).toBeInTheDocument();
    expect(within(drawer).getByTestId('cart-total-cans')).toHaveTextContent('16');
    expect(within(drawer).getByTestId('cart-subtotal')).toHaveTextContent('$98.00');
    const checkout = within(drawer).getByRole('button', { name: 'Proceed to Checkout' });
    expect(checkout).toBeEnabled();
    await user.click(checkout);
    expect(onCheckout).toHaveBeenCalledTimes(1);
  });

  it('lists each line with its count text, price and, for packs, the price per can', () => {
    const { drawer } = renderDrawer([eightPack, singles('kings-park-kolsch', 'Kings Park Kolsch', 3)]);
    const [packLine, singleLine] = within(drawer).getAllByRole('listitem');
    if (!packLine || !singleLine) throw new Error('expected two lines');
    expect(packLine).toHaveTextContent('Rottnest Hazy IPA');
    expect(within(packLine).getByText('1 8-pack (8 cans)')).toBeInTheDocument();
    expect(within(packLine).getByText('$46.00')).toBeInTheDocument();
    expect(within(packLine).getByText('Optimized pricing: $5.75 per can')).toBeInTheDocument();
    expect(within(singleLine).getByText('3 single cans')).toBeInTheDocument();
    expect(within(singleLine).getByText('$19.50')).toBeInTheDocument();
    expect(within(singleLine).queryByText(/Optimized pricing/)).not.toBeInTheDocument();
  });

  it('steps a pack line by whole packs and removes a line with its button', async () => {
    const user = userEvent.setup();
    const { drawer } = renderDrawer([eightPack, singles('kings-park-kolsch', 'Kings Park Kolsch', 3)]);
    await user.click(within(drawer).getByRole('button', { name: 'Increase Rottnest Hazy IPA 8-packs' }));
    expect(within(drawer).getByText('2 8-packs (16 cans)')).toBeInTheDocument();
    expect(within(drawer).getByText('$92.00')).toBeInTheDocument();
    expect(within(drawer).getByTestId('cart-total-cans')).toHaveTextContent('19');

    await user.click(within(drawer).getByRole('button', { name: 'Remove 3 single cans of Kings Park Kolsch' }));
    expect(within(drawer).queryByText('Kings Park Kolsch')).not.toBeInTheDocument();
    expect(within(drawer).getByText('✓ Complete 16-pack')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Decrease Rottnest Hazy IPA 8-packs' }));
    await user.click(within(drawer).getByRole('button', { name: 'Decrease Rottnest Hazy IPA 8-packs' }));
    expect(within(drawer).getByText('Your pack is empty. Add some beers to get started!')).toBeInTheDocument();
  });

  it.each([
    { case: 'a limit of 8 per order', product: { maxPerOrder: 8 }, singlesMax: 4, packsMax: 1 },
    { case: 'only 7 cans in stock', product: { inventory: 7 }, singlesMax: 3, packsMax: 1 },
    { case: 'plenty of stock and no limit', product: {}, singlesMax: 6, packsMax: 2 },
  ])(
    'given $case and a 4-pack plus 2 singles of one beer, the steppers stop at $singlesMax singles and $packsMax 4-pack(s)',
    async ({ product, singlesMax, packsMax }) => {
      const user = userEvent.setup();
      // Packs switched off, so that the singles are not regrouped into a pack half a second after a change.
      const quokka = productFixture({ inventory: 10, enable4Pack: false, enable8Pack: false, enable16Pack: false, ...product });
      const fourPack: CartLine = { ...singles(quokka.id, quokka.name, 4), price: 24, packSize: '4pack', packQuantity: 4 };
      const { drawer } = renderDrawer([fourPack, singles(quokka.id, quokka.name, 2)], [quokka]);

      const moreSingles = within(drawer).getByRole('button', { name: 'Increase Quokka Pale Ale single cans' });
      for (let i = 0; i < 10 && !(moreSingles as HTMLButtonElement).disabled; i += 1) await user.click(moreSingles);
      expect(within(drawer).getByText(`${singlesMax} single cans`)).toBeInTheDocument();
      expect(moreSingles).toBeDisabled();
      // Back to 2 singles: the 4-pack line may then take what the singles leave.
      const fewerSingles = within(drawer).getByRole('button', { name: 'Decrease Quokka Pale Ale single cans' });
      for (let i = singlesMax; i > 2; i -= 1) await user.click(fewerSingles);
      const morePacks = within(drawer).getByRole('button', { name: 'Increase Quokka Pale Ale 4-packs' });
      for (let i = 0; i < 5 && !(morePacks as HTMLButtonElement).disabled; i += 1) await user.click(morePacks);
      expect(within(drawer).getByText(`${packsMax} ${packsMax === 1 ? '4-pack' : '4-packs'} (${packsMax * 4} cans)`)).toBeInTheDocument();
      expect(morePacks).toBeDisabled();
    },
  );

  it.each([
    {
      case: 'fewer cans left than the line holds',
      inventory: 3,
      text: 'Only 3 cans left now.',
      fix: 'Change to 3',
      after: '3 single cans',
    },
    { case: 'the beer sold out', inventory: 0, text: 'Sold out since it was added.', fix: 'Remove', after: null },
  ])('given $case since it was added, the line says so and one tap fixes it', async ({ inventory, text, fix, after }) => {
    const user = userEvent.setup();
    const quokka = productFixture({ inventory, enable4Pack: false, enable8Pack: false, enable16Pack: false });
    stubApi({ 'GET /api/products': { body: [quokka] } });
    const { drawer } = renderDrawer([singles(quokka.id, quokka.name, 8)], [quokka]);
    expect(await within(drawer).findByText(text)).toBeInTheDocument();
    // Eight cans are a valid size, but the checkout would refuse the line: it waits for the fix.
    if (after !== null) {
      expect(within(drawer).getByText('Fix the lines marked above to check out.')).toBeInTheDocument();
      expect(within(drawer).getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    }
    await user.click(within(drawer).getByRole('button', { name: fix }));
    expect(within(drawer).queryByText(text)).not.toBeInTheDocument();
    if (after === null) expect(within(drawer).getByText('Your pack is empty. Add some beers to get started!')).toBeInTheDocument();
    else expect(within(drawer).getByText(after)).toBeInTheDocument();
  });

  // (A beer gone from the list altogether is dropped from the pack by the cart itself, with a toast.)
  it('given a beer in the pack archived since it was added, the line says so, checkout waits, and Remove fixes it', async () => {
    const user = userEvent.setup();
    const quokka = productFixture({ inventory: 100 });
    const others = productFixture({ id: 'kolsch', name: 'Kings Park Kölsch', inventory: 100 });
    const products = [{ ...quokka, archived: true }, others];
    stubApi({ 'GET /api/products': { body: products } });
    const { drawer } = renderDrawer([singles(quokka.id, quokka.name, 8), singles(others.id, others.name, 8)], products);
    expect(await within(drawer).findByText(NO_LONGER_SOLD_TEXT)).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Proceed to Checkout' })).toBeDisabled();
    await user.click(within(drawer).getByRole('button', { name: 'Remove' }));
    expect(within(drawer).queryByText(NO_LONGER_SOLD_TEXT)).not.toBeInTheDocument();
    expect(within(drawer).queryByText(quokka.name)).not.toBeInTheDocument();
  });

  it('given the pack opened, the stock is asked for again, and a beer that sold out meanwhile is flagged', async () => {
    const quokka = productFixture({ inventory: 50, enable4Pack: false, enable8Pack: false, enable16Pack: false });
    const fetchMock = stubApi({ 'GET /api/products': { body: [{ ...quokka, inventory: 0 }] } });
    const { drawer } = renderDrawer([singles(quokka.id, quokka.name, 2)], [quokka]);
    expect(await within(drawer).findByText('Sold out since it was added.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('cart drawer and toasts', () => {
  /** A page whose button says "Added to Pack", then opens the pack. */
  function AddThenOpen() {
    const toast = useToast();
    const [open, setOpen] = useState(false);
    return (
      <>
        <button onClick={() => toast.success('Added to Pack', '1 Rottnest Hazy IPA (8 Pack) added to your pack')}>add</button>
        <button onClick={() => setOpen(true)}>open</button>
        <CartDrawer open={open} onClose={() => setOpen(false)} onCheckout={() => undefined} />
      </>
    );
  }

  it('given an "Added to Pack" toast, when the pack is opened, then the toast goes: it would cover the totals', async () => {
    stubApi({ 'GET /api/products': { body: [] } });
    localStorage.setItem('cart', JSON.stringify([eightPack]));
    const user = userEvent.setup();
    renderWithProviders(<AddThenOpen />);
    await user.click(screen.getByRole('button', { name: 'add' }));
    expect(await screen.findByText('Added to Pack')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'open' }));
    await screen.findByRole('dialog', { name: 'Your Pack' });
    await waitFor(() => expect(screen.queryByText('Added to Pack')).not.toBeInTheDocument());
  });
});
