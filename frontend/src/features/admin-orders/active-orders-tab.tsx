import { EditOutlined, EyeOutlined, PrinterOutlined, ShopOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { usePickList, usePrintLabels, type BulkFileOutcome } from './api/bulk-dispatch';
import type { AdminOrder } from './api/get-admin-orders';
import { bulkResultView, failedBulkResult, type BulkResultView } from './bulk-result';
import { BulkStatusControl } from './bulk-status-control';
import { CellarDoorDrawer } from './cellar-door-drawer';
import { OrderDetailDialog } from './order-detail-dialog';
import { OrdersTable } from './orders-table';
import { ACTIVE_STATUSES } from './order-tab-statuses';
import { saveFile } from '@/shared/browser/save-file';
import { useAdminPermissions } from '@/shared/admin-access/admin-permissions';

export const NO_ACTIVE_ORDERS = 'No active orders found';

export { ACTIVE_STATUSES } from './order-tab-statuses';

/** What may be set on many paid orders at once (the server refuses the rest): the dispatch steps. */
export const BULK_STATUSES = ['packed_awaiting_pickup', 'shipped', 'delivered'] as const;

function tracking(order: AdminOrder) {
  if (!order.trackingReference) return <Tag>No tracking</Tag>;
  return (
    <Tag color="geekblue">
      {order.trackingUrl ? (
        <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer">
          {order.trackingReference}
        </a>
      ) : (
        order.trackingReference
      )}
    </Tag>
  );
}

/** Orders past payment, newest first by default, each opening the detail dialog. The CSV export needs `exports`. */
export function ActiveOrdersTab() {
  const mayExport = useAdminPermissions().may('exports');
  // The order as it was when opened; the dialog then reads it again after every change.
  const [open, setOpen] = useState<{ order: AdminOrder; focus: 'details' | 'tracking' } | null>(null);
  const [cellarDoorOpen, setCellarDoorOpen] = useState(false);
  const print = usePrintLabels();
  const pick = usePickList();
  // A print saves the file of the orders printed, and says in the table's result panel what was skipped and why.
  const handlers = (report: (result: BulkResultView) => void) => ({
    onSuccess: (outcome: BulkFileOutcome) => {
      if (outcome.file !== null) saveFile(outcome.file.blob, outcome.file.name);
      report(bulkResultView(outcome));
    },
    onError: (error: unknown) => report(failedBulkResult(errorMessage(error))),
  });
  const printLabels = (orderIds: string[], packingSlips: boolean, report: (result: BulkResultView) => void) =>
    print.mutate({ orderIds, packingSlips }, handlers(report));
  const pickList = (orderIds: string[], format: 'pdf' | 'csv', report: (result: BulkResultView) => void) =>
    pick.mutate({ orderIds, format }, handlers(report));
  return (
    <OrdersTable
      tab="active-orders"
      exportable={mayExport}
      fulfilmentFilter
      headerActions={
        <Button icon={<ShopOutlined aria-hidden />} onClick={() => setCellarDoorOpen(true)}>
          Cellar door
        </Button>
      }
      label="Active orders"
      title="Active Orders"
      subtitle="Paid orders and everything after"
      emptyText={NO_ACTIVE_ORDERS}
      statuses={ACTIVE_STATUSES}
      timeLabel="Ordered"
      extraColumn={{ title: 'Tracking', render: tracking }}
      actions={(order) => (
        <>
          <Button
            size="small"
            icon={<EyeOutlined aria-hidden />}
            onClick={() => setOpen({ order, focus: 'details' })}
            aria-label={`View Details of order #${order.id}`}
          >
            View Details
          </Button>
          <Button
            size="small"
            type="primary"
            icon={<EditOutlined aria-hidden />}
            onClick={() => setOpen({ order, focus: 'tracking' })}
            aria-label={`Update Tracking of order #${order.id}`}
          >
            Update Tracking
          </Button>
        </>
      )}
      bulkActions={(orderIds, clear, report) => (
        <>
          <Button
            size="small"
            type="primary"
            icon={<PrinterOutlined aria-hidden />}
            loading={print.isPending && print.variables.packingSlips === false}
            disabled={print.isPending}
            onClick={() => printLabels(orderIds, false, report)}
          >
            Print labels
          </Button>
          <Button
            size="small"
            icon={<PrinterOutlined aria-hidden />}
            loading={print.isPending && print.variables.packingSlips === true}
            disabled={print.isPending}
            onClick={() => printLabels(orderIds, true, report)}
          >
            Labels + packing slips
          </Button>
          <Button
            size="small"
            icon={<UnorderedListOutlined aria-hidden />}
            loading={pick.isPending}
            onClick={() => pickList(orderIds, 'pdf', report)}
          >
            Pick list (PDF)
          </Button>
          <Button size="small" onClick={() => pickList(orderIds, 'csv', report)} disabled={pick.isPending}>
            Pick list (CSV)
          </Button>
          <BulkStatusControl orderIds={orderIds} statuses={BULK_STATUSES} onDone={clear} onResult={report} />
        </>
      )}
      dialog={
        <>
          {open === null ? null : <OrderDetailDialog order={open.order} focus={open.focus} onClose={() => setOpen(null)} />}
          <CellarDoorDrawer open={cellarDoorOpen} onClose={() => setCellarDoorOpen(false)} />
        </>
      }
    />
  );
}
