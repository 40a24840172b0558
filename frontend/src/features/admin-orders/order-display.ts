import { formatPrice, packSizeLabel, toCents } from '@brewery/shop-rules';
import type { AdminOrderItem, EventActor } from './api/get-admin-orders';

/** "$46.00" from the API's decimal strings. */
export function money(amount: string): string {
  return formatPrice(toCents(amount) / 100);
}

const DATE_TIME = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

export function dateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
}

/** The spec's "quantity × unit price": packs for pack lines (with their cans), cans for singles. */
export function itemQuantityText(item: AdminOrderItem): string {
  if (item.packSize === 'single') return `${item.packs} × ${money(item.unitPrice)} (single cans)`;
  return `${item.packs} × ${money(item.unitPrice)} (${packSizeLabel(item.packSize)}, ${item.quantity} cans)`;
}

export function actorLabel(actor: EventActor): string {
  switch (actor) {
    case 'customer':
      return 'Customer';
    case 'admin':
      return 'Admin';
    case 'stripe':
      return 'Payment provider';
    case 'system':
      return 'System';
  }
}
