import type { BeerType, Product } from '@brewery/shop-rules';
import { instantToPerthLocal, perthLocalToInstant } from '@brewery/shop-rules';

/** The Add Product / edit form as typed: numbers stay text until sent, so "6.50" keeps its cents. */
export interface ProductFormValues {
  name: string;
  style: string;
  description: string;
  abv: string;
  price: string;
  price4Pack: string;
  price8Pack: string;
  price16Pack: string;
  inventory: string;
  /** Whole cans from 1 to 192; empty for no limit. */
  maxPerOrder: string;
  imageUrl: string;
  enable4Pack: boolean;
  enable8Pack: boolean;
  enable16Pack: boolean;
  beerType: BeerType | typeof NO_BEER_TYPE;
  isActive: boolean;
  archived: boolean;
  /** When it goes on sale, in Perth as typed (`YYYY-MM-DDTHH:mm`); empty for as soon as it is live. */
  releaseAt: string;
  /** When beer club members may buy it, before the release, in Perth as typed; empty for no early access. */
  membersFrom: string;
}

/** What `POST /api/admin/products` and a full `PUT` take (spec section 5, Admin product form). */
export interface ProductRequestBody {
  name: string;
  style: string;
  description: string;
  abv: number;
  price: string;
  price4Pack: string | null;
  price8Pack: string | null;
  price16Pack: string | null;
  inventory: number;
  /** The most cans of this beer one order may hold; null for no limit. */
  maxPerOrder: number | null;
  imageUrl: string;
  enable4Pack: boolean;
  enable8Pack: boolean;
  enable16Pack: boolean;
  beerType: BeerType | null;
  isActive: boolean;
  archived: boolean;
  /** The release instant (ISO-8601, UTC), or null for none: a release set before is taken away. */
  releaseAt: string | null;
  /** Club members' early access (an instant before `releaseAt`), or null for none; always null without a release. */
  membersFrom: string | null;
}

export const NO_BEER_TYPE = 'none';

/** The spec's defaults: inventory 0, live in the shop, not archived, no beer type, packs off. */
export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  style: '',
  description: '',
  abv: '',
  price: '',
  price4Pack: '',
  price8Pack: '',
  price16Pack: '',
  inventory: '0',
  maxPerOrder: '',
  imageUrl: '',
  enable4Pack: false,
  enable8Pack: false,
  enable16Pack: false,
  beerType: NO_BEER_TYPE,
  isActive: true,
  archived: false,
  releaseAt: '',
  membersFrom: '',
};

export function productFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    style: product.style,
    description: product.description,
    abv: String(product.abv),
    price: product.price,
    price4Pack: product.price4Pack ?? '',
    price8Pack: product.price8Pack ?? '',
    price16Pack: product.price16Pack ?? '',
    inventory: String(product.inventory),
    // A product saved before limits existed may come without the field.
    maxPerOrder: typeof product.maxPerOrder === 'number' ? String(product.maxPerOrder) : '',
    imageUrl: product.imageUrl,
    enable4Pack: product.enable4Pack,
    enable8Pack: product.enable8Pack,
    enable16Pack: product.enable16Pack,
    beerType: product.beerType ?? NO_BEER_TYPE,
    isActive: product.isActive,
    archived: product.archived,
    releaseAt: typeof product.releaseAt === 'string' ? instantToPerthLocal(product.releaseAt) : '',
    membersFrom: typeof product.membersFrom === 'string' ? instantToPerthLocal(product.membersFrom) : '',
  };
}

/** An empty pack price means "no pack price" and is sent as null, as the spec says. */
function optionalPrice(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/** The largest limit the form takes: the biggest valid pack total, as the server checks it. */
export const MAX_LIMIT_PER_ORDER = 192;

export const LIMIT_PER_ORDER_MESSAGE = `Limit per order must be a whole number of cans from 1 to ${MAX_LIMIT_PER_ORDER}, or empty for no limit`;

/** Null when the limit field is acceptable (empty, or a whole number from 1 to 192); otherwise what is wrong. */
export function limitPerOrderError(text: string | undefined): string | null {
  const value = (text ?? '').trim();
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return LIMIT_PER_ORDER_MESSAGE;
  const cans = Number(value);
  return cans >= 1 && cans <= MAX_LIMIT_PER_ORDER ? null : LIMIT_PER_ORDER_MESSAGE;
}

export const RELEASE_AT_MESSAGE = 'Release at must be a date and a time, or empty to sell it as soon as it is live';

/** Null when the release field is acceptable (empty, or a Perth date and time); otherwise what is wrong. */
export function releaseAtError(text: string | undefined): string | null {
  const value = (text ?? '').trim();
  return value === '' || perthLocalToInstant(value) !== null ? null : RELEASE_AT_MESSAGE;
}

export const MEMBERS_FROM_MESSAGE = 'Club members from must be a date and a time, or empty for no early access';
export const MEMBERS_FROM_AFTER_RELEASE_MESSAGE = 'Club members from must be before the release, or empty for no early access';

/**
 * Null when the early access field is acceptable: empty, or a Perth date and time before the release. Without a
 * release (or with one not yet a date and time) it is not sent, so it is not checked either.
 */
export function membersFromError(text: string | undefined, releaseAtText: string | undefined): string | null {
  const value = (text ?? '').trim();
  const release = perthLocalToInstant((releaseAtText ?? '').trim());
  if (value === '' || release === null) return null;
  const from = perthLocalToInstant(value);
  if (from === null) return MEMBERS_FROM_MESSAGE;
  return Date.parse(from) < Date.parse(release) ? null : MEMBERS_FROM_AFTER_RELEASE_MESSAGE;
}

export function productRequestBody(values: ProductFormValues): ProductRequestBody {
  const inventory = values.inventory.trim();
  const maxPerOrder = values.maxPerOrder.trim();
  const releaseAt = perthLocalToInstant(values.releaseAt.trim());
  return {
    name: values.name.trim(),
    style: values.style.trim(),
    description: values.description.trim(),
    abv: Number(values.abv),
    price: values.price.trim(),
    price4Pack: optionalPrice(values.price4Pack),
    price8Pack: optionalPrice(values.price8Pack),
    price16Pack: optionalPrice(values.price16Pack),
    inventory: inventory === '' ? 0 : Number(inventory),
    maxPerOrder: maxPerOrder === '' ? null : Number(maxPerOrder),
    imageUrl: values.imageUrl.trim(),
    enable4Pack: values.enable4Pack,
    enable8Pack: values.enable8Pack,
    enable16Pack: values.enable16Pack,
    beerType: values.beerType === NO_BEER_TYPE ? null : values.beerType,
    isActive: values.isActive,
    archived: values.archived,
    // The form shows Perth time whatever the browser's zone; the server takes an instant.
    releaseAt,
    // Early access comes before a release: with none, there is none (the field is disabled then).
    membersFrom: releaseAt === null ? null : perthLocalToInstant((values.membersFrom ?? '').trim()),
  };
}

/**
 * The image is an http(s) URL or a path on this site (`/cans/x.svg`), as the server accepts; "//host"
 * would be another site without a scheme.
 */
export function isImageUrl(text: string): boolean {
  const value = text.trim();
  if (value.startsWith('/')) return !value.startsWith('//') && !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
