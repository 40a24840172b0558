import { aLine, aProduct } from './catalog.fixture';
import {
  addToCart,
  cartLineFromProduct,
  cartSubtotal,
  cartTotalCans,
  lineTotal,
  removeFromCart,
  removeUnavailableLines,
  setLineQuantity,
} from './cart-lines';
import { InvalidQuantityError } from './shop-rule.error';

const fourPacks = (packs: number, price: number) => aLine({ packSize: '4pack', packQuantity: 4, quantity: packs * 4, price });

describe('line and cart totals', () => {
  it.each([
    ['3 single cans at $6.10', aLine({ price: 6.1, quantity: 3 }), 18.3],
    ['1 single can at $6.50', aLine(), 6.5],
    ['two 4-packs priced $48 for the line', fourPacks(2, 48), 48],
    ['one 16-pack at $88', aLine({ packSize: '16pack', packQuantity: 16, quantity: 16, price: 88 }), 88],
  ])('%s costs $%p', (_case, line, total) => {
    expect(lineTotal(line)).toBe(total);
  });

  it('given singles and packs, the subtotal adds single price x cans and pack line prices, to the cent', () => {
    const lines = [aLine({ price: 0.1, quantity: 3 }), aLine({ productId: 'b', price: 0.2 }), fourPacks(1, 24)];
    expect(cartSubtotal(lines)).toBe(24.5);
    expect(cartTotalCans(lines)).toBe(8);
    expect(cartSubtotal([])).toBe(0);
    expect(cartTotalCans([])).toBe(0);
  });
});

describe('addToCart', () => {
  it('given an empty cart, adds the line', () => {
    expect(addToCart([], aLine({ quantity: 2 }))).toEqual([aLine({ quantity: 2 })]);
  });

  it('given singles of the same product, merges the cans and keeps the per-can price', () => {
    expect(addToCart([aLine({ quantity: 2 })], aLine({ quantity: 3 }))).toEqual([aLine({ quantity: 5 })]);
  });

  it('given packs of the same product and size, merges cans and adds the line prices', () => {
    expect(addToCart([fourPacks(1, 24)], fourPacks(2, 48))).toEqual([fourPacks(3, 72)]);
  });

  it('given the same product in another size, keeps separate lines', () => {
    const cart = addToCart([aLine({ quantity: 2 })], fourPacks(1, 24));
    expect(cart).toEqual([aLine({ quantity: 2 }), fourPacks(1, 24)]);
  });

  it('given another product, appends a line', () => {
    const other = aLine({ productId: 'stout', name: 'Stout' });
    expect(addToCart([aLine()], other)).toEqual([aLine(), other]);
  });

  it('given a line of no cans, leaves the cart as it was', () => {
    expect(addToCart([aLine()], aLine({ quantity: 0 }))).toEqual([aLine()]);
  });

  it('does not change the cart it was given', () => {
    const cart = [aLine({ quantity: 2 })];
    addToCart(cart, aLine());
    expect(cart).toEqual([aLine({ quantity: 2 })]);
  });
});

describe('setLineQuantity', () => {
  const cart = [aLine({ quantity: 3 }), fourPacks(2, 48), aLine({ productId: 'stout', name: 'Stout' })];

  it.each([0, -4])('given a quantity of %p, removes the line', (quantity) => {
    expect(setLineQuantity(cart, 'hazy-ipa', '4pack', quantity)).toEqual([cart[0], cart[2]]);
  });

  it('given a single line, sets its cans and keeps the per-can price', () => {
    expect(setLineQuantity(cart, 'hazy-ipa', 'single', 7)).toEqual([aLine({ quantity: 7 }), cart[1], cart[2]]);
  });

  it.each([
    [4, 24],
    [12, 72],
    [20, 120],
  ])('given a pack line of 2 packs for $48 set to %p cans, reprices it to $%p', (quantity, price) => {
    expect(setLineQuantity(cart, 'hazy-ipa', '4pack', quantity)[1]).toEqual(fourPacks(quantity / 4, price));
  });

  it('given a pack line whose merged price is not a multiple of its packs, rounds to the cent', () => {
    const line = aLine({ packSize: '8pack', packQuantity: 8, quantity: 24, price: 100 });
    expect(setLineQuantity([line], 'hazy-ipa', '8pack', 8)[0]?.price).toBe(33.33);
  });

  it('given a quantity that is not whole packs, refuses it', () => {
    expect(() => setLineQuantity(cart, 'hazy-ipa', '4pack', 6)).toThrow(InvalidQuantityError);
  });

  it('given a line that is not in the cart, changes nothing', () => {
    expect(setLineQuantity(cart, 'hazy-ipa', '16pack', 16)).toEqual(cart);
  });
});

describe('removeFromCart', () => {
  const cart = [aLine(), fourPacks(1, 24), aLine({ productId: 'stout', name: 'Stout' })];

  it('given a pack size, removes only that line', () => {
    expect(removeFromCart(cart, 'hazy-ipa', '4pack')).toEqual([cart[0], cart[2]]);
  });

  it('without a pack size, removes every line of the product', () => {
    expect(removeFromCart(cart, 'hazy-ipa')).toEqual([cart[2]]);
  });

  it('given an unknown product, keeps everything', () => {
    expect(removeFromCart(cart, 'lager')).toEqual(cart);
  });
});

describe('removeUnavailableLines', () => {
  it('given lines of products no longer in the list, removes them and counts the lines removed', () => {
    const cart = [aLine(), fourPacks(1, 24), aLine({ productId: 'gone' }), aLine({ productId: 'stout' })];
    expect(removeUnavailableLines(cart, [aProduct(), aProduct({ id: 'stout' })])).toEqual({
      lines: [cart[0], cart[1], cart[3]],
      removedCount: 1,
    });
    expect(removeUnavailableLines(cart, [])).toEqual({ lines: [], removedCount: 4 });
  });
});

describe('cartLineFromProduct', () => {
  it.each([
    ['3 single cans', {}, 'single', 3, { price: 6.5, quantity: 3, packQuantity: 1 }],
    ['two 4-packs', {}, '4pack', 2, { price: 48, quantity: 8, packQuantity: 4 }],
    ['an 8-pack', {}, '8pack', 1, { price: 46, quantity: 8, packQuantity: 8 }],
    ['two 16-packs', {}, '16pack', 2, { price: 176, quantity: 32, packQuantity: 16 }],
    ['a 4-pack without its own price', { price4Pack: null }, '4pack', 1, { price: 26, quantity: 4, packQuantity: 4 }],
  ] as const)('given %s, builds the line', (_case, overrides, packSize, packs, expected) => {
    expect(cartLineFromProduct(aProduct(overrides), packSize, packs)).toEqual({
      productId: 'hazy-ipa',
      name: 'Hazy IPA',
      imageUrl: '/images/hazy-ipa.png',
      packSize,
      ...expected,
    });
  });

  it.each([0, -1, 1.5])('given %p packs, refuses', (packs) => {
    expect(() => cartLineFromProduct(aProduct(), 'single', packs)).toThrow(InvalidQuantityError);
  });
});
