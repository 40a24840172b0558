import type { CartLine, ShippingResult } from '@brewery/shop-rules';
import {
  cartSubtotalCents,
  cartTotalCans,
  centsToDollars,
  formatPrice,
  lineTotal,
  quantityText,
  toCents,
  validatePack,
  DISPATCH_DAYS_SHORT,
} from '@brewery/shop-rules';
import { Card } from 'antd';
import { ProductPicture } from '@/shared/ui/product-picture';

export interface OrderSummaryCardProps {
  lines: readonly CartLine[];
  /** The chosen state, once there is one. */
  state: string | null;
  /** Shipping for that state and postcode; null until a state is chosen. */
  shipping: ShippingResult | null;
}

export const DISPATCH_NOTE = `* Dispatched ${DISPATCH_DAYS_SHORT} from Perth brewery`;

/** What the customer is buying and what it costs, every figure from the shared rules. */
export function OrderSummaryCard({ lines, state, shipping }: OrderSummaryCardProps) {
  const totalCans = cartTotalCans(lines);
  const subtotalCents = cartSubtotalCents(lines);
  const subtotal = centsToDollars(subtotalCents);
  const validation = validatePack(totalCans);

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
          {state !== null && shipping !== null ? (
            <>
              <dt>
                Shipping to {state}
                {shipping.isPerthMetro ? ' (Perth Metro)' : ''}
              </dt>
              <dd>{formatPrice(shipping.cost)}</dd>
            </>
          ) : (
            <>
              <dt>Shipping</dt>
              <dd className="checkout-summary__pending">Choose your state to see shipping</dd>
            </>
          )}
        </div>
        <div className="checkout-summary__row checkout-summary__row--total" data-testid="summary-total">
          <dt>Total</dt>
          <dd>
            {shipping === null
              ? `${formatPrice(subtotal)} + shipping`
              : formatPrice(centsToDollars(subtotalCents + toCents(shipping.cost)))}
          </dd>
        </div>
      </dl>

      {validation.isValid ? <p className="checkout-summary__complete">✓ Complete {totalCans}-pack</p> : null}
      <p className="checkout-summary__delivery" data-testid="summary-delivery">
        Estimated delivery: {shipping === null ? 'choose your state to see it' : shipping.estimatedDelivery}
      </p>
      <p className="checkout-summary__dispatch">{DISPATCH_NOTE}</p>
    </Card>
  );
}
