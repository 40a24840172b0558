import { Alert, Skeleton, Tag, Timeline } from 'antd';
import { errorMessage } from '@/shared/api/api-error';
import { perthDateTime } from '@/shared/format/perth-date-time';
import { actorLabel } from '@/shared/ui/event-timeline';
import { useDiscountCodeHistory } from './api/discount-codes';

/** What happened to a code, oldest first: who created or disabled it, and each order that held, gave back or used it. */
export function DiscountCodeHistory({ code }: { code: string }) {
  const history = useDiscountCodeHistory(code);
  if (history.isPending) return <Skeleton active paragraph={{ rows: 3 }} title={false} />;
  if (history.isError)
    return <Alert type="warning" showIcon title="The code’s history could not be loaded" description={errorMessage(history.error)} />;
  if (history.data.length === 0) return <p>Nothing recorded yet.</p>;
  return (
    <Timeline
      className="discounts-history"
      items={history.data.map((entry, index) => ({
        key: `${entry.at}-${index}`,
        content: (
          <div className="discounts-history__entry">
            <div className="discounts-history__meta">
              <time dateTime={entry.at}>{perthDateTime(entry.at)}</time> <Tag>{actorLabel(entry.by)}</Tag>
              {entry.orderId === null ? null : <span className="discounts-history__order">Order #{entry.orderId}</span>}
            </div>
            <div>{entry.summary}</div>
          </div>
        ),
      }))}
    />
  );
}
