import { orderStatusLabel, packSizeLabel, paymentReference, type OrderStatus, type PackSize } from '@brewery/shop-rules';
import { orderStatusPath } from '../../../platform/http/order-status-token';
import type { OrderDoc } from '../order-list/order-list.projection';

/** What the customer sees of their order on `/order-status`: no address, phone or e-mail address. */
export interface OrderStatusView {
  orderNumber: string;
  status: OrderStatus;
  statusLabel: string;
  placedAt: string;
  paidAt: string | null;
  items: { name: string; packSize: string; packLabel: string; packs: number; cans: number; lineTotal: string }[];
  subtotal: string;
  shipping: string;
  gstIncluded: string;
  total: string;
  /** Given back to the customer so far, in dollars, or null. */
  refunded: string | null;
  estimatedDelivery: string;
  /** The suburb, state and postcode it goes to (the street stays off the page). */
  deliverTo: string;
  trackingReference: string | null;
  trackingUrl: string | null;
  /** The payment intent id after its first underscore, as the success page showed it; null until paid. */
  paymentReference: string | null;
  invoiceNumber: string | null;
  /** The tax invoice as PDF, once paid. */
  invoiceUrl: string | null;
  /** This page's signed address, to come back without typing. */
  statusUrl: string;
}

export function orderStatusView(order: OrderDoc, token: string): OrderStatusView {
  const paid = order.paidAt !== null && order.paymentIntentId !== null;
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
      lineTotal: item.lineTotal,
    })),
    subtotal: order.subtotal,
    shipping: order.shippingCost,
    gstIncluded: order.gstIncluded,
    total: order.totalAmount,
    refunded: order.refundedAmount !== undefined && Number(order.refundedAmount) > 0 ? order.refundedAmount : null,
    estimatedDelivery: order.estimatedDelivery,
    deliverTo: `${order.address.suburb} ${order.address.state} ${order.address.postCode}`,
    trackingReference: order.trackingReference,
    trackingUrl: order.trackingUrl,
    paymentReference: paid ? paymentReference(order.paymentIntentId ?? '') : null,
    invoiceNumber: order.invoiceNumber,
    invoiceUrl: paid && order.invoiceNumber !== null ? `/api/order-status/${encodeURIComponent(token)}/invoice.pdf` : null,
    statusUrl: orderStatusPath(token),
  };
}
