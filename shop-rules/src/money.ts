import { InvalidAmountError } from './shop-rule.error';

/** Money is counted in integer cents; dollars only appear at the edges (product strings, cart lines, display). */

const DECIMAL = /^(\d+)(?:\.(\d*))?$|^\.(\d+)$/;

/**
 * Parses "6.50", "6.5", "6" or 6.5 into cents. A third decimal rounds half up ("0.125" -> 13), so a
 * value typed with too many decimals still prices to the nearest cent.
 */
export function toCents(value: string | number): number {
  const cents = typeof value === 'number' ? numberToCents(value) : stringToCents(value);
  if (cents === null || !Number.isSafeInteger(cents) || cents < 0) throw new InvalidAmountError(value);
  return cents;
}

function numberToCents(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null;
  // toFixed(6) absorbs binary noise such as 1.005 * 100 = 100.49999999999999 before rounding.
  return Math.round(Number((value * 100).toFixed(6)));
}

function stringToCents(value: string): number | null {
  const match = DECIMAL.exec(value.trim());
  if (match === null) return null;
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? match[3] ?? '').padEnd(3, '0');
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2));
  return Number(fraction[2]) >= 5 ? cents + 1 : cents;
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** "$12.50"; negative amounts (refunds, differences) as "-$12.50". */
export function formatPrice(dollars: number): string {
  if (!Number.isFinite(dollars)) throw new InvalidAmountError(dollars);
  return formatCents(Math.round(Number((dollars * 100).toFixed(6))));
}

/** Cents as the shop writes money in words: "$12.50", "-$12.50". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const whole = Math.floor(absolute / 100);
  const rest = String(absolute % 100).padStart(2, '0');
  return `${sign}$${whole}.${rest}`;
}

/** The GST inside an Australian GST-inclusive total: one eleventh, to the nearest cent. */
export function gstIncludedCents(totalCents: number): number {
  return Math.round(totalCents / 11);
}

/** Money as the spec's entities show it: a decimal string with two decimals ("48.00"). Cents are integers, so this is exact. */
export function decimalString(cents: number): string {
  return (cents / 100).toFixed(2);
}
