import fc from 'fast-check';
import { aLine, aProduct } from './catalog.fixture';
import { PACK_QUANTITY, type CartLine, type PackSize, type Product } from './catalog.types';
import { cartSubtotal, cartTotalCans } from './cart-lines';
import { optimiseProductLines, repriceSingles } from './cart-repricing';

const singles = (quantity: number, overrides: Partial<CartLine> = {}) => aLine({ quantity, ...overrides });
const packs = (packSize: PackSize, count: number, price: number, overrides: Partial<CartLine> = {}) =>
  aLine({
    packSize,
    packQuantity: PACK_QUANTITY[packSize],
    quantity: count * PACK_QUANTITY[packSize],
    price,
    ...overrides,
  });

/** Summarises lines as "size x cans @ price" so a table reads like the cart. */
const shape = (lines: readonly CartLine[] | null) => lines?.map((l) => `${l.productId} ${l.packSize} x${l.quantity} $${l.price}`) ?? null;

describe('repriceSingles', () => {
  it.each<[string, Partial<Product>, CartLine[], string[] | null]>([
    ['3 singles stay single', {}, [singles(3)], null],
    ['4 singles become a 4-pack', {}, [singles(4)], ['hazy-ipa 4pack x4 $24']],
    ['5 singles become one 4-pack and 1 single', {}, [singles(5)], ['hazy-ipa 4pack x4 $24', 'hazy-ipa single x1 $6.5']],
    ['21 singles become 16 + 4 + 1', {}, [singles(21)], ['hazy-ipa 16pack x16 $88', 'hazy-ipa 4pack x4 $24', 'hazy-ipa single x1 $6.5']],
    ['28 singles become 16 + 8 + 4', {}, [singles(28)], ['hazy-ipa 16pack x16 $88', 'hazy-ipa 8pack x8 $46', 'hazy-ipa 4pack x4 $24']],
    ['a disabled 4-pack is skipped: 5 singles stay', { enable4Pack: false }, [singles(5)], null],
    [
      'a disabled 16-pack is skipped: 20 singles become 8 + 8 + 4',
      { enable16Pack: false },
      [singles(20)],
      ['hazy-ipa 8pack x16 $92', 'hazy-ipa 4pack x4 $24'],
    ],
    [
      'only 4-packs enabled: 13 singles become three 4-packs and 1 single',
      { enable8Pack: false, enable16Pack: false },
      [singles(13)],
      ['hazy-ipa 4pack x12 $72', 'hazy-ipa single x1 $6.5'],
    ],
    [
      'a pack without its own price costs the single price times its size',
      { price4Pack: null },
      [singles(6)],
      ['hazy-ipa 4pack x4 $26', 'hazy-ipa single x2 $6.5'],
    ],
    ['an existing 4-pack line is kept and absorbs the new 4-pack', {}, [packs('4pack', 1, 24), singles(4)], ['hazy-ipa 4pack x8 $48']],
    ['an existing pack line alone does not count towards 4 singles', {}, [packs('4pack', 1, 24), singles(3)], null],
  ])('%s', (_case, overrides, cart, expected) => {
    expect(shape(repriceSingles(cart, [aProduct(overrides)]))).toEqual(expected);
  });

  it('given several products, reprices each one with its own prices and keeps the others in place', () => {
    const stout = aProduct({ id: 'stout', name: 'Stout', price: '7.00', price4Pack: '26.00' });
    const cart = [singles(2, { productId: 'lager' }), singles(5), singles(9, { productId: 'stout', name: 'Stout', price: 7 })];
    expect(shape(repriceSingles(cart, [aProduct(), stout, aProduct({ id: 'lager' })]))).toEqual([
      'lager single x2 $6.5',
      'hazy-ipa 4pack x4 $24',
      'hazy-ipa single x1 $6.5',
      'stout 8pack x8 $46',
      'stout single x1 $7',
    ]);
  });

  it('given a product that is not in the list, leaves its singles alone', () => {
    expect(repriceSingles([singles(8, { productId: 'gone' })], [aProduct()])).toBeNull();
  });

  it('given a cart without single lines, changes nothing', () => {
    expect(repriceSingles([packs('16pack', 2, 176)], [aProduct()])).toBeNull();
  });

  it('given any cart, repricing keeps every can and settles after one pass', () => {
    const size = fc.constantFrom<PackSize>('single', '4pack', '8pack', '16pack');
    const line = fc.record({
      id: fc.constantFrom('a', 'b'),
      packSize: size,
      units: fc.integer({ min: 1, max: 12 }),
    });
    const product = (id: string) =>
      fc
        .record({ enable4Pack: fc.boolean(), enable8Pack: fc.boolean(), enable16Pack: fc.boolean() })
        .map((flags) => aProduct({ id, ...flags }));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), product('a'), product('b'), (specs, a, b) => {
        const cart = specs.reduce<CartLine[]>((acc, s) => {
          if (acc.some((l) => l.productId === s.id && l.packSize === s.packSize)) return acc;
          const price = s.packSize === 'single' ? 6.5 : 6.5 * PACK_QUANTITY[s.packSize] * s.units;
          return [...acc, packs(s.packSize, s.units, price, { productId: s.id })];
        }, []);
        const once = repriceSingles(cart, [a, b]);
        if (once === null) return;
        for (const id of ['a', 'b']) {
          const cans = (lines: CartLine[]) => cartTotalCans(lines.filter((l) => l.productId === id));
          expect(cans(once)).toBe(cans(cart));
        }
        expect(repriceSingles(once, [a, b])).toBeNull();
      }),
    );
  });
});

