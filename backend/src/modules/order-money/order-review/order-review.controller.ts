import { Body, Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { orderNumberFrom } from '../../../shared-kernel/order-number';
import { OrderErrors } from '../../orders';
import { RefundOrderRequest, ResolveReviewRequest } from './order-review.request.dto';
import { OrderReview, type RefundAnswer } from './order-review.service';

/** The order a route names (`12`, `#12`, `012`), or 404 for anything that is no order number. */
function orderNumber(asked: string): string {
  const orderId = orderNumberFrom(asked);
  if (orderId === null) throw OrderErrors.notFound(asked);
  return orderId;
}

@ApiTags('admin: orders')
@ApiBearerAuth()
@Controller('admin/orders')
export class OrderReviewController {
  constructor(private readonly review: OrderReview) {}

  @Post(':orderId/resolve')
  @HttpCode(200)
  @ApiOperation({ summary: "Mark an order's review resolved, with a note saying how (kept in its history)" })
  resolve(
    @Param('orderId') orderId: string,
    @Body() body: ResolveReviewRequest,
    @Context() context: Cause,
  ): Promise<{ message: string; changed: boolean }> {
    return this.review.resolve(orderNumber(orderId), body, context);
  }

  @Post(':orderId/refund')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Refund an order's payment through the payment provider, in full (no amount), in part (an amount), or by cans of its lines (items, priced from the order); records it on the payment and the order and e-mails the customer",
  })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'One key per refund the operator means: the same key gives the same refund, however many requests arrive',
  })
  refund(
    @Param('orderId') orderId: string,
    @Body() body: RefundOrderRequest,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Context() context: Cause,
  ): Promise<RefundAnswer> {
    return this.review.refund(orderNumber(orderId), body, idempotencyKey, context);
  }
}
