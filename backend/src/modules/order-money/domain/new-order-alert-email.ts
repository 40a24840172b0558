import { discountAmountText, discountLabel, formatCents, packSizeLabel } from '@brewery/shop-rules';
import type { EmailMessage } from '../../notifications';
import type { OrderPlacedData } from '../../orders';

export function newOrderAlertEmailKey(orderId: string): string {
  return `order-${orderId}-new-order-alert`;
}

const money = formatCents;

/**
 * The shop's own note of a paid order (NEW_ORDER_EMAIL=on): who, where to, what to pack and the total (with the
 * discount code it was priced with, if any), with the link to the admin's Active Orders. Sent to the shop, never to the customer.
 */
export function newOrderAlertEmail(order: OrderPlacedData, shop: { email: string; publicUrl: string }): EmailMessage {
  const { customer } = order;
  const lines = order.items.map((item) =>
    item.packSize === 'single'
      ? `  ${item.quantity} x ${item.productName} (single can)`
      : `  ${item.packs} x ${item.productName} (${packSizeLabel(item.packSize)})`,
  );
  const text = [
    `Order #${order.orderId} was paid: ${money(order.totalCents)}, ${order.totalCans} cans.`,
    ...(order.discount === undefined ? [] : [`${discountLabel(order.discount)}: ${discountAmountText(order.discount.cents)}`]),
    '',
    `${customer.name}, ${customer.suburb} ${customer.state} ${customer.postCode}`,
    '',
    ...lines,
    '',
    `Open it: ${shop.publicUrl.replace(/\/$/, '')}/admin?tab=active-orders&q=${order.orderId}`,
  ].join('\n');
  return {
    to: shop.email,
    subject: `New order #${order.orderId}: ${money(order.totalCents)}, ${order.totalCans} cans`,
    text,
    kind: 'new-order-alert',
    orderId: order.orderId,
  };
}
