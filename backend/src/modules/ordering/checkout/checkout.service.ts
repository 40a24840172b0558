import { BadGatewayException, Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../../../config/app-config';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { positionWrittenSoFar } from '../../../platform/event-sourcing/written-position';
import { APP_CONFIG, CLOCK, type Clock } from '../../../platform/persistence/persistence.tokens';
import { CatalogStock, type ProductSnapshot } from '../../catalog';
import { paymentDecider } from '../../payments/domain/payment.decider';
import { paymentStreamName } from '../../payments/domain/payment.events';
import { clientSecretDigest } from '../../payments/payment-status/client-secret-digest';
import { PAYMENT_GATEWAY, type PaymentGateway, type ProviderPaymentIntent } from '../../payments/gateway/payment-gateway.port';
import { priceCheckout, type CheckoutCartLine } from '../domain/checkout-pricing';
import { validateCustomerInfo } from '../domain/customer-validation';
import { orderDecider } from '../domain/order.decider';
import { orderStreamName, type OrderCancelReason, type OrderPlacedData } from '../domain/order.events';
import { decimalString } from '../domain/order-money';
import { metadataFor, type Cause } from '../numbering/command-metadata';
import { NumberSequence } from '../numbering/number-sequence.service';
import { CheckoutAdmission } from '../checkout-admission/checkout-admission.service';
import { CheckoutAbandonedError } from '../checkout-admission/checkout-gate';
import type { CheckoutClient } from '../checkout-admission/checkout-holder';
import type { HoldClaim } from '../checkout-admission/client-checkout-limits';
import { CheckoutCancellation } from '../checkout-cancellation/checkout-cancellation.service';
import type { CreatePaymentIntentRequest, CreatePaymentIntentResponse } from './create-payment-intent.request.dto';

export const PAYMENT_PROVIDER_UNAVAILABLE =
  'The payment provider could not be reached, so nothing was charged. Please try again in a moment.';

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
    @Inject(PAYMENT_GATEWAY) private readonly gateway: PaymentGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * One checkout, admitted by `CheckoutAdmission`: the browser's earlier unpaid checkout is replaced, the
   * client's holds are capped, and a client that disconnects before the answer holds nothing.
   */
  async createPaymentIntent(
    request: CreatePaymentIntentRequest,
    cause: Cause,
    client: CheckoutClient,
  ): Promise<CreatePaymentIntentResponse> {
    const customer = validateCustomerInfo(request.customerInfo);
    const admitted = await this.admission.enter(client);
    let claim: HoldClaim | null = null;
    try {
      const replaced = await this.replaceEarlierCheckouts(admitted.holder.browser, cause);
      claim = await this.admission.claimHold(admitted.holder.client, replaced);
      return await this.placeAndReserve(request, customer, cause, admitted.holder, admitted.signal, claim);
    } finally {
      if (claim !== null) this.admission.settle(claim, positionWrittenSoFar());
      admitted.leave();
    }
  }

  /** Ends this browser's earlier checkouts that still hold cans and are not being paid; returns their order ids. */
  private async replaceEarlierCheckouts(browser: string, cause: Cause): Promise<string[]> {
    const replaced: string[] = [];
    for (const hold of await this.admission.holdsOfBrowser(browser)) {
      const outcome = await this.cancellation.end(hold._id, 'superseded', cause);
      if (outcome.kind !== 'payment_under_way') replaced.push(hold._id);
    }
    return replaced;
  }

  private async placeAndReserve(
    request: CreatePaymentIntentRequest,
    customer: ReturnType<typeof validateCustomerInfo>,
    cause: Cause,
    holder: { client: string; browser: string },
    signal: AbortSignal,
    claim: HoldClaim,
  ): Promise<CreatePaymentIntentResponse> {
    const cart: CheckoutCartLine[] = request.cartItems;
    const products = new Map<string, ProductSnapshot | null>();
    const pricedAt = this.clock.now().toISOString();
    for (const productId of new Set(cart.map((line) => line.productId))) {
      products.set(productId, await this.stock.snapshot(productId, pricedAt));
    }
    const priced = priceCheckout(cart, products, customer);
    const { summary } = priced;
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
      totalCents: summary.totalCents,
      gstCents: summary.gstCents,
      totalCans: summary.totalCans,
      estimatedDelivery: summary.shipping.estimatedDelivery,
      isPerthMetro: summary.shipping.isPerthMetro,
      reservationExpiresAt,
      placedAt: now.toISOString(),
      holder,
    };
    await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: { type: 'PlaceOrder', order },
      metadata: metadataFor(cause, this.clock),
    });

    const reserved: string[] = [];
    try {
      for (const line of priced.reservations) {
        if (signal.aborted) throw new CheckoutAbandonedError();
        await this.stock.reserve(
          { productId: line.productId, orderId, quantity: line.quantity, expiresAt: reservationExpiresAt, at: now.toISOString() },
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
        amountCents: summary.totalCents,
        currency: 'aud',
        idempotencyKey: `order-${orderId}`,
        customerEmail: customer.email,
        description: `${this.config.shop.brandName} order #${orderId}`,
      });
    } catch (error) {
      this.logger.error({ msg: 'payment intent not created', orderId, error: error instanceof Error ? error.message : String(error) });
      await this.abandon(orderId, reserved, 'payment_provider_error', error instanceof Error ? error.message : String(error), cause);
      throw new BadGatewayException({ message: PAYMENT_PROVIDER_UNAVAILABLE, code: 'payment_provider_error' });
    }

    await this.pipeline.run({
      streamName: paymentStreamName(intent.id),
      decider: paymentDecider,
      command: {
        type: 'RecordPaymentIntentCreated',
        backup: {
          paymentIntentId: intent.id,
          orderId,
          provider: this.gateway.mode,
          clientSecretDigest: clientSecretDigest(intent.clientSecret),
          customer: { name: customer.name, email: customer.email },
          items: order.items.map((item) => ({
            productId: item.productId,
            productName: item.productName,
            packSize: item.packSize,
            quantity: item.quantity,
            packs: item.packs,
            unitPriceCents: item.unitPriceCents,
            lineTotalCents: item.lineTotalCents,
          })),
          subtotalCents: order.subtotalCents,
          shippingCents: order.shippingCents,
          totalCents: order.totalCents,
          currency: 'aud',
          createdAt: order.placedAt,
        },
      },
      metadata: metadataFor(cause, this.clock),
    });
    await this.pipeline.run({
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: { type: 'AttachPaymentIntent', paymentIntentId: intent.id },
      metadata: metadataFor(cause, this.clock),
    });
    if (signal.aborted) {
      // Nobody will ever see this client secret: end the checkout now rather than hold its cans to expiry.
      await this.cancellation.end(orderId, 'checkout_cancelled', cause);
      throw new CheckoutAbandonedError();
    }

    return {
      clientSecret: intent.clientSecret,
      paymentIntentId: intent.id,
      orderId,
      amount: intent.amountCents,
      currency: 'aud',
      totals: {
        subtotal: decimalString(order.subtotalCents),
        shipping: decimalString(order.shippingCents),
        gstIncluded: decimalString(order.gstCents),
        total: decimalString(order.totalCents),
      },
      reservationExpiresAt,
    };
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
      metadata: metadataFor(cause, this.clock),
    });
  }
}
