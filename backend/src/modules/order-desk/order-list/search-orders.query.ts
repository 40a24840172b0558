import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { DocumentStore } from '@brewery/eventstore';
import {
  decimalString,
  orderDiscountView,
  type AdminOrder,
  type OrderSearchPage,
  type PackQuantity,
  type PackSize,
  type ShippingLabelInfo,
} from '@brewery/shop-rules';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { SHIPPING_LABELS, type ShippingLabelDoc } from '../../shipping';
import { ORDERS, type OrderDoc } from './order-list.projection';
import { orderSearchQuery, parseOrderSearch, type RawOrderSearch } from './order-search';

/** An order of the admin list as the API answers it. */
export type OrderView = AdminOrder;

/**
 * One page of the admin's order search (`GET /api/admin/orders/search`), from its query string as Express reads
 * it; a query it cannot use is refused with a DomainError saying what to send. The server's drawing of the
 * admin's order tabs asks the same.
 */
export class SearchOrdersQuery extends Query<OrderSearchPage> {
  constructor(readonly raw: RawOrderSearch) {
    super();
  }
}

/** Every order the admin lists (deleted and abandoned checkouts left out unless they need review), newest first. */
export class ListOrdersQuery extends Query<OrderView[]> {}

@QueryHandler(SearchOrdersQuery)
export class SearchOrdersHandler implements IQueryHandler<SearchOrdersQuery> {
  constructor(@Inject(DOCUMENT_STORE) private readonly store: DocumentStore) {}

  async execute(query: SearchOrdersQuery): Promise<OrderSearchPage> {
    const search = parseOrderSearch(query.raw);
    const { filter, sort, skip, limit, exact } = orderSearchQuery(search);
    const orders = this.store.collection<OrderDoc>(ORDERS);
    const pinned = exact === null ? null : await orders.findOne(exact);
    if (pinned === null) {
      const [docs, total] = await Promise.all([orders.find(filter, { sort, skip, limit }), orders.count(filter)]);
      return { items: await orderViews(this.store, docs), total, page: search.page, pageSize: search.pageSize };
    }
    // The order the text names heads the first page; the others follow in the chosen order, one place later.
    const others = { $and: [filter, { number: { $ne: pinned.number } }] };
    const [rest, total] = await Promise.all([
      orders.find(others, { sort, skip: skip === 0 ? 0 : skip - 1, limit: skip === 0 ? limit - 1 : limit }),
      orders.count(filter),
    ]);
    const docs = skip === 0 ? [pinned, ...rest] : rest;
    return { items: await orderViews(this.store, docs), total, page: search.page, pageSize: search.pageSize };
  }
}

@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery> {
  constructor(@Inject(DOCUMENT_STORE) private readonly store: DocumentStore) {}

  async execute(): Promise<OrderView[]> {
    return orderViews(this.store, await this.store.collection<OrderDoc>(ORDERS).find({ hidden: false }, { sort: { number: -1 } }));
  }
}

/** The stored orders as the admin sees them, each with its shipping label if one was made. */
export async function orderViews(store: DocumentStore, docs: OrderDoc[]): Promise<OrderView[]> {
  // Joined when asked rather than copied into the order: the label has a read model of its own.
  const labels = await store.collection<ShippingLabelDoc>(SHIPPING_LABELS).find({ _id: { $in: docs.map((doc) => doc._id) } });
  const labelByOrder = new Map(
    labels.map((label) => [label._id, { consignmentNumber: label.consignmentNumber, trackingUrl: label.trackingUrl }]),
  );
  return docs.map((doc) => adminOrderOf(doc, labelByOrder.get(doc._id) ?? null));
}

/** The edge of the orders read model: its cents written as the API's dollars, its storage fields left out. */
export function adminOrderOf(doc: OrderDoc, shippingLabel: ShippingLabelInfo | null): OrderView {
  const {
    _id: _key,
    revision: _revision,
    hidden: _hidden,
    searchText: _searchText,
    subtotalCents,
    shippingCents,
    discount,
    totalCents,
    gstCents,
    refundedCents,
    refundUnderWayCents,
    items,
    refunds,
    returns,
    ...kept
  } = doc;
  return {
    ...kept,
    subtotal: decimalString(subtotalCents),
    shippingCost: decimalString(shippingCents),
    discount: orderDiscountView(discount),
    totalAmount: decimalString(totalCents),
    gstIncluded: decimalString(gstCents),
    items: items.map(({ unitPriceCents, lineTotalCents, ...item }) => ({
      ...item,
      packSize: item.packSize as PackSize,
      packQuantity: item.packQuantity as PackQuantity,
      unitPrice: decimalString(unitPriceCents),
      lineTotal: decimalString(lineTotalCents),
    })),
    refundedAmount: decimalString(refundedCents),
    refunds: refunds.map(({ amountCents, ...refund }) => ({ ...refund, amount: decimalString(amountCents) })),
    ...(refundUnderWayCents === undefined ? {} : { refundUnderWay: decimalString(refundUnderWayCents) }),
    ...(returns === undefined
      ? {}
      : { returns: returns.map(({ refundCents, ...given }) => ({ ...given, refund: decimalString(refundCents) })) }),
    shippingLabel,
  };
}
