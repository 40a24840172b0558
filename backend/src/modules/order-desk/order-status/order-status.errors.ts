import { DomainError } from '../../../shared-kernel/domain-error';

/** One answer for a wrong number and a wrong e-mail address alike: nothing says which orders exist. */
export const ORDER_NOT_FOUND_MESSAGE =
  'We could not find an order with that order number and e-mail address. Please check both against your confirmation e-mail.';

export const TOO_MANY_LOOKUPS = 'Too many order look-ups from here. Please wait a minute and try again.';

export const OrderStatusErrors = {
  notFound: (): DomainError => new DomainError('order_not_found', ORDER_NOT_FOUND_MESSAGE, 'not_found'),
  noInvoice: (): DomainError =>
    new DomainError('no_invoice', 'This order has no tax invoice: it is issued when the order is paid.', 'not_found'),
};
