import { addDays, perthDayOf } from '@brewery/shop-rules';

/**
 * The report form opens on the last 30 days, today included, as the shop counts days (Perth): an operator whose
 * browser is on another clock (travelling, or a UTC machine) still sees today's sales, which are Perth's today.
 */
export function defaultPeriod(now: Date): { startDate: string; endDate: string } {
  const today = perthDayOf(now);
  return { startDate: addDays(today, -29), endDate: today };
}
