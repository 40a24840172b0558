import { beerPagePath, findBeerBySlug, hasBeerPage, slugify } from './beer-pages';
import type { Product } from './catalog.types';

describe('beer page slugs', () => {
  it.each([
    ['Quokka Pale Ale', 'quokka-pale-ale'],
    ['  Ngulla Kölsch #2 ', 'ngulla-kolsch-2'],
    ['Salt & Vinegar Gose', 'salt-and-vinegar-gose'],
    ['Crème Brûlée Stout', 'creme-brulee-stout'],
    ['!!!', 'beer'],
    ['啤酒', 'beer'],
    ['A'.repeat(70), 'a'.repeat(60)],
    [
      'The Very Long Name Of A Special Release Imperial Stout Aged In Barrels',
      'the-very-long-name-of-a-special-release-imperial-stout-aged',
    ],
  ])('%j → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  const product = (fields: Partial<Product>): Product =>
    ({ id: 'p', name: 'Quokka Pale Ale', isActive: true, archived: false, ...fields }) as Product;

  it('a product listed with a slug uses it; one without takes its name’s', () => {
    expect(beerPagePath(product({ slug: 'quokka-pale-ale-2' }))).toBe('/shop/quokka-pale-ale-2');
    expect(beerPagePath(product({}))).toBe('/shop/quokka-pale-ale');
  });

  it.each([
    [{ isActive: true, archived: false }, true],
    [{ isActive: false, archived: false }, false],
    [{ isActive: true, archived: true }, false],
  ])('%j has a page: %s', (fields, expected) => {
    expect(hasBeerPage(product(fields))).toBe(expected);
  });

  it('finds the live beer of a slug, and nothing for an archived one', () => {
    const live = product({ id: 'a', slug: 'quokka-pale-ale' });
    const archived = product({ id: 'b', slug: 'old-ale', archived: true });
    expect(findBeerBySlug([live, archived], 'quokka-pale-ale')).toBe(live);
    expect(findBeerBySlug([live, archived], 'old-ale')).toBeNull();
    expect(findBeerBySlug([live, archived], 'nope')).toBeNull();
  });
});
