import { Controller, Delete, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ORDER_STATUSES } from '@brewery/shop-rules';
import type { DocumentStore } from '@brewery/eventstore';
import { Context, type RequestContext } from '../../../platform/http/request-context';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { SHIPPING_LABELS, type ShippingLabelDoc } from '../../shipping/shipping-labels/shipping-labels.projection';
import { DeletePendingOrder } from './delete-pending-order.service';
import { ORDERS, type OrderDoc } from './order-list.projection';
import { ORDER_SEARCH_PAGE_SIZES, ORDER_SEARCH_SORTS, orderSearchQuery, parseOrderSearch, type RawOrderSearch } from './order-search';

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

@ApiTags('admin: orders')
@ApiBearerAuth()
@Controller('admin/orders')
export class OrderListController {
  constructor(
    @Inject(DOCUMENT_STORE) private readonly store: DocumentStore,
    private readonly deleter: DeletePendingOrder,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Every order, newest first, with items, status history, tracking and shipping label (deleted and abandoned checkouts left out unless they need review)',
  })
  async list(): Promise<OrderView[]> {
    return this.views(await this.store.collection<OrderDoc>(ORDERS).find({ hidden: false }, { sort: { number: -1 } }));
  }

  @Get('search')
  @ApiOperation({
    summary:
      'One page of the orders in the admin lists that match: q (order number, name, e-mail, phone, suburb, postcode, tracking reference, payment intent id), status (repeatable), from and to (days, Perth time), sorted',
  })
  @ApiQuery({ name: 'q', required: false })
  @ApiQuery({ name: 'status', required: false, isArray: true, enum: [...ORDER_STATUSES] })
  @ApiQuery({ name: 'from', required: false, description: 'YYYY-MM-DD, Perth time, inclusive' })
  @ApiQuery({ name: 'to', required: false, description: 'YYYY-MM-DD, Perth time, inclusive' })
  @ApiQuery({ name: 'sort', required: false, enum: [...ORDER_SEARCH_SORTS], description: 'default -createdAt' })
  @ApiQuery({ name: 'page', required: false, description: 'from 1' })
  @ApiQuery({ name: 'pageSize', required: false, enum: [...ORDER_SEARCH_PAGE_SIZES], description: 'default 25' })
  async search(@Query() raw: RawOrderSearch): Promise<OrderSearchPage> {
    const search = parseOrderSearch(raw);
    const { filter, sort, skip, limit } = orderSearchQuery(search);
    const orders = this.store.collection<OrderDoc>(ORDERS);
    const [docs, total] = await Promise.all([orders.find(filter, { sort, skip, limit }), orders.count(filter)]);
    return { items: await this.views(docs), total, page: search.page, pageSize: search.pageSize };
  }

  /** The stored orders as the admin sees them, each with its shipping label if one was made. */
  private async views(docs: OrderDoc[]): Promise<OrderView[]> {
    // Joined when asked rather than copied into the order: the label has a read model of its own.
    const labels = await this.store.collection<ShippingLabelDoc>(SHIPPING_LABELS).find({ _id: { $in: docs.map((doc) => doc._id) } });
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

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a pending order and release its reserved cans' })
  remove(@Param('id') id: string, @Context() context: RequestContext): Promise<{ message: string; orderId: string }> {
    return this.deleter.delete(id, { correlationId: context.correlationId, causationId: null, actor: context.actor });
  }
}
