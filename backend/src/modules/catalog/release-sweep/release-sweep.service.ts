import { systemCause } from '../../../platform/event-sourcing/command-metadata';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { DocumentStore, Leadership } from '@brewery/eventstore';
import { DOCUMENT_STORE, LEADERSHIP } from '../../../platform/persistence/persistence.tokens';
import { CLOCK, type Clock } from '../../../platform/clock';
import { LeaderSweep } from '../../../platform/scheduling/leader-sweep';
import { PRODUCTS_COLLECTION, type ProductViewDoc } from '../product-list/product-view';
import { ProductStreams } from '../product-streams';

/** How often the sweep looks: a release is recorded (and its waiting list told) within this of its time. */
export const RELEASE_SWEEP_MS = 500;

/**
 * Records each scheduled release when its time comes (`ProductReleased`, once per release time), which puts it in
 * the beer's history and sets off the back-in-stock e-mails. Going on sale does not wait for it: every process
 * sells a beer from its `releaseAt` by its own clock. Runs in the process that holds the lease.
 */
@Injectable()
export class ReleaseSweep implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReleaseSweep');
  private readonly sweep: LeaderSweep;

  constructor(
    private readonly streams: ProductStreams,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LEADERSHIP) leadership: Leadership,
  ) {
    this.sweep = new LeaderSweep('release sweep', RELEASE_SWEEP_MS, leadership, this.logger, () => this.recordDue());
  }

  onApplicationBootstrap(): void {
    this.sweep.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.sweep.stop();
  }

  /** Records the releases whose time has come and that are not recorded yet; returns the products released. */
  async recordDue(): Promise<string[]> {
    const at = this.clock.now().toISOString();
    const due = (
      await this.documents.collection<ProductViewDoc>(PRODUCTS_COLLECTION).find({ deleted: false, releaseAt: { $lte: at } })
    ).filter((doc) => typeof doc.releaseAt === 'string' && doc.releasedAt !== doc.releaseAt);
    const released: string[] = [];
    for (const doc of due) {
      const result = await this.streams.run(
        { type: 'RecordRelease', productId: doc.id, at },
        systemCause(`release-${doc.id}-${doc.releaseAt ?? ''}`),
      );
      if (result.events.length > 0) released.push(doc.id);
    }
    if (released.length > 0) this.logger.log({ msg: 'releases recorded', products: released });
    return released;
  }
}
