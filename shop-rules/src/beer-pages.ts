import type { Product } from './catalog.types';

/** The longest slug a beer's address takes; longer names are cut at a word. */
export const MAX_SLUG_LENGTH = 60;

/**
 * The address part of a beer's page, from its name: lower case, accents dropped, every run of other
 * characters one hyphen ("Quokka Pale Ale" → `quokka-pale-ale`, "Ngulla Kölsch #2" → `ngulla-kolsch-2`).
 */
export function slugify(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (words.length <= MAX_SLUG_LENGTH) return words === '' ? 'beer' : words;
  const cut = words.slice(0, MAX_SLUG_LENGTH + 1);
  const lastHyphen = cut.lastIndexOf('-');
  return (lastHyphen > 0 ? cut.slice(0, lastHyphen) : words.slice(0, MAX_SLUG_LENGTH)).replace(/-+$/g, '');
}

/** A product's slug: the one the server gave it, or its name's for a product listed without one. */
export function productSlug(product: Pick<Product, 'name' | 'slug'>): string {
  return product.slug ?? slugify(product.name);
}

/** `/shop/<slug>`: the address of a beer's own page. */
export function beerPagePath(product: Pick<Product, 'name' | 'slug'>): string {
  return `/shop/${productSlug(product)}`;
}

/** A beer has its own page while it is on sale: published and not archived. */
export function hasBeerPage(product: Pick<Product, 'isActive' | 'archived'>): boolean {
  return product.isActive && !product.archived;
}

/** The live beer whose page `slug` names, or null (unknown, archived or a draft). */
export function findBeerBySlug<P extends Product>(products: readonly P[], slug: string): P | null {
  return products.find((product) => hasBeerPage(product) && productSlug(product) === slug) ?? null;
}

/** The cookie a visitor's "18 or older" answer is kept in, so that the server draws their pages without the age gate. */
export const AGE_COOKIE = 'age_verified';
