import { DAY_MS, MONTHS, PERTH_OFFSET_MS, WEEKDAYS } from './perth-calendar';
import { RECEIVER_MIN_AGE } from './shipping';

/**
 * How an order reaches its customer: posted to a street address ("delivery", the default), or collected at the
 * brewery's cellar door on a Saturday ("pickup"). The cellar door opens every Saturday, 10am-4pm Perth time;
 * a Saturday can be chosen until its cut-off, the Friday before at 12 pm.
 */

export const FULFILMENT_METHODS = ['delivery', 'pickup'] as const;
export type FulfilmentMethod = (typeof FULFILMENT_METHODS)[number];

export type Fulfilment = { method: 'delivery' } | { method: 'pickup'; pickupDate: string };

/** How an order is handed over: an order placed before collections were offered has no fulfilment, and is a delivery. */
export function fulfilmentOf(order: { fulfilment?: Fulfilment }): Fulfilment {
  return order.fulfilment ?? { method: 'delivery' };
}

export const DELIVERY: Fulfilment = { method: 'delivery' };

/** What a customer who collects must bring (WA liquor law: the person collecting is an adult). */
export const COLLECTION_REMINDER = `Bring photo ID: whoever collects the order must be ${RECEIVER_MIN_AGE} or older and show it at the cellar door.`;

/** How many Saturdays the checkout offers. */
export const PICKUP_SATURDAYS_OFFERED = 4;
export const CELLAR_DOOR_HOURS = '10am-4pm';
/** The Friday before a Saturday, at this Perth hour, is the last moment to choose it. */
export const PICKUP_CUTOFF_HOUR = 12;

const SATURDAY = 6;
const PICKUP_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isFulfilmentMethod(value: unknown): value is FulfilmentMethod {
  return typeof value === 'string' && (FULFILMENT_METHODS as readonly string[]).includes(value);
}

/** The instant the Saturday `date` (`YYYY-MM-DD`) stops being offered: the Friday before, 12 pm in Perth. */
export function pickupCutoff(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) - DAY_MS + PICKUP_CUTOFF_HOUR * 3_600_000 - PERTH_OFFSET_MS);
}

/** The Saturdays a customer may choose at `now`, soonest first (`YYYY-MM-DD`, Perth days). */
export function openPickupDates(now: Date, count = PICKUP_SATURDAYS_OFFERED): string[] {
  const perthToday = new Date(Math.floor((now.getTime() + PERTH_OFFSET_MS) / DAY_MS) * DAY_MS);
  const dates: string[] = [];
  for (let ahead = 0; dates.length < count && ahead < 7 * (count + 2); ahead += 1) {
    const day = new Date(perthToday.getTime() + ahead * DAY_MS);
    if (day.getUTCDay() !== SATURDAY) continue;
    const date = day.toISOString().slice(0, 10);
    if (now.getTime() < pickupCutoff(date).getTime()) dates.push(date);
  }
  return dates;
}

/** True when `date` is one of the Saturdays offered at `now`. */
export function isOpenPickupDate(date: string, now: Date): boolean {
  return PICKUP_DATE.test(date) && openPickupDates(now).includes(date);
}

/** "Saturday 5 December" for `2026-12-05` (spelt out here, the same in every browser and on the server). */
export function pickupDayLabel(date: string): string {
  const day = new Date(`${date}T00:00:00.000Z`);
  return `${WEEKDAYS[day.getUTCDay()] ?? ''} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()] ?? ''}`;
}

/** "Saturday 5 December, 10am-4pm": when a pickup order is collected. */
export function pickupWhen(date: string): string {
  return `${pickupDayLabel(date)}, ${CELLAR_DOOR_HOURS}`;
}

/** The order summary's line for a pickup: "Collect Saturday 5 December, 10am-4pm, 12 Brewery Lane …". */
export function pickupLine(date: string, cellarDoorAddress: string): string {
  return `Collect ${pickupWhen(date)}, ${cellarDoorAddress}`;
}
