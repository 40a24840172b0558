import { DISCOUNT_KINDS, normaliseDiscountCode, type CreateDiscountCodeRequest, type DiscountOffer } from '@brewery/shop-rules';
import { DiscountErrors } from './discount-code.errors';
import type { DiscountCodeDefinition } from './discount-code.events';

/** Most cans a code may ask for (a pallet), and most uses (a number nobody reaches by accident). */
export const MAX_MIN_CANS = 1_000;
export const MAX_USES = 1_000_000;
/** Most dollars a code may take off. */
export const MAX_AMOUNT_CENTS = 100_000;

/** An ISO 8601 date and time, with its offset or Z ("2026-12-01T00:00:00+08:00"). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

function instant(field: 'startsAt' | 'endsAt', value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const parsed = typeof value === 'string' && ISO_INSTANT.test(value) ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(parsed)) {
    throw DiscountErrors.invalidDefinition(
      field,
      `${field} must be a date and time with its offset (ISO 8601, e.g. 2026-12-01T00:00:00+08:00)`,
    );
  }
  return new Date(parsed).toISOString();
}

function positiveWhole(field: 'minCans' | 'maxUses', value: unknown, max: number): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > max) {
    throw DiscountErrors.invalidDefinition(field, `${field} must be a whole number from 1 to ${max}`);
  }
  return value;
}

function offerOf(kind: unknown, value: unknown): DiscountOffer {
  if (!(DISCOUNT_KINDS as readonly unknown[]).includes(kind)) {
    throw DiscountErrors.invalidDefinition('kind', `kind must be one of ${DISCOUNT_KINDS.join(', ')}`);
  }
  if (kind === 'free_shipping') {
    if (value !== undefined && value !== null) throw DiscountErrors.invalidDefinition('value', 'A free-shipping code takes no value');
    return { kind: 'free_shipping' };
  }
  if (kind === 'percent') {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 100) {
      throw DiscountErrors.invalidDefinition('value', 'value must be a whole percentage from 1 to 100');
    }
    return { kind: 'percent', percent: value };
  }
  // Whole cents only: 5, 5.5 and 5.55 are dollars off; 5.555 is not.
  const cents = typeof value === 'number' && Number.isFinite(value) ? Number((value * 100).toFixed(6)) : Number.NaN;
  if (!Number.isInteger(cents) || cents < 1 || cents > MAX_AMOUNT_CENTS) {
    throw DiscountErrors.invalidDefinition('value', `value must be dollars off, from 0.01 to ${MAX_AMOUNT_CENTS / 100}, in whole cents`);
  }
  return { kind: 'amount', amountCents: cents };
}

/** The operator's request as a code's definition, or the first field that is wrong (400, naming it). */
export function definitionFrom(request: CreateDiscountCodeRequest): DiscountCodeDefinition {
  const code = normaliseDiscountCode(request.code);
  if (code === null) throw DiscountErrors.malformed();
  const offer = offerOf(request.kind, request.value);
  const startsAt = instant('startsAt', request.startsAt);
  const endsAt = instant('endsAt', request.endsAt);
  if (startsAt !== null && endsAt !== null && endsAt <= startsAt) {
    throw DiscountErrors.invalidDefinition('endsAt', 'endsAt must come after startsAt');
  }
  if (request.onePerCustomer !== undefined && typeof request.onePerCustomer !== 'boolean') {
    throw DiscountErrors.invalidDefinition('onePerCustomer', 'onePerCustomer must be true or false');
  }
  let productIds: string[] | null = null;
  if (request.productIds !== undefined && request.productIds !== null) {
    const ids = request.productIds;
    if (
      !Array.isArray(ids) ||
      ids.length === 0 ||
      ids.length > 200 ||
      ids.some((id) => typeof id !== 'string' || id.trim() === '' || id.length > 200)
    ) {
      throw DiscountErrors.invalidDefinition('productIds', 'productIds must list one or more beers (leave it out for every beer)');
    }
    productIds = [...new Set(ids)];
  }
  return {
    code,
    offer,
    minCans: positiveWhole('minCans', request.minCans, MAX_MIN_CANS),
    maxUses: positiveWhole('maxUses', request.maxUses, MAX_USES),
    onePerCustomer: request.onePerCustomer === true,
    startsAt,
    endsAt,
    productIds,
  };
}
