import type { BeerType, Product } from '@brewery/shop-rules';

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
  imageUrl: string;
  enable4Pack: boolean;
  enable8Pack: boolean;
  enable16Pack: boolean;
  beerType: BeerType | typeof NO_BEER_TYPE;
  isActive: boolean;
  archived: boolean;
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
  imageUrl: string;
  enable4Pack: boolean;
  enable8Pack: boolean;
  enable16Pack: boolean;
  beerType: BeerType | null;
  isActive: boolean;
  archived: boolean;
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
  imageUrl: '',
  enable4Pack: false,
  enable8Pack: false,
  enable16Pack: false,
  beerType: NO_BEER_TYPE,
  isActive: true,
  archived: false,
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
    imageUrl: product.imageUrl,
    enable4Pack: product.enable4Pack,
    enable8Pack: product.enable8Pack,
    enable16Pack: product.enable16Pack,
    beerType: product.beerType ?? NO_BEER_TYPE,
    isActive: product.isActive,
    archived: product.archived,
  };
}

/** An empty pack price means "no pack price" and is sent as null, as the spec says. */
function optionalPrice(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

export function productRequestBody(values: ProductFormValues): ProductRequestBody {
  const inventory = values.inventory.trim();
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
    imageUrl: values.imageUrl.trim(),
    enable4Pack: values.enable4Pack,
    enable8Pack: values.enable8Pack,
    enable16Pack: values.enable16Pack,
    beerType: values.beerType === NO_BEER_TYPE ? null : values.beerType,
    isActive: values.isActive,
    archived: values.archived,
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
