import { DAY_MS, MONTHS, PERTH_OFFSET_MS, WEEKDAYS } from './perth-calendar';

/**
 * Scheduled releases: a beer may carry `releaseAt` (an instant). Before it the shop shows the beer with when it
 * releases and a countdown, and no checkout may take it; from that instant it is on sale in every process at
 * once, because each decides by its own clock, not by an event arriving.
 */

/** True when the beer has no release time, or its release time has come at `now`. */
export function isReleased(product: { releaseAt?: string | null }, now: Date): boolean {
  const at = product.releaseAt ?? null;
  return at === null || now.getTime() >= Date.parse(at);
}

/**
 * True when club members may buy the beer at `now`: it is released, or its early access for members (`membersFrom`,
 * before `releaseAt`) has begun. Everyone else waits for `releaseAt`.
 */
export function isOpenToMembers(product: { releaseAt?: string | null; membersFrom?: string | null }, now: Date): boolean {
  if (isReleased(product, now)) return true;
  const from = product.membersFrom ?? null;
  return from !== null && now.getTime() >= Date.parse(from);
}

/** "10:00 am" for an instant, in Perth. */
function perthClock(perth: Date): string {
  const hours = perth.getUTCHours();
  const minutes = String(perth.getUTCMinutes()).padStart(2, '0');
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
}

/**
 * When a release is, in Perth: "Saturday 10:00 am" when it is within the coming week of `now`, otherwise with its
 * date, "Saturday 12 December, 10:00 am" (always with the date when `now` is not given).
 */
export function releaseWhen(releaseAt: string, now?: Date): string {
  const at = Date.parse(releaseAt);
  const perth = new Date(at + PERTH_OFFSET_MS);
  const day = WEEKDAYS[perth.getUTCDay()] ?? '';
  const soon = now !== undefined && at - now.getTime() < 6 * DAY_MS;
  return soon ? `${day} ${perthClock(perth)}` : `${day} ${perth.getUTCDate()} ${MONTHS[perth.getUTCMonth()] ?? ''}, ${perthClock(perth)}`;
}

/** "Releasing Saturday 10:00 am (Perth time)": the shop sells Australia-wide, so the time says whose it is. */
export function releaseLabel(releaseAt: string, now: Date): string {
  return `Releasing ${releaseWhen(releaseAt, now)} (Perth time)`;
}

/** What is left until `releaseAt` at `now`, as the countdown shows it: "2d 03:04:05", "03:04:05", or null once released. */
export function releaseCountdown(releaseAt: string, now: Date): string | null {
  const left = Date.parse(releaseAt) - now.getTime();
  if (!(left > 0)) return null;
  const seconds = Math.ceil(left / 1000);
  const days = Math.floor(seconds / 86_400);
  const clock = [Math.floor((seconds % 86_400) / 3600), Math.floor((seconds % 3600) / 60), seconds % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  return days > 0 ? `${days}d ${clock}` : clock;
}

/** A Perth date and time as the admin form takes it (`YYYY-MM-DDTHH:mm`), as an instant (ISO-8601, UTC). */
export function perthLocalToInstant(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return null;
  const at = Date.parse(`${local}:00.000Z`);
  if (Number.isNaN(at)) return null;
  return new Date(at - PERTH_OFFSET_MS).toISOString();
}

/** An instant as the admin form shows it, in Perth (`YYYY-MM-DDTHH:mm`). */
export function instantToPerthLocal(instant: string): string {
  return new Date(Date.parse(instant) + PERTH_OFFSET_MS).toISOString().slice(0, 16);
}
