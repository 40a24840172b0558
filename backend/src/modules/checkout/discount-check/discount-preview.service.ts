import { Inject, Injectable } from '@nestjs/common';
import {
  decimalString,
  gstIncludedCents,
  isShippingState,
  perthDayOf,
  type DiscountCheckResponse,
  type Fulfilment,
} from '@brewery/shop-rules';
import { CLOCK, type Clock } from '../../../platform/clock';
import { DomainError } from '../../../shared-kernel/domain-error';
import { CatalogStock, type ProductSnapshot } from '../../catalog';
import { DiscountCodes } from '../../discounts';
import { ClubMembers } from '../../club';
import { chosenFulfilment, OrderStreams } from '../../orders';
import { earlierCheckoutsFacing } from '../checkout-admission/earlier-checkouts';
import { CheckoutAdmission } from '../checkout-admission/checkout-admission.service';
import type { CheckoutClient } from '../checkout-admission/checkout-holder';
import { priceCheckout, type PricedCheckout } from '../domain/checkout-pricing';
import type { DiscountCheckRequest } from '../checkout/create-payment-intent.request.dto';

/**
 * "Have a code?": what a code would take off this cart, priced on the server exactly as the checkout prices it,
 * with nothing held or recorded. The shipping (and so the total) is known once the address or a pickup is; before
 * that the code is priced on the beers alone.
 */
@Injectable()
export class DiscountPreview {
  constructor(
    private readonly stock: CatalogStock,
    private readonly discounts: DiscountCodes,
    private readonly admission: CheckoutAdmission,
    private readonly orders: OrderStreams,
    private readonly club: ClubMembers,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * `client`: who asks; the uses their own earlier checkouts hold (the ones a checkout from them now would replace)
   * count as theirs, as the checkout counts them.
   */
  async check(request: DiscountCheckRequest, client: Pick<CheckoutClient, 'address' | 'browserToken'>): Promise<DiscountCheckResponse> {
    const code = this.discounts.codeOf(request.code);
    const now = this.clock.now();
    const at = now.toISOString();
    const products = new Map<string, ProductSnapshot | null>();
    for (const productId of new Set(request.cartItems.map((line) => line.productId))) {
      products.set(productId, await this.stock.snapshot(productId, at));
    }
    const fulfilment = chosenFulfilment(request.fulfilment, now);
    const state = request.customerInfo?.state?.trim().toUpperCase() ?? '';
    const address = { state: isShippingState(state) ? state : 'WA', postCode: request.customerInfo?.postCode?.trim() ?? '' };
    const email = request.customerInfo?.email?.trim() ?? '';
    // A member's cart may hold a beer open to members early, priced as their checkout will price it.
    const token = request.memberToken?.trim() ?? '';
    const member =
      token !== '' &&
      (await this.club.earlyAccess(token, email).then(
        () => true,
        () => false,
      ));
    let priced: PricedCheckout | null = null;
    if (fulfilment.method === 'pickup' || (isShippingState(state) && address.postCode !== '')) {
      try {
        priced = priceCheckout(request.cartItems, products, address, fulfilment, now, member);
      } catch (error) {
        // An address still being typed prices as unknown; anything else about the cart is said as the checkout says it.
        if (!(error instanceof DomainError) || error.code !== 'invalid_cart') throw error;
      }
    }
    const shippingKnown = priced !== null;
    const beersOnly: Fulfilment = { method: 'pickup', pickupDate: perthDayOf(now) };
    priced ??= priceCheckout(request.cartItems, products, address, beersOnly, now, member);
    const discount = await this.discounts.price(code, {
      at,
      lines: priced.summary.lines.map(({ productId, lineTotalCents, quantity }) => ({ productId, lineTotalCents, quantity })),
      shippingCents: shippingKnown ? priced.summary.shippingCents : null,
      email: email === '' ? null : email,
      replacing: await this.ownEarlierCheckouts(client, email),
    });
    const totalCents = priced.summary.totalCents - discount.cents;
    // (Before the shipping is known a free-shipping code takes nothing yet: its figure comes with the address.)
    return {
      code: discount.code,
      kind: discount.kind,
      description: discount.description,
      discount: decimalString(discount.cents),
      subtotal: decimalString(priced.summary.subtotalCents),
      shippingCost: shippingKnown ? decimalString(priced.summary.shippingCents) : null,
      totalAmount: shippingKnown ? decimalString(totalCents) : null,
      gstIncluded: shippingKnown ? decimalString(gstIncludedCents(totalCents)) : null,
    };
  }

  /** The checkouts a checkout from this client now would replace: their uses are the customer's own. */
  private async ownEarlierCheckouts(client: Pick<CheckoutClient, 'address' | 'browserToken'>, email: string): Promise<string[]> {
    const holder = this.admission.holderOf(client);
    const { replacing } = await earlierCheckoutsFacing(this.orders, await this.admission.earlierCheckouts(holder), { ...holder, email });
    return replacing.map((order) => order.order.orderId);
  }
}
