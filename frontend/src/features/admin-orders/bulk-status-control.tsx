import { Button, Checkbox, Select } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useToast } from '@/shared/ui/toast/use-toast';
import { useSetOrdersStatus } from './api/bulk-order-status';
import type { OrderStatus } from './api/get-admin-orders';
import { notifiedByDefault, orderStatusLabel } from './order-status';

export const NOTIFY_CUSTOMERS = 'Notify customers by e-mail';

export interface BulkStatusControlProps {
  orderIds: string[];
  /** The statuses offered. */
  statuses: readonly OrderStatus[];
  /** Called once the change is saved (the selection is done with). */
  onDone: () => void;
}

/**
 * One status for every selected order, with one choice of e-mailing their customers (ticked, as on the
 * one-order form). The toast repeats the server's account: how many changed, how many were e-mailed, how
 * many already had the status.
 */
export function BulkStatusControl({ orderIds, statuses, onDone }: BulkStatusControlProps) {
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [notifyCustomer, setNotifyCustomer] = useState(true);
  const change = useSetOrdersStatus();
  const toast = useToast();
  const apply = () => {
    if (status === null) return;
    change.mutate(
      { orderIds, status, notifyCustomer },
      {
        onSuccess: (outcome) => {
          if (outcome.changed.length > 0) toast.success(outcome.message);
          else toast.info(outcome.message);
          setStatus(null);
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };
  return (
    <span className="orders-table__bulk-status">
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
