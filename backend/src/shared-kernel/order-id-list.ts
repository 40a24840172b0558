import { DomainError } from './domain-error';
import { orderNumberFrom } from './order-number';

/** Orders one bulk request may name: a dispatch day's worth, one PDF the printer takes in one go. */
export const MAX_BULK_ORDERS = 200;

export const OrderIdListMessages = {
  orderIds: `orderIds must be a list of 1 to ${MAX_BULK_ORDERS} order numbers`,
} as const;

/**
 * The order numbers a bulk request names, in its order, each once; refused unless every one is an order
 * number as `orderNumberFrom` reads it (which also decides how it is written: `12`, not `#012`).
 */
export function parseOrderIdList(raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_BULK_ORDERS)
    throw new DomainError('invalid_order_ids', OrderIdListMessages.orderIds, 'validation');
  const ids = raw.map(orderNumberFrom);
  if (ids.some((id) => id === null)) throw new DomainError('invalid_order_ids', OrderIdListMessages.orderIds, 'validation');
  return [...new Set(ids as string[])];
}
