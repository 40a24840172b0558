import { Injectable, Logger } from '@nestjs/common';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import type { BulkResult } from '@brewery/shop-rules';
import { eachOrder, type EachOrderOutcome } from '../../../shared-kernel/bulk-outcome';
import { BulkErrors } from '../../../shared-kernel/bulk.errors';
import type { DomainError } from '../../../shared-kernel/domain-error';
import { parseOrderIdList } from '../../../shared-kernel/order-id-list';
import type { PlacedOrder } from '../../orders';
import { ShippingLabelService } from '../create-label/shipping-label.service';
import { shippableFacts } from '../domain/label-on-order.decider';
import { assertLabellable, assertShippable } from '../domain/label.decider';
import { LabelErrors } from '../domain/label.errors';
import type { ShippingLabelCreatedData } from '../domain/label.events';
import { packingSlipOf, pickListOf, type PackingSlip, type PickList } from '../domain/pick-list';

/** The order numbers a bulk request names, in its order, each once (shipping's reading of an order number). */
export function parseOrderIds(raw: unknown): string[] {
  return parseOrderIdList(raw);
}

/** A bulk print: the orders it applied to and those it skipped, and the papers of the ones applied to. */
export interface BulkLabels extends BulkResult {
  /** The labels of the posted orders applied to (a pickup has none), in the order given. */
  labels: ShippingLabelCreatedData[];
  /** With packing slips asked for: the slip of every order applied to, in the order given; otherwise none. */
  slips: PackingSlip[];
}

export interface BulkPickList extends BulkResult {
  list: PickList;
}

/** Labels bought from the carrier one after another, as one operator's printer takes them. */
const LABELS_AT_ONCE = 1;
/** Orders read at once for a pick list. */
const READS_AT_ONCE = 16;

/**
 * Dispatch days in bulk: the labels of many orders as one PDF (creating those still missing), the packing slip of
 * each box, and the pick list of what to pull for them. Each order is decided by the label rules on its own stream:
 * one that cannot be sent (unpaid, cancelled, refunded, unknown), or a pickup asked for a label without its slip, is
 * skipped with its reason and the others are printed; a label the carrier fails to make is skipped, named and
 * logged. Nothing is bought for an order that is skipped.
 */
@Injectable()
export class BulkDispatch {
  private readonly logger = new Logger('BulkDispatch');

  constructor(private readonly labels: ShippingLabelService) {}

  /**
   * The labels of the posted orders among these, in the order given, and with `withSlips` every order's packing
   * slip (a cellar door pickup has its slip alone); a pickup asked for a label alone is skipped (it gets none).
   */
  async labelsFor(orderIds: readonly string[], cause: Cause, withSlips = false): Promise<BulkLabels> {
    const outcome = await eachOrder(
      orderIds,
      async (orderId) => {
        const order = await this.labels.order(orderId);
        const facts = shippableFacts(order);
        if (withSlips && facts?.pickup === true) {
          assertShippable(orderId, facts);
          return { order: order as PlacedOrder, label: null };
        }
        assertLabellable(orderId, facts);
        const label =
          (await this.labels.label(orderId)) ?? (await this.labels.create(orderId, 'bulk_print', cause), await this.labels.label(orderId));
        if (label === null) throw new Error(`Order #${orderId} has no label after its creation`);
        return { order: order as PlacedOrder, label };
      },
      { parallel: LABELS_AT_ONCE, failed: (orderId) => BulkErrors.stepFailed(orderId, 'printed') },
    );
    this.reportFailures(outcome);
    return {
      applied: outcome.applied.map((one) => one.orderId),
      skipped: outcome.skipped,
      labels: outcome.applied.flatMap((one) => (one.result.label === null ? [] : [one.result.label])),
      slips: withSlips ? outcome.applied.map((one) => packingSlipOf(one.result.order)) : [],
    };
  }

  /** What to pull for the orders that can be sent among these; the others are skipped with their reason. */
  async pickList(orderIds: readonly string[]): Promise<BulkPickList> {
    const outcome = await eachOrder(
      orderIds,
      async (orderId) => {
        const order = await this.labels.order(orderId);
        assertShippable(orderId, shippableFacts(order));
        return order as PlacedOrder;
      },
      { parallel: READS_AT_ONCE, failed: (orderId) => BulkErrors.stepFailed(orderId, 'put on the pick list') },
    );
    this.reportFailures(outcome);
    return {
      applied: outcome.applied.map((one) => one.orderId),
      skipped: outcome.skipped,
      list: pickListOf(outcome.applied.map((one) => one.result)),
    };
  }

  /** What goes in one order's box: only a paid order that is still to be sent has one. */
  async packingSlip(orderId: string): Promise<PackingSlip> {
    const order = await this.labels.order(orderId);
    assertShippable(orderId, shippableFacts(order));
    if (order === null) throw LabelErrors.orderNotFound(orderId);
    return packingSlipOf(order);
  }

  /**
   * Every unexpected failure in the log; when nothing was done and the shop itself failed (its store, the carrier
   * for every label), the request fails as a whole with that error.
   */
  private reportFailures(outcome: EachOrderOutcome<unknown>): void {
    for (const { orderId, error } of outcome.failures) {
      this.logger.error(
        `Order #${orderId} was skipped in a bulk print: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
    const first = outcome.failures[0];
    if (outcome.applied.length === 0 && first !== undefined) throw first.error;
  }
}

/**
 * Nothing to print: every order was skipped. Only pickups asked for labels is said as such (print their packing
 * slips instead); otherwise each order is named with why.
 */
export function nothingPrinted(result: BulkResult): DomainError {
  if (result.skipped.every((one) => one.code === 'pickup_no_label')) return LabelErrors.onlyPickups();
  return LabelErrors.ordersNotShippable(result.skipped.map((one) => one.reason));
}
