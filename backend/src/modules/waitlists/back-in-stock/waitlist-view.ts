import type { WaitlistEntry, WaitlistEntryStatus, WaitlistView } from '@brewery/shop-rules';
import { csvFile } from '../../../shared-kernel/csv';
import { WAITLIST_LIMIT } from '../domain/waitlist.decider';
import type { WaitlistEntryDoc } from './waitlist.projection';

const STATUSES: readonly WaitlistEntryStatus[] = ['pending', 'confirmed', 'notified', 'unsubscribed', 'removed'];

/**
 * A beer's list as the operator sees it at `now`: every address it heard from, oldest request first, as its latest
 * sign-up stands. A pending sign-up whose link ran out has lapsed: counted, not listed.
 */
export function waitlistView(product: { productId: string; name: string }, docs: readonly WaitlistEntryDoc[], now: Date): WaitlistView {
  const counts = { ...(Object.fromEntries(STATUSES.map((status) => [status, 0])) as Record<WaitlistEntryStatus, number>), lapsed: 0 };
  const entries: WaitlistEntry[] = [];
  const ordered = [...docs].sort((a, b) => a.askedAt.localeCompare(b.askedAt) || a.key.localeCompare(b.key));
  for (const doc of ordered) {
    if (doc.status === 'pending' && doc.confirmBy !== null && Date.parse(doc.confirmBy) <= now.getTime()) {
      counts.lapsed += 1;
      continue;
    }
    counts[doc.status] += 1;
    entries.push({
      email: doc.email,
      askedAt: doc.askedAt,
      status: doc.status,
      confirmedAt: doc.confirmedAt,
      notifiedAt: doc.notifiedAt,
      leftAt: doc.leftAt,
      removedAt: doc.removedAt,
      reason: doc.reason,
    });
  }
  return { ...product, entries, counts, limit: WAITLIST_LIMIT };
}

export const WAITLIST_CSV_COLUMNS = [
  'Email',
  'Asked At',
  'Status',
  'Confirmed At',
  'Notified At',
  'Left At',
  'Removed At',
  'Reason',
] as const;

/** The list as a CSV file: a header row, one row per address listed (times in UTC, as recorded). */
export function waitlistCsv(view: WaitlistView): string {
  return csvFile([
    WAITLIST_CSV_COLUMNS,
    ...view.entries.map((entry) => [
      entry.email,
      entry.askedAt,
      entry.status,
      entry.confirmedAt,
      entry.notifiedAt,
      entry.leftAt,
      entry.removedAt,
      entry.reason,
    ]),
  ]);
}

/** `waiting-list-<slug>.csv`. */
export function waitlistCsvFileName(slug: string): string {
  return `waiting-list-${slug.replace(/[^a-z0-9-]/gi, '') || 'beer'}.csv`;
}
