import { Controller, Delete, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { FULFILMENT_METHODS, ORDER_STATUSES } from '@brewery/shop-rules';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { DeletePendingOrder } from '../../orders';
import { ORDER_SEARCH_PAGE_SIZES, ORDER_SEARCH_SORTS, type RawOrderSearch } from './order-search';
import type { OrderSearchPage } from '@brewery/shop-rules';
import { ListOrdersQuery, SearchOrdersQuery, type OrderView } from './search-orders.query';

export type { OrderView } from './search-orders.query';

@ApiTags('admin: orders')
@ApiBearerAuth()
@Controller('admin/orders')
export class OrderListController {
  constructor(
    private readonly queries: QueryBus,
    private readonly deleter: DeletePendingOrder,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Every order, newest first, with items, status history, tracking and shipping label (deleted and abandoned checkouts left out unless they need review)',
  })
  list(): Promise<OrderView[]> {
    return this.queries.execute(new ListOrdersQuery());
  }

  @Get('search')
  @ApiOperation({
    summary:
      'One page of the orders in the admin lists that match: q (order number, name, e-mail, phone, suburb, postcode, tracking reference, payment intent id), status (repeatable), from and to (days, Perth time), fulfilment and pickupDate, sorted',
  })
  @ApiQuery({ name: 'q', required: false })
  @ApiQuery({ name: 'status', required: false, isArray: true, enum: [...ORDER_STATUSES] })
  @ApiQuery({ name: 'from', required: false, description: 'YYYY-MM-DD, Perth time, inclusive' })
  @ApiQuery({ name: 'to', required: false, description: 'YYYY-MM-DD, Perth time, inclusive' })
  @ApiQuery({ name: 'fulfilment', required: false, enum: [...FULFILMENT_METHODS], description: 'posted or collected at the cellar door' })
  @ApiQuery({ name: 'pickupDate', required: false, description: 'YYYY-MM-DD: the pickups of that Saturday' })
  @ApiQuery({ name: 'sort', required: false, enum: [...ORDER_SEARCH_SORTS], description: 'default -createdAt' })
  @ApiQuery({ name: 'page', required: false, description: 'from 1' })
  @ApiQuery({ name: 'pageSize', required: false, enum: [...ORDER_SEARCH_PAGE_SIZES], description: 'default 25' })
  search(@Query() raw: RawOrderSearch): Promise<OrderSearchPage> {
    return this.queries.execute(new SearchOrdersQuery(raw));
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a pending order and release its reserved cans' })
  remove(@Param('id') id: string, @Context() context: Cause): Promise<{ message: string; orderId: string }> {
    return this.deleter.delete(id, context);
  }
}
