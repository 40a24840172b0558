import { compareNames } from '../../../shared-kernel/collation';
import { daysBetween, decimalString, type PerthDay } from '@brewery/shop-rules';
import type { ReportPeriod } from './report-period';
import type { SalesLine } from './sales-line';

export interface DayRevenue {
  day: PerthDay;
  revenue: string;
  revenueCents: number;
}

export interface BeerCans {
  productId: string;
  productName: string;
  cans: number;
}

/** The Analytics tab's summary of a period and the data of its two charts. */
export interface SalesSummary {
  startDate: PerthDay;
  endDate: PerthDay;
  lineItems: number;
  /** Distinct paid orders (refunds are lines of their own, with negative totals). */
  orders: number;
  totalCans: number;
  /**
   * Sum of the line totals: the beer sold at its line prices, less what discount codes took off the beer, less
   * refunds (shipping is not revenue from beer).
   */
  totalRevenue: string;
  totalRevenueCents: number;
  /** What discount codes took off the beer of the orders paid in the period (its discount lines, as a positive sum). */
  discounts: string;
  discountsCents: number;
  /** Every day of the period, days without sales included, so the chart's axis has no gaps. */
  revenueByDay: DayRevenue[];
  /** Most cans first, then by name. */
  cansByBeer: BeerCans[];
}

export function summariseSales(period: ReportPeriod, lines: readonly SalesLine[]): SalesSummary {
  const byDay = new Map<PerthDay, number>();
  const byBeer = new Map<string, BeerCans>();
  let totalCans = 0;
  let totalRevenueCents = 0;
  let discountsCents = 0;
  for (const line of lines) {
    totalCans += line.quantity;
    totalRevenueCents += line.lineTotalCents;
    byDay.set(line.date, (byDay.get(line.date) ?? 0) + line.lineTotalCents);
    if (line.discount === true) discountsCents -= line.lineTotalCents;
    // A refund or a discount takes money off its day, not cans off a beer.
    if (line.refund === true || line.discount === true) continue;
    const beer = byBeer.get(line.productId);
    // A renamed beer is shown under the name of its latest sale in the period.
    if (beer) byBeer.set(line.productId, { ...beer, productName: line.productName, cans: beer.cans + line.quantity });
    else byBeer.set(line.productId, { productId: line.productId, productName: line.productName, cans: line.quantity });
  }
  return {
    startDate: period.start,
    endDate: period.end,
    lineItems: lines.length,
    orders: new Set(lines.filter((l) => l.refund !== true && l.discount !== true).map((l) => l.orderId)).size,
    totalCans,
    totalRevenue: decimalString(totalRevenueCents),
    totalRevenueCents,
    discounts: decimalString(discountsCents),
    discountsCents,
    revenueByDay: daysBetween(period.start, period.end).map((day) => {
      const cents = byDay.get(day) ?? 0;
      return { day, revenue: decimalString(cents), revenueCents: cents };
    }),
    cansByBeer: [...byBeer.values()].sort((a, b) => b.cans - a.cans || compareNames(a.productName, b.productName)),
  };
}
