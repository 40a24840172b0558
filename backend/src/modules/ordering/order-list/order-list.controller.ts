import { Controller, Delete, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DocumentStore } from '@brewery/eventstore';
import { Context, type RequestContext } from '../../../platform/http/request-context';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { SHIPPING_LABELS, type ShippingLabelDoc } from '../../shipping/shipping-labels/shipping-labels.projection';
import { DeletePendingOrder } from './delete-pending-order.service';
import { ORDERS, type OrderDoc } from './order-list.projection';

/** The stored document without its storage fields (and without the read-model port's index signature). */
export type StoredOrderView = {
  [K in keyof OrderDoc as string extends K ? never : K extends '_id' | 'revision' | 'hidden' ? never : K]: OrderDoc[K];
};

/** An order of the admin list: the stored order and its shipping label, if one was made. */
export type OrderView = StoredOrderView & { shippingLabel: { consignmentNumber: string; trackingUrl: string } | null };

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
    const docs = await this.store.collection<OrderDoc>(ORDERS).find({ hidden: false }, { sort: { number: -1 } });
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
      return { ...(view as StoredOrderView), shippingLabel: labelByOrder.get(doc._id) ?? null };
    });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a pending order and release its reserved cans' })
  remove(@Param('id') id: string, @Context() context: RequestContext): Promise<{ message: string; orderId: string }> {
    return this.deleter.delete(id, { correlationId: context.correlationId, causationId: null, actor: context.actor });
  }
}
