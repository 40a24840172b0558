/** What other parts of the server may use from orders. */
export { OrdersModule } from './orders.module';
export type { CheckoutOrigin, OrderCommand, ReturnRefund, SeenCartLine } from './domain/order.commands';
export {
  cansText,
  checkoutEnding,
  claimedPaymentRefusal,
  paymentTakenFor,
  earlierCheckoutFacing,
  orderDecider,
  refundOfCans,
  refundableCents,
  repeatsPaidOrder,
  type OrderState,
  type PlacedOrder,
  type RecordedReturn,
} from './domain/order.decider';
export {
  ID_TYPE_LABELS,
  orderStreamName,
  type IdType,
  type OrderCancelReason,
  type OrderCancelled,
  type OrderCustomer,
  type OrderDeleted,
  type OrderEvent,
  type OrderEventType,
  type OrderItem,
  type OrderItemsReturned,
  type OrderPaid,
  type OrderPlaced,
  type OrderPlacedData,
  type OrderRefunded,
  type OrderStatus,
  type PaidOrderCancelled,
  type ReservationReleaseReason,
} from './domain/order.events';
export { OrderReservations, cansByProduct } from './reservations/order-reservations.service';
export { OrderStreams } from './order-streams/order-streams.service';
export { chosenFulfilment } from './domain/fulfilment';
export { validateCustomerInfo } from './domain/customer-validation';

export { NumberSequence } from './numbering/number-sequence.service';
export { OrderErrors } from './domain/order.errors';
export { DeletePendingOrder } from './pending-orders/delete-pending-order.service';
export { confirmationEmailKey, orderConfirmationEmail } from './domain/order-confirmation-email';
export { NOTE_MAX, ReviewErrors, ReviewMessages } from './domain/order-review.errors';
export { parseCans, parseIdempotencyKey, parseNote, parseRefundAsked, parseReturnRefund } from './order-input/order-review-input';
export { ID_TYPES, ORDER_EVENT_TYPES } from './domain/order.events';
export { canonicalPhone, phoneSearchForms } from './domain/phone-number';
export type { ShopIdentity } from './domain/order-confirmation-email';
