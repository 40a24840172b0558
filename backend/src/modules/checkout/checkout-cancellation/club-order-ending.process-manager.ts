import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@brewery/eventstore';
import { causedBy } from '../../../platform/event-sourcing/command-metadata';
import type { ProcessManager } from '../../../platform/projections/projection';
import { CLUB_ORDER_ENDINGS, type ClubMemberPastDue, type ClubShareReleased } from '../../club';
import { CheckoutCancellation } from './checkout-cancellation.service';

/**
 * A club run's order that will not be paid (the last try failed, or the member cancelled while it was retried) ends
 * like an unpaid checkout: its payment cancelled at the provider, its cans back on sale, the order cancelled.
 */
@Injectable()
export class ClubOrderEndingProcessManager implements ProcessManager {
  readonly name = 'club-order-ending';
  readonly eventTypes = CLUB_ORDER_ENDINGS;

  constructor(private readonly cancellation: CheckoutCancellation) {}

  async handle(event: RecordedEvent): Promise<void> {
    const orderId = (event.data as (ClubMemberPastDue | ClubShareReleased)['data']).orderId;
    if (orderId === undefined) return;
    await this.cancellation.end(orderId, 'club_charge_ended', causedBy(event));
  }
}
