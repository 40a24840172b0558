import { PACK_QUANTITY, type CartLine, type PackSize, type Product } from './catalog.types';
import { cartTotalCans, mergeLines } from './cart-lines';
import { centsToDollars, toCents } from './money';
import { isPackEnabled, packPriceCents, unitPriceCents } from './product-prices';

type MultiPackSize = Exclude<PackSize, 'single'>;
const PACKS_LARGEST_FIRST: readonly MultiPackSize[] = ['16pack', '8pack', '4pack'];

interface PackCount {
  packSize: PackSize;
  count: number;
}

/** Fills `cans` greedily with the given sizes in order; what does not fit is left as single cans. */
function splitGreedily(cans: number, sizes: readonly PackSize[]): { packs: PackCount[]; singles: number } {
  let remaining = cans;
  const packs: PackCount[] = [];
  for (const packSize of sizes) {
    const size = PACK_QUANTITY[packSize];
    const count = Math.floor(remaining / size);
    if (count > 0) packs.push({ packSize, count });
    remaining -= count * size;
  }
  return { packs, singles: remaining };
}

function packLine(template: CartLine, product: Product, { packSize, count }: PackCount): CartLine {
  const packQuantity = PACK_QUANTITY[packSize];
  const price = packSize === 'single' ? unitPriceCents(product, 'single') : unitPriceCents(product, packSize) * count;
  return {
    ...template,
    packSize,
    packQuantity,
    quantity: count * packQuantity,
    price: centsToDollars(price),
  };
}

/**
 * The cart's automatic repricing: a product with 4 or more single cans has them turned into its
 * enabled packs, 16s first, then 8s, then 4s, the rest left single. Packs are priced at the product's
 * pack price, or the single price times the size when the pack has none. Pack lines already in the cart
 * stay and absorb new packs of their size. Returns null when nothing changes, so a caller that reprices
 * on every cart change settles instead of looping.
 */
export function repriceSingles(lines: readonly CartLine[], products: readonly Product[]): CartLine[] | null {
  const byId = new Map(products.map((product) => [product.id, product]));
  const productIds = [...new Set(lines.filter((l) => l.packSize === 'single').map((l) => l.productId))];
  let result: CartLine[] = [...lines];
  let changed = false;
  for (const productId of productIds) {
    const product = byId.get(productId);
    if (product === undefined) continue;
    const singleLines = result.filter((l) => l.productId === productId && l.packSize === 'single');
    const singleCans = cartTotalCans(singleLines);
    const first = singleLines[0];
    if (first === undefined || singleCans < 4) continue;
    const enabled = PACKS_LARGEST_FIRST.filter((packSize) => isPackEnabled(product, packSize));
    const { packs, singles } = splitGreedily(singleCans, enabled);
    if (packs.length === 0) continue;
    changed = true;
    result = replaceSingles(result, first, product, packs, singles);
  }
  return changed ? result : null;
}

/** Swaps a product's single lines for packs: merged into existing pack lines, otherwise where the singles were. */
function replaceSingles(
  lines: readonly CartLine[],
  first: CartLine,
  product: Product,
  packs: readonly PackCount[],
  singles: number,
): CartLine[] {
  const ofProduct = (l: CartLine, packSize: PackSize): boolean => l.productId === first.productId && l.packSize === packSize;
  const merged = lines.map((l) => {
    const pack = packs.find((p) => ofProduct(l, p.packSize));
    return pack === undefined ? l : mergeLines(l, packLine(first, product, pack));
  });
  const inserted = packs.filter((pack) => !lines.some((l) => ofProduct(l, pack.packSize))).map((pack) => packLine(first, product, pack));
  // The cans left single keep the price the customer saw when adding them.
  if (singles > 0) inserted.push({ ...first, quantity: singles });
  const at = merged.findIndex((l) => ofProduct(l, 'single'));
  const after = merged.slice(at + 1).filter((l) => !ofProduct(l, 'single'));
  return [...merged.slice(0, at), ...inserted, ...after];
}

interface Tier {
  packSize: PackSize;
  cents: number;
}

/** Cheapest per can first; on a tie the larger pack, so the cart has fewer lines. */
function compareTiers(a: Tier, b: Tier): number {
  const sizeA = PACK_QUANTITY[a.packSize];
  const sizeB = PACK_QUANTITY[b.packSize];
  return a.cents * sizeB - b.cents * sizeA || sizeB - sizeA;
}

/** Single cans plus every enabled pack that has its own price. */
function tiersOf(product: Product): Tier[] {
  const tiers: Tier[] = [{ packSize: 'single', cents: toCents(product.price) }];
  for (const packSize of PACKS_LARGEST_FIRST) {
    const cents = packPriceCents(product, packSize);
    if (cents !== null && isPackEnabled(product, packSize)) tiers.push({ packSize, cents });
  }
  return tiers.sort(compareTiers);
}

/**
 * Regroups every line of each product by its cheapest per-can tier for the product's total, then the
 * next cheapest, singles last if they are dearest. Because 1, 4, 8 and 16 each divide the next, this
 * greedy fill is also the cheapest combination overall. Lines of products not in the list are kept.
 */
export function optimiseProductLines(lines: readonly CartLine[], products: readonly Product[]): CartLine[] {
  const byId = new Map(products.map((product) => [product.id, product]));
  const done = new Set<string>();
  const result: CartLine[] = [];
  for (const line of lines) {
    const product = byId.get(line.productId);
    if (product === undefined) {
      result.push(line);
      continue;
    }
    if (done.has(product.id)) continue;
    done.add(product.id);
    const total = cartTotalCans(lines.filter((l) => l.productId === product.id));
    const tiers = tiersOf(product);
    const { packs, singles } = splitGreedily(
      total,
      tiers.map((tier) => tier.packSize),
    );
    const regrouped = [...packs];
    if (singles > 0) regrouped.push({ packSize: 'single', count: singles });
    regrouped.sort((a, b) => PACK_QUANTITY[b.packSize] - PACK_QUANTITY[a.packSize]);
    for (const pack of regrouped) result.push(packLine(line, product, pack));
  }
  return result;
}
