import {
  packSizeLabel,
  pickupDayLabel,
  type GstSummary,
  type PackSize,
  orderStatusLabel,
  decimalString,
  addDays,
  perthDayStart,
} from '@brewery/shop-rules';

export type { GstSummary } from '@brewery/shop-rules';
import { csvFile } from '../../../shared-kernel/csv';

import type { OrderDoc } from '../../order-desk';
import type { ReportPeriod } from '../domain/report-period';

/** The order export's columns, one row per order. */
export const ORDERS_EXPORT_COLUMNS = [
  'Order',
  'Placed',
  'Paid',
  'Status',
  'Customer',
  'E-mail',
  'Phone',
  'Address',
  'Items',
  'Cans',
  'Subtotal',
  'Shipping',
  'GST included',
  'Total',
  'Refunded',
  'Tracking reference',
  'Invoice',
  'Payment reference',
  'Net after refunds',
  'Fulfilment',
  'State',
  'Discount code',
  'Discount',
] as const;

/** A time as the brewery reads it: Perth's date and time, `YYYY-MM-DD HH:mm`. */
export function perthDateTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Perth',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

function itemsText(order: OrderDoc): string {
  return order.items
    .map((item) =>
      item.packSize === 'single'
        ? `${item.quantity} x ${item.product.name} (single can)`
        : `${item.packs} x ${item.product.name} (${packSizeLabel(item.packSize as PackSize)})`,
    )
    .join('; ');
}

/** What the order kept: what was paid (nothing for an order never paid) less what was given back, in cents. */
export function netAfterRefundsCents(order: Pick<OrderDoc, 'paidAt' | 'totalCents' | 'refundedCents'>): number {
  const paid = order.paidAt === null ? 0 : order.totalCents;
  return paid - order.refundedCents;
}

/** "Delivery", or "Pickup Saturday 5 December (2026-12-05)": how the order leaves the brewery. */
export function fulfilmentText(order: Pick<OrderDoc, 'fulfilment'>): string {
  const fulfilment = order.fulfilment;
  return fulfilment?.method === 'pickup' ? `Pickup ${pickupDayLabel(fulfilment.pickupDate)} (${fulfilment.pickupDate})` : 'Delivery';
}

/**
 * The orders as the books need them: one row per order, with who, where, what, the money (GST included,
 * refunded, and what the order kept), the tracking, the payment's reference, how it leaves the brewery, the
 * state it goes to, and the discount code it was priced with and what that took off (Subtotal + Shipping -
 * Discount = Total, the amount charged); cells safe to open in a spreadsheet (see `csvCell`).
 */
export function ordersExportCsv(orders: readonly OrderDoc[]): string {
  return csvFile([
    ORDERS_EXPORT_COLUMNS,
    ...orders.map((order) => [
      order.id,
      perthDateTime(order.createdAt),
      order.paidAt === null ? '' : perthDateTime(order.paidAt),
      orderStatusLabel(order.status),
      order.customerName,
      order.customerEmail,
      order.customerPhone,
      order.shippingAddress,
      itemsText(order),
      order.totalCans,
      decimalString(order.subtotalCents),
      decimalString(order.shippingCents),
      decimalString(order.gstCents),
      decimalString(order.totalCents),
      decimalString(order.refundedCents),
      order.trackingReference ?? '',
      order.invoiceNumber ?? '',
      order.paymentIntentId ?? '',
      decimalString(netAfterRefundsCents(order)),
      fulfilmentText(order),
      order.address.state,
      order.discount?.code ?? '',
      decimalString(order.discount?.cents ?? 0),
    ]),
  ]);
}

export function ordersExportFileName(period: ReportPeriod): string {
  return `orders-${period.start}-to-${period.end}.csv`;
}

/** GST in an amount that includes it: one eleventh, to the cent. */
function gstIn(cents: number): number {
  return Math.round(cents / 11);
}

/**
 * Sales by the day they were paid and refunds by the day they were made, both Perth days: the figures a cash-basis
 * BAS asks for. A sale is what the order was charged (its total, after any discount code), and its GST the
 * order's own (as its tax invoice states it); on refunds, one eleventh. The discounts those sales were given are
 * shown beside them, already taken off.
 */
export function gstSummary(orders: readonly OrderDoc[], period: ReportPeriod): GstSummary {
  const from = perthDayStart(period.start);
  const until = perthDayStart(addDays(period.end, 1));
  const within = (at: string | null | undefined): boolean => typeof at === 'string' && at >= from && at < until;
  let paidOrders = 0;
  let salesCents = 0;
  let gstCents = 0;
  let discountCents = 0;
  let refundCents = 0;
  for (const order of orders) {
    if (within(order.paidAt)) {
      paidOrders += 1;
      salesCents += order.totalCents;
      gstCents += order.gstCents;
      discountCents += order.discount?.cents ?? 0;
    }
    for (const refund of order.refunds) if (within(refund.at)) refundCents += refund.amountCents;
  }
  const gstOnRefunds = gstIn(refundCents);
  return {
    startDate: period.start,
    endDate: period.end,
    paidOrders,
    sales: decimalString(salesCents),
    gstOnSales: decimalString(gstCents),
    discounts: decimalString(discountCents),
    refunds: decimalString(refundCents),
    gstOnRefunds: decimalString(gstOnRefunds),
    netSales: decimalString(salesCents - refundCents),
    netGst: decimalString(gstCents - gstOnRefunds),
  };
}

export function gstSummaryCsv(summary: GstSummary): string {
  return csvFile([
    [
      'Period',
      'Paid orders',
      'Sales (GST included)',
      'GST on sales',
      'Refunds',
      'GST on refunds',
      'Net sales',
      'Net GST',
      'Discounts (already off sales)',
    ],
    [
      `${summary.startDate} to ${summary.endDate}`,
      summary.paidOrders,
      summary.sales,
      summary.gstOnSales,
      summary.refunds,
      summary.gstOnRefunds,
      summary.netSales,
      summary.netGst,
      summary.discounts,
    ],
  ]);
}

export function gstSummaryFileName(period: ReportPeriod): string {
  return `gst-${period.start}-to-${period.end}.csv`;
}
