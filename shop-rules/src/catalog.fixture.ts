import type { CartLine, Product } from './catalog.types';
import { seedProduct } from './seed-catalogue';

/**
 * Test data: a live product with every pack enabled and priced (the seed's Quokka Pale Ale, named and stocked as
 * the tests know it); override what a case is about.
 */
export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    ...seedProduct('quokka-pale-ale'),
    id: 'hazy-ipa',
    name: 'Hazy IPA',
    style: 'New England IPA',
    description: 'Soft, juicy and hazy.',
    abv: 6.2,
    beerType: 'New Beer',
    imageUrl: '/images/hazy-ipa.png',
    inventory: 100,
    ...overrides,
  };
}

/** Test data: a cart line of the fixture product. */
export function aLine(overrides: Partial<CartLine> = {}): CartLine {
  return {
    productId: 'hazy-ipa',
    name: 'Hazy IPA',
    price: 6.5,
    quantity: 1,
    packSize: 'single',
    packQuantity: 1,
    imageUrl: '/images/hazy-ipa.png',
    ...overrides,
  };
}
