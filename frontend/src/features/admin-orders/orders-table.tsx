import { DownloadOutlined, FilterOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Empty, Input, Select, Table, Tag } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { FulfilmentMethod } from '@brewery/shop-rules';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { exportOrders } from '@/shared/api/books/export-orders';
import { saveFile } from '@/shared/browser/save-file';
import { useMediaQuery } from '@/shared/browser/use-media-query';
import { useToast } from '@/shared/ui/toast/use-toast';
import type { AdminOrder, OrderStatus } from './api/get-admin-orders';
import { MAX_BULK_ORDERS } from './api/bulk-dispatch';
import { ORDER_PAGE_SIZES, searchAdminOrders, useOrderSearch, type OrderSort } from './api/search-admin-orders';
import { dateTime, isUnpaid, money } from './order-display';
import { orderStatusColor, orderStatusLabel } from './order-status';
import { cellarDoorSaturdays, pickupDateOf, saturdayOptions, shortDayLabel } from './pickup-display';
import { BulkResultPanel, type BulkResultView } from './bulk-result';
import { activeFilterCount, tabSearch, useOrderSearchParams, type TabSearchParams } from './use-order-search-params';
import './orders-tab.css';

export interface OrdersTableProps {
  /** The admin tab's key in the address (`?tab=`), whose filters this table keeps. */
  tab: string;
  /** The section's accessible name. */
  label: string;
  title: string;
  subtitle: string;
  /** The spec's words for a tab without any order. */
  emptyText: string;
  /** The statuses this tab shows; the status filter offers them when there are several. */
  statuses: readonly OrderStatus[];
  /** 'Ordered' or 'Created'. */
  timeLabel: string;
  /** The tab's own column (tracking, or what the checkout's cans are doing). */
  extraColumn: { title: string; render: (order: AdminOrder) => ReactNode };
  actions: (order: AdminOrder) => ReactNode;
  /** The dialog of the order opened from a row (it reads its order itself, so it stays current). */
  dialog?: ReactNode;
  /**
   * What can be done with the rows ticked (on any page, in the order they were ticked); none: no ticks. `report`
   * shows what an action came to in the table's one result panel (the orders done, each skipped one with why).
   */
  bulkActions?: (orderIds: string[], clear: () => void, report: (result: BulkResultView) => void) => ReactNode;
  /** Offers "Export CSV": the orders this search finds in its From-To period, as the books' export. */
  exportable?: boolean;
  /** Offers the filter by fulfilment: posted orders, or pickups (of one Saturday). */
  fulfilmentFilter?: boolean;
  /** Buttons beside Refresh (the cellar door's). */
  headerActions?: ReactNode;
}

const FULFILMENT_OPTIONS: { value: FulfilmentMethod | 'all'; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'delivery', label: 'Delivery' },
  { value: 'pickup', label: 'Cellar door pickup' },
];

/** A pickup's mark in its row or card: "Pickup Sat 28 Nov". */
function pickupTag(order: AdminOrder): ReactNode {
  const date = pickupDateOf(order);
  return date === null ? null : <Tag color="orange">Pickup {shortDayLabel(date)}</Tag>;
}

/** The filters on, in a few words, for a phone whose filters are folded away: "Paid, Shipped · from 2026-11-23 · Pickup". */
function filterSummary(params: TabSearchParams): string {
  const fulfilment = FULFILMENT_OPTIONS.find((option) => option.value === params.fulfilment)?.label;
  return [
    params.statuses.map(orderStatusLabel).join(', '),
    params.from === null ? '' : `from ${params.from}`,
    params.to === null ? '' : `to ${params.to}`,
    fulfilment ?? '',
    params.pickupDate === null ? '' : shortDayLabel(params.pickupDate),
  ]
    .filter((part) => part !== '')
    .join(' · ');
}

/** Below this width the orders are cards, not a table wider than the phone. */
export const ORDER_CARDS_QUERY = '(max-width: 599px)';

/** The Element Timing name of the first row's order number, painted when the first page shows. */
export const FIRST_ORDER_TIMING = 'first-order';

