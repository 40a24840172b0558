import { DELIVERY, type Product } from '@brewery/shop-rules';
import type { ProductSnapshot } from '../../catalog/domain/product-snapshot';
import { CheckoutMessages, priceCheckout, type CheckoutCartLine } from './checkout-pricing';

/** Monday 23 November 2026, 9 am in Perth. */
const NOW = new Date('2026-11-23T01:00:00.000Z');

function product(id: string, changes: Partial<Product> = {}): Product {
  return {
    id,
    name: `Beer ${id}`,
    style: 'Pale Ale',
    description: 'Hoppy',
    abv: 5.2,
    beerType: null,
    imageUrl: '/img.png',
    inventory: 100,
    isActive: true,
    archived: false,
    price: '6.00',
    price4Pack: '22.00',
    price8Pack: '42.00',
    price16Pack: '80.00',
    enable4Pack: true,
    enable8Pack: true,
    enable16Pack: true,
    maxPerOrder: null,
    ...changes,
  };
}

function snapshot(p: Product, available = p.inventory): ProductSnapshot {
  return { product: p, stock: p.inventory, reserved: p.inventory - available, available, reservations: [], revision: 0 };
}

const catalog = (...snapshots: ProductSnapshot[]) => new Map(snapshots.map((s) => [s.product.id, s]));
const perth = { state: 'WA' as const, postCode: '6000' };
const line = (productId: string, packSize: string, quantity: number, price: number | string): CheckoutCartLine => ({
  productId,
  packSize,
  packQuantity: { single: 1, '4pack': 4, '8pack': 8, '16pack': 16 }[packSize] ?? 1,
  quantity,
  price,
});

describe('priceCheckout', () => {
  it('prices every line from the product and computes shipping, GST and total itself', () => {
    const result = priceCheckout(
      [line('a', '4pack', 8, 44), line('b', 'single', 8, 6)],
      catalog(snapshot(product('a')), snapshot(product('b'))),
      perth,
      DELIVERY,
      NOW,
    );
    expect(result.summary.subtotalCents).toBe(4400 + 4800);
    expect(result.summary.shippingCents).toBe(1000);
    expect(result.summary.totalCents).toBe(10200);
    expect(result.summary.gstCents).toBe(927);
    expect(result.items.map((i) => [i.productName, i.packs, i.quantity, i.unitPriceCents, i.lineTotalCents])).toEqual([
      ['Beer a', 2, 8, 2200, 4400],
      ['Beer b', 8, 8, 600, 4800],
    ]);
    expect(result.reservations).toEqual([
      { productId: 'a', name: 'Beer a', quantity: 8 },
      { productId: 'b', name: 'Beer b', quantity: 8 },
    ]);
  });

  it('adds up one product across lines for its reservation', () => {
    const result = priceCheckout(
      [line('a', '4pack', 4, 22), line('a', 'single', 4, '6.00')],
      catalog(snapshot(product('a'))),
      perth,
      DELIVERY,
      NOW,
    );
    expect(result.reservations).toEqual([{ productId: 'a', name: 'Beer a', quantity: 8 }]);
  });

  it.each<[string, CheckoutCartLine[], Map<string, ProductSnapshot>, string]>([
    ['an empty cart', [], catalog(), CheckoutMessages.invalidPack],
    ['12 cans', [line('a', '4pack', 12, 66)], catalog(snapshot(product('a'))), CheckoutMessages.invalidPack],
    ['3 cans', [line('a', 'single', 3, 6)], catalog(snapshot(product('a'))), CheckoutMessages.invalidPack],
    ['an unknown product', [line('zz', 'single', 4, 6)], catalog(), CheckoutMessages.notFound('zz')],
    [
      'a product in draft',
      [line('a', 'single', 4, 6)],
      catalog(snapshot(product('a', { isActive: false }))),
      'Beer a is no longer available',
    ],
    [
      'a beer whose release time has not come',
      [line('a', 'single', 4, 6)],
      catalog(snapshot(product('a', { releaseAt: '2026-11-28T02:00:00.000Z' }))),
      CheckoutMessages.notReleased('Beer a', '2026-11-28T02:00:00.000Z'),
    ],
    [
      'an archived product',
      [line('a', 'single', 4, 6)],
      catalog(snapshot(product('a', { archived: true }))),
      'Beer a is no longer available',
    ],
    [
      'more cans than available',
      [line('a', 'single', 8, 6)],
      catalog(snapshot(product('a'), 5)),
      'Insufficient stock for Beer a. Available: 5, Requested: 8',
    ],
    [
      'more cans of a beer than its limit per order, across lines',
      [line('a', '4pack', 8, 44), line('a', 'single', 8, 6)],
      catalog(snapshot(product('a', { maxPerOrder: 8 }))),
      'Limit 8 per order for Beer a: your pack has 16.',
    ],
    [
      'cans all reserved (shown as 0)',
      [line('a', 'single', 4, 6)],
      catalog(snapshot(product('a'), -2)),
      'Insufficient stock for Beer a. Available: 0, Requested: 4',
    ],
    [
      'a pack whose flag is off',
      [line('a', '8pack', 8, 42)],
      catalog(snapshot(product('a', { enable8Pack: false }))),
      'Beer a is not sold as a 8 Pack',
    ],
    ['a forged single price', [line('a', 'single', 4, 1)], catalog(snapshot(product('a'))), CheckoutMessages.pricesChanged],
    ['a forged pack price', [line('a', '16pack', 16, 79.99)], catalog(snapshot(product('a'))), CheckoutMessages.pricesChanged],
    ['a pack priced per can', [line('a', '4pack', 8, 22)], catalog(snapshot(product('a'))), CheckoutMessages.pricesChanged],
    ['an unknown pack size', [line('a', '6pack', 6, 30)], catalog(snapshot(product('a'))), CheckoutMessages.badPackSize('6pack')],
    [
      'a packQuantity that does not match',
      [{ ...line('a', '4pack', 4, 22), packQuantity: 8 }],
      catalog(snapshot(product('a'))),
      CheckoutMessages.badPackQuantity('4pack'),
    ],
    ['part of a pack', [line('a', '4pack', 6, 22)], catalog(snapshot(product('a'))), 'quantity of a 4pack line'],
  ])('refuses %s', (_, cart, products, message) => {
    expect(() => priceCheckout(cart, products, perth, DELIVERY, NOW)).toThrow(message);
  });

  it('charges a pack without its own price at single price times size', () => {
    const result = priceCheckout(
      [line('a', '4pack', 4, 24)],
      catalog(snapshot(product('a', { price4Pack: null }))),
      { state: 'NSW', postCode: '2000' },
      DELIVERY,
      NOW,
    );
    expect(result.summary.subtotalCents).toBe(2400);
    expect(result.summary.shippingCents).toBe(1000);
  });
});
