import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../../shared-kernel/domain-error';
import { ProductStreams } from '../product-streams';
import { SEED_CATALOGUE, seedProductId } from './seed-catalogue';
import { SeedProductsCommand, type SeedProductsResult } from './seed-products.command';

/**
 * Each beer lives on a deterministic stream, `product-seed-<slug>`, created with "no stream" as the
 * expected revision: a second run (or two at once) finds the stream and skips it, so seeding twice adds
 * nothing, and a seeded beer the operator deleted stays deleted.
 */
@CommandHandler(SeedProductsCommand)
export class SeedProductsHandler implements ICommandHandler<SeedProductsCommand> {
  constructor(private readonly streams: ProductStreams) {}

  async execute(command: SeedProductsCommand): Promise<SeedProductsResult> {
    let created = 0;
    let deleted = 0;
    let position: number | null = null;
    for (const beer of SEED_CATALOGUE) {
      try {
        const result = await this.streams.run(
          { type: 'CreateProduct', productId: seedProductId(beer.slug), fields: beer.fields },
          command.context,
        );
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
