import { PACK_QUANTITY, type CartLine, type PackSize } from './catalog.types';
import { lineTotalCents } from './cart-lines';
import { centsToDollars } from './money';

const PACK_SIZE_LABELS: Readonly<Record<PackSize, string>> = {
  single: 'Single Can',
  '4pack': '4 Pack',
  '8pack': '8 Pack',
  '16pack': '16 Pack',
};

/** The product card's pack-size selector label. */
export function packSizeLabel(packSize: PackSize): string {
  return PACK_SIZE_LABELS[packSize];
}

/** '1 can', '12 cans'. */
export function cansCount(cans: number): string {
  return `${cans} ${cans === 1 ? 'can' : 'cans'}`;
}

/** '2 cans of Swan Pale, 1 can of Swan Stout': cans of named beers, in the order given. */
export function cansOfBeers(items: readonly { cans: number; name: string }[]): string {
  return items.map(({ cans, name }) => `${cansCount(cans)} of ${name}`).join(', ');
}

/**
 * The checkout summary's count, in the spec's words with the right number: 'N single cans' or
 * 'N M-packs (X cans)', and '1 single can', '1 4-pack (4 cans)' for one.
 */
export function quantityText(line: Pick<CartLine, 'quantity' | 'packSize'>): string {
  if (line.packSize === 'single') return `${line.quantity} single ${line.quantity === 1 ? 'can' : 'cans'}`;
  const size = PACK_QUANTITY[line.packSize];
  const packs = line.quantity / size;
  return `${packs} ${size}-${packs === 1 ? 'pack' : 'packs'} (${line.quantity} cans)`;
}

/** Dollars per can, to the cent, for 'Optimized pricing: $X per can'. */
export function perCanPrice(line: CartLine): number {
  return line.quantity <= 0 ? 0 : centsToDollars(Math.round(lineTotalCents(line) / line.quantity));
}

/**
 * The 'Added to Pack' toast: '{quantity} {name} ({can or N-pack}) added to your pack'. `quantity` on the
 * argument is in cans, as on every cart line; the toast counts what the customer picked on the stepper,
 * so "2 Hazy IPA (4-pack)" means two 4-packs, not two cans.
 */
export function addedToPackText(line: Pick<CartLine, 'quantity' | 'name' | 'packSize'>): string {
  const size = PACK_QUANTITY[line.packSize];
  const unit = line.packSize === 'single' ? 'can' : `${size}-pack`;
  return `${line.quantity / size} ${line.name} (${unit}) added to your pack`;
}
