import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../shared-kernel/domain-error';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { ProductStreams } from '../product-streams';
import { SEED_CATALOGUE, seedProductId } from './seed-catalogue';

export interface SeedProductsRun {
  /** Beers added by this run. */
  created: number;
  /** Beers whose stream already existed (seeded before, even if edited or deleted since). */
  skipped: number;
  /** Of those, beers the operator deleted: they stay deleted (seeding never brings one back). */
  deleted: number;
  /** Global position of the last event written, or null when nothing was. */
  position: number | null;
}

/** Seed Products: the starter range, once; seeding again adds nothing and never brings a deleted beer back. */
@Injectable()
export class SeedProducts {
  constructor(private readonly streams: ProductStreams) {}

  async seed(context: Cause): Promise<SeedProductsRun> {
    let created = 0;
    let deleted = 0;
    let position: number | null = null;
    for (const beer of SEED_CATALOGUE) {
      try {
        const result = await this.streams.run({ type: 'CreateProduct', productId: seedProductId(beer.slug), fields: beer.fields }, context);
        created += 1;
        position = result.position ?? position;
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'product_exists')) throw error;
        if (await this.streams.isDeleted(seedProductId(beer.slug))) deleted += 1;
      }
    }
    return { created, skipped: SEED_CATALOGUE.length - created, deleted, position };
  }
}
