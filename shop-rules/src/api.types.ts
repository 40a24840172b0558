import type { Fulfilment } from './fulfilment';
import type { OrderStatus } from './order-status';

/** Shapes of the HTTP API that the browser and the server share. */

/** `GET /api/config`: the runtime settings the browser needs. */
export interface PublicConfig {
  brandName: string;
  shopEmail: string;
  /** 'stripe' when Stripe keys are configured, otherwise the local test gateway. */
  paymentMode: 'stripe' | 'test';
  /** Stripe publishable key; null in test mode. */
  stripePublishableKey: string | null;
  address: string;
  liquorLicence: {
    number: string;
    licenceClass: string;
    licensee: string;
    premises: string;
  };
  social: { label: string; url: string }[];
}

/** `GET /api/products/{id}`: what the pre-payment line check reads. */
export interface ProductAvailability {
  id: string;
  name: string;
  isActive: boolean;
  inventory: number;
  /** When the beer goes on sale (ISO-8601), as the product list says; null: on sale whenever it is live. */
  releaseAt: string | null;
}

/** Body of an error response from the API. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  code?: string;
  /** For a form's refusal: each field refused (by its name in the request) with what to do, in plain words. */
  fields?: Record<string, string>;
}

/**
 * One order a bulk action on orders left alone: `code` from the error catalogue, `reason` in the operator's words,
 * naming the order ("Order #246 is collected at the cellar door, so it is never shipped").
 */
export interface BulkSkippedOrder {
  orderId: string;
  code: string;
  reason: string;
}

/**
 * What every bulk action on orders (`POST /api/admin/orders/bulk-status`, `/api/admin/shipping-labels/bulk`,
 * `/api/admin/pick-list`) answers beside its own fields: the orders it applied to and those it skipped, each in
 * the order given. Every order asked for is in one of the two.
 */
export interface BulkResult {
  applied: string[];
  skipped: BulkSkippedOrder[];
}

/**
 * A bulk print (labels, packing slips, pick list) answered as JSON (`Accept: application/json`): what was done
 * in words, and the file made of the orders it applied to (base64), or null when none could be.
 */
export interface BulkFileResult extends BulkResult {
  message: string;
  file: { name: string; type: string; base64: string } | null;
}

/**
 * `POST /api/order-status`, `GET /api/order-status/:token`: what the customer sees of their order, with no street
 * address, phone or e-mail address.
 */
export interface OrderStatusView {
  orderNumber: string;
  status: OrderStatus;
  statusLabel: string;
  placedAt: string;
  paidAt: string | null;
  items: { name: string; packSize: string; packLabel: string; packs: number; cans: number; lineTotal: string }[];
  subtotal: string;
  shipping: string;
  gstIncluded: string;
  total: string;
  /** Given back to the customer so far, in dollars, or null. */
  refunded: string | null;
  estimatedDelivery: string;
  /** The suburb, state and postcode it goes to (the street stays off the page); for a pickup, the cellar door. */
  deliverTo: string;
  /** Posted, or collected at the cellar door on a Saturday (then `estimatedDelivery` says when). */
  fulfilment: Fulfilment;
  trackingReference: string | null;
  trackingUrl: string | null;
  /** The payment intent id after its first underscore, as the success page showed it; null until paid. */
  paymentReference: string | null;
  invoiceNumber: string | null;
  /** The tax invoice as PDF, once paid. */
  invoiceUrl: string | null;
  /** This page's signed address, to come back without typing. */
  statusUrl: string;
}

/**
 * `POST /api/admin/gst-summary`: a period's GST for the BAS, what was sold (paid in the period) and what was
 * given back (refunded in it); days are Perth days, `YYYY-MM-DD`.
 */
export interface GstSummary {
  startDate: string;
  endDate: string;
  /** Orders paid in the period. */
  paidOrders: number;
  /** What they were paid, GST included, shipping included. */
  sales: string;
  gstOnSales: string;
  /** Refunds made in the period (whenever their order was paid). */
  refunds: string;
  gstOnRefunds: string;
  netSales: string;
  netGst: string;
}

/** One of a customer's orders, as `GET /api/admin/customers/{email}` lists them (newest first). */
export interface CustomerOrderRow {
  id: string;
  status: OrderStatus;
  createdAt: string;
  paidAt: string | null;
  /** Dollars: the order's total, and what has been given back of it. */
  totalAmount: string;
  refundedAmount: string;
  totalCans: number;
}

