import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../shared-kernel/domain-error';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { CatalogStock } from '../../catalog';
import { clubShareHoldId, type ShareHold } from '../domain/club-member.events';

/** A member's held cans of a run, on the product streams: handed back when the share ends without a charge. */
@Injectable()
export class ClubShareHolds {
  constructor(private readonly stock: CatalogStock) {}

  /** Every product's hold of the share back on sale; a hold already gone (or a product deleted) changes nothing. */
  async release(runId: string, memberId: string, holds: readonly ShareHold[], cause: Cause): Promise<void> {
    for (const { productId } of holds) {
      try {
        await this.stock.release({ productId, orderId: clubShareHoldId(runId, memberId), reason: 'club_share_released' }, cause);
      } catch (error) {
        if (!(error instanceof DomainError && error.code === 'product_not_found')) throw error;
      }
    }
  }
}
