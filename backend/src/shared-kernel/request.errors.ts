import { DomainError } from './domain-error';

/** Orders one bulk request may name: a dispatch day's worth, one PDF the printer takes in one go. */
export const MAX_BULK_ORDERS = 200;

export const OrderIdListMessages = {
  orderIds: `orderIds must be a list of 1 to ${MAX_BULK_ORDERS} order numbers`,
} as const;

/** Refusals of a request's shape shared by several modules, with stable codes. */
export const RequestErrors = {
  invalidOrderIds: (): DomainError => new DomainError('invalid_order_ids', OrderIdListMessages.orderIds, 'validation'),
} as const;
