import { fulfilmentOf } from '@brewery/shop-rules';
import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@brewery/eventstore';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { EVENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { fold } from '../../../shared-kernel/decider';
import { EmailService } from '../../notifications';
import { orderDecider } from '../domain/order.decider';
import { orderStreamName, type OrderEvent } from '../domain/order.events';
import { orderUpdateEmail, orderUpdateEmailKey } from '../domain/order-update-email';

/**
 * Queues the customer's e-mail for the status or tracking change that ended at `revision` of the order's
 * stream, from the order as it stood right then. The key comes from that revision, so the request that made
 * the change and the process manager that backs it up queue one e-mail between them.
 */
@Injectable()
export class OrderUpdateNotifier {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly email: EmailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async notify(orderId: string, revision: number, cause: Cause): Promise<{ queued: boolean; position: number | null }> {
    const recorded = await this.events.readStream(orderStreamName(orderId), { maxCount: revision + 1 });
    const state = fold(
      orderDecider,
      recorded.filter((event) => event.revision <= revision).map((event) => ({ type: event.type, data: event.data }) as OrderEvent),
    );
    if (state.kind !== 'placed') return { queued: false, position: null };
    const message = orderUpdateEmail(
      {
        orderId,
        customer: state.order.customer,
        status: state.status,
        trackingReference: state.trackingReference,
        paidCancellation: state.paidCancellation,
        fulfilment: fulfilmentOf(state.order),
      },
      { brandName: this.config.shop.brandName, email: this.config.shop.email, address: this.config.shop.address },
    );
    return this.email.queue(orderUpdateEmailKey(orderId, revision), message, cause);
  }
}
