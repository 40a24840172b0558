import {
  type AppliedDiscount,
  beerDiscountCents,
  decimalString,
  discountLabel,
  type FulfilmentMethod,
  type PackQuantity,
  type PackSize,
  perthDayOf,
  type PerthDay,
} from '@brewery/shop-rules';
import { compareNumbered, compareText } from '../../../shared-kernel/collation';
import { orderNumberFrom } from '../../../shared-kernel/order-number';

/** What a sales line needs from one item of an order, as OrderPlaced priced it. */
export interface SoldItem {
  /** `<orderId>-<line number>`. */
  id: string;
  productId: string;
  productName: string;
  style: string;
  packSize: PackSize;
  packQuantity: PackQuantity;
  /** Cans for single lines, packs otherwise. */
  packs: number;
  /** Cans. */
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

/** One item of a paid order: a row of the sales report and of its CSV (a type, so it can be a stored document). */
export type SalesLine = {
  id: string;
  orderId: string;
  /** `Order #N`; null only for an order id that is not a sequence number. */
  orderNumber: number | null;
  /** 1-based position of the item inside its order. */
  line: number;
  /** When the payment succeeded (ISO-8601). */
  paidAt: string;
  /** The Perth day of `paidAt`: the day the sale counts for. */
  date: PerthDay;
  productId: string;
  productName: string;
  style: string;
  packSize: PackSize;
  packQuantity: PackQuantity;
  packs: number;
  /** Cans. */
  quantity: number;
  /** Price of one unit in cents (a can for singles, a whole pack otherwise). */
  unitPriceCents: number;
  lineTotalCents: number;
  /** A refund of the order's payment: a negative line, no beer and no cans (absent on sales). */
  refund?: true;
  /**
   * What the order's discount code took off its beer: a negative line, no beer and no cans, on the day the order was
   * paid (absent on sales). The item lines stay undiscounted, so item lines - discounts - refunds = revenue.
   */
  discount?: true;
  /** Posted or collected at the cellar door (absent on lines kept before pickups, and on refunds: delivery). */
  fulfilment?: FulfilmentMethod;
};

/** A sales line as the report answers it: its money also written in dollars ("22.00", "-10.50" for a refund). */
export type SalesReportLineView = SalesLine & { unitPrice: string; lineTotal: string };

export function salesReportLineOf(line: SalesLine): SalesReportLineView {
  return { ...line, unitPrice: decimalString(line.unitPriceCents), lineTotal: decimalString(line.lineTotalCents) };
}

/** The order's number as the report shows it (`Order #N`), read as every order number is; null for any other id. */
export function orderNumberOf(orderId: string): number | null {
  const number = orderNumberFrom(orderId);
  return number === null ? null : Number(number);
}

/** The sales lines of an order once it is paid: one per item, dated by the Perth day of the payment. */
export function salesLinesOf(
  orderId: string,
  items: readonly SoldItem[],
  paidAt: string,
  fulfilment: FulfilmentMethod = 'delivery',
): SalesLine[] {
  const date = perthDayOf(paidAt);
  const orderNumber = orderNumberOf(orderId);
  return items.map((item, index) => ({
    id: item.id,
    orderId,
    orderNumber,
    line: index + 1,
    paidAt,
    date,
    productId: item.productId,
    productName: item.productName,
    style: item.style,
    packSize: item.packSize,
    packQuantity: item.packQuantity,
    packs: item.packs,
    quantity: item.quantity,
    unitPriceCents: item.unitPriceCents,
    lineTotalCents: item.lineTotalCents,
    fulfilment,
  }));
}

/**
 * A refund as a sales line: negative, on the Perth day it was made, under its order, with no beer and no cans,
 * so the period's revenue is what the shop kept. Its line number follows the order's items (1000 + n).
 */
export function refundLineOf(
  orderId: string,
  refund: { refundId: string; amountCents: number; note: string; at: string; nth: number },
): SalesLine {
  return {
    id: `${orderId}-refund-${refund.refundId}`,
    orderId,
    orderNumber: orderNumberOf(orderId),
    line: 1000 + refund.nth,
    paidAt: refund.at,
    date: perthDayOf(refund.at),
    productId: '',
    productName: refund.note === '' ? 'Refund' : `Refund: ${refund.note}`,
    style: '',
    packSize: 'single',
    packQuantity: 1,
    packs: 0,
    quantity: 0,
    unitPriceCents: -refund.amountCents,
    lineTotalCents: -refund.amountCents,
    refund: true,
  };
}

/**
 * What an order's discount code took off its beer, as a sales line: negative, on the day the order was paid, under
 * its order, after its items, with no beer and no cans; its code and offer in the beer's place. Null when the code
 * took nothing off the beer (free shipping comes off the shipping, which the report does not count; no code).
 */
export function discountLineOf(
  orderId: string,
  discount: AppliedDiscount | null | undefined,
  paidAt: string,
  itemCount: number,
): SalesLine | null {
  const cents = beerDiscountCents(discount);
  if (discount === null || discount === undefined || cents <= 0) return null;
  return {
    id: `${orderId}-discount`,
    orderId,
    orderNumber: orderNumberOf(orderId),
    line: itemCount + 1,
    paidAt,
    date: perthDayOf(paidAt),
    productId: '',
    productName: discountLabel(discount),
    style: '',
    packSize: 'single',
    packQuantity: 1,
    packs: 0,
    quantity: 0,
    unitPriceCents: -cents,
    lineTotalCents: -cents,
    discount: true,
  };
}

/** Report order: by payment time, then order, then line. */
export function compareSalesLines(a: SalesLine, b: SalesLine): number {
  return compareText(a.paidAt, b.paidAt) || compareNumbered(a.orderId, b.orderId) || a.line - b.line;
}
