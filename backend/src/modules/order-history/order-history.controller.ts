import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Doc, DocumentStore, EventStore, RecordedEvent } from '@brewery/eventstore';
import { DOCUMENT_STORE, EVENT_STORE } from '../../platform/persistence/persistence.tokens';
import { productStreamName } from '../catalog';
import { emailStream, EMAILS } from '../notifications';
import { OrderErrors, orderStreamName } from '../orders';
import { paymentStreamName } from '../payments';
import { labelStreamName } from '../shipping';
import { buildTimeline, type TimelineEntry } from './order-timeline';
import { orderNumberFrom } from '../../shared-kernel/order-number';

interface EmailRef extends Doc {
  orderId: string | null;
}

/**
 * The order's history, read straight from the log: its own stream, its payment intents, the stock moves it
 * caused on each product, its label and its e-mails, each stream named by its own module's helper.
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
  async history(@Param('id') asked: string): Promise<TimelineEntry[]> {
    const id = orderNumberFrom(asked);
    const order = id === null ? [] : await this.events.readStream(orderStreamName(id));
    if (id === null || order.length === 0) throw OrderErrors.notFound(asked);
    const paymentIntents = new Set<string>();
    const products = new Set<string>();
    for (const event of order) {
      const data = event.data as { paymentIntentId?: unknown; items?: { productId?: unknown }[] };
      if (typeof data.paymentIntentId === 'string') paymentIntents.add(data.paymentIntentId);
      for (const item of data.items ?? []) if (typeof item.productId === 'string') products.add(item.productId);
    }
    const emails = await this.documents.collection<EmailRef>(EMAILS).find({ orderId: id }, { projection: { _id: 1 } });
    const related = await Promise.all([
      ...[...paymentIntents].map((pi) => this.events.readStream(paymentStreamName(pi))),
      this.events.readStream(labelStreamName(id)),
      ...emails.map((email) => this.events.readStream(emailStream(email._id))),
      ...[...products].map(async (productId) =>
        (await this.events.readStream(productStreamName(productId))).filter((e) => concernsOrder(e, id)),
      ),
    ]);
    return buildTimeline([...order, ...related.flat()]);
  }
}

function concernsOrder(event: RecordedEvent, orderId: string): boolean {
  return (event.data as { orderId?: unknown }).orderId === orderId;
}
