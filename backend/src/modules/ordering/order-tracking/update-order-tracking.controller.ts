import { Body, Controller, HttpCode, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Context, type RequestContext } from '../../../platform/http/request-context';
import { UpdateOrderTrackingRequest } from './update-order-tracking.request.dto';
import { UpdateOrderTracking } from './update-order-tracking.service';

@ApiTags('admin: orders')
@ApiBearerAuth()
@Controller('admin/orders')
export class UpdateOrderTrackingController {
  constructor(private readonly tracking: UpdateOrderTracking) {}

  @Put(':orderId/tracking')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Set an order's status and tracking reference (any status to any other); e-mails the customer once per change unless notifyCustomer is false. Answers what happened: changed, notified, and a message",
  })
  update(
    @Param('orderId') orderId: string,
    @Body() body: UpdateOrderTrackingRequest,
    @Context() context: RequestContext,
  ): Promise<{ message: string; changed: boolean; notified: boolean }> {
    return this.tracking.update(orderId, body, { correlationId: context.correlationId, causationId: null, actor: context.actor });
  }
}
