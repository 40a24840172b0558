import type { StaffActivityPage } from '@brewery/shop-rules';
import { infiniteQueryOptions, useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { apiGet, apiRequest } from '@/shared/api/api-client';
import { adminQueryKey } from '@/shared/api/admin-query-key';

export type { StaffActivityEntry, StaffActivityPage } from '@brewery/shop-rules';

/** What the activity trail is narrowed to: one person, and Perth days (YYYY-MM-DD, both inclusive). */
export interface ActivityFilter {
  staffId: string | null;
  from: string | null;
  to: string | null;
}

export const ACTIVITY_PATH = '/api/admin/activity';

/** `GET /api/admin/activity?staffId=&from=&to=&before=` (only what is set), or its CSV (`format=csv`, every page). */
export function activityPath(filter: ActivityFilter, more: { before?: number; format?: 'csv' } = {}): string {
  const query = new URLSearchParams();
  if (filter.staffId !== null) query.set('staffId', filter.staffId);
  if (filter.from !== null) query.set('from', filter.from);
  if (filter.to !== null) query.set('to', filter.to);
  if (more.before !== undefined) query.set('before', String(more.before));
  if (more.format !== undefined) query.set('format', more.format);
  const text = query.toString();
  return text === '' ? ACTIVITY_PATH : `${ACTIVITY_PATH}?${text}`;
}

/**
 * The trail a page at a time, newest first: each page's `nextBefore` asks for the one after it (null at the end).
 * Under the admin key: a change the owner makes (a role, a deactivation) shows in it at once.
 */
export function activityQueryOptions(filter: ActivityFilter) {
  return infiniteQueryOptions({
    queryKey: adminQueryKey('activity', filter),
    queryFn: async ({ pageParam }): Promise<StaffActivityPage> =>
      (await apiGet<StaffActivityPage>(activityPath(filter, pageParam === null ? {} : { before: pageParam }))) ?? {
        entries: [],
        nextBefore: null,
      },
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextBefore,
  });
}

export function useActivity(filter: ActivityFilter) {
  return useInfiniteQuery(activityQueryOptions(filter));
}

/** The whole selection as a CSV file to save (named as the server names it, `staff-activity….csv`). */
export async function downloadActivity(filter: ActivityFilter): Promise<{ blob: Blob; fileName: string }> {
  const response = await apiRequest('GET', activityPath(filter, { format: 'csv' }));
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  return { blob: await response.blob(), fileName: named ?? 'staff-activity.csv' };
}

export function useDownloadActivity() {
  return useMutation({ mutationFn: downloadActivity });
}
