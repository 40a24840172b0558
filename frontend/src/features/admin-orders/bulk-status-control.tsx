import { Button, Checkbox, Modal, Select } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useSetOrdersStatus } from './api/bulk-order-status';
import type { OrderStatus } from './api/get-admin-orders';
import { bulkResultView, failedBulkResult, type BulkResultView } from './bulk-result';
import { notifiedByDefault, orderStatusLabel } from './order-status';

export const NOTIFY_CUSTOMERS = 'Notify customers by e-mail';

export interface BulkStatusControlProps {
  orderIds: string[];
  /** The statuses offered. */
  statuses: readonly OrderStatus[];
  /** Called once the change is saved (the selection is done with). */
  onDone: () => void;
  /** Shows what the change came to, in one place: the orders set, and each skipped with why (or why it failed). */
  onResult: (result: BulkResultView) => void;
}

/** The confirmation's question: how many orders, to what, and whether their customers hear of it. */
export function bulkStatusPrompt(count: number, status: OrderStatus, notify: boolean): string {
  const orders = `${count} ${count === 1 ? 'order' : 'orders'}`;
  return `Set ${orders} to ${orderStatusLabel(status)}${notify ? ` and e-mail ${count === 1 ? 'its customer' : 'their customers'}` : ''}?`;
}

/**
 * One status for every selected order, with one choice of e-mailing their customers (ticked, as on the
 * one-order form), asked once more with the count spelled out before anything changes. The result repeats the
 * server's account: how many changed, how many were e-mailed, how many already had the status, and each order
 * skipped with why (a pickup is never shipped).
 */
export function BulkStatusControl({ orderIds, statuses, onDone, onResult }: BulkStatusControlProps) {
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [notifyCustomer, setNotifyCustomer] = useState(true);
  const change = useSetOrdersStatus();
  // The confirmation renders through this control's own holder, inside the admin's theme.
  const [modal, modalHolder] = Modal.useModal();
  const apply = () => {
    if (status === null) return;
    void modal.confirm({
      title: bulkStatusPrompt(orderIds.length, status, notifyCustomer),
      okText: `Set ${orderIds.length} ${orderIds.length === 1 ? 'order' : 'orders'}`,
      cancelText: 'Cancel',
      onOk: () =>
        change.mutateAsync({ orderIds, status, notifyCustomer }).then(
          (outcome) => {
            onResult(bulkResultView(outcome, outcome.changed.length));
            setStatus(null);
            onDone();
          },
          (error: unknown) => onResult(failedBulkResult(errorMessage(error))),
        ),
    });
  };
  return (
    <span className="orders-table__bulk-status">
      {modalHolder}
      <Select<OrderStatus>
        size="small"
        aria-label="Status for the selected orders"
        placeholder="Set status…"
        value={status ?? undefined}
        onChange={(value) => {
          setStatus(value);
          // Ticked, except for packed: the brewery's step, not news for the customer.
          setNotifyCustomer(notifiedByDefault(value));
        }}
        options={statuses.map((value) => ({ value, label: orderStatusLabel(value) }))}
        popupMatchSelectWidth={false}
        className="orders-table__bulk-status-select"
      />
      <Checkbox checked={notifyCustomer} onChange={(event) => setNotifyCustomer(event.target.checked)}>
        {NOTIFY_CUSTOMERS}
      </Checkbox>
      <Button size="small" disabled={status === null} loading={change.isPending} onClick={apply}>
        Set status
      </Button>
    </span>
  );
}
