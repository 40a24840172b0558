import { PACK_SIZES, formatPrice, packSizeLabel } from '@brewery/shop-rules';
import type { PackSize } from '@brewery/shop-rules';
import { Alert, Button, Card, Empty, Form, Input, Skeleton, Statistic, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import type { OrderBackup, PotentiallyMissingOrder } from './api/get-order-backups';
import { useOrderBackups } from './api/get-order-backups';
import { useRecoverOrder } from './api/recover-order';
import { backupPaymentStatus, canRecover, paymentStatusColor } from './backup-status';
import './order-backups-tab.css';
import { perthDateTime } from '@/shared/format/perth-date-time';
import { useMediaQuery } from '@/shared/browser/use-media-query';

/** Below this width the backups are cards, one per payment. */
export const BACKUP_CARDS_QUERY = '(max-width: 599px)';

export const BACKUP_TEXTS = {
  loadFailed: 'Failed to load order backups',
  recovered: 'Order Recovered',
  recoveryFailed: 'Recovery Failed',
  intentRequired: 'Please enter a payment intent ID',
} as const;

/** A figure that could not be loaded: never shown as 0, which would say all is well. */
const UNKNOWN = '—';

function money(value: string | undefined): string {
  return value === undefined ? '—' : formatPrice(Number(value));
}

function isPackSize(value: string): value is PackSize {
  return (PACK_SIZES as readonly string[]).includes(value);
}

const formatTime = perthDateTime;

/** What the operator can do about a payment without a paid order: recover it, unless its order is gone. */
export function missingPaymentAdvice(backup: Pick<PotentiallyMissingOrder, 'orderDeleted' | 'orderStatus'>): string {
  const gone = backup.orderDeleted === true ? 'deleted' : backup.orderStatus === 'cancelled' ? 'cancelled' : null;
  if (gone === null) return 'recover it below or from the list.';
  return `the order was ${gone}, so it cannot be recovered: refund the payment with the provider.`;
}

interface RecoveryForm {
  paymentIntentId: string;
}

export function OrderBackupsTab() {
  const toast = useToast();
  const { data, isPending, isError } = useOrderBackups();
  const cards = useMediaQuery(BACKUP_CARDS_QUERY);
  const recovery = useRecoverOrder();
  const [form] = Form.useForm<RecoveryForm>();

  useEffect(() => {
    if (isError) toast.error(BACKUP_TEXTS.loadFailed);
  }, [isError, toast]);

  const recover = (paymentIntentId: string) =>
    recovery.mutate(paymentIntentId, {
      onSuccess: (result) => {
        toast.success(BACKUP_TEXTS.recovered, result.message);
        form.resetFields();
      },
      onError: (error) => toast.error(BACKUP_TEXTS.recoveryFailed, errorMessage(error)),
    });

  const statusTag = (backup: OrderBackup) => {
    const status = backupPaymentStatus(backup.paymentStatus);
    return <Tag color={paymentStatusColor(status)}>{status}</Tag>;
  };
  const itemsList = (backup: OrderBackup) => (
    <ul className="order-backups__items">
      {backup.orderItems.map((item, index) => (
        <li key={index}>
          {item.quantity} × {item.productName}
          {item.packSize !== undefined && isPackSize(item.packSize) ? ` (${packSizeLabel(item.packSize)})` : ''} @ {money(item.unitPrice)}
        </li>
      ))}
    </ul>
  );
  const totalsList = (backup: OrderBackup) =>
    backup.totals === null ? (
      '—'
    ) : (
      <dl className="order-backups__totals">
        <dt>Subtotal</dt>
        <dd>{money(backup.totals.subtotal)}</dd>
        <dt>Shipping</dt>
        <dd>{money(backup.totals.shipping)}</dd>
        {backup.totals.discount === undefined ? null : (
          <>
            <dt>Discount{backup.discountCode === undefined ? '' : ` (${backup.discountCode})`}</dt>
            <dd>-{money(backup.totals.discount)}</dd>
          </>
        )}
        <dt>Total</dt>
        <dd>{money(backup.totals.total)}</dd>
      </dl>
    );
  const recoverButton = (backup: OrderBackup) =>
    canRecover(backup.paymentStatus) ? (
      <Button
        size="small"
        aria-label={`Recover ${backup.paymentIntentId}`}
        loading={recovery.isPending && recovery.variables === backup.paymentIntentId}
        onClick={() => recover(backup.paymentIntentId)}
      >
        Recover
      </Button>
    ) : null;

  // On a phone each payment is a card: every figure in view, nothing to swipe sideways for.
  const cardColumns: TableColumnsType<OrderBackup> = [
    {
      title: 'Payments',
      key: 'card',
      render: (_, backup) => (
        <article className="order-backups__card" aria-label={`Payment ${backup.paymentIntentId}`}>
          <div className="order-backups__card-top">
            <strong>{backup.orderId === null ? 'No order' : `#${backup.orderId}`}</strong>
            {statusTag(backup)}
          </div>
          {backup.customerInfo === null ? null : (
            <div>
              {backup.customerInfo.name} <Typography.Text type="secondary">{backup.customerInfo.email}</Typography.Text>
            </div>
          )}
          <Typography.Text code className="order-backups__intent">
            {backup.paymentIntentId}
          </Typography.Text>
          <Typography.Text type="secondary">{formatTime(backup.timestamp)}</Typography.Text>
          {itemsList(backup)}
          {totalsList(backup)}
          {recoverButton(backup)}
        </article>
      ),
    },
  ];

  const columns: TableColumnsType<OrderBackup> = [
    {
      title: 'Order',
      key: 'order',
      render: (_, backup) => (backup.orderId === null ? '—' : `#${backup.orderId}`),
    },
    {
      title: 'Customer',
      key: 'customer',
      render: (_, backup) =>
        backup.customerInfo === null ? (
          '—'
        ) : (
          <>
            <div>{backup.customerInfo.name}</div>
            <Typography.Text type="secondary">{backup.customerInfo.email}</Typography.Text>
          </>
        ),
    },
    {
      title: 'Payment intent',
      dataIndex: 'paymentIntentId',
      width: 200,
      render: (id: string) => (
        <Typography.Text code className="order-backups__intent">
          {id}
        </Typography.Text>
      ),
    },
    { title: 'Payment', key: 'status', render: (_, backup) => statusTag(backup) },
    { title: 'Time', dataIndex: 'timestamp', render: (iso: string) => formatTime(iso) },
    { title: 'Items', width: 260, key: 'items', render: (_, backup) => itemsList(backup) },
    { title: 'Totals', key: 'totals', render: (_, backup) => totalsList(backup) },
    { title: 'Action', key: 'action', render: (_, backup) => recoverButton(backup) },
  ];

  const summary = data?.summary;

  return (
    <div className="order-backups">
      <div className="order-backups__summary">
        <Card size="small">
          <Statistic title="Total Backups" value={summary?.totalBackups ?? UNKNOWN} loading={isPending} />
        </Card>
        <Card size="small">
          <Statistic title="Successful Payments" value={summary?.successfulPayments ?? UNKNOWN} loading={isPending} />
        </Card>
        <Card size="small">
          <Statistic title="Need Review" value={summary?.potentiallyMissing.length ?? UNKNOWN} loading={isPending} />
        </Card>
      </div>

      <Card title="Manual Order Recovery" size="small">
        <Typography.Paragraph type="secondary">
          A payment went through but no paid order shows? Enter its payment intent ID to rebuild the order from the recorded payment.
          Repeating a recovery is safe.
        </Typography.Paragraph>
        <Form
          name="order-recovery"
          form={form}
          layout="inline"
          onFinish={(values) => recover(values.paymentIntentId.trim())}
          className="order-backups__form"
        >
          <Form.Item
            name="paymentIntentId"
            label="Payment intent ID"
            rules={[{ required: true, whitespace: true, message: BACKUP_TEXTS.intentRequired }]}
          >
            <Input placeholder="pi_..." autoComplete="off" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={recovery.isPending && recovery.variables !== undefined}>
              Recover Order
            </Button>
          </Form.Item>
        </Form>
      </Card>

      {summary !== undefined && summary.potentiallyMissing.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={`${summary.potentiallyMissing.length} successful payment(s) without a paid order`}
          description={
            <ul className="order-backups__review" aria-label="Payments needing review">
              {summary.potentiallyMissing.map((backup) => (
                <li key={backup.paymentIntentId}>
                  {backup.orderId === null ? 'No order' : `Order #${backup.orderId}`} (
                  {backup.orderDeleted === true ? 'deleted' : (backup.orderStatus ?? 'missing')}),{' '}
                  {backup.customerInfo?.name ?? 'unknown customer'}, {money(backup.totals?.total)}: {missingPaymentAdvice(backup)}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}

      <Card title="Order Backups" size="small">
        {isPending ? (
          <Skeleton active />
        ) : isError ? (
          <Empty description={BACKUP_TEXTS.loadFailed} />
        ) : (
          <Table<OrderBackup>
            rowKey="paymentIntentId"
            size="small"
            columns={cards ? cardColumns : columns}
            showHeader={!cards}
            dataSource={data?.backups ?? []}
            locale={{ emptyText: 'No order backups yet' }}
            // Wide enough for every column with wrapped items; a tablet scrolls the table, not the page; a phone has cards.
            scroll={cards ? undefined : { x: 1000 }}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
          />
        )}
      </Card>
    </div>
  );
}
