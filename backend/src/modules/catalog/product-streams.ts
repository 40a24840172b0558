import { Inject, Injectable } from '@nestjs/common';
import type { Cause } from '../../platform/event-sourcing/command-metadata';
import { CommandPipeline } from '../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../platform/clock';
import type { ProductCommand } from './domain/product.commands';
import { productDecider } from './domain/product.decider';
import { productStreamName, type ProductEventType } from './domain/product.events';
import { productSnapshot, type ProductSnapshot } from './domain/product-snapshot';

/** What a product command answers: where it wrote, never the data (read that from a query). */
export interface ProductWriteResult {
  productId: string;
  /** Revision of the stream's last event after the command (-1: no stream). */
  revision: number;
  /** Global position of the last event written, or null when the command changed nothing. */
  position: number | null;
  /** Types of the events written; empty when the command was a repeat or changed nothing. */
  events: ProductEventType[];
}

/** The write path of every product command: the generic pipeline with the product decider, and the clock. */
@Injectable()
export class ProductStreams {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async run(command: ProductCommand, cause: Cause): Promise<ProductWriteResult> {
    const result = await this.pipeline.run({ streamName: productStreamName(command.productId), decider: productDecider, command, cause });
    return { productId: command.productId, revision: result.revision, position: result.position, events: result.events.map((e) => e.type) };
  }

  /** Whether the operator deleted the product (its stream remains, ending in ProductDeleted). */
  async isDeleted(productId: string): Promise<boolean> {
    const { state } = await this.pipeline.load(productStreamName(productId), productDecider);
    return state.status === 'deleted';
  }

  /**
   * The product as its stream says now (not the read model): for pricing and stock checks; see `productSnapshot`
   * for `at` and `replacing`.
   */
  async snapshot(productId: string, at?: string, replacing?: readonly string[]): Promise<ProductSnapshot | null> {
    const { state } = await this.pipeline.load(productStreamName(productId), productDecider);
    return productSnapshot(productId, state, at, replacing);
  }
}
