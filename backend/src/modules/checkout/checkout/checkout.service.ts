import { Inject, Injectable, Logger } from '@nestjs/common';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { positionWrittenSoFar } from '../../../platform/event-sourcing/written-position';
import { CLOCK, type Clock } from '../../../platform/clock';
import { CatalogStock, type ProductSnapshot } from '../../catalog';
import {
  paymentDecider,
  paymentStreamName,
  clientSecretDigest,
  paymentBackupOf,
  PAYMENT_GATEWAY,
  type PaymentGateway,
  type ProviderPaymentIntent,
} from '../../payments';
import { clientCents, priceCheckout, type CheckoutCartLine, type PricedCheckout } from '../domain/checkout-pricing';
import {
  chosenFulfilment,
  validateCustomerInfo,
  earlierCheckoutFacing,
  orderDecider,
  repeatsPaidOrder,
  type PlacedOrder,
  type CheckoutOrigin,
  type OrderCommand,
  type SeenCartLine,
  orderStreamName,
  type OrderCancelReason,
  type OrderCustomer,
  type OrderPlacedData,
  NumberSequence,
  OrderStreams,
} from '../../orders';
import { isOpenToMembers, isReleased, type AppliedDiscount, type Fulfilment, decimalString, gstIncludedCents } from '@brewery/shop-rules';
import { DiscountCodes, type DiscountBasket } from '../../discounts';
import { ClubMembers } from '../../club';
import { CheckoutErrors } from '../domain/checkout.errors';
import { DomainError } from '../../../shared-kernel/domain-error';

import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { CheckoutAdmission } from '../checkout-admission/checkout-admission.service';
import { CheckoutAbandonedError } from '../checkout-admission/checkout-gate';
import type { CheckoutClient } from '../checkout-admission/checkout-holder';
import type { HoldClaim } from '../checkout-admission/client-checkout-limits';
import { CheckoutCancellation } from '../checkout-cancellation/checkout-cancellation.service';
import { earlierCheckoutsFacing } from '../checkout-admission/earlier-checkouts';
import type { CheckoutHoldDoc } from '../checkout-holds/checkout-holds.projection';
import type { CreatePaymentIntentRequest, CreatePaymentIntentResponse } from './create-payment-intent.request.dto';

/**
 * Checkout: validate and price on the server, take the next order number, record the pending order,
 * reserve its cans product by product (undoing the reservations when one is refused), open the payment
 * intent with the order as idempotency key, and keep the order backup with the payment.
 */
@Injectable()
export class CheckoutService {
  private readonly logger = new Logger('Checkout');

  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly stock: CatalogStock,
    private readonly numbers: NumberSequence,
    private readonly admission: CheckoutAdmission,
    private readonly cancellation: CheckoutCancellation,
    private readonly discounts: DiscountCodes,
    private readonly orders: OrderStreams,
    private readonly club: ClubMembers,
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * One checkout, admitted by `CheckoutAdmission`. The browser's earlier checkout with the same pack and details
   * is resumed; otherwise this one is priced and its cans held (the customer's own earlier holds counting as free
   * for it), and only then do the earlier checkouts it supersedes (same browser, or same client address and e-mail
   * address) end: a checkout refused for any reason leaves the earlier ones as they were. An earlier checkout whose
   * card went through is never ended by a newer one: the newer one is refused instead. The client's holds are
   * capped, and a client that disconnects before the answer holds nothing. The order decider says which earlier
   * checkout is resumed and which is superseded.
   */
  async createPaymentIntent(
    request: CreatePaymentIntentRequest,
    cause: Cause,
    client: CheckoutClient,
  ): Promise<CreatePaymentIntentResponse> {
    const fulfilment = chosenFulfilment(request.fulfilment, this.clock.now());
    const customer = validateCustomerInfo(request.customerInfo, fulfilment.method);
    const typed = request.discountCode?.trim() ?? '';
    const discountCode = typed === '' ? null : this.discounts.codeOf(typed);
    // A member's link and their own e-mail address: beers open to members early may be bought. A link that does not
    // pass is said only when it mattered (a beer not yet on sale to everyone); otherwise the checkout goes on as anyone's.
    const token = request.memberToken?.trim() ?? '';
    const memberRefusal =
      token === ''
        ? null
        : await this.club.earlyAccess(token, customer.email).then(
            () => null,
            (error: unknown) => {
              if (error instanceof DomainError) return error;
              throw error;
            },
          );
    const member = token !== '' && memberRefusal === null;
    try {
      return await this.checkOut(request, cause, client, { customer, fulfilment, discountCode, member });
    } catch (error) {
      if (memberRefusal !== null && error instanceof DomainError && error.code === 'not_released') throw memberRefusal;
      throw error;
    }
  }

