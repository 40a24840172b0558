/** The spec's Product entity and cart line, shared by the browser and the server. */

export const BEER_TYPES = ['New Beer', 'New Batch', 'Limited Release', 'Collab Release'] as const;
export type BeerType = (typeof BEER_TYPES)[number];

export const PACK_SIZES = ['single', '4pack', '8pack', '16pack'] as const;
export type PackSize = (typeof PACK_SIZES)[number];
export type PackQuantity = 1 | 4 | 8 | 16;

export const PACK_QUANTITY: Readonly<Record<PackSize, PackQuantity>> = {
  single: 1,
  '4pack': 4,
  '8pack': 8,
  '16pack': 16,
};

export interface Product {
  id: string;
  name: string;
  style: string;
  description: string;
  /** Percent alcohol by volume, e.g. 5.2. */
  abv: number;
  beerType: BeerType | null;
  imageUrl: string;
  /**
   * Cans. On the shop's product list this is what a customer can buy now (stock less cans reserved by
   * pending checkouts); on the admin list it is the operator's stock figure.
   */
  inventory: number;
  isActive: boolean;
  archived: boolean;
  /** Single-can price, decimal string with 2 decimals ("6.50"). */
  price: string;
  price4Pack: string | null;
  price8Pack: string | null;
  price16Pack: string | null;
  enable4Pack: boolean;
  enable8Pack: boolean;
  enable16Pack: boolean;
  /** The most cans of this beer one order may hold (a limited release), or null for no limit. */
  maxPerOrder: number | null;
  /**
   * When the beer goes on sale (an instant, ISO-8601), for a scheduled release; null or absent: as soon as it is
   * live. Before it, the shop shows the beer with a countdown and no checkout may take it.
   */
  releaseAt?: string | null;
  /**
   * When club members may buy it, before `releaseAt` (an instant); null or absent: members wait for the release too.
   * Members check out with their member e-mail and the link of their club e-mails.
   */
  membersFrom?: string | null;
  /**
   * The beer's address in the shop, `/shop/<slug>`, from its name and unique among products. The server
   * always sends it; a product made by hand (a test, a stored cart) may leave it out.
   */
  slug?: string;
}

/**
 * A line of the cart. For a single line `price` is per can; for a pack line it is the total of the line.
 * `quantity` is always in cans.
 */
export interface CartLine {
  productId: string;
  name: string;
  price: number;
  quantity: number;
  packSize: PackSize;
  packQuantity: PackQuantity;
  imageUrl: string;
}

export const SHIPPING_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
export type ShippingState = (typeof SHIPPING_STATES)[number];

export interface ShippingResult {
  /** Dollars. */
  cost: number;
  estimatedDelivery: string;
  isPerthMetro: boolean;
}

export interface PackValidation {
  totalCans: number;
  isValid: boolean;
  /** Smallest valid total above the current one (above 192: rounded up to a multiple of 4). */
  nextTarget: number;
  /** Cans to add to reach nextTarget. */
  needed: number;
  /** Largest valid total below the current one, or 0 when there is none. */
  previousTarget: number;
  /** Cans to remove to reach previousTarget. */
  excess: number;
}

export interface CustomerInfo {
  name: string;
  email: string;
  phone: string;
  addressLine1: string;
  addressLine2?: string;
  suburb: string;
  postCode: string;
  state: string;
}
