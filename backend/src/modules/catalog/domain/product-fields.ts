import {
  BEER_TYPES,
  decimalString,
  hiddenCharacterIn,
  invisibleCharacterRule,
  InvalidAmountError,
  toCents,
  type BeerType,
} from '@brewery/shop-rules';
import { ProductErrors } from './product.errors';
import type { ProductFields } from './product.events';

export const MAX_ABV = 20;
/** The largest order the shop takes (the spec's biggest valid pack total). */
export const MAX_PER_ORDER = 192;

/**
 * The invariants every stored product meets, and its canonical form: trimmed text, prices as two-decimal
 * strings, an empty pack price as null. The HTTP edge validates first with friendlier messages; this is
 * the guarantee for every other caller (seed data, the stock e-mail, scripts).
 */
export function normalizeProductFields(fields: ProductFields): ProductFields {
  // Shown as typed in the shop, the admin and on invoices: nothing hidden, nothing that turns the text around.
  const text = (label: string, value: string, lines: 'one' | 'several' = 'one'): string => {
    const trimmed = value.trim();
    if (trimmed === '') throw ProductErrors.invalid(`${label} is required`);
    const hidden = hiddenCharacterIn(trimmed, lines);
    if (hidden?.kind === 'invisible') throw ProductErrors.invalid(`${label} ${invisibleCharacterRule(hidden.codePoint)}`);
    if (hidden !== null)
      throw ProductErrors.invalid(
        `${label} must be ${lines === 'one' ? 'one line of text, ' : 'text '}without control characters (${hidden.codePoint})`,
      );
    return trimmed;
  };
  if (!Number.isFinite(fields.abv) || fields.abv < 0 || fields.abv > MAX_ABV) {
    throw ProductErrors.invalid(`abv must be a number from 0 to ${MAX_ABV}`);
  }
  if (!Number.isSafeInteger(fields.inventory) || fields.inventory < 0) {
    throw ProductErrors.invalid('inventory must be a whole number of cans, 0 or more');
  }
  if (fields.beerType !== null && !(BEER_TYPES as readonly string[]).includes(fields.beerType)) {
    throw ProductErrors.invalid(`beerType must be one of ${BEER_TYPES.join(', ')} or none`);
  }
  const maxPerOrder = fields.maxPerOrder ?? null;
  if (maxPerOrder !== null && (!Number.isSafeInteger(maxPerOrder) || maxPerOrder < 1 || maxPerOrder > MAX_PER_ORDER)) {
    throw ProductErrors.invalid(`maxPerOrder must be a whole number of cans from 1 to ${MAX_PER_ORDER}, or empty for no limit`);
  }
  const releaseAt = fields.releaseAt;
  if (releaseAt !== undefined && releaseAt !== null && (typeof releaseAt !== 'string' || Number.isNaN(Date.parse(releaseAt))))
    throw ProductErrors.invalidReleaseAt();
  const membersFrom = fields.membersFrom;
  if (membersFrom !== undefined && membersFrom !== null) {
    if (typeof membersFrom !== 'string' || Number.isNaN(Date.parse(membersFrom))) throw ProductErrors.invalidMembersFrom();
    const release = releaseAt ?? null;
    if (release === null || Date.parse(membersFrom) >= Date.parse(release)) throw ProductErrors.invalidMembersFrom();
  }
  const price = positivePrice('price', fields.price);
  if (price === null) throw ProductErrors.invalid('price is required');
  return {
    name: text('name', fields.name),
    style: text('style', fields.style),
    description: text('description', fields.description, 'several'),
    abv: Math.round(fields.abv * 10) / 10,
    beerType: fields.beerType satisfies BeerType | null,
    imageUrl: text('imageUrl', fields.imageUrl),
    inventory: fields.inventory,
    isActive: fields.isActive,
    archived: fields.archived,
    price,
    price4Pack: positivePrice('price4Pack', fields.price4Pack),
    price8Pack: positivePrice('price8Pack', fields.price8Pack),
    price16Pack: positivePrice('price16Pack', fields.price16Pack),
    enable4Pack: fields.enable4Pack,
    enable8Pack: fields.enable8Pack,
    enable16Pack: fields.enable16Pack,
    maxPerOrder,
    // Absent: the form did not say (an older script), so the release stays as it is; null: none.
    ...(releaseAt === undefined ? {} : { releaseAt: releaseAt === null ? null : new Date(releaseAt).toISOString() }),
    ...(membersFrom === undefined ? {} : { membersFrom: membersFrom === null ? null : new Date(membersFrom).toISOString() }),
  };
}

// Money parsing is the shared rule's (toCents); a blank optional price means "no pack price".
function positivePrice(label: string, value: string | null): string | null {
  if (value === null || value.trim() === '') return null;
  let cents: number;
  try {
    cents = toCents(value);
  } catch (error) {
    if (error instanceof InvalidAmountError) throw ProductErrors.invalid(`${label} must be an amount in dollars such as 6.50`);
    throw error;
  }
  if (cents <= 0) throw ProductErrors.invalid(`${label} must be more than 0`);
  return decimalString(cents);
}
