import type { OrderBackupsResponse, PotentiallyMissingOrder } from '@brewery/shop-rules';
import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';
import type { DocumentStore } from '@brewery/eventstore';
import { Context } from '../../../platform/http/request-context';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { ORDERS, type OrderDoc } from '../../order-desk';
import { ORDER_BACKUPS, orderBackupOf, type OrderBackupDoc } from './order-backups.projection';
import { paymentNeedsAction } from './payment-needs-action';
import { RecoverOrder, RecoverOrderMessages } from './recover-order.service';

export class RecoverOrderRequest {
  @ApiProperty({ example: 'pi_3Nx...' })
  @IsOptional()
  @IsString({ message: RecoverOrderMessages.required })
  paymentIntentId?: string;
}

@ApiTags('admin: order backups')
@ApiBearerAuth()
@Controller('admin')
export class OrderBackupsController {
  constructor(
    @Inject(DOCUMENT_STORE) private readonly store: DocumentStore,
    private readonly recovery: RecoverOrder,
  ) {}

  @Get('order-backups')
  @ApiOperation({
    summary:
      'Every payment with what it was for; a payment whose money is held without a paid order (not refunded in full, no refund on its way) is listed as potentially missing',
  })
  async list(): Promise<OrderBackupsResponse> {
    const docs = await this.store.collection<OrderBackupDoc>(ORDER_BACKUPS).find({}, { sort: { timestamp: -1 } });
    const succeeded = docs.filter((doc) => doc.paymentStatus === 'succeeded');
    const orderIds = succeeded.map((b) => b.orderId).filter((id): id is string => id !== null);
    const orders = await this.store.collection<OrderDoc>(ORDERS).find({ _id: { $in: orderIds } });
    const byId = new Map(orders.map((o) => [o._id, o]));
    const potentiallyMissing = succeeded.flatMap((backup): PotentiallyMissingOrder[] => {
      const order = backup.orderId === null ? undefined : byId.get(backup.orderId);
      if (!paymentNeedsAction(backup, order)) return [];
      return [
        {
          ...orderBackupOf(backup),
          orderStatus: order?.status ?? null,
          orderDeleted: order?.deleted ?? false,
          needsReview: order?.needsReview ?? false,
        },
      ];
    });
    const backups = docs.map(orderBackupOf);
    return { backups, summary: { totalBackups: backups.length, successfulPayments: succeeded.length, potentiallyMissing } };
  }

  @Post('recover-order')
  @HttpCode(200)
  @ApiOperation({ summary: 'Complete the order of a succeeded payment from its recorded events (safe to repeat)' })
  recover(@Body() body: RecoverOrderRequest, @Context() context: Cause): Promise<{ message: string }> {
    return this.recovery.recover(body.paymentIntentId, context);
  }
}
