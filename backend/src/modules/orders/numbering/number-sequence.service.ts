import { Inject, Injectable } from '@nestjs/common';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import { INVOICE_SEQUENCE_STREAM, ORDER_SEQUENCE_STREAM, sequenceDecider } from '../domain/sequence.decider';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';

/** Order and invoice numbers from their sequence streams: gap-free, never duplicated, whatever the concurrency. */
@Injectable()
export class NumberSequence {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async nextOrderNumber(cause: Cause): Promise<string> {
    const result = await this.pipeline.run({
      streamName: ORDER_SEQUENCE_STREAM,
      decider: sequenceDecider,
      command: { type: 'AllocateOrderNumber' },
      cause,
    });
    const event = result.events[0];
    if (event?.type !== 'OrderNumberAllocated') throw new Error('The order sequence allocated no number');
    return String(event.data.orderNumber);
  }

  /** The order's invoice number: allocated on first call, the same one on every later call. */
  async invoiceNumberFor(orderId: string, cause: Cause): Promise<string> {
    const result = await this.pipeline.run({
      streamName: INVOICE_SEQUENCE_STREAM,
      decider: sequenceDecider,
      command: { type: 'AllocateInvoiceNumber', orderId },
      cause,
    });
    const invoiceNumber = result.state.invoiceByOrder[orderId];
    if (invoiceNumber === undefined) throw new Error(`The invoice sequence allocated no number for order ${orderId}`);
    return invoiceNumber;
  }
}
