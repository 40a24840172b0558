import { Link } from 'react-router-dom';
import { money } from '@/shared/format/money';
import type { AdminSummary } from './api/get-admin-summary';
import './admin-summary-bar.css';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** "today", or "Mon 30 Nov" for another Perth day. */
function dayText(day: string, today: string): string {
  if (day === today) return 'today';
  const date = new Date(`${day}T00:00:00.000Z`);
  return `${WEEKDAYS[date.getUTCDay()] ?? ''} ${date.getUTCDate()} ${date.toLocaleString('en-AU', { month: 'short', timeZone: 'UTC' })}`;
}

function lowStockText(summary: AdminSummary): string {
  if (summary.lowStock.length === 0) return 'None';
  return summary.lowStock.map((beer) => `${beer.name} (${beer.available <= 0 ? 'sold out' : `${beer.available} left`})`).join(', ');
}

/**
 * The day at a glance, above the tabs: what to send before the next dispatch day, checkouts waiting for a
 * card, orders to review, the money so far today and this week, and the beers running low. Each figure that
 * has a list is a link to it.
 */
export function AdminSummaryBar({ summary }: { summary: AdminSummary | null | undefined }) {
  if (!summary) return <section className="admin-summary admin-summary--loading" aria-label="Today at a glance" />;
  return (
    <section className="admin-summary" aria-label="Today at a glance">
      <Link className="admin-summary__figure" to="/admin?tab=active-orders&status=paid&status=packed_awaiting_pickup">
        <strong>{summary.toDispatch}</strong> to dispatch by {dayText(summary.nextDispatchDay, summary.today)}
      </Link>
      <Link className="admin-summary__figure" to="/admin?tab=pending-orders">
        <strong>{summary.pendingCheckouts}</strong> pending {summary.pendingCheckouts === 1 ? 'checkout' : 'checkouts'}
      </Link>
      {summary.needsReview > 0 ? (
        <span className="admin-summary__figure admin-summary__figure--alert">
          <strong>{summary.needsReview}</strong> to review
        </span>
      ) : null}
      <span className="admin-summary__figure">
        Beer sold <strong>{money(summary.revenueToday)}</strong> today · {money(summary.revenueThisWeek)} this week
      </span>
      <Link
        className={`admin-summary__figure${summary.lowStock.length > 0 ? ' admin-summary__figure--alert' : ''}`}
        to="/admin?tab=analytics"
      >
        Low stock: {lowStockText(summary)}
      </Link>
    </section>
  );
}
