import type { DomainEvent } from '@brewery/eventstore';

/**
 * The operator pressed "send the daily analytics e-mail". `sequence` numbers the presses of one Perth day
 * (the e-mail's key ends with it); `idempotencyKey` is the HTTP request's, so a retried request is
 * recognised and sends nothing more.
 */
export type DailyAnalyticsEmailRequested = DomainEvent<
  'DailyAnalyticsEmailRequested',
  { day: string; sequence: number; idempotencyKey: string | null; requestedAt: string }
>;

export type DailyAnalyticsEvent = DailyAnalyticsEmailRequested;

export const DAILY_ANALYTICS_STREAM_CATEGORY = 'dailyanalytics';

/** One stream per Perth day: `dailyanalytics-2026-11-23`. */
export function dailyAnalyticsStreamName(day: string): string {
  return `${DAILY_ANALYTICS_STREAM_CATEGORY}-${day}`;
}

/** The e-mail's key: a second press the same day is another e-mail, a retried request the same one. */
export function dailyAnalyticsEmailKey(day: string, sequence: number): string {
  return `daily-analytics-${day}-${sequence}`;
}
