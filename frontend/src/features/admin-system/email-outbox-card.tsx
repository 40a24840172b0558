import { Button, Card, Empty, Modal, Skeleton, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import type { OutboxEmail } from './api/get-outbox';
import { useOutbox } from './api/get-outbox';
import { useOutboxEmail } from './api/get-outbox-email';
import { SYSTEM_TEXTS } from './system-texts';
import { perthDateTime } from '@/shared/format/perth-date-time';
import { useMediaQuery } from '@/shared/browser/use-media-query';

/** Below this width the outbox is a list of cards, one per e-mail. */
export const OUTBOX_CARDS_QUERY = '(max-width: 599px)';

const time = (iso: string | null): string => (iso === null ? '—' : perthDateTime(iso));

function statusColor(status: string): string {
  if (status === 'sent') return 'green';
  if (status === 'failed') return 'red';
  return 'blue';
}

function EmailViewer({ emailKey, onClose }: { emailKey: string | null; onClose: () => void }) {
  const { data, isPending, isError } = useOutboxEmail(emailKey);
  return (
    <Modal
      open={emailKey !== null}
      onCancel={onClose}
      footer={<Button onClick={onClose}>Close</Button>}
      title={data?.subject ?? 'E-mail'}
      width={720}
      destroyOnHidden
    >
      {isPending ? (
        <Skeleton active />
      ) : isError || data === null ? (
        <Empty description="This e-mail could not be loaded" />
      ) : (
        <div className="system__email">
          <dl className="system__email-meta">
            <dt>To</dt>
            <dd>{data.to}</dd>
            <dt>Kind</dt>
            <dd>{data.kind}</dd>
            <dt>Status</dt>
            <dd>
              <Tag color={statusColor(data.status)}>{data.status}</Tag>
              {data.error ? <Typography.Text type="danger">{data.error}</Typography.Text> : null}
            </dd>
            <dt>Queued</dt>
            <dd>{time(data.queuedAt)}</dd>
            <dt>Sent</dt>
            <dd>{time(data.sentAt)}</dd>
          </dl>
          <pre className="system__email-text" aria-label="E-mail text">
            {data.text}
          </pre>
        </div>
      )}
    </Modal>
  );
}

export function EmailOutboxCard() {
  const { data, isPending, isError } = useOutbox();
  const [open, setOpen] = useState<string | null>(null);
  const cards = useMediaQuery(OUTBOX_CARDS_QUERY);

  const read = (email: OutboxEmail) => (
    <Button size="small" onClick={() => setOpen(email._id)} aria-label={`Read ${email.subject} to ${email.to}`}>
      Read
    </Button>
  );
  const columns: TableColumnsType<OutboxEmail> = [
    { title: 'To', dataIndex: 'to' },
    { title: 'Subject', dataIndex: 'subject' },
    { title: 'Kind', dataIndex: 'kind', render: (kind: string) => <Tag>{kind}</Tag> },
    { title: 'Status', dataIndex: 'status', render: (status: string) => <Tag color={statusColor(status)}>{status}</Tag> },
    { title: 'Time', dataIndex: 'queuedAt', render: (iso: string) => time(iso) },
    { title: 'Text', key: 'view', render: (_, email) => read(email) },
  ];
  // On a phone each e-mail is a card: subject, to whom, its status and when, and Read.
  const cardColumns: TableColumnsType<OutboxEmail> = [
    {
      title: 'E-mails',
      key: 'card',
      render: (_, email) => (
        <article className="system__email-card" aria-label={`${email.subject} to ${email.to}`}>
          <strong className="system__email-card-subject">{email.subject}</strong>
          <span className="system__email-card-to">{email.to}</span>
          <span>
            <Tag color={statusColor(email.status)}>{email.status}</Tag> <Tag>{email.kind}</Tag> {time(email.queuedAt)}
          </span>
          {read(email)}
        </article>
      ),
    },
  ];

  return (
    <Card size="small" title="E-mail outbox">
      {isPending ? (
        <Skeleton active />
      ) : isError ? (
        <Empty description={SYSTEM_TEXTS.outboxFailed} />
      ) : (
        <Table<OutboxEmail>
          rowKey="_id"
          size="small"
          columns={cards ? cardColumns : columns}
          showHeader={!cards}
          dataSource={data}
          locale={{ emptyText: 'No e-mails sent yet' }}
          scroll={cards ? undefined : { x: 'max-content' }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
        />
      )}
      <EmailViewer emailKey={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
