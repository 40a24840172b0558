import { ID_TYPE_LABELS, packSizeLabel, pickupDayLabel, type PackSize, type PickupListEntry } from '@brewery/shop-rules';
import type { AdminOrder } from './api/get-admin-orders';
import { dateTime } from './order-display';

export { ID_TYPE_LABELS } from '@brewery/shop-rules';

/** The label of an ID kind; one this screen does not know yet reads as the server wrote it. */
export function idTypeLabel(idType: string): string {
  return (ID_TYPE_LABELS as Readonly<Record<string, string>>)[idType] ?? idType;
}

/** The Saturday an order is collected at the cellar door (`YYYY-MM-DD`), or null for a posted one. */
export function pickupDateOf(order: Pick<AdminOrder, 'fulfilment' | 'pickupDate'>): string | null {
  if (order.fulfilment?.method === 'pickup') return order.fulfilment.pickupDate;
  return order.pickupDate ?? null;
}

/** "Sat 28 Nov" for `2026-11-28`: the tag on a pickup's row (shortened from the day the customer chose). */
export function shortDayLabel(date: string): string {
  const [weekday = '', day = '', month = ''] = pickupDayLabel(date).split(' ');
  return `${weekday.slice(0, 3)} ${day} ${month.slice(0, 3)}`;
}

/** Perth keeps UTC+8 all year (no daylight saving). */
const PERTH_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
const SATURDAY = 6;

/** The Perth day of an instant (`YYYY-MM-DD`). */
function perthDay(at: Date): string {
  return new Date(at.getTime() + PERTH_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day after `date` by `days` (`YYYY-MM-DD`). */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Saturday the cellar door opens next, Perth time: today on a Saturday (`YYYY-MM-DD`). */
export function comingSaturday(now: Date): string {
  const today = perthDay(now);
  const weekday = new Date(`${today}T00:00:00.000Z`).getUTCDay();
  return addDays(today, (SATURDAY - weekday + 7) % 7);
}

/** How many Saturdays ahead the pickers offer after the coming one: as many as the checkout offers. */
const SATURDAYS_AHEAD = 4;

/**
 * The Saturdays the operator picks from, soonest first: last Saturday (a list to look back at, whoever did
 * not come), the coming one and the four after it (a checkout after Friday's cut-off chooses among those).
 */
export function cellarDoorSaturdays(now: Date): string[] {
  const coming = comingSaturday(now);
  return Array.from({ length: SATURDAYS_AHEAD + 2 }, (_, index) => addDays(coming, (index - 1) * 7));
}

/** A Saturday picker's options, the chosen one among them even when it is further away than the list. */
export function saturdayOptions(saturdays: readonly string[], chosen: string | null): { value: string; label: string }[] {
  const dates = chosen === null || saturdays.includes(chosen) ? saturdays : [...saturdays, chosen].sort();
  return dates.map((date) => ({ value: date, label: pickupDayLabel(date) }));
}

const PACK_SIZES: readonly string[] = ['single', '4pack', '8pack', '16pack'] satisfies PackSize[];

/** "2 × Hazy IPA (4 Pack)", "3 × Swan River Stout (single cans)": one line of what a customer collects. */
export function collectLineText(item: PickupListEntry['items'][number]): string {
  if (item.packSize === 'single') return `${item.quantity} × ${item.name} (${item.quantity === 1 ? 'single can' : 'single cans'})`;
  const size = PACK_SIZES.includes(item.packSize) ? packSizeLabel(item.packSize as PackSize) : item.packSize;
  return `${item.packs} × ${item.name} (${size})`;
}

const PERTH_TIME = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Perth', hour: 'numeric', minute: '2-digit', hour12: true });

/**
 * "Collected 11:05 am by Grace Hopper (Driver's licence)": the time alone on the list's own Saturday, the
 * date too when it was handed over another day. Whoever collected, or else the customer.
 */
export function collectedText(
  collection: { idType: string; collectedBy: string | null; at: string },
  customerName: string,
  listDate?: string,
): string {
  const at = new Date(collection.at);
  const sameDay = listDate !== undefined && !Number.isNaN(at.getTime()) && perthDay(at) === listDate;
  const when = sameDay ? PERTH_TIME.format(at) : dateTime(collection.at);
  return `Collected ${when} by ${collection.collectedBy ?? customerName} (${idTypeLabel(collection.idType)})`;
}
