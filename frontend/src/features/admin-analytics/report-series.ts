import type { ChartDatum } from './bar-charts';

/** Turns the report summary into chart series: every day of the period (quiet days as 0), beers by cans. */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Past a year, the gaps are left out rather than drawn as hundreds of empty columns. */
const MAX_FILLED_DAYS = 366;

function toDayNumber(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (match === null) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

function fromDayNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** "2026-11-05" drawn under a column as "5/11", the Australian day/month. */
export function shortDay(day: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(day);
  if (match === null) return day;
  return `${Number(match[2])}/${Number(match[1])}`;
}

export function revenueSeries(
  revenueByDay: readonly { day: string; revenue: string | number }[],
  startDate: string,
  endDate: string,
): ChartDatum[] {
  const byDay = new Map<string, number>();
  for (const { day, revenue } of revenueByDay) byDay.set(day, (byDay.get(day) ?? 0) + Number(revenue));
  const start = toDayNumber(startDate);
  const end = toDayNumber(endDate);
  const days =
    start !== null && end !== null && end >= start && end - start < MAX_FILLED_DAYS
      ? Array.from({ length: end - start + 1 }, (_, index) => fromDayNumber(start + index))
      : [...byDay.keys()].sort();
  return days.map((day) => ({ label: day, shortLabel: shortDay(day), value: byDay.get(day) ?? 0 }));
}

/** Best sellers first; ties keep the server's order. */
export function cansSeries(cansByBeer: readonly { productName: string; cans: number }[]): ChartDatum[] {
  return [...cansByBeer].sort((a, b) => b.cans - a.cans).map(({ productName, cans }) => ({ label: productName, value: cans }));
}

/** The charts' text alternative: what they show in one sentence. */
export function revenueSummary(series: readonly ChartDatum[], format: (value: number) => string): string {
  if (series.length === 0) return 'No revenue in this period.';
  const total = series.reduce((sum, d) => sum + d.value, 0);
  const best = series.reduce((a, b) => (b.value > a.value ? b : a));
  const first = series[0]?.label ?? '';
  const last = series[series.length - 1]?.label ?? '';
  return `Revenue per day from ${first} to ${last}: ${format(total)} in total, highest ${format(best.value)} on ${best.label}.`;
}

export function cansSummary(series: readonly ChartDatum[]): string {
  if (series.length === 0) return 'No cans sold in this period.';
  const total = series.reduce((sum, d) => sum + d.value, 0);
  const best = series[0];
  return `${total} cans across ${series.length} beers; the best seller is ${best?.label ?? ''} with ${best?.value ?? 0} cans.`;
}
