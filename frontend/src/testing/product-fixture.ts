import { seedProduct, type Product } from '@brewery/shop-rules';

/**
 * A product as the shop's API returns it (the seed's Quokka Pale Ale, with the style, description, type and stock
 * the tests know it by); override what a test is about.
 */
export function productFixture(overrides: Partial<Product> = {}): Product {
  return {
    ...seedProduct('quokka-pale-ale'),
    id: 'quokka-pale-ale',
    style: 'Pale Ale',
    description: 'Bright and sunny, with Citra and Galaxy hops.',
    beerType: 'New Beer',
    inventory: 100,
    ...overrides,
  };
}
