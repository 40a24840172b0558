import { DomainError } from '../../../shared-kernel/domain-error';

/** The shipping module's refusals, with stable codes; the two spec messages are word for word. */
export const LabelErrors = {
  orderNotFound: (orderId: string): DomainError => new DomainError('order_not_found', `Order #${orderId} not found`, 'not_found'),
  notShippable: (orderId: string, status: string): DomainError =>
    new DomainError(
      'order_not_shippable',
      `Order #${orderId} is ${status.replace(/_/g, ' ')}: only paid orders (paid, packed, shipped or delivered) can get a shipping label`,
      'conflict',
    ),
  notPaid: (orderId: string): DomainError => new DomainError('order_not_paid', `Order #${orderId} is not paid`, 'conflict'),
  refundedInFull: (orderId: string): DomainError =>
    new DomainError('order_refunded', `Order #${orderId} was refunded in full: nothing is left paid to send`, 'conflict'),
  onlyPickups: (): DomainError =>
    new DomainError(
      'pickup_no_label',
      'These orders are all collected at the cellar door: they get no shipping labels. Print their packing slips instead.',
      'conflict',
    ),
  pickupNoLabel: (orderId: string): DomainError =>
    new DomainError('pickup_no_label', `Order #${orderId} is collected at the cellar door: it gets no shipping label`, 'conflict'),
  noLabel: (orderId: string): DomainError =>
    new DomainError('shipping_label_not_found', `No shipping label for order #${orderId}`, 'not_found'),
  invalidOrderId: (): DomainError => new DomainError('invalid_order_id', 'The order id must be a whole number such as 12', 'validation'),
  emptyEmail: (): DomainError => new DomainError('email_content_required', 'Please enter email content to parse', 'validation'),
  noParsedOrder: (): DomainError => new DomainError('no_parsed_order', 'No valid order found. Please parse email first.', 'validation'),
  /** A bulk print refused as a whole: `refused` says, order by order, why each named one cannot be printed. */
  ordersNotShippable: (refused: readonly string[]): DomainError =>
    new DomainError('orders_not_shippable', `Nothing was printed: ${refused.join('; ')}`, 'conflict'),
  invalidPackingSlips: (): DomainError => new DomainError('invalid_packing_slips', 'packingSlips must be true or false', 'validation'),
  invalidPickListFormat: (): DomainError => new DomainError('invalid_format', 'format must be pdf or csv', 'validation'),
} as const;
