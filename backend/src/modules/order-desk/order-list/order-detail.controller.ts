import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { orderNumberFrom } from '../../../shared-kernel/order-number';
import { OrderErrors } from '../../orders';
import { GetOrderQuery } from './get-order.query';
import type { OrderView } from './search-orders.query';

/**
 * One order by its number. Registered after every controller with a fixed path under `admin/orders` (the module's
 * last), so `GET /api/admin/orders/search` and the like are never read as an order number.
 */
@ApiTags('admin: orders')
@ApiBearerAuth()
@Controller('admin/orders')
export class OrderDetailController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':orderId')
  @ApiOperation({
    summary:
      'One order (12, #12 or 0012) in the shape of a row of GET /api/admin/orders, with its money (refunded, refundUnderWay) and returns; 404 when there is none',
  })
  one(@Param('orderId') asked: string): Promise<OrderView> {
    const orderId = orderNumberFrom(asked);
    if (orderId === null) throw OrderErrors.notFound(asked);
    return this.queries.execute(new GetOrderQuery(orderId));
  }
}
