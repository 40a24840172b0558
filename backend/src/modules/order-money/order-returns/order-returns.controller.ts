import { Body, Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { orderNumberFrom } from '../../../shared-kernel/order-number';
import { OrderErrors } from '../../orders';
import { RecordReturnRequest } from './order-return.request.dto';
import { OrderReturns, type ReturnAnswer } from './order-returns.service';

@ApiTags('admin: orders')
@ApiBearerAuth()
@Controller('admin/orders')
export class OrderReturnsController {
  constructor(private readonly returns: OrderReturns) {}

  @Post(':orderId/return')
  @HttpCode(201)
  @ApiOperation({
    summary:
      "Record cans the customer sent back from an order shipped, delivered or collected: the cans go back in stock, and with refund the payment is refunded their value (priced from the order's lines) or an amount",
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'One key per return the operator means: the same key records the same return, however many requests arrive',
  })
  record(
    @Param('orderId') asked: string,
    @Body() body: RecordReturnRequest,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Context() context: Cause,
  ): Promise<ReturnAnswer> {
    const orderId = orderNumberFrom(asked);
    if (orderId === null) throw OrderErrors.notFound(asked);
    return this.returns.record(orderId, body, idempotencyKey, context);
  }
}
