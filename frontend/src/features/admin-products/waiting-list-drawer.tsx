import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import type { WaitlistEntryStatus } from '@brewery/shop-rules';
import { Alert, Button, Drawer, Empty, Input, Modal, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useId, useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { saveFile } from '@/shared/browser/save-file';
import { useAdminPermissions } from '@/shared/admin-access/admin-permissions';
import { useMediaQuery } from '@/shared/browser/use-media-query';
import { perthDateTime } from '@/shared/format/perth-date-time';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useExportWaitlist, useRemoveFromWaitlist, useWaitlist, type WaitlistEntry, type WaitlistView } from './api/waitlist';
import './waiting-list-drawer.css';

/** On a screen this narrow each address is a card instead of a row of columns. */
export const WAITLIST_CARDS_QUERY = '(max-width: 599px)';

const STATUS: Record<WaitlistEntryStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'gold' },
  confirmed: { label: 'Confirmed', color: 'green' },
  notified: { label: 'Notified', color: 'blue' },
  unsubscribed: { label: 'Unsubscribed', color: 'default' },
  removed: { label: 'Removed', color: 'red' },
};

/** Pending or confirmed: what a removal takes off the list. */
const removable = (entry: WaitlistEntry) => entry.status === 'pending' || entry.status === 'confirmed';

const when = (iso: string | null) => (iso === null ? '—' : perthDateTime(iso));

/** "3 confirmed of 500 · 2 pending · 1 notified · 4 lapsed unconfirmed": the list in one line. */
export function waitlistSummary(view: WaitlistView): string {
  const { counts } = view;
  const parts = [`${counts.confirmed} confirmed of ${view.limit}`, `${counts.pending} pending`];
  if (counts.notified > 0) parts.push(`${counts.notified} notified`);
  if (counts.unsubscribed > 0) parts.push(`${counts.unsubscribed} unsubscribed`);
  if (counts.removed > 0) parts.push(`${counts.removed} removed`);
  if (counts.lapsed > 0) parts.push(`${counts.lapsed} lapsed unconfirmed`);
  return parts.join(' · ');
}

export interface WaitingListDrawerProps {
  /** The beer whose list is open, or null when closed. */
  product: { id: string; name: string } | null;
  onClose: () => void;
}

/**
 * A beer's "Tell me when it's back" list: who asked and when, whether each confirmed, who was told and when; the
 * list as a CSV; and removal of one address or many at once, with a reason kept in the list's history.
 */
