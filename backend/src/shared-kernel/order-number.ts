/**
 * The highest order number the shop gives: eight digits, which is also every number a consignment can carry
 * (see the shipping module's consignment numbers).
 */
export const MAX_ORDER_NUMBER = 99_999_999;

/**
 * An order number as the shop writes it (`12`), from whatever a route, a form, a search box or a carrier's
 * e-mail sent: digits only, one optional `#`, leading zeros dropped, 1 to 99,999,999; null for anything else,
 * so nothing odd ever becomes part of a stream name. The one place an order number is read.
 */
export function orderNumberFrom(raw: unknown): string | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim().replace(/^#/, '') : null;
  if (text === null || !/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= MAX_ORDER_NUMBER ? String(value) : null;
}
