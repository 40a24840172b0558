import { formatCents } from './money';

/**
 * Discount codes: what a code is, and what it takes off an order. Every figure is in integer cents, and there is
 * one rounding rule: a percentage is taken to the nearest cent, half a cent up (`roundedShareCents`), once per
 * order; the GST is then one eleventh of what is charged, to the nearest cent (`gstIncludedCents`).
 */

export const DISCOUNT_KINDS = ['percent', 'amount', 'free_shipping'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** 3-32 letters, digits and dashes, with at least one letter or digit; compared without case (kept in capitals). */
export const DISCOUNT_CODE_PATTERN = /^(?=.*[A-Za-z0-9])[A-Za-z0-9-]{3,32}$/;

/** The code as the shop keeps and compares it (capitals), or null when it is not a code's shape. */
export function normaliseDiscountCode(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const trimmed = raw.trim();
  return DISCOUNT_CODE_PATTERN.test(trimmed) ? trimmed.toUpperCase() : null;
}

/** What a code takes off: a percentage of the beers (1-100), dollars off the beers (in cents), or the shipping. */
export type DiscountOffer = { kind: 'percent'; percent: number } | { kind: 'amount'; amountCents: number } | { kind: 'free_shipping' };

/** The terms a code's discount is priced on. `productIds` null: every beer of the order counts. */
export interface DiscountTerms {
  code: string;
  offer: DiscountOffer;
  productIds: readonly string[] | null;
}

/** An order line as the discount sees it. */
export interface DiscountableLine {
  productId: string;
  lineTotalCents: number;
}

/** What the discount took off an order: kept on the order as it was priced. */
export interface AppliedDiscount {
  code: string;
  kind: DiscountKind;
  /** Cents taken off the order's GST-inclusive total. */
  cents: number;
  /** The code's offer in words ("10% off", "$5.00 off", "Free shipping"). */
  description: string;
  /** The beers it applied to (absent or null: every beer of the order). */
  productIds?: readonly string[] | null;
}

/**
 * Each line at what was paid for it: a percentage or an amount off is shared over the lines it applied to in
 * proportion to their price (each share rounded down to the cent, what is left over taken off the last of them), so
 * the lines add up to exactly what was paid for the beers, and cans sent back are refunded at what they cost the
 * customer. Free shipping leaves the lines as they are.
 */
export function linesAsPaid<L extends DiscountableLine>(lines: readonly L[], discount: AppliedDiscount | null | undefined): L[] {
  if (discount === null || discount === undefined || discount.kind === 'free_shipping' || discount.cents <= 0) return [...lines];
  const productIds = discount.productIds ?? null;
  const applies = (line: L): boolean => productIds === null || productIds.includes(line.productId);
  const eligible = lines.filter(applies).reduce((sum, line) => sum + line.lineTotalCents, 0);
  if (eligible <= 0) return [...lines];
  const off = Math.min(discount.cents, eligible);
  const lastIndex = lines.reduce((last, line, index) => (applies(line) ? index : last), -1);
  let shared = 0;
  return lines.map((line, index) => {
    if (!applies(line)) return line;
    const share = index === lastIndex ? off - shared : Math.floor((off * line.lineTotalCents) / eligible);
    shared += share;
    return { ...line, lineTotalCents: line.lineTotalCents - share };
  });
}

/** `cents × percent / 100` to the nearest cent, half a cent up: the shop's one rounding rule for shares. */
export function roundedShareCents(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/** The subtotal of the lines the code applies to. */
export function eligibleSubtotalCents(terms: Pick<DiscountTerms, 'productIds'>, lines: readonly DiscountableLine[]): number {
  return lines
    .filter((line) => terms.productIds === null || terms.productIds.includes(line.productId))
    .reduce((sum, line) => sum + line.lineTotalCents, 0);
}

/** The least a card payment can take (Stripe's minimum charge in Australian dollars): no discount goes below it. */
export const MIN_CHARGE_CENTS = 50;

/**
 * Cents off the order: a percentage of the beers it applies to; a fixed amount off those beers (never more than
 * they cost); or the whole shipping. Never negative, and never so much that less than MIN_CHARGE_CENTS is left to
 * charge.
 */
export function discountCents(terms: DiscountTerms, lines: readonly DiscountableLine[], shippingCents: number): number {
  const eligible = eligibleSubtotalCents(terms, lines);
  const offer = terms.offer;
  const off =
    offer.kind === 'percent'
      ? Math.min(eligible, roundedShareCents(eligible, offer.percent))
      : offer.kind === 'amount'
        ? Math.min(eligible, offer.amountCents)
        : shippingCents;
  const total = lines.reduce((sum, line) => sum + line.lineTotalCents, 0) + shippingCents;
  return Math.max(0, Math.min(off, total - MIN_CHARGE_CENTS));
}

export function describeDiscount(offer: DiscountOffer): string {
  if (offer.kind === 'percent') return `${offer.percent}% off`;
  if (offer.kind === 'amount') return `${formatCents(offer.amountCents)} off`;
  return 'Free shipping';
}

/** The refusals a code can give at checkout, each with its code (409) and what the customer reads. */
export const DISCOUNT_REFUSALS = {
  code_unknown: 'That code is not one of ours.',
  code_not_started: 'That code cannot be used yet.',
  code_expired: 'That code has expired.',
  code_disabled: 'That code is no longer available.',
  code_used_up: 'That code has been used as many times as it can be.',
  code_already_used: 'That code can be used once per customer, and this e-mail address has used it.',
  code_min_cans: 'That code needs more cans in the order.',
  code_not_for_these_beers: 'That code does not apply to the beers in this order.',
} as const;
export type DiscountRefusalCode = keyof typeof DISCOUNT_REFUSALS;
