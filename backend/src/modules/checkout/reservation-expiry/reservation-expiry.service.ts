import { systemCause, type Cause } from '../../../platform/event-sourcing/command-metadata';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { DocumentStore, Leadership } from '@brewery/eventstore';
import { DOCUMENT_STORE, LEADERSHIP } from '../../../platform/persistence/persistence.tokens';
import { CLOCK, type Clock } from '../../../platform/clock';
import { LeaderSweep } from '../../../platform/scheduling/leader-sweep';
import { ORDERS, type OrderDoc } from '../../order-desk';
import { CheckoutCancellation } from '../checkout-cancellation/checkout-cancellation.service';
import { OrderReservations } from '../../orders';

/** Holds end within seconds of their expiry (a new checkout of the same beer releases them at once anyway). */
const SWEEP_INTERVAL_MS = 5_000;

/**
 * A reservation is 'held' only until the order is paid, cancelled or released, so the status is not asked:
 * an unpaid order the operator moved to another status by hand still gives its cans back.
 */
function expiredReservationFilter(now: string): Record<string, unknown> {
  return { deleted: false, reservation: 'held', reservationExpiresAt: { $lte: now } };
}

/**
 * Ends the checkouts whose hold has expired (RESERVATION_TTL_MINUTES): the payment intent is cancelled at
 * the provider, so an expired checkout can never be paid, then the cans go back on sale and the order is
 * cancelled. A checkout whose card was authorised meanwhile is left to complete. A sweep runs every five
 * seconds in the process that holds the lease (the others would only race it); `releaseExpired` is also what the
 * System tab's auto-fix calls.
 */
@Injectable()
export class ReservationExpiry implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ReservationExpiry');
  private readonly sweep: LeaderSweep;

  constructor(
    private readonly reservations: OrderReservations,
    private readonly cancellation: CheckoutCancellation,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LEADERSHIP) leadership: Leadership,
  ) {
    this.sweep = new LeaderSweep('reservation sweep', SWEEP_INTERVAL_MS, leadership, this.logger, () => this.releaseExpired());
  }

  onApplicationBootstrap(): void {
    this.sweep.start();
  }

  onApplicationShutdown(): Promise<void> {
    return this.sweep.stop();
  }

  /** The orders whose reservation has expired and still holds cans, oldest first. */
  async expired(): Promise<OrderDoc[]> {
    return this.documents
      .collection<OrderDoc>(ORDERS)
      .find(expiredReservationFilter(this.clock.now().toISOString()), { sort: { number: 1 } });
  }

  /**
   * Releases every expired reservation of an unpaid order; returns the order ids released. By itself on its timer, or
   * for the operator's Auto-Fix (its `cause`).
   */
  async releaseExpired(cause?: Cause): Promise<{ released: string[] }> {
    const now = this.clock.now().toISOString();
    const expired = await this.documents.collection<OrderDoc>(ORDERS).find(expiredReservationFilter(now), { sort: { number: 1 } });
    const released: string[] = [];
    const by = cause ?? systemCause(`reservation-expiry-${now}`);
    for (const order of expired) {
      const outcome = await this.cancellation.end(order.id, 'expired', by);
      if (outcome.kind === 'ended') released.push(order.id);
      else if (outcome.kind === 'not_pending' || outcome.kind === 'paid') {
        // Paid, or moved on by the operator, with its hold still recorded: just hand the cans back.
        if (await this.reservations.release(order.id, 'expired', by)) released.push(order.id);
      }
    }
    if (released.length > 0) this.logger.log({ msg: 'expired reservations released', orders: released });
    return { released };
  }
}