export function WaitingListDrawer({ product, onClose }: WaitingListDrawerProps) {
  const open = product !== null;
  const productId = product?.id ?? '';
  const list = useWaitlist(productId, open);
  const exporter = useExportWaitlist();
  // The CSV is customer data: a role without `exports` works the list here and takes no file away.
  const mayExport = useAdminPermissions().may('exports');
  const remover = useRemoveFromWaitlist();
  const toast = useToast();
  const cards = useMediaQuery(WAITLIST_CARDS_QUERY);
  const [selected, setSelected] = useState<string[]>([]);
  const [removing, setRemoving] = useState<string[] | null>(null);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const view = list.data ?? null;
  const entries = view?.entries ?? [];

  const close = () => {
    setSelected([]);
    setRemoving(null);
    onClose();
  };

  const askToRemove = (emails: string[]) => {
    setReason('');
    setRemoving(emails);
  };

  const remove = () => {
    if (removing === null) return;
    const because = reason.trim();
    remover.mutate(
      { productId, emails: removing, ...(because === '' ? {} : { reason: because }) },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          setSelected((before) => before.filter((email) => !removing.includes(email)));
          setRemoving(null);
        },
        onError: (error) => toast.error('Could not remove', errorMessage(error)),
      },
    );
  };

  const exportCsv = () =>
    exporter.mutate(productId, {
      onSuccess: ({ blob, fileName }) => saveFile(blob, fileName),
      onError: (error) => toast.error('Could not export the list', errorMessage(error)),
    });

  const status = (entry: WaitlistEntry) => <Tag color={STATUS[entry.status].color}>{STATUS[entry.status].label}</Tag>;
  const removeButton = (entry: WaitlistEntry) =>
    removable(entry) ? (
      <Button
        size="small"
        danger
        icon={<DeleteOutlined aria-hidden />}
        onClick={() => askToRemove([entry.email])}
        aria-label={`Remove ${entry.email}`}
      >
        Remove
      </Button>
    ) : entry.status === 'removed' && entry.reason !== null ? (
      <span className="waiting-list__reason">{entry.reason}</span>
    ) : null;

  const columns: TableColumnsType<WaitlistEntry> = [
    { title: 'E-mail', dataIndex: 'email', key: 'email', render: (email: string) => <span className="waiting-list__email">{email}</span> },
    { title: 'Asked', key: 'asked', render: (_, entry) => when(entry.askedAt) },
    { title: 'Status', key: 'status', render: (_, entry) => status(entry) },
    { title: 'Confirmed', key: 'confirmed', render: (_, entry) => when(entry.confirmedAt) },
    { title: 'Told', key: 'told', render: (_, entry) => when(entry.notifiedAt) },
    { title: '', key: 'remove', render: (_, entry) => removeButton(entry) },
  ];

  // On a phone each address is a card, its button a thumb's width.
  const cardColumns: TableColumnsType<WaitlistEntry> = [
    {
      title: 'Addresses',
      key: 'card',
      render: (_, entry) => (
        <article className="waiting-list__card" aria-label={entry.email}>
          <div className="waiting-list__card-top">
            <span className="waiting-list__email">{entry.email}</span>
            {status(entry)}
          </div>
          <dl className="waiting-list__times">
            <dt>Asked</dt>
            <dd>{when(entry.askedAt)}</dd>
            {entry.confirmedAt === null ? null : (
              <>
                <dt>Confirmed</dt>
                <dd>{when(entry.confirmedAt)}</dd>
              </>
            )}
            {entry.notifiedAt === null ? null : (
              <>
                <dt>Told</dt>
                <dd>{when(entry.notifiedAt)}</dd>
              </>
            )}
          </dl>
          {removeButton(entry)}
        </article>
      ),
    },
  ];

  const removingText = removing === null ? '' : removing.length === 1 ? `Remove ${removing[0]}?` : `Remove ${removing.length} addresses?`;

  return (
    <Drawer
      open={open}
      onClose={close}
      title={product === null ? 'Waiting list' : `Waiting list: ${product.name}`}
      size="min(880px, 100vw)"
      destroyOnHidden
      className="waiting-list"
    >
      {list.isError ? (
        <Alert type="error" showIcon title="Could not load the waiting list" description={errorMessage(list.error)} />
      ) : (
        <section aria-label={product === null ? 'Waiting list' : `Waiting list: ${product.name}`}>
          <p className="waiting-list__summary">{view === null ? 'Loading…' : waitlistSummary(view)}</p>
          <p className="waiting-list__hint">
            Only confirmed addresses are e-mailed when the beer is back. A sign-up not confirmed within 48 hours lapses by itself.
          </p>
          <div className="waiting-list__controls">
            {mayExport ? (
              <Button icon={<DownloadOutlined aria-hidden />} onClick={exportCsv} loading={exporter.isPending} disabled={view === null}>
                Export CSV
              </Button>
            ) : null}
            <Button danger icon={<DeleteOutlined aria-hidden />} onClick={() => askToRemove(selected)} disabled={selected.length === 0}>
              Remove selected{selected.length === 0 ? '' : ` (${selected.length})`}
            </Button>
          </div>
          <Table<WaitlistEntry>
            className="waiting-list__table"
            rowKey="email"
            size="small"
            pagination={false}
            columns={cards ? cardColumns : columns}
            showHeader={!cards}
            dataSource={entries}
            loading={list.isPending}
            scroll={cards ? undefined : { x: 'max-content' }}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.map(String)),
              getCheckboxProps: (entry) => ({ disabled: !removable(entry), 'aria-label': `Select ${entry.email}` }),
            }}
            locale={{ emptyText: <Empty description="Nobody is waiting for this beer" /> }}
          />
        </section>
      )}
      <Modal
        open={removing !== null}
        title={removingText}
        okText="Remove"
        okButtonProps={{ danger: true, loading: remover.isPending }}
        cancelText="Keep"
        onOk={remove}
        onCancel={() => setRemoving(null)}
        destroyOnHidden
      >
        <p>{removing !== null && removing.length > 1 ? removing.join(', ') : null}</p>
        <p>They will not be e-mailed when the beer is back, and a link they were sent no longer confirms.</p>
        <label htmlFor={reasonId}>Reason (optional, kept in the list&apos;s history)</label>
        <Input
          id={reasonId}
          value={reason}
          maxLength={200}
          onChange={(event) => setReason(event.target.value)}
          placeholder="e.g. made-up address"
        />
      </Modal>
    </Drawer>
  );
}
