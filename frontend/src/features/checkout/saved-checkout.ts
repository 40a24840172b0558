import type { CustomerInfo, Fulfilment } from '@brewery/shop-rules';
import { DELIVERY, isFulfilmentMethod, isOpenPickupDate, normaliseDiscountCode } from '@brewery/shop-rules';
import type { CheckoutOpened } from './api/create-payment-intent';
import type { CustomerFormValues } from './customer-info-form';

/** What the customer typed, kept for the tab's session: a reload shows it again. */
const DETAILS_KEY = 'checkoutDetails';
/** The pending checkout this tab opened (its payment intent and the pack it priced), until its hold ends. */
const PAYMENT_KEY = 'checkoutPayment';
/** The discount code the customer applied: shown again after a reload, and checked again there. */
const DISCOUNT_CODE_KEY = 'checkoutDiscountCode';

export interface SavedPayment {
  intent: CheckoutOpened;
  customer: CustomerInfo;
  fulfilment: Fulfilment;
  /** The pack the server priced; a different pack needs a new payment. */
  cartKey: string;
}

function read(key: string): unknown {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused (a private window): the checkout works, a reload just starts afresh.
  }
}

/**
 * The details kept for this tab, with the choice to collect; a collection day that has closed since (its Friday
 * noon has passed) is dropped, for the customer to choose another.
 */
export function savedDetails(now: Date): Partial<CustomerFormValues> | null {
  const saved = read(DETAILS_KEY);
  if (typeof saved !== 'object' || saved === null) return null;
  return Object.fromEntries(
    Object.entries(saved).filter(([field, value]) => {
      if (typeof value !== 'string') return false;
      if (field === 'fulfilment') return isFulfilmentMethod(value);
      if (field === 'pickupDate') return isOpenPickupDate(value, now);
      return true;
    }),
  );
}

export function saveDetails(values: Partial<CustomerFormValues>): void {
  write(DETAILS_KEY, values);
}

/** The code applied before a reload (only its shape is trusted here: the server checks it again), or null. */
export function savedDiscountCode(): string | null {
  return normaliseDiscountCode(read(DISCOUNT_CODE_KEY));
}

export function saveDiscountCode(code: string | null): void {
  write(DISCOUNT_CODE_KEY, code);
}

/** The pending checkout to resume for this pack, or null (none, another pack, or its hold has ended). */
export function savedPayment(cartKey: string, now: number): SavedPayment | null {
  const saved = read(PAYMENT_KEY) as SavedPayment | null;
  if (saved === null || typeof saved !== 'object' || saved.cartKey !== cartKey) return null;
  const endsAt = saved.intent?.holdEndsAt;
  if (typeof endsAt !== 'number' || endsAt <= now || typeof saved.intent.clientSecret !== 'string') return null;
  // Kept before collections were offered: a delivery.
  return { ...saved, fulfilment: saved.fulfilment ?? DELIVERY };
}

/** The checkout this tab last opened, whatever its pack and hold (to tell whether it was paid meanwhile), or null. */
export function lastPaymentOfTab(): SavedPayment | null {
  const saved = read(PAYMENT_KEY) as SavedPayment | null;
  if (saved === null || typeof saved !== 'object') return null;
  const { paymentIntentId, clientSecret } = saved.intent ?? {};
  return typeof paymentIntentId === 'string' && typeof clientSecret === 'string' ? saved : null;
}

export function savePayment(payment: SavedPayment | null): void {
  write(PAYMENT_KEY, payment);
}

/**
 * Browser-wide (local storage, seen by every tab): the checkout some tab of this browser paid last, so that a tab
 * whose pack was emptied by that purchase shows it rather than a complaint about the pack; and the last checkout
 * a tab opened, so the other tabs look again at their own (a newer checkout from the same browser replaces it).
 */
const PAID_KEY = 'checkoutPaid';
const OPENED_KEY = 'checkoutOpened';
/** The keys whose change in another tab makes a checkout page look at its own payment again. */
export const CHECKOUT_BROADCAST_KEYS: readonly string[] = [PAID_KEY, OPENED_KEY];
/** How long a purchase in another tab explains an emptied pack. */
const PAID_ELSEWHERE_MS = 30 * 60_000;

export interface PaidCheckout {
  paymentIntentId: string;
  clientSecret: string;
  orderId: string | null;
  /** The pack it bought (as a checkout keys it), when known. */
  cartKey: string | null;
  /** Epoch ms when this browser saw it paid. */
  at: number;
}

function readShared(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function writeShared(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused: each tab still learns from the server when it looks again.
  }
}

/** A tab of this browser paid (or its card went through): the others may show that order. */
export function rememberPaid(
  payment: { id: string; clientSecret: string },
  orderId: string | null,
  cartKey: string | null,
  at: number,
): void {
  writeShared(PAID_KEY, { paymentIntentId: payment.id, clientSecret: payment.clientSecret, orderId, cartKey, at } satisfies PaidCheckout);
}

/** The checkout a tab of this browser paid within the last half hour, or null. */
export function recentlyPaidCheckout(now: number): PaidCheckout | null {
  const saved = readShared(PAID_KEY) as Partial<PaidCheckout> | null;
  if (saved === null || typeof saved !== 'object') return null;
  const { paymentIntentId, clientSecret, orderId, cartKey, at } = saved;
  if (typeof paymentIntentId !== 'string' || typeof clientSecret !== 'string' || typeof at !== 'number') return null;
  if (now - at > PAID_ELSEWHERE_MS || at > now + 60_000) return null;
  return {
    paymentIntentId,
    clientSecret,
    orderId: typeof orderId === 'string' ? orderId : null,
    cartKey: typeof cartKey === 'string' ? cartKey : null,
    at,
  };
}

/** The paid pack has left the cart (the order result emptied it): the same pack chosen again is a new purchase. */
export function forgetPaidPack(): void {
  const saved = readShared(PAID_KEY);
  if (saved !== null && typeof saved === 'object') writeShared(PAID_KEY, { ...saved, cartKey: null });
}

/** This tab opened a checkout: the other tabs look again at theirs (the server may have replaced it). */
export function announceCheckoutOpened(paymentIntentId: string, at: number): void {
  writeShared(OPENED_KEY, { paymentIntentId, at });
}

/** The order is paid (or the checkout is over): nothing of it is kept. */
export function forgetCheckout(): void {
  write(PAYMENT_KEY, null);
  write(DETAILS_KEY, null);
  write(DISCOUNT_CODE_KEY, null);
}
