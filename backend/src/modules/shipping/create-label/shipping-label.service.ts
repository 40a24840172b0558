import { Inject, Injectable } from '@nestjs/common';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import { orderDecider, type PlacedOrder, orderStreamName } from '../../orders';
import { CARRIER, type CarrierPort } from '../carrier/carrier.port';
import { assertLabellable, labelDecider } from '../domain/label.decider';
import { labelOnOrderDecider, placedOrder, shippableFacts } from '../domain/label-on-order.decider';
import { LabelErrors } from '../domain/label.errors';
import { labelStreamName, type LabelRecipient, type LabelRequestedVia, type ShippingLabelCreatedData } from '../domain/label.events';
import { parcelWeightKg } from '../domain/parcel-weight';

export interface CreatedLabel {
  consignmentNumber: string;
  trackingUrl: string;
  /** False when the order already had a label: the same consignment is returned. */
  created: boolean;
}

/** The label rule on the order's own stream (see `labelOnOrderDecider`). */
const labelOnOrder = labelOnOrderDecider(orderDecider);

/**
 * Shipping labels: one per order, on its own stream. The order is read from its own stream (not a read
 * model), so a label is never made for an order whose payment the list has not caught up with yet.
 */
@Injectable()
export class ShippingLabelService {
  constructor(
    @Inject(CommandPipeline) private readonly pipeline: CommandPipeline,
    @Inject(CARRIER) private readonly carrier: CarrierPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The order as its stream says now, or null when there is none. */
  async order(orderId: string): Promise<PlacedOrder | null> {
    return placedOrder((await this.pipeline.load(orderStreamName(orderId), orderDecider)).state);
  }

  /** The label recorded for an order, or null. */
  async label(orderId: string): Promise<ShippingLabelCreatedData | null> {
    const { state } = await this.pipeline.load(labelStreamName(orderId), labelDecider);
    return state.kind === 'created' ? state.label : null;
  }

  async create(orderId: string, requestedVia: LabelRequestedVia, cause: Cause): Promise<CreatedLabel> {
    const existing = await this.label(orderId);
    if (existing) return { consignmentNumber: existing.consignmentNumber, trackingUrl: existing.trackingUrl, created: false };

    const order = await this.order(orderId);
    // Checked before the carrier is asked, so a refused order never costs a consignment.
    assertLabellable(orderId, shippableFacts(order));
    if (order === null) throw LabelErrors.orderNotFound(orderId);

    const { customer, totalCans } = order.order;
    const recipient: LabelRecipient = {
      name: customer.name,
      phone: customer.phone,
      addressLine1: customer.addressLine1,
      addressLine2: customer.addressLine2,
      suburb: customer.suburb,
      state: customer.state,
      postCode: customer.postCode,
    };
    const sender = { name: this.config.shop.brandName, address: this.config.shop.address, email: this.config.shop.email };
    const weightKg = parcelWeightKg(totalCans);
    const streamName = labelStreamName(orderId);
    const consignment = await this.carrier.createConsignment({
      idempotencyKey: streamName,
      orderId,
      sender,
      recipient,
      cans: totalCans,
      weightKg,
      signatureOver18: true,
    });
    const occurredAt = this.clock.now().toISOString();
    const label: ShippingLabelCreatedData = {
      orderId,
      consignmentNumber: consignment.consignmentNumber,
      trackingUrl: consignment.trackingUrl,
      carrier: this.carrier.name,
      createdAt: occurredAt,
      sender,
      recipient,
      cans: totalCans,
      weightKg,
      requestedVia,
    };
    // Decided on the order's own stream, at the revision it is read at: a cancellation (or refund) recorded
    // first, even while the carrier was answering, refuses the label; one recorded after finds it made. Then
    // the label itself: a stream that does not exist yet is appended with "no stream": when two requests race,
    // the store refuses the second, the pipeline reloads, finds the first label and decides nothing.
    const onOrder = await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: labelOnOrder,
      command: { consignmentNumber: consignment.consignmentNumber },
      cause,
    });
    const result = await this.pipeline.run({
      streamName,
      decider: labelDecider,
      command: { type: 'CreateShippingLabel', order: shippableFacts(placedOrder(onOrder.state.order)), label },
      cause,
    });
    if (result.state.kind !== 'created') throw new Error(`Label stream ${streamName} holds no label after creation`);
    const stored = result.state.label;
    return { consignmentNumber: stored.consignmentNumber, trackingUrl: stored.trackingUrl, created: result.events.length > 0 };
  }
}

/** The order's facts as the label rule reads them; the bulk dispatch reads them too. */
