import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Input, Select, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage } from '@/shared/api/api-error';
import { saveFile } from '@/shared/browser/save-file';
import { perthDateTime } from '@/shared/format/perth-date-time';
import { staffRoleLabel } from '@/shared/format/staff-role';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useActivity, useDownloadActivity, type ActivityFilter } from './api/activity';
import type { StaffMember } from './api/get-staff';

const EVERYONE = '';

/** An order the trail mentions, found in the Active Orders tab by its number. */
export function orderHref(orderId: string): string {
  return `/admin?${new URLSearchParams({ tab: 'active-orders', q: orderId }).toString()}`;
}

export interface ActivitySectionProps {
  /** The people to filter by (everyone ever on the staff: a deactivated person's trail stays). */
  staff: readonly StaffMember[];
}

/**
 * What each person did, newest first: when (Perth time), who and in which role, what, and the order it was about.
 * Narrowed to a person and to Perth days; "Load more" reads the next page, and "Download CSV" the whole selection.
 */
export function ActivitySection({ staff }: ActivitySectionProps) {
  const [filter, setFilter] = useState<ActivityFilter>({ staffId: null, from: null, to: null });
  const activity = useActivity(filter);
  const download = useDownloadActivity();
  const toast = useToast();
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];

  const saveCsv = () =>
    download.mutate(filter, {
      onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
      onError: (error) => toast.error('The activity could not be downloaded', errorMessage(error)),
    });

  return (
    <section className="staff-activity" aria-labelledby="staff-activity-title">
      <h3 id="staff-activity-title" className="staff__heading">
        Activity
      </h3>
      <div className="staff-activity__filters" role="search" aria-label="Filter the activity">
        <div className="staff-activity__filter">
          <span id="staff-activity-person">Person</span>
          <Select<string>
            aria-labelledby="staff-activity-person"
            className="staff-activity__person"
            value={filter.staffId ?? EVERYONE}
            onChange={(chosen) => setFilter({ ...filter, staffId: chosen === EVERYONE ? null : chosen })}
            options={[
              { value: EVERYONE, label: 'Everyone' },
              ...staff.map((member) => ({ value: member.id, label: `${member.name} (${staffRoleLabel(member.role).toLowerCase()})` })),
            ]}
          />
        </div>
        <label className="staff-activity__filter">
          From
          <Input
            type="date"
            value={filter.from ?? ''}
            max={filter.to ?? undefined}
            onChange={(event) => setFilter({ ...filter, from: event.target.value || null })}
          />
        </label>
        <label className="staff-activity__filter">
          To
          <Input
            type="date"
            value={filter.to ?? ''}
            min={filter.from ?? undefined}
            onChange={(event) => setFilter({ ...filter, to: event.target.value || null })}
          />
        </label>
        <Button icon={<DownloadOutlined aria-hidden />} loading={download.isPending} onClick={saveCsv}>
          Download CSV
        </Button>
      </div>
      {activity.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} title={false} />
      ) : activity.isError ? (
        <Alert type="error" showIcon title="The activity could not be loaded" description={errorMessage(activity.error)} />
      ) : entries.length === 0 ? (
        <Empty description="Nothing done in this selection" />
      ) : (
        <ol className="staff-activity__list" aria-label="Activity, newest first">
          {entries.map((entry) => (
            <li key={entry.position} className="staff-activity__entry">
              <div className="staff-activity__meta">
                <time dateTime={entry.at}>{perthDateTime(entry.at)}</time> · <span className="staff-activity__who">{entry.name}</span>{' '}
                <Tag>{staffRoleLabel(entry.role)}</Tag>
              </div>
              <div>
                {entry.summary}
                {entry.orderId === null ? null : (
                  <>
                    {' '}
                    <Link to={orderHref(entry.orderId)}>Order #{entry.orderId}</Link>
                  </>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      {activity.hasNextPage ? (
        <Button className="staff-activity__more" onClick={() => void activity.fetchNextPage()} loading={activity.isFetchingNextPage}>
          Load more
        </Button>
      ) : null}
    </section>
  );
}
