import { orderNumberFrom } from './order-number';
import { MAX_BULK_ORDERS, RequestErrors } from './request.errors';

export { MAX_BULK_ORDERS, OrderIdListMessages } from './request.errors';

/**
 * The order numbers a bulk request names, in its order, each once; refused unless every one is an order
 * number as `orderNumberFrom` reads it (which also decides how it is written: `12`, not `#012`).
 */
export function parseOrderIdList(raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_BULK_ORDERS) throw RequestErrors.invalidOrderIds();
  const ids = raw.map(orderNumberFrom);
  if (ids.some((id) => id === null)) throw RequestErrors.invalidOrderIds();
  return [...new Set(ids as string[])];
}
