import { DomainError } from '../../../shared-kernel/domain-error';
import { normalizeProductFields } from './product-fields';
import type { ProductFields } from './product.events';

const fields: ProductFields = {
  name: 'Quokka Pale Ale',
  style: 'Australian Pale Ale',
  description: 'Galaxy and Ella hops.\nPassionfruit and stone fruit.',
  abv: 4.8,
  beerType: null,
  imageUrl: '/cans/quokka.svg',
  inventory: 240,
  isActive: true,
  archived: false,
  price: '6.50',
  price4Pack: null,
  price8Pack: null,
  price16Pack: null,
  enable4Pack: false,
  enable8Pack: false,
  enable16Pack: false,
  maxPerOrder: null,
};

function refusal(changes: Partial<ProductFields>): DomainError {
  try {
    normalizeProductFields({ ...fields, ...changes });
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(changes)} was taken`);
}

describe('normalizeProductFields: the text a beer is shown with', () => {
  it.each<[string, Partial<ProductFields>, string]>([
    [
      'a right-to-left override in the name',
      { name: 'Quokka \u202eelA elaP' },
      'name must not hold invisible or text-direction characters (U+202E)',
    ],
    [
      'an isolate in the name',
      { name: '\u2066Quokka\u2069 Pale Ale' },
      'name must not hold invisible or text-direction characters (U+2066)',
    ],
    [
      'a zero-width space in the name',
      { name: 'Quokka\u200bPale Ale' },
      'name must not hold invisible or text-direction characters (U+200B)',
    ],
    ['a byte-order mark in the style', { style: 'Pale\ufeff Ale' }, 'style must not hold invisible or text-direction characters (U+FEFF)'],
    ['a word joiner in the style', { style: 'Pale\u2060Ale' }, 'style must not hold invisible or text-direction characters (U+2060)'],
    [
      'a left-to-right embedding in the description',
      { description: 'Hops \u202afrom Tasmania' },
      'description must not hold invisible or text-direction characters (U+202A)',
    ],
    ['a line break in the name', { name: 'Quokka\nPale Ale' }, 'name must be one line of text, without control characters (U+000A)'],
    ['an escape in the description', { description: 'Hops\u001b[31m' }, 'description must be text without control characters (U+001B)'],
  ])('refuses %s', (_, changes, message) => {
    expect(refusal(changes)).toMatchObject({ code: 'invalid_product', kind: 'validation', message });
  });

  it('keeps a description of several lines, and names beyond ASCII', () => {
    const normalized = normalizeProductFields({ ...fields, name: 'Māori Lager 🍺', description: 'Line one.\r\n\tLine two.' });
    expect([normalized.name, normalized.description]).toEqual(['Māori Lager 🍺', 'Line one.\r\n\tLine two.']);
  });
});
