import { Injectable } from '@nestjs/common';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { ShippingLabelService } from '../create-label/shipping-label.service';
import { LabelErrors } from '../domain/label.errors';
import { orderNumberFrom } from '../../../shared-kernel/order-number';
import {
  assertEmailContent,
  readShippingEmail,
  shippingEmailOutcome,
  soleOrderId,
  type OrderForLabel,
  type ShippingEmailOutcome,
} from '../domain/shipping-email-parser';
import type { CreateShippingLabelFromEmailResponse } from './shipping-email.request.dto';

/** The Shipping tab: a pasted reply names an order and asks for its label. */
@Injectable()
export class ShippingEmailService {
  constructor(private readonly labels: ShippingLabelService) {}

  async parse(emailContent: string | undefined, subject: string | undefined): Promise<ShippingEmailOutcome> {
    assertEmailContent(emailContent);
    const reading = readShippingEmail({ subject: subject ?? '', body: emailContent });
    const named = soleOrderId(reading);
    // The order is looked up only when the e-mail is otherwise complete: the outcome needs it then alone.
    const orderId = named === null || reading.command === null ? null : orderNumberFrom(named);
    return shippingEmailOutcome(reading, orderId === null ? null : await this.orderForLabel(orderId));
  }

  async createLabel(rawOrderId: unknown, cause: Cause): Promise<CreateShippingLabelFromEmailResponse> {
    const orderId = orderNumberFrom(rawOrderId);
    if (orderId === null || (await this.labels.order(orderId)) === null) throw LabelErrors.noParsedOrder();
    const label = await this.labels.create(orderId, 'shipping_email', cause);
    return { trackingNumber: label.consignmentNumber, consignmentNumber: label.consignmentNumber, trackingUrl: label.trackingUrl };
  }

  private async orderForLabel(orderId: string): Promise<OrderForLabel | null> {
    const [order, label] = await Promise.all([this.labels.order(orderId), this.labels.label(orderId)]);
    if (order === null) return null;
    return {
      status: order.status,
      paid: order.paidWith !== null,
      customerName: order.order.customer.name,
      cans: order.order.totalCans,
      consignmentNumber: label?.consignmentNumber ?? null,
    };
  }
}
