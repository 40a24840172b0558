import type { CartLine, OrderSummary } from '@brewery/shop-rules';
import {
  cartSubtotalCents,
  cartTotalCans,
  centsToDollars,
  formatPrice,
  lineTotal,
  quantityText,
  validatePack,
  DISPATCH_DAYS_SHORT,
} from '@brewery/shop-rules';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { ProductPicture } from '@/shared/ui/product-picture';
import { PickupTexts } from './checkout-messages';
import { collectionLine, type OrderDestination } from './checkout-summary';
import { DiscountTexts, type SummaryDiscount } from './use-discount-code';

export interface OrderSummaryCardProps {
  lines: readonly CartLine[];
  /** Delivery to the state chosen so far, or collection on the Saturday chosen so far. */
  destination: OrderDestination;
  /** The order priced by the shared rules; null until it can be (no state, or no collection day, yet). */
  summary: OrderSummary | null;
  /** The cellar door's address (the shop's own), once the shop's details have loaded. */
  cellarDoorAddress: string | null;
  /** The discount code that applies and what it takes off, as the shop priced it; null: none. */
  discount?: SummaryDiscount | null;
  /** Under the totals: the discount code's field. */
  children?: ReactNode;
}

/** "−$4.80": a minus sign, not a hyphen. */
function minus(cents: number): string {
  return `\u2212${formatPrice(centsToDollars(cents))}`;
}

export const DISPATCH_NOTE = `* Dispatched ${DISPATCH_DAYS_SHORT} from Perth brewery`;

/** What the customer is buying and what it costs, every figure from the shared rules. */
export function OrderSummaryCard({ lines, destination, summary, cellarDoorAddress, discount = null, children }: OrderSummaryCardProps) {
  const totalCans = cartTotalCans(lines);
  // The lines' own prices, as listed above (the shared rules price the same lines, to the cent).
  const subtotalCents = cartSubtotalCents(lines);
  const subtotal = centsToDollars(subtotalCents);
  const validation = validatePack(totalCans);
  const pickup = destination.method === 'pickup';
  // A collection is never charged shipping, whichever Saturday is chosen.
  const shippingCents = summary?.shippingCents ?? (pickup ? 0 : null);
  // Free shipping before the shop priced the order takes the shipping off, whatever it turns out to be: nothing
  // to add for shipping, and once this summary knows the shipping, that is what comes off.
  const freeShipping = discount !== null && discount.cents === null;
  const discountCents = discount === null ? 0 : (discount.cents ?? shippingCents ?? 0);
  const totalCents = Math.max(0, subtotalCents + (shippingCents ?? 0) - discountCents);

  return (
    <Card title="Order Summary" className="checkout__card checkout-summary" data-testid="order-summary">
      <ul className="checkout-summary__lines" aria-label="Beers in your order">
        {lines.map((line) => (
          <li key={`${line.productId}-${line.packSize}`} className="checkout-summary__line">
            {line.imageUrl ? (
              <ProductPicture src={line.imageUrl} sizes="32px" alt="" width={32} height={52} className="checkout-summary__thumb" />
            ) : null}
            <div className="checkout-summary__line-text">
              <span className="checkout-summary__name">{line.name}</span>
              <span className="checkout-summary__count">{quantityText(line)}</span>
            </div>
            <span className="checkout-summary__price">{formatPrice(lineTotal(line))}</span>
          </li>
        ))}
      </ul>

      <dl className="checkout-summary__totals">
        <div className="checkout-summary__row" data-testid="summary-subtotal">
          <dt>Subtotal ({totalCans} cans)</dt>
          <dd>{formatPrice(subtotal)}</dd>
        </div>
        <div className="checkout-summary__row" data-testid="summary-shipping">
          {pickup ? (
            <>
              <dt>Shipping (cellar door collection)</dt>
              <dd>{formatPrice(centsToDollars(shippingCents ?? 0))}</dd>
            </>
          ) : destination.state !== null && summary !== null ? (
            <>
              <dt>
                Shipping to {destination.state}
                {summary.shipping.isPerthMetro ? ' (Perth Metro)' : ''}
              </dt>
              <dd>{formatPrice(summary.shipping.cost)}</dd>
            </>
          ) : (
            <>
              <dt>Shipping</dt>
              <dd className="checkout-summary__pending">Choose your state to see shipping</dd>
            </>
          )}
        </div>
        {discount === null ? null : (
          <div className="checkout-summary__row checkout-summary__row--discount" data-testid="summary-discount">
            <dt>{DiscountTexts.summaryLabel(discount.code, discount.description)}</dt>
            <dd>{freeShipping && discountCents === 0 ? 'Free shipping' : minus(discountCents)}</dd>
          </div>
        )}
        <div className="checkout-summary__row checkout-summary__row--total" data-testid="summary-total">
          <dt>Total</dt>
          <dd>
            {shippingCents === null && !freeShipping
              ? `${formatPrice(centsToDollars(totalCents))} + shipping`
              : formatPrice(centsToDollars(totalCents))}
          </dd>
        </div>
      </dl>
      {children}

      {validation.isValid ? <p className="checkout-summary__complete">✓ Complete {totalCans}-pack</p> : null}
      {destination.method === 'pickup' ? (
        <>
          <p className="checkout-summary__collection" data-testid="summary-collection">
            {destination.pickupDate === null ? PickupTexts.noDayYet : collectionLine(destination.pickupDate, cellarDoorAddress)}
          </p>
          <p className="checkout-summary__photo-id">{PickupTexts.photoId}</p>
        </>
      ) : (
        <>
          <p className="checkout-summary__delivery" data-testid="summary-delivery">
            Estimated delivery: {summary === null ? 'choose your state to see it' : summary.shipping.estimatedDelivery}
          </p>
          <p className="checkout-summary__dispatch">{DISPATCH_NOTE}</p>
        </>
      )}
    </Card>
  );
}
