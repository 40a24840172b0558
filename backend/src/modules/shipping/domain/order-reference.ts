import { MAX_CONSIGNABLE_ORDER } from './consignment-number';

/**
 * An order id as the shop writes it (`12`), from what a route or a form sent: digits only, leading zeros
 * dropped; null for anything else, so nothing odd ever becomes part of a stream name.
 */
export function orderIdFrom(raw: unknown): string | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim().replace(/^#/, '') : null;
  if (text === null || !/^\d{1,9}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 && value <= MAX_CONSIGNABLE_ORDER ? String(value) : null;
}
