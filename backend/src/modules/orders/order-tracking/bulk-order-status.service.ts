import { Inject, Injectable, Logger } from '@nestjs/common';
import { orderStatusLabel, type OrderStatus } from '@brewery/shop-rules';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import { eachOrder, skippedInWords, type BulkSkippedOrder } from '../../../shared-kernel/bulk-outcome';
import { BulkErrors } from '../../../shared-kernel/bulk.errors';
import { DomainError } from '../../../shared-kernel/domain-error';
import { parseOrderIdList } from '../../../shared-kernel/order-id-list';
import { DISPATCH_STEPS, type DispatchStep, type OrderCommand } from '../domain/order.commands';
import { notifiesCustomer, orderDecider } from '../domain/order.decider';
import { OrderErrors } from '../domain/order.errors';
import { orderStreamName } from '../domain/order.events';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { OrderUpdateNotifier } from './order-update-notifier.service';

/**
 * What one bulk status change did: which orders moved, which already had the status, how many customers were
 * e-mailed; `applied` (the orders that have the status now: changed or unchanged) and `skipped` (each order the
 * order decider refused, or whose change failed, with why), every order asked for in one of the two.
 */
export interface BulkStatusOutcome {
  message: string;
  changed: string[];
  unchanged: string[];
  notified: number;
  applied: string[];
  skipped: BulkSkippedOrder[];
}

/** What may be set on many orders at once (the order decider's dispatch steps). */
export const BULK_STATUSES = DISPATCH_STEPS;

/** Orders changed at once while a bulk change runs: enough to overlap their writes, few enough to leave room for the shop. */
const PARALLEL = 8;

const orders = (count: number): string => `${count} ${count === 1 ? 'order' : 'orders'}`;

/**
 * The operator sets one status on many orders at once (a dispatch day: all packed, all shipped), with one
 * choice of e-mailing their customers. Each order changes as the one-order form would change it, decided by the
 * order decider on its own stream (only what differs is recorded, its tracking reference kept, one e-mail per
 * change); an order the decider refuses (a pickup never shipped, an unpaid one) is skipped with its reason and the
 * others go on. Each order's change is one append, so a failure half-way leaves every order changed or not, never
 * half; one that fails for another reason is skipped, named and logged. The answer comes once the read models show
 * every change.
 */
@Injectable()
export class BulkOrderStatus {
  private readonly logger = new Logger('BulkOrderStatus');

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

    const outcome = await eachOrder(
      orderIds,
      async (orderId) => {
        const result = await this.pipeline
          .run({ streamName: orderStreamName(orderId), decider: orderDecider, command, cause })
          // The decider names no order it does not know: the answer names the one asked for.
          .catch((error: unknown) => {
            throw error instanceof DomainError && error.code === 'order_not_found' ? OrderErrors.notFound(orderId) : error;
          });
        if (result.events.length === 0) return { changed: false, notified: false };
        const notify = notifiesCustomer(result.events);
        if (notify) await this.notify(orderId, result.revision, cause);
        return { changed: true, notified: notify };
      },
      { parallel: PARALLEL, failed: (orderId) => BulkErrors.stepFailed(orderId, 'changed') },
    );
    for (const { orderId, error } of outcome.failures) {
      this.logger.error(
        `Order #${orderId} was not set to ${status}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
    // Nothing written and the shop itself failing (its store): the request failed as a whole, and says so as such.
    const first = outcome.failures[0];
    if (outcome.applied.length === 0 && first !== undefined) throw first.error;

    const changed = outcome.applied.filter((one) => one.result.changed).map((one) => one.orderId);
    const unchanged = outcome.applied.filter((one) => !one.result.changed).map((one) => one.orderId);
    const notified = outcome.applied.filter((one) => one.result.notified).length;
    return {
      message: describe(status, changed.length, unchanged.length, notified, outcome.skipped),
      changed,
      unchanged,
      notified,
      applied: outcome.applied.map((one) => one.orderId),
      skipped: outcome.skipped,
    };
  }

  /**
   * The customer's e-mail for a change made. The change is recorded whatever happens here: should queuing the
   * e-mail fail, the order-update process manager queues it from the log (the same key, so once).
   */
  private async notify(orderId: string, revision: number, cause: Cause): Promise<void> {
    try {
      await this.notifier.notify(orderId, revision, cause);
    } catch (error) {
      this.logger.warn(
        `Order #${orderId}: its e-mail is left to the process manager: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

function parseStatus(raw: unknown): DispatchStep {
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) throw OrderErrors.bulkStatusRequired();
  const step = DISPATCH_STEPS.find((s) => s === raw);
  if (step === undefined) throw OrderErrors.invalidBulkStatus(DISPATCH_STEPS);
  return step;
}
/** The answer in words, saying exactly what happened (the admin shows it as it is, with the skipped orders listed). */
export function describe(
  status: OrderStatus,
  changed: number,
  unchanged: number,
  notified: number,
  skipped: readonly BulkSkippedOrder[] = [],
): string {
  const done = appliedInWords(status, changed, unchanged, notified);
  return skipped.length === 0 ? done : `${done}. ${skippedInWords(skipped)}`;
}

function appliedInWords(status: OrderStatus, changed: number, unchanged: number, notified: number): string {
  const label = orderStatusLabel(status);
  if (changed === 0 && unchanged === 0) return 'Nothing changed';
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
