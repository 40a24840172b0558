import { Inject, Injectable, Logger } from '@nestjs/common';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { CommandPipeline, type CommandResult } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import { DomainError } from '../../../shared-kernel/domain-error';
import { CatalogStock } from '../../catalog';
import { EmailService } from '../../notifications';
import {
  authorisationToCapture,
  moneyTaken,
  paymentDecider,
  type PaymentState,
  paymentStreamName,
  PAYMENT_GATEWAY,
  PaymentIntentStateError,
  type PaymentGateway,
  PaymentWebhookService,
} from '../../payments';
import { CheckoutCancellation } from '../../checkout';
import {
  claimedPaymentRefusal,
  type OrderCommand,
  orderDecider,
  type OrderState,
  type PlacedOrder,
  orderStreamName,
  type OrderEvent,
  confirmationEmailKey,
  orderConfirmationEmail,
  NumberSequence,
  cansByProduct,
  OrderReservations,
  OrderStreams,
} from '../../orders';
import { newOrderAlertEmail, newOrderAlertEmailKey } from '../domain/new-order-alert-email';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { OrderStatusLookup } from '../../order-desk';
import { DiscountCodes } from '../../discounts';

export type AuthorisationOutcome =
  | { kind: 'captured' }
  | { kind: 'refused'; reason: RefusalReason }
  | { kind: 'capture_refused'; status: string }
  | { kind: 'not_authorised'; status: PaymentState['status'] };

type RefusalReason = 'sold_out' | 'not_released' | 'amount_mismatch' | 'discount_unavailable' | 'order_not_payable';

const REFUSAL_REASON = {
  sold_out: 'the cans sold out, so the authorisation was cancelled',
  not_released: 'a beer of the order was not on sale yet, so the authorisation was cancelled',
  amount_mismatch: 'the authorised amount was not the order total, so the authorisation was cancelled',
  discount_unavailable: 'its discount code could not be held for it any more, so the authorisation was cancelled',
  order_not_payable: 'the order could not be paid, so the authorisation was cancelled',
} as const;

const REFUSAL_DETAIL = {
  sold_out: 'The cans sold out before the card was authorised; the authorisation was cancelled and nothing was charged.',
  not_released:
    'A beer of the order was not on sale yet when the card was authorised; the authorisation was cancelled and nothing was charged.',
  amount_mismatch: 'The card was authorised for another amount than the order total; the authorisation was cancelled.',
  discount_unavailable:
    'Its discount code could no longer be held for it (its uses were taken meanwhile, or the customer had used it); the authorisation was cancelled and nothing was charged.',
} as const;

