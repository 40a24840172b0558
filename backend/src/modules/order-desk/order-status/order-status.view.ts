import {
  decimalString,
  DELIVERY,
  orderDiscountView,
  orderStatusLabel,
  packSizeLabel,
  paymentReference,
  type OrderStatusView,
  type PackSize,
} from '@brewery/shop-rules';
import { orderStatusPath } from '../../../platform/http/order-status-token';
import type { OrderDoc } from '../order-list/order-list.projection';

export type { OrderStatusView } from '@brewery/shop-rules';

/** `cellarDoor`: the cellar door's address, where a pickup is collected. */
export function orderStatusView(order: OrderDoc, token: string, cellarDoor: string): OrderStatusView {
  const paid = order.paidAt !== null && order.paymentIntentId !== null;
  const fulfilment = order.fulfilment ?? DELIVERY;
  return {
    orderNumber: order.id,
    status: order.status,
    statusLabel: orderStatusLabel(order.status),
    placedAt: order.createdAt,
    paidAt: order.paidAt,
    items: order.items.map((item) => ({
      name: item.product.name,
      packSize: item.packSize,
      packLabel: packSizeLabel(item.packSize as PackSize),
      packs: item.packs,
      cans: item.quantity,
      lineTotal: decimalString(item.lineTotalCents),
    })),
    subtotal: decimalString(order.subtotalCents),
    shipping: decimalString(order.shippingCents),
    discount: orderDiscountView(order.discount),
    gstIncluded: decimalString(order.gstCents),
    total: decimalString(order.totalCents),
    refunded: order.refundedCents > 0 ? decimalString(order.refundedCents) : null,
    estimatedDelivery: order.estimatedDelivery,
    deliverTo:
      fulfilment.method === 'pickup'
        ? `the cellar door, ${cellarDoor}`
        : `${order.address.suburb} ${order.address.state} ${order.address.postCode}`,
    fulfilment,
    trackingReference: order.trackingReference,
    trackingUrl: order.trackingUrl,
    paymentReference: paid ? paymentReference(order.paymentIntentId ?? '') : null,
    invoiceNumber: order.invoiceNumber,
    invoiceUrl: paid && order.invoiceNumber !== null ? `/api/order-status/${encodeURIComponent(token)}/invoice.pdf` : null,
    statusUrl: orderStatusPath(token),
  };
}
