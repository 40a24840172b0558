import type { OrderCancelReason, OrderPlacedData, ReservationReleaseReason } from './order.events';

/** What may be asked of one order stream. Time arrives on the command. */
export type OrderCommand =
  | { type: 'PlaceOrder'; order: OrderPlacedData }
  | { type: 'AttachPaymentIntent'; paymentIntentId: string }
  | { type: 'CancelOrder'; reason: OrderCancelReason; detail: string }
  | { type: 'MarkOrderPaid'; paymentIntentId: string; amountCents: number; paidAt: string }
  | { type: 'FlagOrderForReview'; reason: string; paymentIntentId: string | null }
  | { type: 'AssignInvoiceNumber'; invoiceNumber: string }
  | { type: 'DeletePendingOrder'; deletedAt: string }
  | { type: 'RecordReservationReleased'; reason: ReservationReleaseReason };
