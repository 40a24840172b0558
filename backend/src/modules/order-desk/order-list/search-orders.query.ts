import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { DocumentStore } from '@brewery/eventstore';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { SHIPPING_LABELS, type ShippingLabelDoc } from '../../shipping';
import { ORDERS, type OrderDoc } from './order-list.projection';
import { orderSearchQuery, parseOrderSearch, type RawOrderSearch } from './order-search';

/** The stored document without its storage fields (and without the read-model port's index signature). */
export type StoredOrderView = {
  [K in keyof OrderDoc as string extends K ? never : K extends '_id' | 'revision' | 'hidden' | 'totalCents' ? never : K]: OrderDoc[K];
};

/** An order of the admin list: the stored order and its shipping label, if one was made. */
export type OrderView = StoredOrderView & { shippingLabel: { consignmentNumber: string; trackingUrl: string } | null };

/** One page of a search, and how many orders match it in all. */
export interface OrderSearchPage {
  items: OrderView[];
  total: number;
  page: number;
  pageSize: number;
}

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
  return docs.map((doc) => {
    const view: Partial<OrderDoc> = { ...doc };
    delete view._id;
    delete view.revision;
    delete view.hidden;
    delete view.totalCents;
    delete view.searchText;
    return { ...(view as StoredOrderView), shippingLabel: labelByOrder.get(doc._id) ?? null };
  });
}
