import type { Fulfilment } from '@brewery/shop-rules';
import type { PaymentIntentCreatedData, PaymentProvider } from './payment.events';

/** The order as its payment's backup keeps it (what the operator recovers an order from). */
export interface BackedUpOrder {
  orderId: string;
  customer: { name: string; email: string };
  items: readonly {
    productId: string;
    productName: string;
    packSize: PaymentIntentCreatedData['items'][number]['packSize'];
    quantity: number;
    packs: number;
    unitPriceCents: number;
    lineTotalCents: number;
  }[];
  subtotalCents: number;
  shippingCents: number;
  discount?: { code: string; cents: number };
  totalCents: number;
  fulfilment?: Fulfilment;
  placedAt: string;
}

/** The backup recorded with a payment intent opened for an order (a checkout's, or a club run's). */
export function paymentBackupOf(
  order: BackedUpOrder,
  intent: { paymentIntentId: string; provider: PaymentProvider; clientSecretDigest: string },
): PaymentIntentCreatedData {
  return {
    ...intent,
    orderId: order.orderId,
    customer: { name: order.customer.name, email: order.customer.email },
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
    ...(order.discount === undefined ? {} : { discount: { code: order.discount.code, cents: order.discount.cents } }),
    totalCents: order.totalCents,
    ...(order.fulfilment === undefined ? {} : { fulfilment: order.fulfilment }),
    currency: 'aud',
    createdAt: order.placedAt,
  };
}
