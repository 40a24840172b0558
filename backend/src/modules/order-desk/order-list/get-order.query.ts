import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { DocumentStore } from '@brewery/eventstore';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { OrderErrors } from '../../orders';
import { ORDERS, type OrderDoc } from './order-list.projection';
import { orderViews, type OrderView } from './search-orders.query';

/**
 * One order in the shape of a row of the admin list (`GET /api/admin/orders/{id}`), whatever list it is in or out
 * of (cancelled, abandoned, deleted): what an open order dialog reads again after each change. Refused with
 * `order_not_found` (404) when there is no such order.
 */
export class GetOrderQuery extends Query<OrderView> {
  constructor(readonly orderId: string) {
    super();
  }
}

@QueryHandler(GetOrderQuery)
export class GetOrderHandler implements IQueryHandler<GetOrderQuery> {
  constructor(@Inject(DOCUMENT_STORE) private readonly store: DocumentStore) {}

  async execute(query: GetOrderQuery): Promise<OrderView> {
    const doc = await this.store.collection<OrderDoc>(ORDERS).findOne({ _id: query.orderId });
    if (doc === null) throw OrderErrors.notFound(query.orderId);
    const [view] = await orderViews(this.store, [doc]);
    if (view === undefined) throw OrderErrors.notFound(query.orderId);
    return view;
  }
}
