import { Inject, Injectable } from '@nestjs/common';
import { isOrderStatus, orderStatusLabel, type OrderStatus } from '@brewery/shop-rules';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/persistence/persistence.tokens';
import { DomainError } from '../../../shared-kernel/domain-error';
import { parseOrderIdList } from '../../../shared-kernel/order-id-list';
import { orderDecider } from '../domain/order.decider';
import { orderStreamName } from '../domain/order.events';
import { TrackingMessages } from '../domain/order-tracking';
import { metadataFor, type Cause } from '../numbering/command-metadata';
import { OrderReservations } from '../reservations/order-reservations.service';
import { OrderUpdateNotifier } from './order-update-notifier.service';

/** What one bulk status change did: which orders moved, which already had the status, how many customers were e-mailed. */
export interface BulkStatusOutcome {
  message: string;
  changed: string[];
  unchanged: string[];
  notified: number;
}

/**
 * What may be set on many orders at once: the dispatch steps of paid orders. Anything else (back to paid or
 * pending, cancelled) is one order's decision, made from its own form with the order in view.
 */
export const BULK_STATUSES = ['packed_awaiting_pickup', 'shipped', 'delivered'] as const satisfies readonly OrderStatus[];

/** Orders changed at once while a bulk change runs: enough to overlap their writes, few enough to leave room for the shop. */
const PARALLEL = 8;

const orders = (count: number): string => `${count} ${count === 1 ? 'order' : 'orders'}`;

/**
 * The operator sets one status on many orders at once (a dispatch day: all packed, all shipped), with one
 * choice of e-mailing their customers. Every order is checked first: an unknown or deleted one refuses the
 * whole request, naming it, so nothing changes for half a batch. Each order then changes as the one-order
 * form would change it (only what differs is recorded, its tracking reference kept, one e-mail per change);
 * the answer comes once the read models show every change.
 */
@Injectable()
export class BulkOrderStatus {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly reservations: OrderReservations,
    private readonly notifier: OrderUpdateNotifier,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async apply(body: { orderIds?: unknown; status?: unknown; notifyCustomer?: unknown }, cause: Cause): Promise<BulkStatusOutcome> {
    const orderIds = parseOrderIdList(body.orderIds);
    const status = parseStatus(body.status);
    if (body.notifyCustomer !== undefined && typeof body.notifyCustomer !== 'boolean')
      throw new DomainError('invalid_notify_customer', TrackingMessages.invalidNotify);
    const notifyCustomer = body.notifyCustomer ?? true;
    await this.assertUpdatable(orderIds);

    const metadata = metadataFor(cause, this.clock);
    const changed: string[] = [];
    const unchanged: string[] = [];
    let notified = 0;
    let position = -1;
    for (let start = 0; start < orderIds.length; start += PARALLEL) {
      const batch = orderIds.slice(start, start + PARALLEL);
      const results = await Promise.all(
        batch.map(async (orderId) => {
          const result = await this.pipeline.run({
            streamName: orderStreamName(orderId),
            decider: orderDecider,
            command: { type: 'ChangeOrderStatus', status, trackingReference: null, by: cause.actor, notifyCustomer },
            metadata,
          });
          if (result.events.length === 0) return { orderId, changed: false, position: -1, notified: false };
          const email = notifyCustomer ? await this.notifier.notify(orderId, result.revision, metadata) : null;
          return {
            orderId,
            changed: true,
            position: Math.max(result.position ?? -1, email?.position ?? -1),
            notified: email !== null,
          };
        }),
      );
      for (const result of results) {
        (result.changed ? changed : unchanged).push(result.orderId);
        if (result.notified) notified += 1;
        position = Math.max(position, result.position);
      }
    }
    return { message: describe(status, changed.length, unchanged.length, notified), changed, unchanged, notified };
  }

  private async assertUpdatable(orderIds: readonly string[]): Promise<void> {
    const loaded = await Promise.all(orderIds.map(async (orderId) => ({ orderId, order: await this.reservations.loadOrder(orderId) })));
    const missing = loaded.filter(({ order }) => order === null).map(({ orderId }) => `#${orderId}`);
    if (missing.length > 0) throw new DomainError('order_not_found', `Nothing was changed: no order ${missing.join(', ')}`, 'not_found');
    const deleted = loaded.filter(({ order }) => order?.deleted === true).map(({ orderId }) => `#${orderId}`);
    if (deleted.length > 0)
      throw new DomainError('order_deleted', `Nothing was changed: order ${deleted.join(', ')} was deleted`, 'conflict');
    const unpaid = loaded.filter(({ order }) => order !== null && order.paidWith === null).map(({ orderId }) => `#${orderId}`);
    if (unpaid.length > 0)
      throw new DomainError(
        'order_not_paid',
        `Nothing was changed: order ${unpaid.join(', ')} has not been paid, so it cannot be packed, shipped or delivered`,
        'conflict',
      );
    const cancelled = loaded.filter(({ order }) => order?.status === 'cancelled').map(({ orderId }) => `#${orderId}`);
    if (cancelled.length > 0)
      throw new DomainError(
        'order_cancelled',
        `Nothing was changed: order ${cancelled.join(', ')} is cancelled (change it from its own form if it must go out)`,
        'conflict',
      );
  }
}

function parseStatus(raw: unknown): OrderStatus {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
    throw new DomainError('status_required', 'Choose the status to set');
  if (!isOrderStatus(raw) || !(BULK_STATUSES as readonly string[]).includes(raw))
    throw new DomainError(
      'invalid_bulk_status',
      `Status must be one of: ${BULK_STATUSES.join(', ')} (other changes are made from an order's own form)`,
    );
  return raw;
}

/** The answer in words, saying exactly what happened (the toast shows it as it is). */
export function describe(status: OrderStatus, changed: number, unchanged: number, notified: number): string {
  const label = orderStatusLabel(status);
  if (changed === 0) return `Nothing changed: ${unchanged === 1 ? 'the order is' : `all ${unchanged} orders are`} already ${label}`;
  const mail =
    notified === 0
      ? 'no customer was e-mailed'
      : notified === changed
        ? changed === 1
          ? 'its customer was e-mailed'
          : 'their customers were e-mailed'
        : `${notified} customers were e-mailed`;
  const already = unchanged === 0 ? '' : `; ${orders(unchanged)} ${unchanged === 1 ? 'was' : 'were'} already ${label}`;
  return `${orders(changed)} set to ${label} and ${mail}${already}`;
}