describe('optimiseProductLines', () => {
  it.each<[string, Partial<Product>, CartLine[], string[]]>([
    [
      'two 4-packs and 9 singles regroup as a 16-pack and a single',
      {},
      [packs('4pack', 2, 48), singles(9)],
      ['hazy-ipa 16pack x16 $88', 'hazy-ipa single x1 $6.5'],
    ],
    ['28 cans as 16 + 8 + 4', {}, [singles(28)], ['hazy-ipa 16pack x16 $88', 'hazy-ipa 8pack x8 $46', 'hazy-ipa 4pack x4 $24']],
    [
      'when 4-packs are cheapest per can, 16 cans become four 4-packs',
      { price4Pack: '20.00' },
      [packs('16pack', 1, 88)],
      ['hazy-ipa 4pack x16 $80'],
    ],
    [
      'when singles are cheapest, everything becomes singles',
      { price: '5.00' },
      [packs('8pack', 1, 46), singles(3)],
      ['hazy-ipa single x11 $5'],
    ],
    ['a disabled pack is not used', { enable16Pack: false }, [singles(16)], ['hazy-ipa 8pack x16 $92']],
    [
      'a pack without its own price is not a tier',
      { price16Pack: null, price8Pack: null },
      [singles(17)],
      ['hazy-ipa 4pack x16 $96', 'hazy-ipa single x1 $6.5'],
    ],
  ])('%s', (_case, overrides, cart, expected) => {
    expect(shape(optimiseProductLines(cart, [aProduct(overrides)]))).toEqual(expected);
  });

  it('given lines of a product that is not in the list, keeps them as they are', () => {
    const cart = [singles(5, { productId: 'gone' }), singles(4)];
    expect(shape(optimiseProductLines(cart, [aProduct()]))).toEqual(['gone single x5 $6.5', 'hazy-ipa 4pack x4 $24']);
  });

  /** The cheapest way to buy exactly n cans from the tiers, by dynamic programming over every count. */
  function cheapestCents(n: number, product: Product): number {
    const tiers: [number, number][] = [[1, Math.round(Number(product.price) * 100)]];
    const own: [PackSize, string | null, boolean][] = [
      ['4pack', product.price4Pack, product.enable4Pack],
      ['8pack', product.price8Pack, product.enable8Pack],
      ['16pack', product.price16Pack, product.enable16Pack],
    ];
    for (const [size, price, enabled] of own) {
      if (price !== null && enabled) tiers.push([PACK_QUANTITY[size], Math.round(Number(price) * 100)]);
    }
    const best = [0];
    for (let cans = 1; cans <= n; cans += 1) {
      best[cans] = Math.min(...tiers.filter(([size]) => size <= cans).map(([size, cents]) => (best[cans - size] ?? 0) + cents));
    }
    return best[n] ?? 0;
  }

  it('given any prices and flags, the regrouped lines cost the least possible for the same cans', () => {
    const price = fc.integer({ min: 100, max: 2000 }).map((cents) => (cents / 100).toFixed(2));
    const optional = fc.option(fc.integer({ min: 300, max: 40000 }).map((cents) => (cents / 100).toFixed(2)));
    const product = fc
      .record({
        price,
        price4Pack: optional,
        price8Pack: optional,
        price16Pack: optional,
        enable4Pack: fc.boolean(),
        enable8Pack: fc.boolean(),
        enable16Pack: fc.boolean(),
      })
      .map((fields) => aProduct(fields));
    fc.assert(
      fc.property(product, fc.integer({ min: 1, max: 120 }), (p, cans) => {
        const optimised = optimiseProductLines([singles(cans)], [p]);
        expect(cartTotalCans(optimised)).toBe(cans);
        expect(Math.round(cartSubtotal(optimised) * 100)).toBe(cheapestCents(cans, p));
      }),
      { numRuns: 500 },
    );
  });
});
