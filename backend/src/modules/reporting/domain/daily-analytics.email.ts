import { addDays, cansCount, formatCents, type PerthDay } from '@brewery/shop-rules';
import type { SalesLine } from './sales-line';
import { summariseSales, type BeerCans } from './sales-summary';
import type { StockLevelEntry } from './stock-levels';

export const TOP_BEERS = 5;

export interface PeriodFigures {
  start: PerthDay;
  end: PerthDay;
  orders: number;
  cans: number;
  revenue: string;
  revenueCents: number;
  topBeers: BeerCans[];
}

export interface DailyAnalytics {
  /** The Perth day the e-mail is sent on; "yesterday" is the day before. */
  today: PerthDay;
  /** Today until the e-mail was asked for (pressed at 10 pm, the day's sales are there). */
  todaySoFar: PeriodFigures;
  yesterday: PeriodFigures;
  /** The seven whole days ending yesterday. */
  lastSevenDays: PeriodFigures;
  pendingOrders: number;
  /** CRITICAL and LOW products, most urgent first. */
  lowStock: StockLevelEntry[];
}

export interface DailyAnalyticsInput {
  today: PerthDay;
  /** Sales lines of (at least) the seven days before `today`, and of today so far. */
  lines: readonly SalesLine[];
  pendingOrders: number;
  /** Every stock card, already sorted most urgent first. */
  stock: readonly StockLevelEntry[];
}

export function dailyAnalytics(input: DailyAnalyticsInput): DailyAnalytics {
  const yesterday = addDays(input.today, -1);
  return {
    today: input.today,
    todaySoFar: figures(input.today, input.today, input.lines),
    yesterday: figures(yesterday, yesterday, input.lines),
    lastSevenDays: figures(addDays(input.today, -7), yesterday, input.lines),
    pendingOrders: input.pendingOrders,
    lowStock: input.stock.filter((s) => s.level !== 'OK'),
  };
}

function figures(start: PerthDay, end: PerthDay, lines: readonly SalesLine[]): PeriodFigures {
  const summary = summariseSales(
    { start, end },
    lines.filter((l) => l.date >= start && l.date <= end),
  );
  return {
    start,
    end,
    orders: summary.orders,
    cans: summary.totalCans,
    revenue: summary.totalRevenue,
    revenueCents: summary.totalRevenueCents,
    topBeers: summary.cansByBeer.slice(0, TOP_BEERS),
  };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** "Sun 22 Nov 2026". */
export function dayLabel(day: PerthDay): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  return `${WEEKDAYS[date.getUTCDay()] ?? ''} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()] ?? ''} ${date.getUTCFullYear()}`;
}

const money = formatCents;
const cans = cansCount;

function figureLines(title: string, f: PeriodFigures): string[] {
  const top = f.topBeers.length === 0 ? 'none' : f.topBeers.map((b) => `${b.productName} (${cans(b.cans)})`).join(', ');
  return [title, `  Orders paid: ${f.orders}`, `  Cans sold: ${f.cans}`, `  Revenue: ${money(f.revenueCents)}`, `  Top beers: ${top}`];
}

/** The e-mail itself: plain text the operator reads on a phone. */
export function dailyAnalyticsEmail(report: DailyAnalytics, brandName: string): { subject: string; text: string } {
  const stock =
    report.lowStock.length === 0
      ? ['  Every product has more than 10 cans.']
      : report.lowStock.map((s) => `  ${s.level.padEnd(8)} ${s.name}: ${cans(s.inventory)} in stock, ${s.available} available`);
  const text = [
    `${brandName}: daily analytics`,
    `Sent ${dayLabel(report.today)} (Perth time)`,
    '',
    ...figureLines(`Today so far (${dayLabel(report.today)})`, report.todaySoFar),
    '',
    ...figureLines(`Yesterday (${dayLabel(report.yesterday.start)})`, report.yesterday),
    '',
    ...figureLines(`Last 7 days (${dayLabel(report.lastSevenDays.start)} to ${dayLabel(report.lastSevenDays.end)})`, report.lastSevenDays),
    '',
    `Pending orders awaiting payment: ${report.pendingOrders}`,
    '',
    'Stock needing attention (CRITICAL at 5 cans or less, LOW at 10 or less)',
    ...stock,
    '',
  ].join('\n');
  return {
    subject: `Daily analytics for ${dayLabel(report.yesterday.start)}: ${money(report.yesterday.revenueCents)}, ${cans(report.yesterday.cans)}`,
    text,
  };
}
