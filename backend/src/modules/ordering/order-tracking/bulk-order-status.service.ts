import { Inject, Injectable } from '@nestjs/common';
import { orderStatusLabel, type OrderStatus } from '@brewery/shop-rules';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/persistence/persistence.tokens';
import { DomainError } from '../../../shared-kernel/domain-error';
import { parseOrderIdList } from '../../../shared-kernel/order-id-list';
import { DISPATCH_STEPS, type DispatchStep, type OrderCommand } from '../domain/order.commands';
import { notifiesCustomer, orderDecider } from '../domain/order.decider';
import { OrderErrors } from '../domain/order.errors';
import { orderStreamName } from '../domain/order.events';
import { metadataFor, type Cause } from '../numbering/command-metadata';
import { OrderUpdateNotifier } from './order-update-notifier.service';

/** What one bulk status change did: which orders moved, which already had the status, how many customers were e-mailed. */
export interface BulkStatusOutcome {
  message: string;
  changed: string[];
  unchanged: string[];
  notified: number;
}

/** What may be set on many orders at once (the order decider's dispatch steps). */
export const BULK_STATUSES = DISPATCH_STEPS;

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
    private readonly notifier: OrderUpdateNotifier,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async apply(body: { orderIds?: unknown; status?: unknown; notifyCustomer?: unknown }, cause: Cause): Promise<BulkStatusOutcome> {
    const orderIds = parseOrderIdList(body.orderIds);
    const status = parseStatus(body.status);
    if (body.notifyCustomer !== undefined && typeof body.notifyCustomer !== 'boolean') throw OrderErrors.invalidNotifyCustomer();
    const command: OrderCommand = {
      type: 'SetDispatchStep',
      status,
      by: cause.actor,
      ...(body.notifyCustomer === undefined ? {} : { notifyCustomer: body.notifyCustomer }),
    };
    await this.assertEveryOrderTakes(orderIds, command);

    const metadata = metadataFor(cause, this.clock);
    const changed: string[] = [];
    const unchanged: string[] = [];
    let notified = 0;
    for (let start = 0; start < orderIds.length; start += PARALLEL) {
      const batch = orderIds.slice(start, start + PARALLEL);
      const results = await Promise.all(
        batch.map(async (orderId) => {
          const result = await this.pipeline.run({ streamName: orderStreamName(orderId), decider: orderDecider, command, metadata });
          if (result.events.length === 0) return { orderId, changed: false, notified: false };
          const notify = notifiesCustomer(result.events);
          if (notify) await this.notifier.notify(orderId, result.revision, metadata);
          return { orderId, changed: true, notified: notify };
        }),
      );
      for (const result of results) {
        (result.changed ? changed : unchanged).push(result.orderId);
        if (result.notified) notified += 1;
      }
    }
    return { message: describe(status, changed.length, unchanged.length, notified), changed, unchanged, notified };
  }

  /**
   * Asks the order decider about every order first, on its stream as it is, so a batch is refused as a whole,
   * naming each order refused for the first reason found (no order, deleted, not paid, cancelled). Each write
   * below is decided again on its own stream, so an order changed in between is still decided rightly.
   */
  private async assertEveryOrderTakes(orderIds: readonly string[], command: OrderCommand): Promise<void> {
    const refusals = await Promise.all(
      orderIds.map(async (orderId) => {
        const { state } = await this.pipeline.load(orderStreamName(orderId), orderDecider);
        try {
          orderDecider.decide(command, state);
          return null;
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          return { orderId, code: error.code };
        }
      }),
    );
    for (const code of ['order_not_found', 'order_deleted', 'order_not_paid', 'order_cancelled', 'order_refunded']) {
      const refused = refusals.filter((r) => r?.code === code).map((r) => r?.orderId as string);
      if (refused.length > 0) throw OrderErrors.nothingChanged(code, refused);
    }
    const other = refusals.find((r) => r !== null);
    if (other) throw OrderErrors.nothingChanged(other.code, [other.orderId]);
  }
}

function parseStatus(raw: unknown): DispatchStep {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) throw OrderErrors.bulkStatusRequired();
  const step = DISPATCH_STEPS.find((s) => s === raw);
  if (step === undefined) throw OrderErrors.invalidBulkStatus(DISPATCH_STEPS);
  return step;
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
