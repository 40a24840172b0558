import { Injectable } from '@nestjs/common';
import type { EventMetadata } from '@brewery/eventstore';
import { DomainError } from '../../../shared-kernel/domain-error';
import { parseOrderIdList } from '../../../shared-kernel/order-id-list';
import type { PlacedOrder } from '../../ordering/domain/order.decider';
import { ShippingLabelService, shippableFacts } from '../create-label/shipping-label.service';
import { assertShippable } from '../domain/label.decider';
import { fulfilmentOf } from '../../ordering/domain/order.events';
import { LabelErrors } from '../domain/label.errors';
import type { ShippingLabelCreatedData } from '../domain/label.events';
import { packingSlipOf, pickListOf, type PackingSlip, type PickList } from '../domain/pick-list';

/** The order numbers a bulk request names, in its order, each once (shipping's reading of an order number). */
export function parseOrderIds(raw: unknown): string[] {
  return parseOrderIdList(raw);
}

/**
 * Dispatch days in bulk: the labels of many orders as one PDF (creating those still missing), and the pick
 * list of what to pull for them, and the packing slip of each box. Every order is checked before anything is created: one that cannot be
 * shipped (pending, cancelled, unknown) refuses the whole request, naming it, so no consignment is bought for
 * half a batch.
 */
@Injectable()
export class BulkDispatch {
  constructor(private readonly labels: ShippingLabelService) {}

  /**
   * The labels of the posted orders among these (a cellar door pickup has none: its packing slip is its paper), in
   * the order given; refused as a whole when one cannot be sent, or when only pickups are asked without their slips.
   */
  async labelsFor(
    orderIds: readonly string[],
    metadata: Omit<EventMetadata, 'occurredAt'>,
    withSlips = false,
  ): Promise<ShippingLabelCreatedData[]> {
    const orders = await this.shippableOrders(orderIds);
    const posted = orders.filter((order) => fulfilmentOf(order.order).method !== 'pickup').map((order) => order.order.orderId);
    if (posted.length === 0 && !withSlips) throw LabelErrors.onlyPickups();
    const labels: ShippingLabelCreatedData[] = [];
    for (const orderId of posted) {
      const label =
        (await this.labels.label(orderId)) ?? (await this.labels.create(orderId, 'bulk_print', metadata), await this.labels.label(orderId));
      if (label === null) throw new Error(`Order #${orderId} has no label after its creation`);
      labels.push(label);
    }
    return labels;
  }

  async pickList(orderIds: readonly string[]): Promise<PickList> {
    return pickListOf(await this.shippableOrders(orderIds));
  }

  /** What goes in each of these orders' boxes, refused as a whole like the labels. */
  async packingSlips(orderIds: readonly string[]): Promise<PackingSlip[]> {
    return (await this.shippableOrders(orderIds)).map(packingSlipOf);
  }

  /** What goes in one order's box: only a paid order that is still to be sent has one. */
  async packingSlip(orderId: string): Promise<PackingSlip> {
    const order = await this.labels.order(orderId);
    assertShippable(orderId, shippableFacts(order));
    if (order === null) throw LabelErrors.orderNotFound(orderId);
    return packingSlipOf(order);
  }

  private async shippableOrders(orderIds: readonly string[]): Promise<PlacedOrder[]> {
    const orders = await Promise.all(orderIds.map(async (orderId) => ({ orderId, order: await this.labels.order(orderId) })));
    const refused: string[] = [];
    for (const { orderId, order } of orders) {
      try {
        assertShippable(orderId, shippableFacts(order));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        refused.push(error.message);
      }
    }
    if (refused.length > 0) throw LabelErrors.ordersNotShippable(refused);
    return orders.map(({ order }) => order as PlacedOrder);
  }
}
