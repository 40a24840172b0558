import type { EventActor, EventTimelineEntry, StaffActor } from '@brewery/shop-rules';
import { Alert, Skeleton, Tag, Timeline } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '@/shared/api/api-error';
import { perthDateTime } from '@/shared/format/perth-date-time';
import './event-timeline.css';

/** A member of staff as their events name them: "Paula Pack · packer". */
export function staffActorLabel(actor: StaffActor): string {
  return `${actor.name} · ${actor.role}`;
}

/**
 * Who caused an event, in a word. A member of staff by name and role; events from before staff accounts (the one
 * shared admin password) say only "Admin".
 */
export function actorLabel(actor: EventActor): string {
  if (typeof actor === 'object') return staffActorLabel(actor);
  switch (actor) {
    case 'customer':
      return 'Customer';
    case 'admin':
      return 'Admin';
    case 'stripe':
      return 'Payment provider';
    case 'system':
      return 'System';
  }
}

/** The shop's people in purple (whoever of them it was), the customer blue, payments green, the shop itself grey. */
function actorColor(actor: EventActor): string {
  if (typeof actor === 'object') return 'purple';
  switch (actor) {
    case 'customer':
      return 'blue';
    case 'admin':
      return 'purple';
    case 'stripe':
      return 'green';
    case 'system':
      return 'gray';
  }
}

export interface EventTimelineProps {
  history: UseQueryResult<EventTimelineEntry[]>;
  /** What the history is of, for the message when it cannot be loaded ("order", "product"). */
  subject: string;
}

/** What happened, when and by whom, read from the event log (oldest first), in Perth time. */
export function EventTimeline({ history, subject }: EventTimelineProps) {
  if (history.isPending) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (history.isError)
    return <Alert type="warning" showIcon title={`The ${subject} history could not be loaded`} description={errorMessage(history.error)} />;
  if (history.data.length === 0) return <p>No events recorded.</p>;
  return (
    <Timeline
      className="event-timeline"
      items={history.data.map((entry) => ({
        key: `${entry.stream}@${entry.revision}`,
        color: actorColor(entry.actor),
        content: (
          <div className="event-timeline__entry">
            <div className="event-timeline__meta">
              <time dateTime={entry.at}>{perthDateTime(entry.at)}</time> <Tag>{actorLabel(entry.actor)}</Tag>
            </div>
            <div>{entry.summary}</div>
          </div>
        ),
      }))}
    />
  );
}
