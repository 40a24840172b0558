import { Body, Controller, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { BULK_STATUSES, BulkOrderStatus, type BulkStatusOutcome } from './bulk-order-status.service';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { UpdateOrderTrackingRequest } from './update-order-tracking.request.dto';
import { UpdateOrderTracking } from './update-order-tracking.service';

export class BulkOrderStatusRequest {
  @ApiProperty({ type: [String], example: ['12', '13', '15'], description: '1 to 200 order numbers' })
  @Allow()
  orderIds?: unknown;

  @ApiProperty({ type: String, enum: BULK_STATUSES, example: 'shipped', description: 'A dispatch step; the orders must be paid' })
  @Allow()
  status?: unknown;

  @ApiProperty({ type: Boolean, required: false, default: true, description: 'E-mail each customer whose order changed (default true)' })
  @Allow()
  notifyCustomer?: unknown;
}

@ApiTags('admin: orders')
@ApiBearerAuth()
@Controller('admin/orders')
export class UpdateOrderTrackingController {
  constructor(
    private readonly tracking: UpdateOrderTracking,
    private readonly bulk: BulkOrderStatus,
  ) {}

  @Post('bulk-status')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Set one dispatch step (packed, shipped, delivered) on several paid orders at once, keeping their tracking references; e-mails each customer whose order changed unless notifyCustomer is false. Applies to the orders the order decider takes and skips the rest (unknown, deleted, unpaid, cancelled, refunded, a pickup not to be shipped), answering applied and skipped [{orderId, code, reason}] beside changed, unchanged and notified',
  })
  bulkStatus(@Body() body: BulkOrderStatusRequest, @Context() context: Cause): Promise<BulkStatusOutcome> {
    return this.bulk.apply(body, context);
  }

  @Put(':orderId/tracking')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Set an order's status and tracking reference (any status to any other); e-mails the customer once per change unless notifyCustomer is false. Answers what happened: changed, notified, and a message",
  })
  update(
    @Param('orderId') orderId: string,
    @Body() body: UpdateOrderTrackingRequest,
    @Context() context: Cause,
  ): Promise<{ message: string; changed: boolean; notified: boolean }> {
    return this.tracking.update(orderId, body, context);
  }
}