  private async checkOut(
    request: CreatePaymentIntentRequest,
    cause: Cause,
    client: CheckoutClient,
    {
      customer,
      fulfilment,
      discountCode,
      member,
    }: { customer: OrderCustomer; fulfilment: Fulfilment; discountCode: string | null; member: boolean },
  ): Promise<CreatePaymentIntentResponse> {
    const admitted = await this.admission.enter(client);
    let claim: HoldClaim | null = null;
    try {
      const earlier = await this.admission.earlierCheckouts(admitted.holder);
      const resumed = await this.resumeEarlierCheckout(
        earlier,
        request,
        customer,
        fulfilment,
        discountCode,
        admitted.holder.browser,
        cause,
        member,
      );
      if (resumed !== null) return resumed;
      if (request.confirmRepeat !== true) await this.refuseUnconfirmedRepeat(request, admitted.holder.browser);
      const origin: CheckoutOrigin = { ...admitted.holder, email: customer.email };
      const { replacing, gone, refusedBy } = await earlierCheckoutsFacing(this.orders, earlier, origin);
      if (refusedBy !== null) throw CheckoutErrors.earlierCheckoutPaying(refusedBy);
      const replacingIds = replacing.map((earlier) => earlier.order.orderId);
      claim = await this.admission.claimHold(admitted.holder.client, [...replacingIds, ...gone]);
      const opened = await this.placeAndReserve(
        request,
        customer,
        fulfilment,
        discountCode,
        cause,
        admitted.holder,
        admitted.signal,
        claim,
        replacingIds,
        member,
      );
      await this.replaceEarlierCheckouts(replacing, origin, opened.orderId, cause);
      return opened;
    } finally {
      if (claim !== null) this.admission.settle(claim, positionWrittenSoFar());
      admitted.leave();
    }
  }

  /**
   * The browser's earlier checkout, when the order decider finds it the same (pack, prices, details) with enough
   * hold left and its payment still open at the provider: the same order, hold and payment again.
   */
  private async resumeEarlierCheckout(
    earlier: readonly CheckoutHoldDoc[],
    request: CreatePaymentIntentRequest,
    customer: OrderCustomer,
    fulfilment: Fulfilment,
    discountCode: string | null,
    browser: string,
    cause: Cause,
    member: boolean,
  ): Promise<CreatePaymentIntentResponse | null> {
    const lines: SeenCartLine[] = [];
    for (const line of request.cartItems) {
      const priceCents = clientCents(line.price);
      if (priceCents === null) return null;
      lines.push({ productId: line.productId, packSize: line.packSize, quantity: line.quantity, priceCents });
    }
    for (const hold of earlier) {
      if (hold.browser !== browser) continue;
      const { state } = await this.pipeline.load(orderStreamName(hold._id), orderDecider);
      if (state.kind !== 'placed') continue;
      const at = this.clock.now();
      const command: OrderCommand = {
        type: 'ResumeCheckout',
        browser,
        lines,
        customer,
        fulfilment,
        at: at.toISOString(),
        marginMs: RESUME_MARGIN_MS,
        discountCode,
        onSale: await this.onSale(
          state.order.items.map((item) => item.productId),
          at,
          member,
        ),
      };
      if (state.paymentIntentId === null) continue;
      const resumed = await this.pipeline.check({ streamName: orderStreamName(hold._id), decider: orderDecider, command });
      if (resumed.events.length === 0) continue;
      const intent = await this.gateway.retrievePaymentIntent(state.paymentIntentId);
      if (intent === null || !OPEN_INTENT_STATUSES.has(intent.status)) continue;
      // Decided again on the stream: a payment or an end recorded meanwhile wins.
      const result = await this.pipeline.run({
        streamName: orderStreamName(hold._id),
        decider: orderDecider,
        command,
        cause,
      });
      if (result.events.length === 0) continue;
      return checkoutOpened(state.order, intent);
    }
    return null;
  }

  /** Whether every one of these beers is on sale at `at` (released, or open to a member early; a missing one is not). */
  private async onSale(productIds: readonly string[], at: Date, member: boolean): Promise<boolean> {
    for (const productId of new Set(productIds)) {
      const snapshot = await this.stock.snapshot(productId, at.toISOString());
      if (snapshot === null || !(member ? isOpenToMembers(snapshot.product, at) : isReleased(snapshot.product, at))) return false;
    }
    return true;
  }

  /** Refuses the very pack this browser paid for within REPEAT_WINDOW_MS, unless the customer confirmed it. */
  private async refuseUnconfirmedRepeat(request: CreatePaymentIntentRequest, browser: string): Promise<void> {
    const lines = request.cartItems.map(({ productId, packSize, quantity }) => ({ productId, packSize, quantity }));
    for (const paid of await this.admission.recentlyPaid(browser, REPEAT_WINDOW_MS)) {
      const { state } = await this.pipeline.load(orderStreamName(paid._id), orderDecider);
      if (repeatsPaidOrder(state, browser, lines)) throw CheckoutErrors.repeatOfPaidOrder(paid._id);
    }
  }