const sortOf = (sorter: SorterResult<AdminOrder> | SorterResult<AdminOrder>[]): OrderSort => {
  const one = Array.isArray(sorter) ? sorter[0] : sorter;
  if (one?.order === undefined || one.order === null) return '-createdAt';
  const field = one.columnKey === 'total' ? 'total' : 'createdAt';
  return one.order === 'ascend' ? field : `-${field}`;
};

/**
 * An order tab as a dense table: search (number, name, e-mail, phone in any form, street, suburb, postcode, tracking
 * reference, payment reference; several words each match somewhere), status, Perth date and fulfilment filters,
 * sorting by date or total, pages of 25, 50 or 100, all answered by the server and kept in the address. On a phone
 * the filters fold under a Filters button that says how many are on. Each row opens the order's dialog; the result
 * of a bulk action shows in one panel above the table (at the bottom of a phone's screen) until dismissed.
 */
export function OrdersTable({
  tab,
  label,
  title,
  subtitle,
  emptyText,
  statuses,
  timeLabel,
  extraColumn,
  actions,
  dialog,
  bulkActions,
  exportable = false,
  fulfilmentFilter = false,
  headerActions,
}: OrdersTableProps) {
  const toast = useToast();
  const cards = useMediaQuery(ORDER_CARDS_QUERY);
  const [selected, setSelected] = useState<string[]>([]);
  const [bulkResult, setBulkResult] = useState<BulkResultView | null>(null);
  // On a phone the filters fold away under one button; opened, they stay open while they are used.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [params, update] = useOrderSearchParams(tab, statuses);
  const query = tabSearch(params, statuses);
  const result = useOrderSearch(query);
  const [typed, setTyped] = useState(params.q);
  // The address may change under the box (Back, a link): the box follows it.
  const [shownQ, setShownQ] = useState(params.q);
  if (shownQ !== params.q) {
    setShownQ(params.q);
    setTyped(params.q);
  }
  const total = result.data?.total ?? 0;
  const [selectingAll, setSelectingAll] = useState(false);
  const [selectAllError, setSelectAllError] = useState<string | null>(null);
  // Every order matching the filters (all pages), in the table's order, up to the 200 one request takes.
  const selectAllMatching = async () => {
    setSelectingAll(true);
    setSelectAllError(null);
    try {
      const ids: string[] = [];
      for (let page = 1; ids.length < total && page <= Math.ceil(MAX_BULK_ORDERS / 100); page += 1) {
        const found = await searchAdminOrders({ ...query, page, pageSize: 100 });
        ids.push(...found.items.map((order) => order.id));
        if (found.items.length < 100) break;
      }
      setSelected([...new Set(ids)].slice(0, MAX_BULK_ORDERS));
    } catch (error) {
      setSelectAllError(errorMessage(error));
    } finally {
      setSelectingAll(false);
    }
  };
  // The Saturdays the pickup filter offers, counted once from when the table was drawn.
  const [saturdays] = useState(() => cellarDoorSaturdays(new Date()));
  const filterCount = activeFilterCount(params);
  const filtered = params.q !== '' || filterCount > 0;
  // The orders this search finds in its period, as the books' CSV (the same columns as the Analytics tab's export).
  const [exporting, setExporting] = useState(false);
  const exportFound = async () => {
    if (query.from === null || query.to === null) return;
    setExporting(true);
    try {
      const { blob, fileName } = await exportOrders({ startDate: query.from, endDate: query.to, q: query.q, status: query.statuses });
      saveFile(blob, fileName);
    } catch (error) {
      toast.error('The orders could not be exported', errorMessage(error));
    } finally {
      setExporting(false);
    }
  };
  const items = result.data?.items ?? [];

  const sortOrder = (field: 'createdAt' | 'total') =>
    params.sort === field ? ('ascend' as const) : params.sort === `-${field}` ? ('descend' as const) : null;
  const columns: TableColumnsType<AdminOrder> = [
    {
      title: 'Order',
      key: 'order',
      render: (_, order, index) => (
        <span className="orders-table__order">
          {/* The first row's number is timed as it is painted (Element Timing): the benchmark's "first page shows". */}
          <strong elementtiming={index === 0 ? FIRST_ORDER_TIMING : undefined}>#{order.id}</strong>
          {pickupTag(order)}
          {order.needsReview ? <Tag color="volcano">Needs review</Tag> : null}
        </span>
      ),
    },
    {
      title: timeLabel,
      key: 'createdAt',
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, order) => <time dateTime={order.createdAt}>{dateTime(order.createdAt)}</time>,
    },
    {
      title: 'Customer',
      key: 'customer',
      render: (_, order) => (
        <div className="orders-table__customer">
          <div>{order.customerName}</div>
          <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a>{' '}
          <a href={`tel:${order.customerPhone.replace(/\s+/g, '')}`}>{order.customerPhone}</a>
          <div className="orders-table__muted">{order.shippingAddress}</div>
        </div>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, order) => (
        <>
          <Tag color={orderStatusColor(order.status)}>{orderStatusLabel(order.status)}</Tag>
          {order.status === 'pending' && order.paymentDeclined ? <Tag color="red">Card declined</Tag> : null}
          {isUnpaid(order) ? <Tag color="red">Unpaid</Tag> : null}
        </>
      ),
    },
    { title: 'Cans', dataIndex: 'totalCans', key: 'cans', align: 'right' },
    {
      title: 'Total',
      key: 'total',
      align: 'right',
      sorter: true,
      sortOrder: sortOrder('total'),
      sortDirections: ['descend', 'ascend', 'descend'],
      render: (_, order) => (
        <div>
          <strong>{money(order.totalAmount)}</strong>
          <div className="orders-table__muted">
            {money(order.subtotal)} + {money(order.shippingCost)} shipping
            {order.discount ? ` - ${money(order.discount.amount)} (${order.discount.code})` : null}
          </div>
        </div>
      ),
    },
    { title: extraColumn.title, key: 'extra', render: (_, order) => extraColumn.render(order) },
    { title: 'Actions', key: 'actions', render: (_, order) => <div className="orders-table__actions">{actions(order)}</div> },
  ];

  // On a phone each order is one card, its buttons under it: no sideways swipe to reach View Details.
  const cardColumns: TableColumnsType<AdminOrder> = [
    {
      title: 'Orders',
      key: 'card',
      render: (_, order, index) => (
        <article className="order-card" aria-label={`Order #${order.id}`}>
          <div className="order-card__top">
            <span className="orders-table__order">
              <strong elementtiming={index === 0 ? FIRST_ORDER_TIMING : undefined}>#{order.id}</strong>
              <Tag color={orderStatusColor(order.status)}>{orderStatusLabel(order.status)}</Tag>
              {pickupTag(order)}
              {order.needsReview ? <Tag color="volcano">Needs review</Tag> : null}
              {order.status === 'pending' && order.paymentDeclined ? <Tag color="red">Card declined</Tag> : null}
            </span>
            <strong>{money(order.totalAmount)}</strong>
          </div>
          <div>{order.customerName}</div>
          <div className="orders-table__muted">
            <time dateTime={order.createdAt}>{dateTime(order.createdAt)}</time> · {order.totalCans} cans · {order.shippingAddress}
          </div>
          <div className="orders-table__actions order-card__actions">{actions(order)}</div>
        </article>
      ),
    },
  ];

  const onChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<AdminOrder> | SorterResult<AdminOrder>[],
  ) => {
    const sort = sortOf(sorter);
    const pageSize = (pagination.pageSize ?? params.pageSize) as (typeof ORDER_PAGE_SIZES)[number];
    if (sort !== params.sort || pageSize !== params.pageSize) update({ sort, pageSize });
    else update({ page: pagination.current ?? 1 });
  };

  return (
    <section className="orders-tab" aria-label={label}>
      <header className="orders-tab__header">
        <div>
          <h2 className="orders-tab__title">{title}</h2>
          <p className="orders-tab__subtitle">{subtitle}</p>
        </div>
        <div className="orders-tab__header-actions">
          {headerActions}
          <Button icon={<ReloadOutlined aria-hidden />} onClick={() => void result.refetch()} loading={result.isFetching}>
            Refresh
          </Button>
        </div>
      </header>
      <div className="orders-table__filters" role="search" aria-label={`Search ${label.toLowerCase()}`}>
        <Input.Search
          aria-label="Search orders"
          placeholder="Order number, name, e-mail, phone, suburb, postcode, tracking"
          allowClear
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onSearch={(value) => update({ q: value })}
          className="orders-table__search"
        />
        {cards ? (
          <Button
            className="orders-table__filters-toggle"
            icon={<FilterOutlined aria-hidden />}
            aria-expanded={filtersOpen}
            aria-controls={`${tab}-filters`}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {filterCount === 0 ? 'Filters' : `Filters (${filterCount})`}
          </Button>
        ) : null}
        {cards && !filtersOpen && filterCount > 0 ? <p className="orders-table__filter-summary">{filterSummary(params)}</p> : null}
        {!cards || filtersOpen ? (
          <div id={`${tab}-filters`} className="orders-table__filter-fields">
            {statuses.length > 1 ? (
              // Ticks rather than a multiple select: a handful of statuses, each one click away (none ticked: every one).
              <div className="orders-table__statuses" role="group" aria-labelledby={`${tab}-status-filter`}>
                <span id={`${tab}-status-filter`}>Status</span>
                <Checkbox.Group<OrderStatus>
                  value={[...params.statuses]}
                  onChange={(chosen) => update({ statuses: chosen })}
                  options={statuses.map((status) => ({ value: status, label: orderStatusLabel(status) }))}
                />
              </div>
            ) : null}
            <label className="orders-table__day">
              From
              <Input
                type="date"
                value={params.from ?? ''}
                max={params.to ?? undefined}
                onChange={(event) => update({ from: event.target.value || null })}
              />
            </label>
            <label className="orders-table__day">
              To
              <Input
                type="date"
                value={params.to ?? ''}
                min={params.from ?? undefined}
                onChange={(event) => update({ to: event.target.value || null })}
              />
            </label>
            {fulfilmentFilter ? (
              <div className="orders-table__day">
                <span id={`${tab}-fulfilment-filter`}>Fulfilment</span>
                <Select<FulfilmentMethod | 'all'>
                  aria-labelledby={`${tab}-fulfilment-filter`}
                  className="orders-table__fulfilment"
                  value={params.fulfilment ?? 'all'}
                  // Another fulfilment than pickups has no Saturday.
                  onChange={(chosen) => update({ fulfilment: chosen === 'all' ? null : chosen, pickupDate: null })}
                  options={FULFILMENT_OPTIONS}
                />
              </div>
            ) : null}
            {fulfilmentFilter && params.fulfilment === 'pickup' ? (
              <div className="orders-table__day">
                <span id={`${tab}-pickup-date-filter`}>Saturday</span>
                <Select<string>
                  aria-labelledby={`${tab}-pickup-date-filter`}
                  className="orders-table__pickup-date"
                  value={params.pickupDate ?? ''}
                  onChange={(chosen) => update({ pickupDate: chosen === '' ? null : chosen })}
                  options={[{ value: '', label: 'Any Saturday' }, ...saturdayOptions(saturdays, params.pickupDate)]}
                />
              </div>
            ) : null}
            {cards ? (
              <Button type="primary" className="orders-table__filters-done" onClick={() => setFiltersOpen(false)}>
                Show {total} {total === 1 ? 'order' : 'orders'}
              </Button>
            ) : null}
          </div>
        ) : null}
        {filtered ? (
          <Button
            onClick={() => {
              setTyped('');
              update({ q: '', statuses: [], from: null, to: null, fulfilment: null, pickupDate: null });
            }}
          >
            Clear filters
          </Button>
        ) : null}
        {exportable ? (
          <Button
            icon={<DownloadOutlined aria-hidden />}
            disabled={params.from === null || params.to === null}
            title={params.from === null || params.to === null ? 'Choose From and To to export these orders' : undefined}
            loading={exporting}
            onClick={() => void exportFound()}
          >
            Export CSV
          </Button>
        ) : null}
      </div>
      {bulkActions !== undefined && (selected.length > 0 || bulkResult !== null) ? (
        // One place for the ticked orders and for what the last bulk action came to: above the table on a screen,
        // at the bottom of a phone's, where a thumb reaches.
        <div className="orders-table__bulk">
          {bulkResult === null ? null : (
            <BulkResultPanel
              result={bulkResult}
              onDismiss={() => setBulkResult(null)}
              onSelectSkipped={(orderIds) => {
                setSelected(orderIds);
                setBulkResult(null);
              }}
            />
          )}
          {selected.length === 0 ? null : (
            <div className="orders-table__bulk-bar" role="region" aria-label="Selected orders">
              <span>
                {selected.length} {selected.length === 1 ? 'order' : 'orders'} selected
              </span>
              {total > selected.length ? (
                total <= MAX_BULK_ORDERS ? (
                  <Button type="link" size="small" loading={selectingAll} onClick={() => void selectAllMatching()}>
                    Select all {total} matching
                  </Button>
                ) : (
                  // A print or a status change takes 200 at most: the first 200 in the table's order, then the rest.
                  <Button type="link" size="small" loading={selectingAll} onClick={() => void selectAllMatching()}>
                    Select the first {MAX_BULK_ORDERS} of {total} matching
                  </Button>
                )
              ) : null}
              {selectAllError === null ? null : <span role="alert">{selectAllError}</span>}
              {bulkActions(selected, () => setSelected([]), setBulkResult)}
              <Button type="link" onClick={() => setSelected([])}>
                Clear selection
              </Button>
            </div>
          )}
        </div>
      ) : null}
      {cards && bulkActions !== undefined && items.length > 0 ? (
        // The cards have no header row: the page's orders are ticked from here.
        <Checkbox
          className="orders-table__select-page"
          checked={items.every((order) => selected.includes(order.id))}
          indeterminate={items.some((order) => selected.includes(order.id)) && !items.every((order) => selected.includes(order.id))}
          onChange={(event) => {
            const ids = items.map((order) => order.id);
            setSelected((before) =>
              event.target.checked ? [...before, ...ids.filter((id) => !before.includes(id))] : before.filter((id) => !ids.includes(id)),
            );
          }}
        >
          Select the {items.length} orders on this page
        </Checkbox>
      ) : null}
      {result.isError ? (
        <Alert type="error" showIcon title="Could not load the orders" description={errorMessage(result.error)} />
      ) : (
        <Table<AdminOrder>
          className="orders-table"
          rowKey="id"
          size="small"
          rowSelection={
            bulkActions === undefined
              ? undefined
              : {
                  selectedRowKeys: selected,
                  preserveSelectedRowKeys: true,
                  // Kept in the order they were ticked: the labels print in that order.
                  onChange: (keys) => {
                    const now = keys.map(String);
                    setSelected((before) => [...before.filter((id) => now.includes(id)), ...now.filter((id) => !before.includes(id))]);
                  },
                  getCheckboxProps: (order) => ({ 'aria-label': `Select order #${order.id}` }),
                }
          }
          columns={cards ? cardColumns : columns}
          showHeader={!cards}
          dataSource={items}
          loading={result.isPending || (result.isFetching && result.isPlaceholderData)}
          onChange={onChange}
          scroll={cards ? undefined : { x: 960 }}
          rowClassName={(order) => (order.needsReview ? 'orders-table__row--review' : '')}
          locale={{ emptyText: <Empty description={filtered ? 'No orders match these filters' : emptyText} /> }}
          pagination={{
            current: params.page,
            pageSize: params.pageSize,
            total,
            showSizeChanger: true,
            pageSizeOptions: ORDER_PAGE_SIZES.map(String),
            showTotal: (total, [first, last]) => `${first}-${last} of ${total} ${total === 1 ? 'order' : 'orders'}`,
          }}
        />
      )}
      {dialog}
    </section>
  );
}
