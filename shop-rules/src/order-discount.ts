import type { OrderDiscountView } from './api.types';
import type { AppliedDiscount } from './discount-codes';
import { decimalString, formatCents } from './money';

/**
 * A discount code as an order's papers and pages show it. The order's subtotal stays the beers' lines before the
 * discount; the discount is a line of its own between the shipping and the total, so that
 * subtotal + shipping - discount = total, and the GST is the order's own (one eleventh of that total).
 */

/** "Discount (CLUB10, 10% off)": the discount line's label on the invoice, the e-mail and the order pages. */
export function discountLabel(discount: Pick<AppliedDiscount, 'code' | 'description'>): string {
  return `Discount (${discount.code}, ${discount.description})`;
}

/** What the discount took off, as the papers write it: "-$4.80". */
export function discountAmountText(cents: number): string {
  return formatCents(-Math.abs(cents));
}

/** The discount of an order as the API answers it (its amount in dollars), or null for an order without one. */
export function orderDiscountView(discount: AppliedDiscount | null | undefined): OrderDiscountView | null {
  if (discount === null || discount === undefined) return null;
  return { code: discount.code, kind: discount.kind, description: discount.description, amount: decimalString(discount.cents) };
}

/**
 * What the discount took off the beer, in cents: a percentage or an amount comes off the beers' lines, free shipping
 * off the shipping only (0 here). The sales report counts beer alone, so this is the part of a discount it shows.
 */
export function beerDiscountCents(discount: Pick<AppliedDiscount, 'kind' | 'cents'> | null | undefined): number {
  if (discount === null || discount === undefined || discount.kind === 'free_shipping') return 0;
  return discount.cents;
}
