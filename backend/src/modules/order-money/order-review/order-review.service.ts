import { decimalString, type PickedCans } from '@brewery/shop-rules';
import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import { RetryLater } from '../../../platform/projections/projection';
import { DomainError } from '../../../shared-kernel/domain-error';
import { EmailService } from '../../notifications';
import {
  moneyTaken,
  paymentDecider,
  paymentStreamName,
  PAYMENT_GATEWAY,
  PaymentIntentStateError,
  type PaymentGateway,
} from '../../payments';
import {
  cansText,
  orderDecider,
  paymentTakenFor,
  refundOfCans,
  type PlacedOrder,
  OrderErrors,
  orderStreamName,
  OrderStreams,
  parseIdempotencyKey,
  parseNote,
  parseRefundAsked,
  ReviewMessages,
} from '../../orders';
import { operatorRefundKey, refundDecider, refundStreamName, refundToFinish, refundUnderKey } from '../domain/refund.decider';
import { RefundErrors } from '../domain/refund.errors';

import { orderRefundEmail, orderRefundEmailKey } from '../domain/order-refund-email';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';

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
    private readonly emails: EmailService,
    private readonly orders: OrderStreams,
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
      cause,
    });
    return result.events.length > 0
      ? { message: `Order #${orderId} marked resolved`, changed: true }
      : { message: `Order #${orderId} was already resolved: nothing changed`, changed: false };
  }

  /**
   * A refund of the order's payment, made once per key: the `Idempotency-Key` the request carries (the dialog
   * makes one per confirmation), or without one a key made of the refunds already recorded and the amount asked
   * (so identical requests that cross each other make one refund, and the same request sent after that refund is
   * recorded makes another). The intention is recorded on the key's own stream before the provider is asked,
   * under a provider key derived from that stream; a repeat finds it and answers with the same refund.
   */
  async refund(
    orderId: string,
    body: { amount?: unknown; items?: unknown; note?: unknown },
    idempotencyKey: string | undefined,
    cause: Cause,
  ): Promise<RefundAnswer> {
    const wanted = parseRefundAsked(body);
    const typed = parseNote(body.note, false, ReviewMessages.refundNote);
    const key = parseIdempotencyKey(idempotencyKey);
    const order = await this.placedOrder(orderId);
    const paymentIntentId = paymentTakenFor(order);
    if (paymentIntentId === null) throw RefundErrors.noPaymentTaken(orderId);
    const payments = paymentStreamName(paymentIntentId);
    const { state: payment } = await this.pipeline.load(payments, paymentDecider);
    const taken = moneyTaken(payment);
    if (taken === null) throw RefundErrors.noPaymentTaken(orderId);
    // Cans are priced from the order's own lines (the order decider's rule); the refund domain says what is asked.
    const ask = {
      by: 'operator' as const,
      amountCents: 'amountCents' in wanted ? wanted.amountCents : null,
      cansValueCents: 'cans' in wanted ? refundOfCans(order, wanted.cans) : null,
    };
    const note = 'cans' in wanted ? cansNote(order, wanted.cans, typed) : typed;
    const stream = refundStreamName(orderId, keyDigest(key ?? operatorRefundKey(payment.refunds.length, ask, taken.leftCents)));
    const { state: intended } = await this.pipeline.load(stream, refundDecider);
    const at = this.clock.now().toISOString();
    const amountCents = refundUnderKey(intended, ask, taken.leftCents);
    // A new refund is put to the payment's decider (nothing left, too much) before anything is recorded or the
    // provider asked; a repeat is the refund its key was for, already put to it.
    if (intended.kind === 'none')
      await this.pipeline.check({
        streamName: payments,
        decider: paymentDecider,
        command: { type: 'RecordRefund', refundId: 'not-yet-made', amountCents, note, at },
      });
    const paidCents = taken.succeeded.amountCents;
    return this.refundOnce({ orderId, order, paymentIntentId, paidCents, stream, amountCents, note, at, emailCustomer: true }, cause);
  }

  /**
   * The refund a return decided (`OrderItemsReturned.refundCents`), under a key of the return's own: asked once (at
   * most what is left of the payment then), e-mailed to the customer like the operator's refunds. Null when there is
   * nothing to refund, or the provider refused it before (the operator refunds by hand).
   */
  async refundReturn(orderId: string, returnId: string, refundCents: number, note: string, cause: Cause): Promise<RefundAnswer | null> {
    const order = await this.placedOrder(orderId);
    const paymentIntentId = paymentTakenFor(order);
    if (paymentIntentId === null) return null;
    const { state: payment } = await this.pipeline.load(paymentStreamName(paymentIntentId), paymentDecider);
    const taken = moneyTaken(payment);
    if (taken === null) return null;
    const paidCents = taken.succeeded.amountCents;
    const stream = refundStreamName(orderId, keyDigest(`return-${returnId}`));
    const { state: intended } = await this.pipeline.load(stream, refundDecider);
    const amountCents = refundUnderKey(intended, { by: 'return', refundCents }, taken.leftCents);
    if (amountCents === null) return null;
    const at = this.clock.now().toISOString();
    return this.refundOnce({ orderId, order, paymentIntentId, paidCents, stream, amountCents, note, at, emailCustomer: true }, cause);
  }

  /**
   * The refund due when the operator cancelled a paid order (the settlement process manager asks): everything that
   * remains paid, under keys of the cancellation's own, with no refund e-mail (the cancellation's e-mail says what
   * is refunded). Nothing when nothing is left.
   */
  async refundCancelledOrder(orderId: string, cancelledAtRevision: number, cause: Cause): Promise<void> {
    const order = await this.placedOrder(orderId);
    const paymentIntentId = paymentTakenFor(order);
    if (paymentIntentId === null) return;
    // Each attempt has its own key; one the provider refused (a refund made at the same moment left less than
    // asked) is never asked again, and the next attempt refunds what remains then.
    for (let attempt = 0; ; attempt += 1) {
      const stream = refundStreamName(orderId, keyDigest(`cancelled-at-${cancelledAtRevision}-${attempt}`));
      const { state: intended } = await this.pipeline.load(stream, refundDecider);
      if (intended.kind === 'refused') {
        if (attempt + 1 < CANCELLATION_REFUND_ATTEMPTS) continue;
        // The provider keeps refusing (its record and the shop's disagree: a refund made in its dashboard, say):
        // the operator settles it; the process manager moves on to other orders.
        await this.pipeline.run({
          streamName: orderStreamName(orderId),
          decider: orderDecider,
          command: {
            type: 'FlagOrderForReview',
            reason: `The refund of this cancelled order was refused by the payment provider ${CANCELLATION_REFUND_ATTEMPTS} times (${intended.reason}): refund what remains by hand`,
            paymentIntentId,
          },
          cause,
        });
        return;
      }
      const { state: payment } = await this.pipeline.load(paymentStreamName(paymentIntentId), paymentDecider);
      const taken = moneyTaken(payment);
      if (taken === null) return;
      const paidCents = taken.succeeded.amountCents;
      // One asked or made before a crash is finished (made, or its records written), never asked anew.
      const amountCents = refundUnderKey(intended, { by: 'cancellation' }, taken.leftCents);
      if (amountCents === null) return;
      const note = 'The order was cancelled';
      const at = this.clock.now().toISOString();
      try {
        await this.refundOnce({ orderId, order, paymentIntentId, paidCents, stream, amountCents, note, at, emailCustomer: false }, cause);
        return;
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'refund_refused') throw waitingWhenInProgress(error);
        // Refused (and recorded so) because another refund of this payment (the operator's, made at the same moment) left less than
        // asked. Once that refund is recorded on the payment, the next attempt refunds what remains, or nothing.
        const { state: after } = await this.pipeline.load(paymentStreamName(paymentIntentId), paymentDecider);
        if (after.refundedCents !== payment.refundedCents) continue;
        // Not recorded yet (it is between the provider and the records): asked again after the process manager's
        // back-off, quietly, since it is expected to pass.
        throw new RetryLater(
          `the refund of cancelled order #${orderId} waits for another refund of its payment to be recorded (${error.message})`,
          { cause: error },
        );
      }
    }
  }

  /** The steps of one refund under its key's stream: intention, provider, records, e-mail; each once. */
  private async refundOnce(
    intent: {
      orderId: string;
      order: PlacedOrder;
      paymentIntentId: string;
      paidCents: number;
      stream: string;
      amountCents: number;
      note: string;
      at: string;
      emailCustomer: boolean;
    },
    cause: Cause,
  ): Promise<RefundAnswer> {
    const { orderId, order, paymentIntentId, paidCents, stream, amountCents, note, at } = intent;
    const payments = paymentStreamName(paymentIntentId);
    const requested = await this.pipeline.run({
      streamName: stream,
      decider: refundDecider,
      command: { type: 'RequestRefund', orderId, paymentIntentId, amountCents, note, requestedAt: at, emailCustomer: intent.emailCustomer },
      cause,
    });
    const refund = requested.state.kind === 'made' ? { id: requested.state.refundId, amountCents: requested.state.amountCents } : null;
    const made =
      refund ??
      (await this.askProvider(
        orderId,
        paymentIntentId,
        requested.state.kind === 'none' ? amountCents : requested.state.amountCents,
        stream,
        cause,
      ));
    await this.pipeline.run({
      streamName: stream,
      decider: refundDecider,
      command: { type: 'RecordRefundMade', refundId: made.id, amountCents: made.amountCents },
      cause,
    });
    const noteOf = requested.state.kind === 'none' ? note : requested.state.note;
    const recorded = await this.pipeline.run({
      streamName: payments,
      decider: paymentDecider,
      command: { type: 'RecordRefund', refundId: made.id, amountCents: made.amountCents, note: noteOf, at },
      cause,
    });
    await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: { type: 'RecordRefund', paymentIntentId, refundId: made.id, amountCents: made.amountCents, note: noteOf },
      cause,
    });
    const refundedCents = recorded.state.refundedCents;
    const left = moneyTaken(recorded.state)?.leftCents ?? 0;
    if (intent.emailCustomer)
      await this.emails.queue(
        orderRefundEmailKey(orderId, made.id),
        orderRefundEmail(
          { orderId, customer: order.order.customer, amountCents: made.amountCents, refundedCents, paidCents },
          { brandName: this.config.shop.brandName, email: this.config.shop.email },
        ),
        cause,
      );
    return {
      message: `Refunded $${decimalString(made.amountCents)} of Order #${orderId}; the customer was e-mailed`,
      refundId: made.id,
      amount: decimalString(made.amountCents),
      refunded: decimalString(refundedCents),
      refundable: decimalString(left),
    };
  }

  /**
   * The refund made at the provider under the key of its intention's stream: the same refund however often asked. A
   * refusal is recorded on the stream before it is thrown: nothing was refunded under this key, and never will be, so
   * neither the refund-completion process manager nor a repeat asks the provider again.
   */
  private async askProvider(
    orderId: string,
    paymentIntentId: string,
    amountCents: number,
    stream: string,
    cause: Cause,
  ): Promise<{ id: string; amountCents: number }> {
    try {
      const refund = await this.gateway.refundPaymentIntent(paymentIntentId, amountCents, stream);
      return { id: refund.id, amountCents: refund.amountCents };
    } catch (error) {
      if (error instanceof PaymentIntentStateError && error.status === 'idempotency_conflict') throw RefundErrors.inProgress(orderId);
      if (!(error instanceof PaymentIntentStateError)) throw error;
      const refusal = RefundErrors.refusedByProvider(error.message);
      await this.pipeline.run({
        streamName: stream,
        decider: refundDecider,
        command: { type: 'RecordRefundRefused', reason: refusal.message },
        cause,
      });
      throw refusal;
    }
  }

  /**
   * Finishes a refund whose intention is recorded (the refund-completion process manager asks, for every one):
   * asked of the provider under its key (the same refund however often), then recorded on the payment and the
   * order, and the customer e-mailed when it said so; each step once. So a refund cut off by a crash or a lost
   * answer is recorded, never left made and unseen (when an operator would refund it again under a new key).
   */
  async completeRefund(stream: string, cause: Cause): Promise<void> {
    const intended = refundToFinish((await this.pipeline.load(stream, refundDecider)).state);
    if (intended === null) return;
    const order = await this.placedOrder(intended.orderId);
    const { state: payment } = await this.pipeline.load(paymentStreamName(intended.paymentIntentId), paymentDecider);
    const taken = moneyTaken(payment);
    if (taken === null) return;
    const { orderId, paymentIntentId, amountCents, note, emailCustomer } = intended;
    try {
      await this.refundOnce(
        {
          orderId,
          order,
          paymentIntentId,
          paidCents: taken.succeeded.amountCents,
          stream,
          amountCents,
          note,
          at: this.clock.now().toISOString(),
          emailCustomer,
        },
        cause,
      );
    } catch (error) {
      // A refusal is recorded on the stream (askProvider): the operator refunds by hand.
      if (!(error instanceof DomainError) || error.code !== 'refund_refused') throw waitingWhenInProgress(error);
    }
  }

  private async placedOrder(orderId: string): Promise<PlacedOrder> {
    const order = await this.orders.placed(orderId);
    if (order === null) throw OrderErrors.notFound(orderId);
    return order;
  }
}

/**
 * For a process manager's step: the provider making the same refund under the same key at this moment
 * (`refund_in_progress`) is waited out quietly, then asked again, which answers with that refund; anything else as it is.
 */
function waitingWhenInProgress(error: unknown): unknown {
  return error instanceof DomainError && error.code === 'refund_in_progress'
    ? new RetryLater(`a refund is being made under the same key: ${error.message}`, { cause: error })
    : error;
}

/** Times a cancellation's refund is asked of the provider before the order is handed to the operator. */
const CANCELLATION_REFUND_ATTEMPTS = 5;

/** A refund by cans says which in its note ("1 can of Swan Pale"), before the operator's own words. */
function cansNote(order: PlacedOrder, cans: readonly PickedCans[], typed: string): string {
  const named = cansText(order, cans);
  return typed === '' ? named : `${named}: ${typed}`;
}

/** A key as a stream name may hold it: any text the client chose, digested to 22 safe characters. */
export function keyDigest(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 22);
}
