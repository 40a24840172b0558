import { aProduct } from './catalog.fixture';
import { productStockMarker, sellableStockLevel, sortArchivedLast, stockLevel } from './stock-markers';

describe('productStockMarker', () => {
  it.each([
    [true, -1, 'OUT OF STOCK'],
    [true, 0, 'OUT OF STOCK'],
    [false, 0, null],
    [true, 1, 'LOW STOCK'],
    [true, 4, 'LOW STOCK'],
    [false, 4, 'LOW STOCK'],
    [true, 5, null],
    [true, 100, null],
  ])('given active %p and %p cans, the marker is %p', (isActive, inventory, marker) => {
    expect(productStockMarker(aProduct({ isActive, inventory }))).toBe(marker);
  });
});

describe('stockLevel', () => {
  it.each([
    [-1, 'CRITICAL'],
    [0, 'CRITICAL'],
    [5, 'CRITICAL'],
    [6, 'LOW'],
    [10, 'LOW'],
    [11, 'OK'],
    [500, 'OK'],
  ])('%p cans is %p', (inventory, level) => {
    expect(stockLevel(inventory)).toBe(level);
  });
});

describe('sortArchivedLast', () => {
  it('given archived products among live ones, moves them to the bottom and keeps each group in order', () => {
    const products = [
      aProduct({ id: 'a', archived: true }),
      aProduct({ id: 'b' }),
      aProduct({ id: 'c', archived: true }),
      aProduct({ id: 'd' }),
      aProduct({ id: 'e' }),
    ];
    expect(sortArchivedLast(products).map((p) => p.id)).toEqual(['b', 'd', 'e', 'a', 'c']);
    expect(products.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('sellableStockLevel: never OK when nothing can be sold', () => {
  it.each([
    [{ inventory: 24, available: 0 }, 'CRITICAL'],
    [{ inventory: 24, available: 8 }, 'LOW'],
    [{ inventory: 24, available: 24 }, 'OK'],
    [{ inventory: 3, available: 3 }, 'CRITICAL'],
    [{ inventory: 24, available: -2 }, 'CRITICAL'],
  ] as const)('%j is %s', (stock, level) => {
    expect(sellableStockLevel(stock)).toBe(level);
  });
});
