import { aProduct } from './catalog.fixture';
import type { PackSize, Product } from './catalog.types';
import { addButtonLabel, isAddDisabled, isPackAvailable, maxPacksForStepper } from './pack-availability';
import { packPriceCents, unitPriceCents } from './product-prices';

describe('pack availability on a card', () => {
  it.each<[string, Partial<Product>, PackSize, boolean]>([
    ['a single with one can left', { inventory: 1 }, 'single', true],
    ['a single with no stock', { inventory: 0 }, 'single', false],
    ['a 4-pack with 4 cans', { inventory: 4 }, '4pack', true],
    ['a 4-pack with 3 cans', { inventory: 3 }, '4pack', false],
    ['an 8-pack with 8 cans', { inventory: 8 }, '8pack', true],
    ['an 8-pack with 7 cans', { inventory: 7 }, '8pack', false],
    ['a 16-pack with 16 cans', { inventory: 16 }, '16pack', true],
    ['a 16-pack with 15 cans', { inventory: 15 }, '16pack', false],
    ['a 4-pack without a price', { price4Pack: null }, '4pack', false],
    ['an 8-pack with an empty price', { price8Pack: '' }, '8pack', false],
    ['a 16-pack that is not enabled', { enable16Pack: false }, '16pack', false],
    ['a single when every pack is disabled', { enable4Pack: false, enable8Pack: false, enable16Pack: false }, 'single', true],
  ])('%s: available %p', (_case, overrides, packSize, expected) => {
    expect(isPackAvailable(aProduct(overrides), packSize)).toBe(expected);
  });
});

describe('maxPacksForStepper', () => {
  it.each<[number, PackSize, number]>([
    [0, 'single', 0],
    [-3, 'single', 0],
    [7, 'single', 7],
    [7, '4pack', 1],
    [15, '8pack', 1],
    [15, '16pack', 0],
    [33, '16pack', 2],
  ])('with %p cans in stock, a %p stepper goes up to %p', (inventory, packSize, max) => {
    expect(maxPacksForStepper(aProduct({ inventory }), packSize)).toBe(max);
  });
});

describe('addButtonLabel', () => {
  it.each<[string, Partial<Product>, PackSize, string]>([
    ['an available single', {}, 'single', 'Add to Pack'],
    ['an available 16-pack', {}, '16pack', 'Add to Pack'],
    ['an archived product', { archived: true }, 'single', 'Archived Product'],
    ['an archived product with no stock', { archived: true, inventory: 0 }, '4pack', 'Archived Product'],
    ['no stock', { inventory: 0 }, 'single', 'Out of Stock'],
    ['negative stock', { inventory: -2 }, '4pack', 'Out of Stock'],
    ['no stock and no pack price', { inventory: 0, price4Pack: null }, '4pack', 'Out of Stock'],
    ['too few cans for a 16-pack', { inventory: 10 }, '16pack', 'Pack Not Available'],
    ['a disabled 8-pack', { enable8Pack: false }, '8pack', 'Pack Not Available'],
    ['a 4-pack without price', { price4Pack: null }, '4pack', 'Pack Not Available'],
  ])('%s: %p', (_case, overrides, packSize, label) => {
    expect(addButtonLabel(aProduct(overrides), packSize)).toBe(label);
  });
});

describe('isAddDisabled', () => {
  it.each<[string, Partial<Product>, PackSize, number, boolean]>([
    ['one single in stock', {}, 'single', 1, false],
    ['two 4-packs of 100 cans', {}, '4pack', 2, false],
    ['a count of 0', {}, 'single', 0, true],
    ['a negative count', {}, 'single', -1, true],
    ['no stock', { inventory: 0 }, 'single', 1, true],
    ['an unavailable pack', { enable4Pack: false }, '4pack', 1, true],
    ['an archived product', { archived: true }, 'single', 1, true],
    ['more packs than the stock holds', { inventory: 20 }, '8pack', 3, true],
    ['as many packs as the stock holds', { inventory: 20 }, '8pack', 2, false],
  ])('%s: disabled %p', (_case, overrides, packSize, count, expected) => {
    expect(isAddDisabled(aProduct(overrides), packSize, count)).toBe(expected);
  });
});

describe('product prices', () => {
  it.each<[Partial<Product>, PackSize, number | null, number]>([
    [{}, 'single', 650, 650],
    [{}, '4pack', 2400, 2400],
    [{}, '8pack', 4600, 4600],
    [{}, '16pack', 8800, 8800],
    [{ price4Pack: null }, '4pack', null, 2600],
    [{ price8Pack: '' }, '8pack', null, 5200],
    [{ price: '5.25', price16Pack: null }, '16pack', null, 8400],
  ])('given %p, the %p price is %p and a cart unit costs %p', (overrides, packSize, own, unit) => {
    expect(packPriceCents(aProduct(overrides), packSize)).toBe(own);
    expect(unitPriceCents(aProduct(overrides), packSize)).toBe(unit);
  });
});
