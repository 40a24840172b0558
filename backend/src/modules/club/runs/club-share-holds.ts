import { Injectable } from '@nestjs/common';
import { DomainError } from '../../../shared-kernel/domain-error';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { CatalogStock } from '../../catalog';
import { CLUB_RETRY_DAYS } from '@brewery/shop-rules';
import { clubShareHoldId, type ShareHold } from '../domain/club-member.events';

const LAST_RETRY_DAYS = CLUB_RETRY_DAYS[CLUB_RETRY_DAYS.length - 1] ?? 0;

/** A member's held cans of a run, on the product streams: handed back when the share ends without a charge. */
@Injectable()
export class ClubShareHolds {
  constructor(private readonly stock: CatalogStock) {}

  /** The share's cans held again (a skip undone), each beer all or none; refused (insufficient_stock) when they are gone. */
  async hold(runId: string, memberId: string, holds: readonly ShareHold[], chargeAt: string, at: string, cause: Cause): Promise<void> {
    const holdsUntil = new Date(Date.parse(chargeAt) + (LAST_RETRY_DAYS + 1) * 86_400_000).toISOString();
    const taken: ShareHold[] = [];
    try {
      for (const hold of holds) {
        await this.stock.holdForClub(
          {
            productId: hold.productId,
            holds: [{ holdId: clubShareHoldId(runId, memberId), quantity: hold.quantity }],
            expiresAt: holdsUntil,
            at,
          },
          cause,
        );
        taken.push(hold);
      }
    } catch (error) {
      await this.release(runId, memberId, taken, cause);
      throw error;
    }
  }

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
