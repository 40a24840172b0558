import { DomainError } from '../../../shared-kernel/domain-error';
import type { OrderStatus } from './order.events';

/** The order stream's refusals, with stable codes. */
export const OrderErrors = {
  notFound: (orderId: string | null): DomainError => new DomainError('order_not_found', orderId === null ? 'Order not found' : `Order #${orderId} not found`, 'not_found'),
  alreadyPlaced: (orderId: string): DomainError => new DomainError('order_exists', `Order #${orderId} already exists`, 'conflict'),
  notPending: (orderId: string, status: OrderStatus): DomainError =>
    new DomainError('order_not_pending', `Only pending orders can be deleted: Order #${orderId} is ${status}`, 'conflict'),
  otherPaymentIntent: (orderId: string, attached: string): DomainError =>
    new DomainError('payment_intent_mismatch', `Order #${orderId} is already paid through ${attached}`, 'conflict'),
  notPayable: (orderId: string, why: string): DomainError => new DomainError('order_not_payable', `Order #${orderId} cannot be marked paid: ${why}`, 'conflict'),
  notPaid: (orderId: string): DomainError =>
    new DomainError('order_not_paid', `Order #${orderId} has not been paid, so it gets no invoice number yet`, 'conflict'),
} as const;
