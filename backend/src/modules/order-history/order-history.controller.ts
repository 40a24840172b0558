import { Controller, Get, Inject, NotFoundException, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Doc, DocumentStore, EventStore, RecordedEvent } from '@brewery/eventstore';
import { DOCUMENT_STORE, EVENT_STORE } from '../../platform/persistence/persistence.tokens';
import { buildTimeline, type TimelineEntry } from './order-timeline';

interface EmailRef extends Doc {
  orderId: string | null;
}

/**
 * The order's history, read straight from the log: its own stream, its payment intents, the stock moves it
 * caused on each product, its label and its e-mails.
 */
@ApiTags('admin: orders')
@ApiBearerAuth()
@Controller('admin/orders')
export class OrderHistoryController {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
  ) {}

  @Get(':id/history')
  @ApiOperation({ summary: 'Every event that concerns an order, oldest first, with who caused it' })
  async history(@Param('id') id: string): Promise<TimelineEntry[]> {
    const order = await this.events.readStream(`order-${id}`);
    if (order.length === 0) throw new NotFoundException(`Order #${id} not found`);
    const paymentIntents = new Set<string>();
    const products = new Set<string>();
    for (const event of order) {
      const data = event.data as { paymentIntentId?: unknown; items?: { productId?: unknown }[] };
      if (typeof data.paymentIntentId === 'string') paymentIntents.add(data.paymentIntentId);
      for (const item of data.items ?? []) if (typeof item.productId === 'string') products.add(item.productId);
    }
    const emails = await this.documents.collection<EmailRef>('emails').find({ orderId: id }, { projection: { _id: 1 } });
    const related = await Promise.all([
      ...[...paymentIntents].map((pi) => this.events.readStream(`payment-${pi}`)),
      this.events.readStream(`label-${id}`),
      ...emails.map((email) => this.events.readStream(`email-${email._id}`)),
      ...[...products].map(async (productId) => (await this.events.readStream(`product-${productId}`)).filter((e) => concernsOrder(e, id))),
    ]);
    return buildTimeline([...order, ...related.flat()]);
  }
}

function concernsOrder(event: RecordedEvent, orderId: string): boolean {
  return (event.data as { orderId?: unknown }).orderId === orderId;
}
