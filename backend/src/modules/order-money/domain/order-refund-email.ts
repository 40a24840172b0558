import { decimalString } from '@brewery/shop-rules';
import type { EmailMessage } from '../../notifications';
import type { OrderCustomer } from '../../orders';

/** One e-mail per refund, named after the provider's refund id: a repeated refund request queues nothing new. */
export function orderRefundEmailKey(orderId: string, refundId: string): string {
  return `order-${orderId}-refund-${refundId}`;
}

export interface OrderRefundNotice {
  orderId: string;
  customer: Pick<OrderCustomer, 'name' | 'email'>;
  amountCents: number;
  /** Everything refunded of the order so far, this refund included. */
  refundedCents: number;
  paidCents: number;
}

/** The customer's word that money is on its way back: how much, of what, and when to expect it. */
export function orderRefundEmail(refund: OrderRefundNotice, shop: { brandName: string; email: string }): EmailMessage {
  const amount = `$${decimalString(refund.amountCents)}`;
  const full = refund.refundedCents >= refund.paidCents;
  const text = [
    `Hi ${refund.customer.name},`,
    '',
    `We have refunded ${amount} of your order #${refund.orderId} to the card you paid with.`,
    full
      ? `That is the whole of the $${decimalString(refund.paidCents)} you paid.`
      : `In all, $${decimalString(refund.refundedCents)} of the $${decimalString(refund.paidCents)} you paid has been refunded.`,
    'Your bank usually shows a refund within 5 to 10 business days.',
    '',
    `Questions? Write to us at ${shop.email}.`,
    '',
    shop.brandName,
  ].join('\n');
  return {
    to: refund.customer.email,
    subject: `Refund of ${amount} for order #${refund.orderId}`,
    text,
    kind: 'order-refund',
    orderId: refund.orderId,
  };
}
