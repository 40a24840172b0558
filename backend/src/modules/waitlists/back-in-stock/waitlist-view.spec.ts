import { waitlistCsv, waitlistCsvFileName, waitlistView } from './waitlist-view';
import type { WaitlistEntryDoc } from './waitlist.projection';

const entry = (email: string, changes: Partial<WaitlistEntryDoc>): WaitlistEntryDoc => ({
  _id: `stout/${email.toLowerCase()}`,
  productId: 'stout',
  key: email.toLowerCase(),
  email,
  status: 'pending',
  askedAt: '2026-11-23T01:00:00.000Z',
  confirmBy: '2026-11-25T01:00:00.000Z',
  confirmedAt: null,
  notifiedAt: null,
  leftAt: null,
  removedAt: null,
  reason: null,
  client: 'c',
  revision: 0,
  ...changes,
});

const docs = [
  entry('=cmd@example.com', {
    askedAt: '2026-11-23T03:00:00.000Z',
    status: 'removed',
    confirmBy: null,
    removedAt: '2026-11-23T04:00:00.000Z',
    reason: 'made-up, "junk"',
  }),
  entry('Ada@Example.com', { status: 'confirmed', confirmBy: null, confirmedAt: '2026-11-23T01:05:00.000Z' }),
  entry('lapsed@example.com', { askedAt: '2026-11-20T01:00:00.000Z', confirmBy: '2026-11-22T01:00:00.000Z' }),
  entry('grace@example.com', { askedAt: '2026-11-23T02:00:00.000Z' }),
];
const NOW = new Date('2026-11-24T01:00:00.000Z');

describe("the operator's view of a waiting list", () => {
  it('lists every address oldest request first, leaves lapsed sign-ups out but counts them', () => {
    const view = waitlistView({ productId: 'stout', name: 'Sold Out Stout' }, docs, NOW);
    expect(view.entries.map((e) => [e.email, e.status])).toEqual([
      ['Ada@Example.com', 'confirmed'],
      ['grace@example.com', 'pending'],
      ['=cmd@example.com', 'removed'],
    ]);
    expect(view.counts).toEqual({ pending: 1, confirmed: 1, notified: 0, unsubscribed: 0, removed: 1, lapsed: 1 });
    expect(view).toMatchObject({ productId: 'stout', name: 'Sold Out Stout', limit: 500 });
    // The same sign-up a moment before its link ran out is still pending
    expect(waitlistView({ productId: 'stout', name: 'S' }, docs, new Date('2026-11-22T00:59:59.999Z')).counts.lapsed).toBe(0);
  });

  it('exports it as a CSV a spreadsheet opens safely', () => {
    const csv = waitlistCsv(waitlistView({ productId: 'stout', name: 'Sold Out Stout' }, docs, NOW));
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFEmail,Asked At,Status,Confirmed At,Notified At,Left At,Removed At,Reason',
      'Ada@Example.com,2026-11-23T01:00:00.000Z,confirmed,2026-11-23T01:05:00.000Z,,,,',
      'grace@example.com,2026-11-23T02:00:00.000Z,pending,,,,,',
      `'=cmd@example.com,2026-11-23T03:00:00.000Z,removed,,,,2026-11-23T04:00:00.000Z,"made-up, ""junk"""`,
      '',
    ]);
    expect(waitlistCsvFileName('sold-out-stout')).toBe('waiting-list-sold-out-stout.csv');
  });
});
