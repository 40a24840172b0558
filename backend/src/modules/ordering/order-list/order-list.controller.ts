import { Controller, Delete, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DocumentStore } from '@brewery/eventstore';
import { Context, type RequestContext } from '../../../platform/http/request-context';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { DeletePendingOrder } from './delete-pending-order.service';
import { ORDERS, type OrderDoc } from './order-list.projection';

/** The stored document without its storage fields (and without the read-model port's index signature). */
export type OrderView = { [K in keyof OrderDoc as string extends K ? never : K extends '_id' | 'revision' | 'hidden' ? never : K]: OrderDoc[K] };

@ApiTags('admin: orders')
@ApiBearerAuth()
@Controller('admin/orders')
export class OrderListController {
  constructor(
    @Inject(DOCUMENT_STORE) private readonly store: DocumentStore,
    private readonly deleter: DeletePendingOrder,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every order, newest first, with items and status history (deleted and abandoned checkouts left out unless they need review)' })
  async list(): Promise<OrderView[]> {
    const docs = await this.store.collection<OrderDoc>(ORDERS).find({ hidden: false }, { sort: { number: -1 } });
    return docs.map((doc) => {
      const view: Partial<OrderDoc> = { ...doc };
      delete view._id;
      delete view.revision;
      delete view.hidden;
      return view as OrderView;
    });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete a pending order and release its reserved cans' })
  remove(@Param('id') id: string, @Context() context: RequestContext): Promise<{ message: string; orderId: string }> {
    return this.deleter.delete(id, { correlationId: context.correlationId, causationId: null, actor: context.actor });
  }
}
