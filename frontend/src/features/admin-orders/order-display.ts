import { formatPrice, packSizeLabel, toCents } from '@brewery/shop-rules';
import { perthDateTime } from '@/shared/format/perth-date-time';
import type { AdminOrder, AdminOrderItem } from './api/get-admin-orders';

/** "$46.00" from the API's decimal strings. */
export function money(amount: string): string {
  return formatPrice(toCents(amount) / 100);
}

/** "25 Nov 2026, 10:46 am", Perth time: the admin screens' one format. */
export const dateTime = perthDateTime;

/** The spec's "quantity × unit price": packs for pack lines (with their cans), cans for singles. */
export function itemQuantityText(item: AdminOrderItem): string {
  if (item.packSize === 'single') return `${item.packs} × ${money(item.unitPrice)} (single cans)`;
  return `${item.packs} × ${money(item.unitPrice)} (${packSizeLabel(item.packSize)}, ${item.quantity} cans)`;
}

/**
 * An order set by hand past Pending (packed, shipped...) whose payment never succeeded: the operator sees it
 * before packing it (no label is made for it). A cancelled one expects no money.
 */
export function isUnpaid(order: Pick<AdminOrder, 'status' | 'paidAt'>): boolean {
  return order.paidAt === null && order.status !== 'pending' && order.status !== 'cancelled';
}
