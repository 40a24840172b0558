import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { APP_CONFIG, CLOCK, type Clock } from '../../../platform/persistence/persistence.tokens';
import { DomainError } from '../../../shared-kernel/domain-error';
import { CatalogStock } from '../../catalog';
import { EmailService } from '../../notifications/send-email/email.service';
import { paymentDecider, type PaymentState } from '../../payments/domain/payment.decider';
import { paymentStreamName } from '../../payments/domain/payment.events';
import type { OrderCommand } from '../domain/order.commands';
import { orderDecider, type PlacedOrder } from '../domain/order.decider';
import { orderStreamName } from '../domain/order.events';
import { decimalString } from '../domain/order-money';
import { confirmationEmailKey, orderConfirmationEmail } from '../domain/order-confirmation-email';
import { metadataFor, type Cause } from '../numbering/command-metadata';
import { NumberSequence } from '../numbering/number-sequence.service';
import { cansByProduct, OrderReservations } from '../reservations/order-reservations.service';

export type CompletionOutcome =
  | { kind: 'completed'; orderId: string; invoiceNumber: string; changed: boolean; positions: number[] }
  | { kind: 'needs_review'; orderId: string; reason: string; positions: number[] }
  | { kind: 'payment_not_succeeded'; status: PaymentState['status'] }
  | { kind: 'order_unknown'; orderId: string | null };

/**
 * What a successful payment sets in motion, as steps that each change nothing the second time: sell the
 * cans (converting the reservation), mark the order paid, give it its invoice number, queue the tax
 * invoice e-mail under a key of its own. The process manager runs it for every success; the operator's
 * recovery runs the very same steps. Stock that is short (the reservation lapsed and the cans were sold
 * meanwhile) or a payment for an order that is no longer pending flags the order for the operator
 * instead: money taken is never silently lost.
 */
@Injectable()
export class OrderCompletion {
  private readonly logger = new Logger('OrderCompletion');

  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly stock: CatalogStock,
    private readonly numbers: NumberSequence,
    private readonly reservations: OrderReservations,
    private readonly email: EmailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async completePaidOrder(paymentIntentId: string, cause: Cause): Promise<CompletionOutcome> {
    const { state: payment } = await this.pipeline.load(paymentStreamName(paymentIntentId), paymentDecider);
    if (payment.status !== 'succeeded' || payment.succeeded === null) return { kind: 'payment_not_succeeded', status: payment.status };
    const orderId = payment.orderId;
    const order = orderId === null ? null : await this.reservations.loadOrder(orderId);
    if (orderId === null || order === null) {
      this.logger.error({ msg: 'payment succeeded for an unknown order', paymentIntentId, orderId });
      return { kind: 'order_unknown', orderId };
    }
    const positions: number[] = [];
    let changed = false;
    const run = async (command: OrderCommand): Promise<void> => {
      const result = await this.pipeline.run({
        streamName: orderStreamName(orderId),
        decider: orderDecider,
        command,
        metadata: metadataFor(cause, this.clock),
      });
      if (result.position !== null) positions.push(result.position);
      if (result.events.length > 0) changed = true;
    };
    const review = async (reason: string): Promise<CompletionOutcome> => {
      await run({ type: 'FlagOrderForReview', reason, paymentIntentId });
      this.logger.warn({ msg: 'order needs review', orderId, paymentIntentId, reason });
      return { kind: 'needs_review', orderId, reason, positions };
    };

    if (order.paidWith !== null && order.paidWith !== paymentIntentId) {
      return review(`Paid twice: ${paymentIntentId} succeeded after ${order.paidWith} had already paid this order. Refund one of them.`);
    }
    if (order.paidWith === null) {
      if (order.deleted || order.status !== 'pending') {
        const what = order.deleted ? 'the order was deleted' : `the order is ${order.status}`;
        return review(
          `Payment ${paymentIntentId} of $${decimalString(payment.succeeded.amountCents)} succeeded but ${what}: fulfil or refund it.`,
        );
      }
      if (payment.succeeded.amountCents !== order.order.totalCents) {
        await run({
          type: 'FlagOrderForReview',
          reason: `Amount paid $${decimalString(payment.succeeded.amountCents)} differs from the order total $${decimalString(order.order.totalCents)}.`,
          paymentIntentId,
        });
      }
      const short = await this.sell(order, paymentIntentId, cause, positions);
      if (short.length > 0)
        return review(
          `Paid, but stock is short (the reservation had lapsed): ${short.join('; ')}. Recount or refund, then recover the order.`,
        );
      await run({ type: 'MarkOrderPaid', paymentIntentId, amountCents: payment.succeeded.amountCents, paidAt: payment.succeeded.at });
    }

    const current = await this.reservations.loadOrder(orderId);
    const invoiceNumber = current?.invoiceNumber ?? (await this.numbers.invoiceNumberFor(orderId, cause));
    await run({ type: 'AssignInvoiceNumber', invoiceNumber });
    const queued = await this.email.queue(
      confirmationEmailKey(orderId),
      orderConfirmationEmail(order.order, invoiceNumber, {
        brandName: this.config.shop.brandName,
        abn: this.config.shop.abn,
        email: this.config.shop.email,
        address: this.config.shop.address,
      }),
      metadataFor(cause, this.clock),
    );
    if (queued.position !== null) positions.push(queued.position);
    return { kind: 'completed', orderId, invoiceNumber, changed: changed || queued.queued, positions };
  }

  /** Sells each product of the order; returns what could not be sold (stock short), never overselling. */
  private async sell(order: PlacedOrder, paymentIntentId: string, cause: Cause, positions: number[]): Promise<string[]> {
    const short: string[] = [];
    for (const [productId, quantity] of cansByProduct(order)) {
      try {
        const result = await this.stock.sell({ productId, orderId: order.order.orderId, quantity, paymentIntentId }, cause);
        if (result.position !== null) positions.push(result.position);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        short.push(error.message);
      }
    }
    return short;
  }

  /** A failed payment hands the cans back; the order stays pending (the customer may try another card). */
  async releaseAfterFailure(paymentIntentId: string, cause: Cause): Promise<void> {
    const { state: payment } = await this.pipeline.load(paymentStreamName(paymentIntentId), paymentDecider);
    // By the time we run, a later attempt on the same intent may have succeeded: then keep the cans.
    if (payment.status !== 'failed' || payment.orderId === null) return;
    await this.reservations.release(payment.orderId, 'payment_failed', cause);
  }
}
