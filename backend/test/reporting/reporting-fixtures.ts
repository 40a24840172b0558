import type { EventStore } from '@brewery/eventstore';
import { PACK_QUANTITY, type AppliedDiscount, type PackSize } from '@brewery/shop-rules';
import type { OrderEvent, OrderItem, OrderPlacedData } from '../../src/modules/orders/domain/order.events';
import { EVENT_STORE } from '../../src/platform/persistence/persistence.tokens';
import { customer } from '../checkout/checkout-fixtures';
import type { TestApp } from '../create-test-app';

export interface BeerForm {
  name: string;
  style: string;
  description: string;
  abv: number;
  price: string;
  price4Pack: string | null;
  price8Pack: string | null;
  price16Pack: string | null;
  inventory: number;
  imageUrl: string;
  enable4Pack: boolean;
  enable8Pack: boolean;
  enable16Pack: boolean;
  beerType: string | null;
  isActive: boolean;
  archived: boolean;
}

export function beerForm(name: string, changes: Partial<BeerForm> = {}): BeerForm {
  return {
    name,
    style: 'Pale Ale',
    description: `${name}, brewed in Osborne Park`,
    abv: 4.8,
    price: '6.50',
    price4Pack: '24.00',
    price8Pack: '44.00',
    price16Pack: '84.00',
    inventory: 100,
    imageUrl: '/cans/beer.svg',
    enable4Pack: true,
    enable8Pack: true,
    enable16Pack: true,
    beerType: null,
    isActive: true,
    archived: false,
    ...changes,
  };
}

export type Auth = { Authorization: string };

export async function adminAuth(t: TestApp): Promise<Auth> {
  return { Authorization: `Bearer ${await t.adminToken()}` };
}

/** Adds a product through the admin's own route. */
export async function createProduct(t: TestApp, form: BeerForm): Promise<string> {
  const res = await t
    .http()
    .post('/api/admin/products')
    .set(await adminAuth(t))
    .send(form)
    .expect(201);
  return (res.body as { id: string }).id;
}

// The same customer as the checkout tests: one Perth address the shipping rules know.
export { customer };

export interface CartPick {
  productId: string;
  form: BeerForm;
  packSize: PackSize;
  packs: number;
}

/** A cart line as the browser sends it: the price per can for singles, the whole line for packs. */
function cartLine({ productId, form, packSize, packs }: CartPick) {
  const unit =
    packSize === 'single' ? form.price : { '4pack': form.price4Pack, '8pack': form.price8Pack, '16pack': form.price16Pack }[packSize];
  const unitCents = Math.round(Number(unit) * 100);
  return {
    productId,
    name: form.name,
    quantity: packs * PACK_QUANTITY[packSize],
    price: packSize === 'single' ? unitCents / 100 : (unitCents * packs) / 100,
    packSize,
    packQuantity: PACK_QUANTITY[packSize],
  };
}

/** Checks out through the shop's route; the order stays pending until its payment is confirmed. */
export async function checkout(t: TestApp, picks: CartPick[]): Promise<{ orderId: string; paymentIntentId: string; clientSecret: string }> {
  const res = await t
    .http()
    .post('/api/create-payment-intent')
    .send({ cartItems: picks.map(cartLine), customerInfo: customer });
  if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { orderId: string; paymentIntentId: string; clientSecret: string };
}

/** Pays a checkout with a test card through the local gateway, as the browser's card form does. */
export async function pay(
  t: TestApp,
  order: { paymentIntentId: string; clientSecret: string },
  cardNumber = '4242 4242 4242 4242',
): Promise<void> {
  await t
    .http()
    .post(`/api/test-gateway/payment-intents/${order.paymentIntentId}/confirm`)
    .send({ cardNumber, clientSecret: order.clientSecret })
    .expect(200);
}

export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 15000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting for a condition');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function eventStoreOf(t: TestApp): EventStore {
  return t.app.get<EventStore>(EVENT_STORE);
}

export function orderItem(orderId: string, n: number, item: Partial<OrderItem> & Pick<OrderItem, 'productId' | 'productName'>): OrderItem {
  return {
    id: `${orderId}-${n}`,
    style: 'Pale Ale',
    abv: 4.8,
    packSize: 'single',
    packQuantity: 1,
    packs: 4,
    quantity: 4,
    unitPriceCents: 650,
    lineTotalCents: 2600,
    ...item,
  };
}

/**
 * Records an order on its stream as the ordering module does, for sales at exact instants (the local test
 * gateway dates payments by the wall clock). `paidAt: null` leaves it pending; `cancelled` cancels it. With a
 * `discount`, the order is priced with that code ($10.00 shipping, less the discount); with an `invoiceNumber`,
 * a paid order is numbered as the payment process numbers it.
 */
export async function recordOrder(
  t: TestApp,
  orderId: string,
  items: OrderItem[],
  outcome: { paidAt: string } | 'pending' | 'cancelled',
  priced: { discount?: AppliedDiscount; invoiceNumber?: string } = {},
): Promise<void> {
  const subtotal = items.reduce((sum, i) => sum + i.lineTotalCents, 0);
  const total = subtotal + 1000 - (priced.discount?.cents ?? 0);
  const placed: OrderPlacedData = {
    orderId,
    customer: { ...customer, addressLine2: null, state: 'WA' },
    items,
    subtotalCents: subtotal,
    shippingCents: 1000,
    ...(priced.discount === undefined ? {} : { discount: priced.discount }),
    totalCents: total,
    gstCents: Math.round(total / 11),
    totalCans: items.reduce((sum, i) => sum + i.quantity, 0),
    estimatedDelivery: '3-5 business days',
    isPerthMetro: true,
    reservationExpiresAt: '2026-11-22T02:00:00.000Z',
    placedAt: '2026-11-22T01:30:00.000Z',
  };
  const events: OrderEvent[] = [{ type: 'OrderPlaced', data: placed }];
  if (outcome === 'cancelled') events.push({ type: 'OrderCancelled', data: { reason: 'payment_provider_error', detail: 'test' } });
  else if (outcome !== 'pending')
    events.push({
      type: 'OrderPaid',
      data: { paymentIntentId: `pi_test_${orderId}`, amountCents: total, paidAt: outcome.paidAt },
    });
  if (priced.invoiceNumber !== undefined && typeof outcome === 'object')
    events.push({ type: 'InvoiceNumberAssigned', data: { invoiceNumber: priced.invoiceNumber } });
  await eventStoreOf(t).append(
    `order-${orderId}`,
    events.map((e) => ({
      type: e.type,
      data: e.data,
      metadata: { correlationId: `test-${orderId}`, causationId: null, actor: 'customer' as const, occurredAt: placed.placedAt },
    })),
    { expectedRevision: 'no_stream' },
  );
}
