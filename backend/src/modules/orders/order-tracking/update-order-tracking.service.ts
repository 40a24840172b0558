import { orderNumberFrom } from '../../../shared-kernel/order-number';
import { Inject, Injectable } from '@nestjs/common';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import { notifiesCustomer, orderDecider } from '../domain/order.decider';
import { OrderErrors } from '../domain/order.errors';
import { orderStreamName } from '../domain/order.events';
import { orderStatusLabel, fulfilmentOf } from '@brewery/shop-rules';
import { parseTrackingUpdate } from '../domain/order-tracking';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { OrderReservations } from '../reservations/order-reservations.service';
import { OrderStreams } from '../order-streams/order-streams.service';
import { OrderUpdateNotifier } from './order-update-notifier.service';

/** The spec's success toast, which is also the route's answer when the customer is e-mailed. */
export const ORDER_UPDATED = 'Order updated and customer notified by email';
/** The answer when the operator chose not to e-mail the customer. */
export const ORDER_UPDATED_QUIETLY = 'Order updated; the customer was not e-mailed';

/**
 * The operator sets an order's status and tracking reference: any status may follow any other, only what
 * changed is recorded, and each change e-mails the customer once. Answers after the read models show it.
 */
@Injectable()
export class UpdateOrderTracking {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly orders: OrderStreams,
    private readonly reservations: OrderReservations,
    private readonly notifier: OrderUpdateNotifier,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async update(
    asked: string,
    body: { status?: unknown; trackingReference?: unknown; notifyCustomer?: unknown; keepPaymentReason?: unknown },
    cause: Cause,
  ): Promise<{ message: string; changed: boolean; notified: boolean }> {
    const orderId = orderNumberFrom(asked);
    const order = orderId === null ? null : await this.orders.placed(orderId);
    // A missing order is said only once the form itself is readable.
    const update = parseTrackingUpdate(body, order !== null && fulfilmentOf(order.order).method === 'pickup');
    if (orderId === null || order === null) throw OrderErrors.notFound(orderId ?? asked);
    const result = await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: {
        type: 'ChangeOrderStatus',
        status: update.status,
        trackingReference: update.trackingReference,
        by: cause.actor,
        ...(update.notifyCustomer === undefined ? {} : { notifyCustomer: update.notifyCustomer }),
        ...(update.keepPaymentReason === undefined ? {} : { keepPaymentReason: update.keepPaymentReason }),
      },
      cause,
    });
    // Its cans go back on sale when the decision released them (a crash before this leaves them held until the hold runs out).
    if (result.events.some((event) => event.type === 'OrderReservationReleased'))
      await this.reservations.releaseProducts(order, 'order_cancelled', cause);
    if (result.events.length === 0) {
      return {
        message:
          update.trackingReference === null
            ? `Order #${orderId} is already ${orderStatusLabel(update.status)}: nothing changed`
            : `Order #${orderId} is already ${orderStatusLabel(update.status)} with tracking reference ${update.trackingReference}: nothing changed`,
        changed: false,
        notified: false,
      };
    }
    if (!notifiesCustomer(result.events)) {
      return { message: ORDER_UPDATED_QUIETLY, changed: true, notified: false };
    }
    await this.notifier.notify(orderId, result.revision, cause);
    return { message: ORDER_UPDATED, changed: true, notified: true };
  }
}