  /**
   * This checkout holds its cans and has its payment: the earlier ones it supersedes end now. One whose card went
   * through meanwhile is left to complete; when the order decider says it refuses this one (the same browser's),
   * this checkout is withdrawn (its cans handed back, its payment cancelled) and refused, so a reload after paying
   * never opens a second payment.
   */
  private async replaceEarlierCheckouts(
    replacing: readonly PlacedOrder[],
    by: CheckoutOrigin,
    orderId: string,
    cause: Cause,
  ): Promise<void> {
    for (const earlier of replacing) {
      const earlierId = earlier.order.orderId;
      const outcome = await this.cancellation.end(earlierId, 'superseded', cause, { type: 'SupersedeCheckout', by });
      const cardWentThrough = outcome.kind === 'payment_under_way' || outcome.kind === 'paid';
      if (!cardWentThrough || earlierCheckoutFacing(earlier, by, { cardWentThrough }) !== 'refuses') continue;
      await this.cancellation.end(orderId, 'checkout_cancelled', cause, {
        type: 'CancelOrder',
        reason: 'checkout_cancelled',
        detail: `Withdrawn: the card of the earlier checkout #${earlierId} from the same customer went through meanwhile.`,
      });
      throw CheckoutErrors.earlierCheckoutPaying(earlierId);
    }
  }

  private async placeAndReserve(
    request: CreatePaymentIntentRequest,
    customer: ReturnType<typeof validateCustomerInfo>,
    fulfilment: Fulfilment,
    discountCode: string | null,
    cause: Cause,
    holder: { client: string; browser: string },
    signal: AbortSignal,
    claim: HoldClaim,
    replacing: readonly string[],
    member: boolean,
  ): Promise<CreatePaymentIntentResponse> {
    const cart: CheckoutCartLine[] = request.cartItems;
    const products = new Map<string, ProductSnapshot | null>();
    const pricedAt = this.clock.now().toISOString();
    for (const productId of new Set(cart.map((line) => line.productId))) {
      products.set(productId, await this.stock.snapshot(productId, pricedAt, replacing));
    }
    const priced = priceCheckout(cart, products, customer, fulfilment, new Date(pricedAt), member);
    const { summary } = priced;
    const basket = discountBasket(priced, pricedAt, customer.email, replacing);
    // The code is asked before anything is recorded; the hold below decides again.
    const discount = discountCode === null ? null : await this.discounts.price(discountCode, basket);
    const totalCents = summary.totalCents - (discount?.cents ?? 0);
    // The client left while we priced: nothing is recorded for it.
    if (signal.aborted) throw new CheckoutAbandonedError();

    const now = this.clock.now();
    const reservationExpiresAt = new Date(now.getTime() + this.config.reservationTtlMinutes * 60_000).toISOString();
    const orderId = await this.numbers.nextOrderNumber(cause);
    claim.forOrder(orderId);
    const order: OrderPlacedData = {
      orderId,
      customer,
      items: priced.items.map((item, index) => ({ id: `${orderId}-${index + 1}`, ...item })),
      subtotalCents: summary.subtotalCents,
      shippingCents: summary.shippingCents,
      ...(discount === null ? {} : { discount }),
      totalCents,
      gstCents: gstIncludedCents(totalCents),
      totalCans: summary.totalCans,
      estimatedDelivery: summary.shipping.estimatedDelivery,
      isPerthMetro: summary.shipping.isPerthMetro,
      reservationExpiresAt,
      placedAt: now.toISOString(),
      holder,
      fulfilment,
      ...(member ? { earlyAccess: true as const } : {}),
    };
    await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: { type: 'PlaceOrder', order },
      cause,
    });

    if (discount !== null) {
      try {
        await this.discounts.hold(orderId, discount, basket, totalCents, cause);
      } catch (error) {
        // Taken meanwhile by another checkout (its last use, or this customer's one): refused as the code would be.
        await this.abandon(orderId, [], 'discount_unavailable', error instanceof Error ? error.message : String(error), cause);
        throw error;
      }
    }

    const reserved: string[] = [];
    try {
      for (const line of priced.reservations) {
        if (signal.aborted) throw new CheckoutAbandonedError();
        await this.stock.reserve(
          {
            productId: line.productId,
            orderId,
            quantity: line.quantity,
            expiresAt: reservationExpiresAt,
            at: now.toISOString(),
            replacing,
            member,
          },
          cause,
        );
        reserved.push(line.productId);
      }
    } catch (error) {
      if (error instanceof CheckoutAbandonedError) {
        await this.abandon(orderId, reserved, 'checkout_cancelled', 'The customer left before the checkout answered.', cause);
        throw error;
      }
      await this.abandon(orderId, reserved, 'insufficient_stock', error instanceof Error ? error.message : String(error), cause);
      throw error;
    }

    let intent: ProviderPaymentIntent;
    try {
      intent = await this.gateway.createPaymentIntent({
        orderId,
        amountCents: totalCents,
        currency: 'aud',
        idempotencyKey: `order-${orderId}`,
        customerEmail: customer.email,
        description: `${this.config.shop.brandName} order #${orderId}`,
      });
    } catch (error) {
      this.logger.error({ msg: 'payment intent not created', orderId, error: error instanceof Error ? error.message : String(error) });
      await this.abandon(orderId, reserved, 'payment_provider_error', error instanceof Error ? error.message : String(error), cause);
      throw CheckoutErrors.paymentProviderUnreachable();
    }

    await this.pipeline.run({
      streamName: paymentStreamName(intent.id),
      decider: paymentDecider,
      command: {
        type: 'RecordPaymentIntentCreated',
        backup: paymentBackupOf(order, {
          paymentIntentId: intent.id,
          provider: this.gateway.mode,
          clientSecretDigest: clientSecretDigest(intent.clientSecret),
        }),
      },
      cause,
    });
    await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: { type: 'AttachPaymentIntent', paymentIntentId: intent.id },
      cause,
    });
    if (signal.aborted) {
      // Nobody will ever see this client secret: end the checkout now rather than hold its cans to expiry.
      await this.cancellation.end(orderId, 'checkout_cancelled', cause);
      throw new CheckoutAbandonedError();
    }

    return checkoutOpened(order, intent);
  }

  /** The checkout failed after the order was recorded: hand back the cans and close the order, keeping its number. */
  private async abandon(
    orderId: string,
    reserved: readonly string[],
    reason: OrderCancelReason,
    detail: string,
    cause: Cause,
  ): Promise<void> {
    for (const productId of reserved) {
      // Best effort: a reservation not released here lapses at its expiry anyway.
      await this.stock.release({ productId, orderId, reason: 'checkout_failed' }, cause).catch((error: unknown) =>
        this.logger.warn({
          msg: 'reservation not released',
          orderId,
          productId,
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    }
    await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: { type: 'CancelOrder', reason, detail },
      cause,
    });
    // Its code's use is given back by the release process as the order ends; at once here, so a retry finds it free.
    const { state } = await this.pipeline.load(orderStreamName(orderId), orderDecider);
    const discount: AppliedDiscount | undefined = state.kind === 'placed' ? state.order.discount : undefined;
    if (discount !== undefined) await this.discounts.release(discount.code, orderId, reason, cause);
  }
}

