import { nextDispatchDay, type AdminSummary, addDays, type PerthDay } from '@brewery/shop-rules';
import type { SalesLine } from './sales-line';
import { summariseSales } from './sales-summary';
import type { StockLevelEntry } from './stock-levels';

/** The Monday that starts `day`'s week. */
export function weekStart(day: PerthDay): PerthDay {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export interface AdminSummaryInput {
  today: PerthDay;
  /** Sales lines from this week's Monday to today (at least). */
  lines: readonly SalesLine[];
  counts: { toDispatch: number; pendingCheckouts: number; needsReview: number; pendingTab: number; activeTab: number };
  /** Every stock card, most urgent first. */
  stock: readonly StockLevelEntry[];
}

/** The operator's day at a glance, from what the read models hold. */
export function adminSummaryOf(input: AdminSummaryInput): AdminSummary {
  const revenue = (start: PerthDay) =>
    summariseSales(
      { start, end: input.today },
      input.lines.filter((line) => line.date >= start && line.date <= input.today),
    ).totalRevenue;
  return {
    today: input.today,
    nextDispatchDay: nextDispatchDay(input.today),
    toDispatch: input.counts.toDispatch,
    pendingCheckouts: input.counts.pendingCheckouts,
    needsReview: input.counts.needsReview,
    revenueToday: revenue(input.today),
    revenueThisWeek: revenue(weekStart(input.today)),
    lowStock: input.stock.flatMap((entry) =>
      entry.level === 'OK' ? [] : [{ productId: entry.productId, name: entry.name, available: entry.available, level: entry.level }],
    ),
    tabCounts: { 'pending-orders': input.counts.pendingTab, 'active-orders': input.counts.activeTab },
  };
}
