import type { CartLine, Product } from './catalog.types';

/** Test data: a live product with every pack enabled and priced; override what a case is about. */
export function aProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 'hazy-ipa',
    name: 'Hazy IPA',
    style: 'New England IPA',
    description: 'Soft, juicy and hazy.',
    abv: 6.2,
    beerType: 'New Beer',
    imageUrl: '/images/hazy-ipa.png',
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
