import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '../../../shared-kernel/domain-error';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import {
  checkoutPaymentEnding,
  paymentDecider,
  paymentStreamName,
  type PaymentCancelReason,
  PAYMENT_GATEWAY,
  PaymentIntentStateError,
  type PaymentGateway,
  PaymentWebhookService,
} from '../../payments';
import {
  type OrderCommand,
  checkoutEnding,
  orderDecider,
  orderStreamName,
  type OrderCancelReason,
  type ReservationReleaseReason,
  OrderReservations,
  OrderStreams,
} from '../../orders';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';

/** Why the shop ends a checkout that was never paid. */
export type CheckoutEndReason = Extract<OrderCancelReason, ReservationReleaseReason & PaymentCancelReason>;

export type CheckoutEndOutcome =
  /** The intent was cancelled at the provider, the cans handed back and the order cancelled. */
  | { kind: 'ended' }
  /** Nothing to end: the order was paid. */
  | { kind: 'paid' }
  /** Nothing to end: the order is unknown, deleted or no longer pending. */
  | { kind: 'not_pending' }
  /** Still a checkout, which the command does not end (a newer checkout from elsewhere does not supersede it). */
  | { kind: 'kept' }
  /** The card was authorised or charged meanwhile: the payment completes (or is refused) on its own path. */
  | { kind: 'payment_under_way' };

const DETAIL: Record<CheckoutEndReason, string> = {
  expired: 'The hold on its cans ran out before it was paid.',
  superseded: 'Replaced by a newer checkout.',
  checkout_cancelled: 'The customer left before the checkout answered.',
  club_charge_ended: 'The club run’s charge ended unpaid (every try failed, or the member cancelled): the cans went back on sale.',
};

/**
 * Ends an unpaid checkout for good, in the order that keeps every promise: first the payment intent is
 * cancelled at the provider (so it can never be paid), then the cans go back on sale, then the order is
 * cancelled. A checkout whose card was authorised or charged meanwhile is left alone. Each step changes
 * nothing the second time, so a crash in between is finished by the next attempt.
 */
@Injectable()
export class CheckoutCancellation {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly orders: OrderStreams,
    private readonly reservations: OrderReservations,
    private readonly payments: PaymentWebhookService,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * `cancel`: the command that ends it, when the order decider has more to decide than a plain cancel (whether a
   * newer checkout supersedes this one).
   */
  async end(
    orderId: string,
    reason: CheckoutEndReason,
    cause: Cause,
    cancel: Extract<OrderCommand, { type: 'CancelOrder' | 'SupersedeCheckout' }> = { type: 'CancelOrder', reason, detail: DETAIL[reason] },
  ): Promise<CheckoutEndOutcome> {
    const order = await this.orders.placed(orderId);
    // Whether it is a checkout to end (pending, unpaid, not deleted, no capture under way, superseded by this
    // origin) is the order decider's to say, asked before the provider is; the cancel below is decided again on
    // the stream.
    if (order === null) return { kind: 'not_pending' };
    const ending = checkoutEnding(order, cancel);
    if (ending.kind !== 'end') return { kind: ending.kind };
    const paymentIntentId = order.paymentIntentId;
    if (paymentIntentId !== null) {
      const cancelled = await this.cancelIntent(paymentIntentId, orderId, reason);
      if (!cancelled) return { kind: 'payment_under_way' };
    }
    await this.reservations.releaseProducts(order, reason, cause);
    try {
      await this.pipeline.run({
        streamName: orderStreamName(orderId),
        decider: orderDecider,
        command: cancel,
        cause,
      });
    } catch (error) {
      // The card was authorised and its capture claimed meanwhile: the payment's own path ends it (captured, or
      // refused because the intent was cancelled here) and the order with it.
      if (error instanceof DomainError && error.code === 'payment_under_way') return { kind: 'payment_under_way' };
      throw error;
    }
    return { kind: 'ended' };
  }

  /**
   * Cancels the payment intent at the provider and records it; false when the payment is under way (authorised
   * or charged), which the provider's refusal also tells us when our own record has not caught up yet.
   * `refusingAuthorisation`: the shop itself turns an authorised card away (the cans are gone), so an
   * authorisation is cancelled too; only a charge is beyond cancelling.
   */
  async cancelIntent(
    paymentIntentId: string,
    orderId: string,
    reason: PaymentCancelReason,
    refusingAuthorisation = false,
  ): Promise<boolean> {
    const { state: payment } = await this.pipeline.load(paymentStreamName(paymentIntentId), paymentDecider);
    const ending = checkoutPaymentEnding(payment, refusingAuthorisation);
    if (ending !== 'cancel') return ending === 'already';
    let intent;
    try {
      // Unless the shop turns the card away itself, the provider keeps a card that went through meanwhile (the
      // refusal below): ending a checkout never voids a payment the customer made a moment before.
      intent = await this.gateway.cancelPaymentIntent(paymentIntentId, `cancel-${paymentIntentId}`, {
        keepAuthorised: !refusingAuthorisation,
      });
    } catch (error) {
      if (error instanceof PaymentIntentStateError) return false;
      throw error;
    }
    await this.payments.recordOutcome({
      outcome: 'cancelled',
      report: {
        paymentIntentId,
        // One cancellation per intent, whoever asks for it and however often.
        providerEventId: `shop-cancel:${paymentIntentId}`,
        orderId,
        amountCents: intent.amountCents,
        currency: intent.currency,
        at: this.clock.now().toISOString(),
      },
      failureCode: null,
      failureMessage: null,
      cancelReason: reason,
      actor: 'system',
    });
    return true;
  }
}
