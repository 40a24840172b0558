import { PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Empty, Select, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { useMediaQuery } from '@/shared/browser/use-media-query';
import { usePickups, type PickupListEntry } from './api/get-pickups';
import { HandOverDialog } from './hand-over-dialog';
import { orderStatusColor, orderStatusLabel } from './order-status';
import { ORDER_CARDS_QUERY } from './orders-table';
import { cellarDoorSaturdays, collectLineText, collectedText, comingSaturday, saturdayOptions } from './pickup-display';
import './cellar-door.css';

/** Marks the page while the cellar door list prints: the print stylesheet then shows the list alone. */
export const PRINTING_LIST = 'cellar-door-printing';

function stopPrinting() {
  document.body.classList.remove(PRINTING_LIST);
}

/** Prints the list alone, with the browser's own dialog (the mark goes once the dialog closes). */
function printList() {
  document.body.classList.add(PRINTING_LIST);
  window.addEventListener('afterprint', stopPrinting, { once: true });
  window.print();
}

export interface CellarDoorDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The cellar door on a Saturday: who comes, what each collects, and the hand-over of each order after a photo
 * ID check. The coming Saturday first; last Saturday and the next four a pick away. Prints as a plain list.
 */
export function CellarDoorDrawer({ open, onClose }: CellarDoorDrawerProps) {
  // The Saturdays are counted from when the view was first drawn: they do not move while the operator reads.
  const [now] = useState(() => new Date());
  const [date, setDate] = useState(() => comingSaturday(now));
  const [handingOver, setHandingOver] = useState<PickupListEntry | null>(null);
  const list = usePickups(date, open);
  const close = () => {
    setHandingOver(null);
    onClose();
  };
  const cards = useMediaQuery(ORDER_CARDS_QUERY);
  const day = list.data ?? null;
  const orders = day?.orders ?? [];

  // Should the browser never say the print dialog closed, the mark still goes with the view.
  useEffect(() => stopPrinting, []);

  const handOver = (order: PickupListEntry): ReactNode =>
    order.collection === null ? (
      <>
        <Button
          type="primary"
          className="cellar-door__screen-only"
          onClick={() => setHandingOver(order)}
          aria-label={`Hand over order #${order.orderId} to ${order.customerName}`}
        >
          Hand over
        </Button>
        {/* On paper, a box to tick at the door instead. */}
        <span className="cellar-door__print-only" aria-hidden>
          ☐ ID checked, handed over
        </span>
      </>
    ) : (
      <span className="cellar-door__collected">{collectedText(order.collection, order.customerName, date)}</span>
    );

  const collects = (order: PickupListEntry) => (
    <ul className="cellar-door__collects">
      {order.items.map((item, index) => (
        <li key={index}>{collectLineText(item)}</li>
      ))}
    </ul>
  );

  const status = (order: PickupListEntry) => (
    <>
      <Tag color={orderStatusColor(order.status)}>{orderStatusLabel(order.status)}</Tag>
      {order.needsReview ? <Tag color="volcano">Needs review</Tag> : null}
    </>
  );

  const columns: TableColumnsType<PickupListEntry> = [
    {
      title: 'Customer',
      key: 'customer',
      render: (_, order) => (
        <>
          <strong>{order.customerName}</strong>
          <div>
            <a href={`tel:${order.customerPhone.replace(/\s+/g, '')}`}>{order.customerPhone}</a>
          </div>
        </>
      ),
    },
    { title: 'Order', key: 'order', render: (_, order) => <strong>#{order.orderId}</strong> },
    { title: 'Collects', key: 'collects', render: (_, order) => collects(order) },
    { title: 'Cans', dataIndex: 'totalCans', key: 'cans', align: 'right' },
    { title: 'Status', key: 'status', render: (_, order) => status(order) },
    { title: 'Hand over', key: 'hand-over', render: (_, order) => handOver(order) },
  ];

  // On a phone each order is a card, its button a thumb's width: the operator holds the phone at the door.
  const cardColumns: TableColumnsType<PickupListEntry> = [
    {
      title: 'Orders',
      key: 'card',
      render: (_, order) => (
        <article className="cellar-door__card" aria-label={`Order #${order.orderId} for ${order.customerName}`}>
          <div className="cellar-door__card-top">
            <strong>{order.customerName}</strong>
            <span>#{order.orderId}</span>
          </div>
          <a href={`tel:${order.customerPhone.replace(/\s+/g, '')}`}>{order.customerPhone}</a>
          {collects(order)}
          <div className="cellar-door__card-status">
            <span>{order.totalCans} cans</span>
            {status(order)}
          </div>
          <div className="cellar-door__card-action">{handOver(order)}</div>
        </article>
      ),
    },
  ];

  return (
    <Drawer open={open} onClose={close} title="Cellar door" size="min(880px, 100vw)" destroyOnHidden className="cellar-door">
      <div className="cellar-door__controls cellar-door__screen-only">
        <Select
          aria-label="Saturday"
          className="cellar-door__saturday"
          value={date}
          onChange={setDate}
          options={saturdayOptions(cellarDoorSaturdays(now), date)}
        />
        <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void list.refetch()} loading={list.isFetching}>
          Refresh
        </Button>
        <Button icon={<PrinterOutlined aria-hidden />} onClick={printList} disabled={day === null}>
          Print
        </Button>
      </div>
      {list.isError ? (
        <Alert type="error" showIcon title="Could not load the cellar door list" description={errorMessage(list.error)} />
      ) : (
        <section className="cellar-door__sheet" aria-label="Cellar door list">
          {day === null ? null : (
            <header className="cellar-door__heading">
              <h3>Cellar door, {day.when}</h3>
              <p>{day.address}</p>
              <p>
                {day.orders.length} {day.orders.length === 1 ? 'order' : 'orders'}, {day.totalCans} cans; {day.collected} of{' '}
                {day.orders.length} collected
              </p>
            </header>
          )}
          <Table<PickupListEntry>
            className="cellar-door__list"
            rowKey="orderId"
            size="small"
            pagination={false}
            columns={cards ? cardColumns : columns}
            showHeader={!cards}
            dataSource={orders}
            loading={list.isPending}
            rowClassName={(order) => (order.collection === null ? '' : 'cellar-door__row--collected')}
            locale={{ emptyText: <Empty description="No pickups for this Saturday" /> }}
          />
        </section>
      )}
      {handingOver === null ? null : <HandOverDialog order={handingOver} onClose={() => setHandingOver(null)} />}
    </Drawer>
  );
}
