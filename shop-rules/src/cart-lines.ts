import { PACK_QUANTITY, type CartLine, type PackSize, type Product } from './catalog.types';
import { centsToDollars, toCents } from './money';
import { unitPriceCents } from './product-prices';
import { InvalidQuantityError } from './shop-rule.error';

/**
 * Cart line arithmetic. Lines keep the spec's shape (dollars as numbers, quantity in cans; a single
 * line's price is per can, a pack line's price is the whole line), but every sum is taken in cents.
 */

export function lineTotalCents(line: CartLine): number {
  const priceCents = toCents(line.price);
  return line.packSize === 'single' ? priceCents * line.quantity : priceCents;
}

export function lineTotal(line: CartLine): number {
  return centsToDollars(lineTotalCents(line));
}

export function cartSubtotalCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
}

export function cartSubtotal(lines: readonly CartLine[]): number {
  return centsToDollars(cartSubtotalCents(lines));
}

export function cartTotalCans(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

function isSameLine(line: CartLine, productId: string, packSize: PackSize): boolean {
  return line.productId === productId && line.packSize === packSize;
}

/** Two lines of the same product and size become one; a pack line's price is the sum of what was added. */
export function mergeLines(existing: CartLine, added: CartLine): CartLine {
  const price = existing.packSize === 'single' ? existing.price : centsToDollars(toCents(existing.price) + toCents(added.price));
  return { ...existing, quantity: existing.quantity + added.quantity, price };
}

/** Adds a line, merging it into the line of the same product and size when there is one. */
export function addToCart(lines: readonly CartLine[], line: CartLine): CartLine[] {
  if (line.quantity <= 0) return [...lines];
  const index = lines.findIndex((l) => isSameLine(l, line.productId, line.packSize));
  if (index < 0) return [...lines, { ...line }];
  return lines.map((l, i) => (i === index ? mergeLines(l, line) : l));
}

/**
 * Sets a line's quantity in cans; 0 or less removes it. A pack line keeps its price per pack, so its
 * price scales with the number of packs.
 */
export function setLineQuantity(lines: readonly CartLine[], productId: string, packSize: PackSize, quantityInCans: number): CartLine[] {
  if (quantityInCans <= 0) return removeFromCart(lines, productId, packSize);
  assertWholePacks(quantityInCans, packSize);
  return lines.map((line) => {
    if (!isSameLine(line, productId, packSize)) return line;
    if (packSize === 'single') return { ...line, quantity: quantityInCans };
    const priceCents = Math.round((toCents(line.price) * quantityInCans) / line.quantity);
    return { ...line, quantity: quantityInCans, price: centsToDollars(priceCents) };
  });
}

/** Without a pack size every line of the product goes. */
export function removeFromCart(lines: readonly CartLine[], productId: string, packSize?: PackSize): CartLine[] {
  return lines.filter((line) => (packSize === undefined ? line.productId !== productId : !isSameLine(line, productId, packSize)));
}

/** Drops lines whose product is no longer in the shop's product list. */
export function removeUnavailableLines(
  lines: readonly CartLine[],
  products: readonly Pick<Product, 'id'>[],
): { lines: CartLine[]; removedCount: number } {
  const known = new Set(products.map((product) => product.id));
  const kept = lines.filter((line) => known.has(line.productId));
  return { lines: kept, removedCount: lines.length - kept.length };
}

function assertWholePacks(quantityInCans: number, packSize: PackSize): void {
  const size = PACK_QUANTITY[packSize];
  if (!Number.isSafeInteger(quantityInCans) || quantityInCans % size !== 0) {
    throw new InvalidQuantityError(`${quantityInCans} cans is not a whole number of ${packSize} packs`);
  }
}

/**
 * The line a product card adds: `packs` is the stepper's count (cans for single). A pack without its
 * own price costs the single price times its size, as everywhere else.
 */
export function cartLineFromProduct(product: Product, packSize: PackSize, packs: number): CartLine {
  if (!Number.isSafeInteger(packs) || packs <= 0) {
    throw new InvalidQuantityError(`Invalid number of packs: ${packs}`);
  }
  const packQuantity = PACK_QUANTITY[packSize];
  const unitCents = unitPriceCents(product, packSize);
  return {
    productId: product.id,
    name: product.name,
    price: centsToDollars(packSize === 'single' ? unitCents : unitCents * packs),
    quantity: packs * packQuantity,
    packSize,
    packQuantity,
    imageUrl: product.imageUrl,
  };
}
