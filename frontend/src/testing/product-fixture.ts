import type { Product } from '@brewery/shop-rules';

/** A product as the shop's API returns it; override what a test is about. */
export function productFixture(overrides: Partial<Product> = {}): Product {
  return {
    id: 'quokka-pale-ale',
    name: 'Quokka Pale Ale',
    style: 'Pale Ale',
    description: 'Bright and sunny, with Citra and Galaxy hops.',
    abv: 4.8,
    beerType: 'New Beer',
    imageUrl: '/cans/quokka-pale-ale.svg',
    inventory: 100,
    isActive: true,
    archived: false,
    price: '6.50',
    price4Pack: '24.00',
    price8Pack: '46.00',
    price16Pack: '88.00',
    enable4Pack: true,
    enable8Pack: true,
    enable16Pack: true,
    maxPerOrder: null,
    ...overrides,
  };
}
