import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../product-streams';

export interface SeedProductsResult {
  /** Beers added by this run. */
  created: number;
  /** Beers whose stream already existed (seeded before, even if edited or deleted since). */
  skipped: number;
  /** Of those, beers the operator deleted: they stay deleted (seeding never brings one back). */
  deleted: number;
  /** Global position of the last event written, or null when nothing was. */
  position: number | null;
}

/** Seed Products: the starter range, once. */
export class SeedProductsCommand extends Command<SeedProductsResult> {
  constructor(readonly context: CommandContext) {
    super();
  }
}