/** The order as the discount code sees it: its lines, shipping, customer and the checkouts it replaces. */
function discountBasket(priced: PricedCheckout, at: string, email: string, replacing: readonly string[]): DiscountBasket {
  return {
    at,
    lines: priced.summary.lines.map((line) => ({
      productId: line.productId,
      lineTotalCents: line.lineTotalCents,
      quantity: line.quantity,
    })),
    shippingCents: priced.summary.shippingCents,
    email,
    replacing,
  };
}

/** Payment intents a customer can still pay (Stripe's statuses before any attempt has gone through). */
const OPEN_INTENT_STATUSES: ReadonlySet<string> = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

/** How long after paying the same pack from the same browser is asked about before it is bought again. */
export const REPEAT_WINDOW_MS = 30 * 60_000;

/** A checkout whose hold ends sooner than this is not resumed: a new one gives the customer the whole hold. */
export const RESUME_MARGIN_MS = 60_000;

/** The answer to a checkout opened (or resumed): what the browser needs to take the card, and the order's totals. */
function checkoutOpened(order: OrderPlacedData, intent: ProviderPaymentIntent): CreatePaymentIntentResponse {
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    orderId: order.orderId,
    amount: intent.amountCents,
    currency: 'aud',
    totals: {
      subtotal: decimalString(order.subtotalCents),
      shipping: decimalString(order.shippingCents),
      discount: decimalString(order.discount?.cents ?? 0),
      gstIncluded: decimalString(order.gstCents),
      total: decimalString(order.totalCents),
    },
    subtotal: decimalString(order.subtotalCents),
    shippingCost: decimalString(order.shippingCents),
    discount: decimalString(order.discount?.cents ?? 0),
    totalAmount: decimalString(order.totalCents),
    gstIncluded: decimalString(order.gstCents),
    discountCode: order.discount?.code ?? null,
    discountDescription: order.discount?.description ?? null,
    reservationExpiresAt: order.reservationExpiresAt,
  };
}