/**
 * `GET /api/admin/customers/{email}`: everything the shop has sold to one e-mail address (any case), in the
 * admin's lists (deleted and abandoned checkouts left out). `totalSpent` is what paid orders took less refunds.
 */
export interface CustomerView {
  email: string;
  /** As the newest order has them. */
  name: string;
  phone: string;
  orderCount: number;
  paidOrderCount: number;
  totalSpent: string;
  firstOrderAt: string;
  lastOrderAt: string;
  orders: CustomerOrderRow[];
}

/** `GET /api/admin/summary`: what the operator sees above the admin's tabs, refreshed every 30 seconds. */
export interface AdminSummary {
  /** The Perth day it was read on. */
  today: string;
  /** The next day parcels go (today when it is one: Mon, Wed, Thu). */
  nextDispatchDay: string;
  /** Posted orders paid and not yet shipped (paid, or packed): a cellar door pickup is handed over, not dispatched. */
  toDispatch: number;
  /** Checkouts waiting for their payment. */
  pendingCheckouts: number;
  needsReview: number;
  /** Beer sold less refunds, in dollars: today, and this week since Monday (Perth). */
  revenueToday: string;
  revenueThisWeek: string;
  /** Beers at LOW or CRITICAL, most urgent first; `available` 0 or less is sold out. */
  lowStock: { productId: string; name: string; available: number; level: 'LOW' | 'CRITICAL' }[];
  /** Orders in each order tab, as the tab lists them. */
  tabCounts: { 'pending-orders': number; 'active-orders': number };
}

/** One order to hand over at the cellar door, as `GET /api/admin/pickups` lists it. */
export interface PickupListEntry {
  orderId: string;
  status: OrderStatus;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  totalCans: number;
  /** Dollars, as paid. */
  totalAmount: string;
  /** What to hand over, line by line: cans, and packs of the size. */
  items: { name: string; packSize: string; packs: number; quantity: number }[];
  needsReview: boolean;
  /** The hand-over, once made: the kind of photo ID checked, who collected (null: the customer), when. */
  collection: { idType: string; collectedBy: string | null; at: string } | null;
}

/**
 * `GET /api/admin/pickups?date=YYYY-MM-DD`: a Saturday at the cellar door (the coming one when no date is
 * given): its paid pickup orders by customer name, and what they add up to.
 */
export interface PickupList {
  date: string;
  /** "Saturday 5 December, 10am-4pm". */
  when: string;
  /** The cellar door's address. */
  address: string;
  orders: PickupListEntry[];
  totalCans: number;
  collected: number;
}

/**
 * Where an address stands on a beer's back-in-stock list: `pending` until it confirms by the link e-mailed to it
 * (a sign-up left unconfirmed for 48 hours lapses and is no longer listed), `confirmed` and waiting, `notified`
 * (told the beer is back: it has left the list), `unsubscribed` by the link in an e-mail, or `removed` by the shop.
 */
export type WaitlistEntryStatus = 'pending' | 'confirmed' | 'notified' | 'unsubscribed' | 'removed';

/** One address on a beer's list, as `GET /api/admin/products/{id}/waitlist` gives it (its latest sign-up). */
export interface WaitlistEntry {
  /** As typed, trimmed. */
  email: string;
  askedAt: string;
  status: WaitlistEntryStatus;
  confirmedAt: string | null;
  notifiedAt: string | null;
  /** When it left by its unsubscribe link. */
  leftAt: string | null;
  /** When the shop removed it, and the reason given (null: none). */
  removedAt: string | null;
  reason: string | null;
}

/** `GET /api/admin/products/{id}/waitlist`: who asked to hear when the beer is back, oldest request first. */
export interface WaitlistView {
  productId: string;
  name: string;
  entries: WaitlistEntry[];
  /** Entries per status, and the pending sign-ups that lapsed unconfirmed (not listed). */
  counts: Record<WaitlistEntryStatus, number> & { lapsed: number };
  /** The most confirmed addresses the list holds. */
  limit: number;
}

/** `POST /api/admin/products/{id}/waitlist/remove`: the addresses taken off, and those that were not on the list. */
export interface WaitlistRemoval {
  message: string;
  removed: string[];
  notOnList: string[];
}

/** `POST /api/admin/orders/{id}/return`'s answer: what was recorded, and the money it moved. */
export interface OrderReturnAnswer {
  message: string;
  returnId: string;
  items: { productId: string; productName: string; cans: number }[];
  /** Dollars: what the return was to refund ("0.00": nothing), all refunds of the order so far, and what is left. */
  refund: string;
  refunded: string;
  refundable: string;
}
