import { describe, expect, it } from 'vitest';
import type { BulkResult } from '@brewery/shop-rules';
import { bulkResultView, type BulkResultView } from './bulk-result';
import { activeFilterCount, readOrderSearchParams } from './use-order-search-params';
import { ACTIVE_STATUSES } from './order-tab-statuses';

const skip = { orderId: '246', code: 'pickup_not_shipped', reason: 'Order #246 is collected at the cellar door, so it is never shipped' };

describe('the result of a bulk action', () => {
  it.each<[string, BulkResult, number, BulkResultView['tone']]>([
    ['done for every order', { applied: ['1', '2'], skipped: [] }, 2, 'success'],
    ['every order already had it: nothing to change', { applied: ['1', '2'], skipped: [] }, 0, 'info'],
    ['done for some, others skipped', { applied: ['1'], skipped: [skip] }, 1, 'warning'],
    ['done for none', { applied: [], skipped: [skip] }, 0, 'error'],
  ])('%s', (_case, outcome, changed, tone) => {
    expect(bulkResultView({ message: 'm', ...outcome }, changed)).toEqual({ message: 'm', skipped: outcome.skipped, tone });
  });
});

describe('the filters a phone counts on its Filters button', () => {
  it.each([
    ['', 0],
    ['q=smith', 0],
    ['status=paid&status=shipped', 1],
    ['from=2026-11-23', 1],
    ['from=2026-11-23&to=2026-11-24', 2],
    ['fulfilment=pickup&pickupDate=2026-11-28', 2],
    ['fulfilment=delivery&from=2026-11-23&status=paid', 3],
    ['from=23/11/2026', 0],
  ])('?tab=active-orders&%s: %i', (query, count) => {
    const params = readOrderSearchParams(new URLSearchParams(`tab=active-orders&${query}`), 'active-orders', ACTIVE_STATUSES);
    expect(activeFilterCount(params)).toBe(count);
  });
});
