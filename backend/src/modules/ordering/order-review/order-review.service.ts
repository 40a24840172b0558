import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { APP_CONFIG, CLOCK, type Clock } from '../../../platform/persistence/persistence.tokens';
import { ProjectionRunner } from '../../../platform/projections/projection-runner';
import { DomainError } from '../../../shared-kernel/domain-error';
import { EmailService } from '../../notifications/send-email/email.service';
import { PaymentErrors, paymentDecider } from '../../payments/domain/payment.decider';
import { paymentStreamName } from '../../payments/domain/payment.events';
import { PAYMENT_GATEWAY, PaymentIntentStateError, type PaymentGateway } from '../../payments/gateway/payment-gateway.port';
import { orderDecider, type PlacedOrder } from '../domain/order.decider';
import { OrderErrors } from '../domain/order.errors';
import { orderStreamName } from '../domain/order.events';
import { decimalString } from '../domain/order-money';
import { orderRefundEmail, orderRefundEmailKey } from '../domain/order-refund-email';
import { metadataFor, type Cause } from '../numbering/command-metadata';
import { OrderReservations } from '../reservations/order-reservations.service';
import { parseNote, parseRefundAmount, ReviewMessages } from './order-review-input';

export interface RefundAnswer {
  message: string;
  refundId: string;
  /** Dollars: this refund, all refunds of the order so far, and what is left to refund. */
  amount: string;
  refunded: string;
  refundable: string;
}

/**
 * What closes an order's problems: "Mark resolved" with the operator's note, and refunds (full or partial) of
 * the payment that was taken, through the payment provider. A refund is asked of the provider under a key
 * made from the refunds already recorded, so a retry (a lost answer, a double click) gets the same refund,
 * then recorded on the payment and the order once each, and the customer is e-mailed once.
 */
@Injectable()
export class OrderReview {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly projections: ProjectionRunner,
    private readonly emails: EmailService,
    private readonly reservations: OrderReservations,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async resolve(orderId: string, body: { note?: unknown }, cause: Cause): Promise<{ message: string; changed: boolean }> {
    const note = parseNote(body.note, true, ReviewMessages.noteRequired);
    const result = await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: { type: 'ResolveReview', note },
      metadata: metadataFor(cause, this.clock),
    });
    await this.projections.waitForReadModels(result.position);
    return result.events.length > 0
      ? { message: `Order #${orderId} marked resolved`, changed: true }
      : { message: `Order #${orderId} was already resolved: nothing changed`, changed: false };
  }

  async refund(orderId: string, body: { amount?: unknown; note?: unknown }, cause: Cause): Promise<RefundAnswer> {
    const asked = parseRefundAmount(body.amount);
    const note = parseNote(body.note, false, ReviewMessages.refundNote);
    const order = await this.placedOrder(orderId);
    const paymentIntentId = paymentOf(order);
    if (paymentIntentId === null) throw noPaymentTaken(orderId);
    const payments = paymentStreamName(paymentIntentId);
    const { state: payment } = await this.pipeline.load(payments, paymentDecider);
    if (payment.status !== 'succeeded' || payment.succeeded === null) throw noPaymentTaken(orderId);
    const paidCents = payment.succeeded.amountCents;
    const amountCents = asked ?? paidCents - payment.refundedCents;
    if (amountCents <= 0) throw PaymentErrors.refundTooLarge(0);
    const at = this.clock.now().toISOString();
    // Refused here (nothing left, too much) before the provider is asked anything.
    paymentDecider.decide({ type: 'RecordRefund', refundId: '(check)', amountCents, note, at }, payment);

    let refund;
    try {
      refund = await this.gateway.refundPaymentIntent(
        paymentIntentId,
        amountCents,
        `refund-${paymentIntentId}-${payment.refunds.length + 1}`,
      );
    } catch (error) {
      // Another refund of this payment was asked for at the same moment, for another amount.
      if (error instanceof PaymentIntentStateError && error.status === 'idempotency_conflict') throw refundInProgress(orderId);
      if (error instanceof PaymentIntentStateError)
        throw new DomainError('refund_refused', `The payment provider refused the refund: ${error.message}`, 'conflict');
      throw error;
    }
    if (refund.amountCents !== amountCents) throw refundInProgress(orderId);
    const metadata = metadataFor(cause, this.clock);
    const recorded = await this.pipeline.run({
      streamName: payments,
      decider: paymentDecider,
      command: { type: 'RecordRefund', refundId: refund.id, amountCents: refund.amountCents, note, at },
      metadata,
    });
    const onOrder = await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: { type: 'RecordRefund', paymentIntentId, refundId: refund.id, amountCents: refund.amountCents, note },
      metadata,
    });
    const refundedCents = recorded.state.refundedCents;
    const queued = await this.emails.queue(
      orderRefundEmailKey(orderId, refund.id),
      orderRefundEmail(
        { orderId, customer: order.order.customer, amountCents: refund.amountCents, refundedCents, paidCents },
        { brandName: this.config.shop.brandName, email: this.config.shop.email },
      ),
      metadata,
    );
    await this.projections.waitForReadModels(Math.max(recorded.position ?? -1, onOrder.position ?? -1, queued.position ?? -1));
    return {
      message: `Refunded $${decimalString(refund.amountCents)} of Order #${orderId}; the customer was e-mailed`,
      refundId: refund.id,
      amount: decimalString(refund.amountCents),
      refunded: decimalString(refundedCents),
      refundable: decimalString(paidCents - refundedCents),
    };
  }

  private async placedOrder(orderId: string): Promise<PlacedOrder> {
    const order = await this.reservations.loadOrder(orderId);
    if (order === null) throw OrderErrors.notFound(orderId);
    return order;
  }
}

/** The payment that was taken for the order: the one that paid it, or else its own intent (paid after it was cancelled, say). */
function paymentOf(order: PlacedOrder): string | null {
  return order.paidWith ?? order.paymentIntentId;
}

function refundInProgress(orderId: string): DomainError {
  return new DomainError(
    'refund_in_progress',
    `Another refund of Order #${orderId} was made at the same moment: look at the order's refunds, then refund again if more is due`,
    'conflict',
  );
}

function noPaymentTaken(orderId: string): DomainError {
  return new DomainError(
    'payment_not_refundable',
    `Order #${orderId} has no payment that was taken, so there is nothing to refund`,
    'conflict',
  );
}