export type CompletionOutcome =
  | { kind: 'completed'; orderId: string; invoiceNumber: string; changed: boolean }
  /** `flagged`: this run flagged it (false when the same reason was flagged before). */
  | { kind: 'needs_review'; orderId: string; reason: string; flagged: boolean }
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
    private readonly orderStatus: OrderStatusLookup,
    private readonly orders: OrderStreams,
    private readonly reservations: OrderReservations,
    private readonly email: EmailService,
    private readonly cancellation: CheckoutCancellation,
    private readonly payments: PaymentWebhookService,
    private readonly discounts: DiscountCodes,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async completePaidOrder(paymentIntentId: string, cause: Cause): Promise<CompletionOutcome> {
    const { state: payment } = await this.pipeline.load(paymentStreamName(paymentIntentId), paymentDecider);
    const taken = moneyTaken(payment);
    if (taken === null) return { kind: 'payment_not_succeeded', status: payment.status };
    const orderId = payment.orderId;
    const order = orderId === null ? null : await this.orders.placed(orderId);
    if (orderId === null || order === null) {
      this.logger.error({ msg: 'payment succeeded for an unknown order', paymentIntentId, orderId });
      return { kind: 'order_unknown', orderId };
    }
    let changed = false;
    const run = async (command: OrderCommand): Promise<OrderState> => {
      const result = await this.runOrder(orderId, command, cause);
      if (result.events.length > 0) changed = true;
      return result.state;
    };
    const review = async (reason: string, flag: boolean): Promise<CompletionOutcome> => {
      const flagged =
        flag && (await this.runOrder(orderId, { type: 'FlagOrderForReview', reason, paymentIntentId }, cause)).events.length > 0;
      this.logger.warn({ msg: 'order needs review', orderId, paymentIntentId, reason });
      return { kind: 'needs_review', orderId, reason, flagged: flagged || changed };
    };

    if (order.paidWith !== paymentIntentId) {
      // The order's stream decides whether this money pays it (docs/decisions/0003): claimed for it, as a capture is, or
      // flagged for review (deleted, ended, paid by another, another amount), the money being taken already.
      const { amountCents, currency, at } = taken.succeeded;
      const refusal = claimedPaymentRefusal(await run({ type: 'ClaimPayment', paymentIntentId, amountCents, currency }), paymentIntentId);
      if (refusal !== null) return review(refusal, false);
      const short = await this.sell(order, paymentIntentId, cause);
      if (short.length > 0)
        return review(
          `Paid, but stock is short (the reservation had lapsed): ${short.join('; ')}. Recount or refund, then recover the order.`,
          true,
        );
      // Numbered first, so paid and invoiced are one write; under its claim the order takes this payment whatever
      // the operator does meanwhile (a delete or cancel is refused until it is paid).
      const number = order.invoiceNumber ?? (await this.numbers.invoiceNumberFor(orderId, cause));
      await run({ type: 'MarkOrderPaid', paymentIntentId, amountCents, paidAt: at, invoiceNumber: number });
    }

    // Paid but not numbered (already paid when this step began, or paid by an earlier version of it): number it now.
    const current = await this.orders.placed(orderId);
    const invoiceNumber = current?.invoiceNumber ?? (await this.numbers.invoiceNumberFor(orderId, cause));
    await run({ type: 'AssignInvoiceNumber', invoiceNumber });
    // Paid with a code: its use is taken for good (held until now; recorded even if the hold had ended, the money being taken).
    const discount = order.order.discount;
    if (discount !== undefined) await this.discounts.redeem(orderId, discount, order.order.customer.email, order.order.totalCents, cause);
    const queued = await this.email.queue(
      confirmationEmailKey(orderId),
      orderConfirmationEmail(
        order.order,
        invoiceNumber,
        {
          brandName: this.config.shop.brandName,
          abn: this.config.shop.abn,
          email: this.config.shop.email,
          address: this.config.shop.address,
        },
        { statusUrl: this.orderStatus.statusUrl(orderId), paymentIntentId },
      ),
      cause,
    );
    // The shop's own note of the sale, when it asked for one; queued under its key, so once per order.
    if (this.config.mail.newOrderEmail)
      await this.email.queue(newOrderAlertEmailKey(orderId), newOrderAlertEmail(order.order, this.config.shop), cause);
    return { kind: 'completed', orderId, invoiceNumber, changed: changed || queued.queued };
  }

  /** Sells each product of the order; returns what could not be sold (stock short), never overselling. */
  private async sell(order: PlacedOrder, paymentIntentId: string, cause: Cause): Promise<string[]> {
    const short: string[] = [];
    for (const [productId, quantity] of cansByProduct(order)) {
      try {
        await this.stock.sell({ productId, orderId: order.order.orderId, quantity, paymentIntentId }, cause);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        short.push(error.message);
      }
    }
    return short;
  }

  /**
   * An authorised card: the cans are set aside for the order (its hold, or a new one when the hold lapsed and
   * the cans are still there), sold, and only then is the money captured. When the cans are gone, the order
   * cannot be paid, or the authorised amount is not the order's, the authorisation is cancelled instead:
   * nothing is ever charged for cans the shop cannot send. Every step changes nothing the second time.
   */
  async captureAuthorisedPayment(paymentIntentId: string, cause: Cause): Promise<AuthorisationOutcome> {
    const { state: payment } = await this.pipeline.load(paymentStreamName(paymentIntentId), paymentDecider);
    const authorised = authorisationToCapture(payment);
    if (authorised === null) return { kind: 'not_authorised', status: payment.status };
    const orderId = payment.orderId;
    const order = orderId === null ? null : await this.orders.placed(orderId);
    if (orderId === null || order === null) {
      this.logger.error({ msg: 'authorisation for an unknown order', paymentIntentId, orderId });
      await this.cancellation.cancelIntent(paymentIntentId, orderId ?? '', 'order_not_payable', true);
      return { kind: 'refused', reason: 'order_not_payable' };
    }
    let claimed = false;
    const refuse = async (reason: RefusalReason): Promise<AuthorisationOutcome> => {
      await this.cancellation.cancelIntent(paymentIntentId, orderId, reason, true);
      // The authorisation is cancelled: nothing will be taken, so the order may be ended again.
      if (claimed) await this.runOrder(orderId, { type: 'ReleaseCaptureClaim', paymentIntentId, reason: REFUSAL_REASON[reason] }, cause);
      if (reason !== 'order_not_payable') {
        // The order cannot be paid any more (its intent is cancelled): hand back its cans and close it.
        await this.reservations.releaseProducts(order, 'checkout_cancelled', cause);
        await this.runOrder(orderId, { type: 'CancelOrder', reason, detail: REFUSAL_DETAIL[reason] }, cause);
      }
      this.logger.warn({ msg: 'authorisation cancelled', orderId, paymentIntentId, reason });
      return { kind: 'refused', reason };
    };

    // The order's stream decides whether this money may be taken (docs/decisions/0003): the claim is refused for an order
    // deleted, cancelled or paid before it, or for another amount than its total; once it stands a delete or
    // cancel is refused until it ends.
    try {
      await this.runOrder(
        orderId,
        { type: 'ClaimCapture', paymentIntentId, amountCents: authorised.amountCents, currency: authorised.currency },
        cause,
      );
      claimed = true;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === 'order_not_payable') return refuse('order_not_payable');
      if (error.code !== 'amount_mismatch') throw error;
      await this.runOrder(orderId, { type: 'FlagOrderForReview', reason: error.message, paymentIntentId }, cause);
      return refuse('amount_mismatch');
    }
    const unheld = await this.holdEveryProduct(order, cause);
    if (unheld !== null) return refuse(unheld);
    if (!(await this.holdDiscountUse(order, cause))) return refuse('discount_unavailable');
    const short = await this.sell(order, paymentIntentId, cause);
    if (short.length > 0) {
      // Only an operator's recount below the held cans gets here; what did sell stays sold and is flagged.
      await this.runOrder(
        orderId,
        {
          type: 'FlagOrderForReview',
          reason: `Card authorised but stock is short: ${short.join('; ')}. The authorisation was cancelled; recount the stock.`,
          paymentIntentId,
        },
        cause,
      );
      return refuse('sold_out');
    }

    let captured;
    try {
      captured = await this.gateway.capturePaymentIntent(paymentIntentId, `capture-${paymentIntentId}`);
    } catch (error) {
      if (!(error instanceof PaymentIntentStateError)) throw error;
      // Nothing was taken (the intent was cancelled at the provider as its hold ran out, say): the cans sold to the
      // order go back on the shelf, and the order may be ended again.
      for (const productId of cansByProduct(order).keys()) await this.stock.returnCans({ productId, orderId }, cause);
      await this.runOrder(
        orderId,
        { type: 'ReleaseCaptureClaim', paymentIntentId, reason: `the payment provider refused the capture (${error.status})` },
        cause,
      );
      await this.runOrder(
        orderId,
        {
          type: 'FlagOrderForReview',
          reason: `The payment provider refused the capture (${error.status}): nothing was charged and the cans went back to stock. Ask the customer to pay again if they still want the order.`,
          paymentIntentId,
        },
        cause,
      );
      return { kind: 'capture_refused', status: error.status };
    }
    await this.payments.recordOutcome({
      outcome: 'succeeded',
      report: {
        paymentIntentId,
        providerEventId: `shop-capture:${paymentIntentId}`,
        orderId,
        amountCents: captured.amountReceivedCents,
        currency: captured.currency,
        at: this.clock.now().toISOString(),
      },
      failureCode: null,
      failureMessage: null,
      actor: 'system',
    });
    return { kind: 'captured' };
  }

  /**
   * Makes sure every product of the order holds its cans for it: an existing hold changes nothing; a lapsed
   * one is taken again if the cans are still there. When one cannot be held (the cans are gone, or the beer is not
   * on sale yet), the holds taken here are given back and the answer says why; null when every product holds.
   */
  private async holdEveryProduct(order: PlacedOrder, cause: Cause): Promise<'sold_out' | 'not_released' | null> {
    const orderId = order.order.orderId;
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.config.reservationTtlMinutes * 60_000).toISOString();
    const taken: string[] = [];
    for (const [productId, quantity] of cansByProduct(order)) {
      try {
        // A member's order (a club run's, or a checkout with early access) may hold a beer open to members early.
        const member = order.order.earlyAccess === true || order.order.club !== undefined;
        const result = await this.stock.reserve({ productId, orderId, quantity, expiresAt, at: now.toISOString(), member }, cause);
        if (result.events.includes('StockReserved')) taken.push(productId);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        for (const heldHere of taken) await this.stock.release({ productId: heldHere, orderId, reason: 'checkout_failed' }, cause);
        return error.code === 'not_released' ? 'not_released' : 'sold_out';
      }
    }
    return null;
  }

  /**
   * The order's discount code holds a use for it: still held (nothing changes), or taken again when its hold had ended
   * and the code has a use left, judged as it was when the order was priced. False when it cannot be held.
   */
  private async holdDiscountUse(order: PlacedOrder, cause: Cause): Promise<boolean> {
    const { discount, items, shippingCents, customer, placedAt, totalCents, orderId } = order.order;
    if (discount === undefined) return true;
    const lines = items.map(({ productId, lineTotalCents, quantity }) => ({ productId, lineTotalCents, quantity }));
    try {
      await this.discounts.hold(
        orderId,
        discount,
        { at: placedAt, lines, shippingCents, email: customer.email, replacing: [] },
        totalCents,
        cause,
        { capture: true },
      );
      return true;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return false;
    }
  }

  /** Runs one command on the order's stream. */
  private runOrder(orderId: string, command: OrderCommand, cause: Cause): Promise<CommandResult<OrderState, OrderEvent>> {
    return this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command,
      cause,
    });
  }
}
