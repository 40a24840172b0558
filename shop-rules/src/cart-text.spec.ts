import { aLine } from './catalog.fixture';
import type { PackSize } from './catalog.types';
import { addedToPackText, cansCount, cansOfBeers, packSizeLabel, perCanPrice, quantityText } from './cart-text';

describe('quantityText', () => {
  it.each<[PackSize, number, string]>([
    ['single', 1, '1 single can'],
    ['single', 3, '3 single cans'],
    ['4pack', 4, '1 4-pack (4 cans)'],
    ['4pack', 12, '3 4-packs (12 cans)'],
    ['8pack', 16, '2 8-packs (16 cans)'],
    ['16pack', 32, '2 16-packs (32 cans)'],
  ])('a %p line of %p cans reads %p', (packSize, quantity, text) => {
    expect(quantityText({ packSize, quantity })).toBe(text);
  });
});

describe('perCanPrice', () => {
  it.each([
    ['a single at $6.50', aLine(), 6.5],
    ['a 4-pack at $24', aLine({ packSize: '4pack', packQuantity: 4, quantity: 4, price: 24 }), 6],
    ['two 8-packs at $90', aLine({ packSize: '8pack', packQuantity: 8, quantity: 16, price: 90 }), 5.63],
    ['a 16-pack at $88', aLine({ packSize: '16pack', packQuantity: 16, quantity: 16, price: 88 }), 5.5],
  ])('%s costs $%p per can', (_case, line, price) => {
    expect(perCanPrice(line)).toBe(price);
  });
});

describe('addedToPackText', () => {
  it.each<[PackSize, number, string]>([
    ['single', 1, '1 Hazy IPA (can) added to your pack'],
    ['single', 3, '3 Hazy IPA (can) added to your pack'],
    ['4pack', 8, '2 Hazy IPA (4-pack) added to your pack'],
    ['8pack', 8, '1 Hazy IPA (8-pack) added to your pack'],
    ['16pack', 48, '3 Hazy IPA (16-pack) added to your pack'],
  ])('adding a %p line of %p cans says %p', (packSize, quantity, text) => {
    expect(addedToPackText({ name: 'Hazy IPA', packSize, quantity })).toBe(text);
  });
});

describe('packSizeLabel', () => {
  it.each<[PackSize, string]>([
    ['single', 'Single Can'],
    ['4pack', '4 Pack'],
    ['8pack', '8 Pack'],
    ['16pack', '16 Pack'],
  ])('%p is labelled %p', (packSize, label) => {
    expect(packSizeLabel(packSize)).toBe(label);
  });
});

describe('cans in words', () => {
  it.each([
    [1, '1 can'],
    [0, '0 cans'],
    [12, '12 cans'],
  ])('%d is "%s"', (cans, text) => {
    expect(cansCount(cans)).toBe(text);
  });

  it('names each beer with its cans, in the order given', () => {
    expect(
      cansOfBeers([
        { cans: 2, name: 'Swan Pale' },
        { cans: 1, name: 'Swan Stout' },
      ]),
    ).toBe('2 cans of Swan Pale, 1 can of Swan Stout');
    expect(cansOfBeers([])).toBe('');
  });
});
