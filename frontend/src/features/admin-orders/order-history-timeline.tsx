import { Alert, Skeleton, Tag, Timeline } from 'antd';
import { errorMessage } from '@/shared/api/api-error';
import type { EventActor } from './api/get-admin-orders';
import { useOrderHistory } from './api/get-order-history';
import { actorLabel, dateTime } from './order-display';

export interface OrderHistoryTimelineProps {
  orderId: string;
}

function actorColor(actor: EventActor): string {
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

/** What happened to the order, when and by whom, read from its event streams (oldest first). */
export function OrderHistoryTimeline({ orderId }: OrderHistoryTimelineProps) {
  const history = useOrderHistory(orderId);
  if (history.isPending) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (history.isError)
    return <Alert type="warning" showIcon title="The order history could not be loaded" description={errorMessage(history.error)} />;
  if (history.data.length === 0) return <p>No events recorded.</p>;
  return (
    <Timeline
      className="order-history"
      items={history.data.map((entry) => ({
        key: `${entry.stream}@${entry.revision}`,
        color: actorColor(entry.actor),
        content: (
          <div className="order-history__entry">
            <div className="order-history__meta">
              <time dateTime={entry.at}>{dateTime(entry.at)}</time> <Tag>{actorLabel(entry.actor)}</Tag>
            </div>
            <div>{entry.summary}</div>
          </div>
        ),
      }))}
    />
  );
}
