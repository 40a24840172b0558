import type { DiscountKind } from './discount-codes';
import type { StaffRole, Permission } from './staff-permissions';
import type { PackQuantity, PackSize, Product } from './catalog.types';
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
  /** The discount code the order was priced with and what it took off (dollars), or null. */
  discount: OrderDiscountView | null;
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
  /** What they were paid, GST included, shipping included, after any discount code (their totals). */
  sales: string;
  gstOnSales: string;
  /** What discount codes took off those orders: already out of `sales` (and of the GST on them). */
  discounts: string;
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
  /** Beer sold less what discount codes took off it and refunds, in dollars: today, and this week since Monday (Perth). */
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

/** What a checkout's `POST /api/create-payment-intent` answers: the payment to confirm, its order, and the amount it will charge. */
export interface PaymentIntentCreated {
  clientSecret: string;
  paymentIntentId: string;
  orderId: string;
  /** Cents, as the server priced the order. */
  amount: number;
  /** When the server lets the reserved cans go (an ISO instant on the server's clock). */
  reservationExpiresAt?: string;
  /** The server's figures in dollars ("48.00"): `totalAmount` = `subtotal` + `shippingCost` - `discount` is what is charged. */
  subtotal?: string;
  shippingCost?: string;
  discount?: string;
  totalAmount?: string;
  gstIncluded?: string;
  /** The discount code the order was priced with (in capitals), and its offer in words ("10% off"), or null. */
  discountCode?: string | null;
  discountDescription?: string | null;
}

/** The local test gateway's `POST /api/test-gateway/payment-intents/{id}/confirm`. */
export interface TestPaymentResult {
  paymentIntent: { id: string; status: string; amount: number; currency: string };
  /** The card's refusal, as Stripe words it; null when the payment went through. */
  error: { code: string; declineCode: string; message: string } | null;
}

/** `GET /api/orders/payment-status`: what the server recorded for a payment, and its order. */
export interface PaymentStatus {
  /**
   * `open`: the checkout's payment awaits a card (none went through yet); `processing` covers a card the provider
   * is still working on and one that is authorised while the shop captures it; `cancelled` means the shop
   * cancelled the payment and nothing was charged.
   */
  status: 'succeeded' | 'processing' | 'open' | 'failed' | 'cancelled' | 'unknown';
  orderId?: string;
  /** With `cancelled`: why, in the customer's words. */
  message?: string;
  /** With `succeeded`: the order's status page (its signed link), to find it again. */
  statusUrl?: string;
  /** Posted, or collected at the cellar door. */
  fulfilment?: Fulfilment;
}

/** `POST /api/admin/login`. */
export interface AdminLoginResult {
  token: string;
  /** When the token stops working (ISO-8601). */
  expiresAt: string;
}

/** A person of the shop's staff, as every event they cause records them (`metadata.actor`). */
export interface StaffActor {
  id: string;
  name: string;
  role: StaffRole;
}

/**
 * Who caused an event, as the server records it: a member of staff, or a kind of caller. `'admin'` is what
 * events from before staff accounts say (the one shared admin password).
 */
export type EventActor = 'customer' | 'admin' | 'stripe' | 'system' | StaffActor;

/**
 * One line of a history read from the event log (oldest first): `GET /api/admin/orders/{id}/history`,
 * `GET /api/admin/products/{id}/history`.
 */
export interface EventTimelineEntry {
  at: string;
  type: string;
  summary: string;
  actor: EventActor;
  stream: string;
  revision: number;
}

/** A product as the admin list (`GET /api/admin/products`) gives it: `inventory` is the operator's stock figure, less nothing. */
export type AdminProduct = Product & {
  /** Cans held by pending checkouts. */
  reserved: number;
  /** Stock less reserved: what the shop can still sell. */
  available: number;
  /** Confirmed addresses waiting for an e-mail when this beer is back or released ("Tell me when it's back"). */
  waiting: number;
  /** Sign-ups for that list still waiting for their address to confirm. */
  waitingToConfirm?: number;
  /** Stream revision the form is filled from; a stale edit is refused. */
  revision: number;
  createdAt: string;
  updatedAt: string;
};

/** `POST /api/admin/seed-products`. */
export interface SeedProductsResult {
  /** Beers added by this run. */
  created: number;
  /** Beers that were already there. */
  skipped: number;
  /** Of those, beers the operator deleted: they stay deleted. Absent from servers that did not say. */
  deleted?: number;
}

/** One size of an uploaded product picture. */
export interface PictureVariant {
  width: number;
  height: number;
  bytes: number;
  url: string;
}

/** `POST /api/admin/product-images`' answer: `url` goes into the product form. */
export interface UploadedPicture {
  id: string;
  url: string;
  format: string;
  width: number;
  height: number;
  bytes: number;
  variants: PictureVariant[];
  created: boolean;
}

/** One picture of the library (`GET /api/admin/product-images`). */
export interface LibraryPicture {
  id: string;
  url: string;
  format: string;
  width: number;
  height: number;
  bytes: number;
  fileName: string | null;
  uploadedAt: string;
  /** Who uploaded it (the operator). */
  uploadedBy: string;
  variants: PictureVariant[];
}

/** The kinds of photo ID the cellar door accepts as proof of age, as the server names them. */
export const ID_TYPES = ['drivers_licence', 'passport', 'wa_photo_card', 'proof_of_age_card'] as const;
export type IdType = (typeof ID_TYPES)[number];
/** The kinds of photo ID in words, as the operator reads them and the server's messages write them. */
export const ID_TYPE_LABELS: Readonly<Record<IdType, string>> = {
  drivers_licence: "Driver's licence",
  passport: 'Passport',
  wa_photo_card: 'WA Photo Card',
  proof_of_age_card: 'Proof of age card',
};

/** One item of an admin order. */
export interface AdminOrderItem {
  id: string;
  productId: string;
  /** Cans. */
  quantity: number;
  packSize: PackSize;
  packQuantity: PackQuantity;
  /** Units bought: cans for single lines, packs otherwise; packs × unitPrice = lineTotal. */
  packs: number;
  /** One unit: a can for single lines, a whole pack otherwise (decimal string). */
  unitPrice: string;
  lineTotal: string;
  product: { name: string; style: string; abv: number };
}

/** The hand-over of a pickup at the cellar door: the photo ID checked, who collected (null: the customer), when, who checked. */
export interface OrderCollection {
  idType: IdType;
  collectedBy: string | null;
  at: string;
  by: EventActor;
}

/** One return of cans recorded on the order. */
export interface OrderReturn {
  returnId: string;
  at: string;
  items: { productId: string; productName: string; cans: number }[];
  refund: string;
}

/** An order's parcel label; also `POST /api/admin/orders/{id}/create-shipping-label`'s answer. */
export interface ShippingLabelInfo {
  consignmentNumber: string;
  trackingUrl: string;
}

/** `GET /api/admin/orders`, newest first. Money is a decimal string in dollars. */
export interface AdminOrder {
  id: string;
  number: number;
  status: OrderStatus;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** One line, as a label shows it; for a pickup, "Cellar door pickup, Saturday 28 November, 10am-4pm". */
  shippingAddress: string;
  /** Posted, or collected at the cellar door on a Saturday (absent on orders placed before pickups: posted). */
  fulfilment?: Fulfilment;
  /** The Saturday a pickup is collected (`YYYY-MM-DD`); null or absent for a posted order. */
  pickupDate?: string | null;
  /** The hand-over at the cellar door, once made (null or absent: not collected). */
  collection?: OrderCollection | null;
  subtotal: string;
  shippingCost: string;
  /** The discount code the order was priced with and what it took off (absent or null: none). */
  discount?: OrderDiscountView | null;
  totalAmount: string;
  /** GST included in the total (one eleventh). */
  gstIncluded: string;
  totalCans: number;
  trackingReference: string | null;
  /** The carrier's tracking page for the saved reference (Australia Post). */
  trackingUrl?: string | null;
  invoiceNumber: string | null;
  createdAt: string;
  items: AdminOrderItem[];
  statusHistory: { status: OrderStatus; at: string; by: EventActor }[];
  /** For a pickup, when it is collected ("Saturday 28 November, 10am-4pm"). */
  estimatedDelivery: string;
  isPerthMetro: boolean;
  paymentIntentId: string | null;
  paidAt: string | null;
  reservationExpiresAt: string;
  /** Whether the order's cans are still held for it, back on sale, or sold with its payment. */
  reservation?: 'held' | 'released' | 'sold';
  needsReview: boolean;
  reviewReasons: string[];
  /** How the operator closed the review (absent or null: not closed). */
  reviewResolution?: { note: string; at: string } | null;
  /** The customer's card was declined on the last try (null or absent: not declined, or accepted since). */
  paymentDeclined?: { message: string; at: string } | null;
  /** Given back to the customer, in dollars (absent: nothing). */
  refundedAmount?: string;
  refunds?: { amount: string; at: string; note: string }[];
  /** A cancellation's refund the shop is making by itself and has not recorded yet, in dollars (absent or '0.00': none). */
  refundUnderWay?: string;
  /** Cans the customer sent back, oldest first (absent: none), and what each return was to refund (dollars). */
  returns?: OrderReturn[];
  /** The shop's internal notes, oldest first (absent: none). */
  notes?: { note: string; at: string; by: EventActor }[];
  /** Added by the shipping module; absent on servers without it. */
  shippingLabel?: ShippingLabelInfo | null;
  /** The delivery address as the customer gave it (a pickup keeps the one it was placed with). */
  address: { addressLine1: string; addressLine2: string | null; suburb: string; postCode: string; state: string };
  /** Why it was cancelled (`deleted` for a pending order the operator deleted), or null. */
  cancelReason: string | null;
  deleted: boolean;
  /** When the provider last said yes or no to a card for it (absent: never). */
  paymentAnsweredAt?: string;
}

/** `GET /api/admin/orders/search`: one page of orders, shaped as the admin list's, and how many match in all. */
export interface OrderSearchPage {
  items: AdminOrder[];
  total: number;
  page: number;
  pageSize: number;
}

/** `PUT /api/admin/orders/{id}/tracking`: what the server did; the message says it in words. */
export interface OrderTrackingOutcome {
  message: string;
  changed: boolean;
  notified: boolean;
}

/**
 * `POST /api/admin/orders/bulk-status`: what the server did, in words and by order: the orders changed and
 * already at the status (`applied` holds both), and each it skipped with why.
 */
export interface BulkOrderStatusOutcome extends BulkResult {
  message: string;
  changed: string[];
  unchanged: string[];
  notified: number;
}

/** `POST /api/admin/orders/{id}/refund`: what the server refunded: this refund, all so far, what is left (dollars). */
export interface RefundOutcome {
  message: string;
  refundId: string;
  amount: string;
  refunded: string;
  refundable: string;
}

/**
 * `POST /api/admin/orders/{id}/collected`: what the server did, in words ("Order #12 collected by Grace Hopper
 * (Driver's licence checked)").
 */
export interface CollectionOutcome {
  message: string;
  orderId: string;
  status: 'delivered';
}

/** `POST /api/admin/parse-shipping-email`: which order the reply is about and what it asks for. */
export interface ShippingEmailParseResult {
  /** Set only when the reply asks for a label for an order that can ship; the message says why otherwise. */
  orderId: string | null;
  action: 'create_label' | 'none';
  message: string;
}

/** `POST /api/admin/create-shipping-label-email`. */
export interface LabelFromEmailResult {
  /** The consignment number, under the name the spec gives it for this route. */
  trackingNumber: string;
  consignmentNumber: string;
  /** The carrier's tracking page for the consignment. */
  trackingUrl: string;
}

/** One row of `GET /api/admin/stock-levels`. */
export interface StockLevelRow {
  productId: string;
  name: string;
  /** The operator's stock figure; it falls when a payment succeeds. */
  inventory: number;
  /** Cans held by checkouts waiting for payment. */
  reserved: number;
  available: number;
}

/** A product line of a stock e-mail that was applied: the stock figure before and now. */
export interface StockUpdate {
  productId: string;
  name: string;
  previous: number;
  inventory: number;
  /** False when the e-mail gave the figure the product already had. */
  changed: boolean;
}

/** A line that changed nothing, with the reason (no such product, two products match, unreadable count). */
export interface UnmatchedStockLine {
  line: string;
  lineNumber: number;
  reason: string;
}

/** `POST /api/admin/parse-stock-email`. */
export interface StockEmailResult {
  successCount: number;
  totalUpdates: number;
  unmatched: UnmatchedStockLine[];
  updates: StockUpdate[];
}

/**
 * One line of `POST /api/admin/sales-report`: an item of an order paid in the period (`quantity` is cans; `packs`
 * units of `unitPrice` make `lineTotal`, before any discount), what an order's discount code took off its beer
 * (`discount`, a negative total, no cans, on the day it was paid), or a refund made in the period: `refund`, a
 * negative total, no cans.
 */
export interface SalesReportLine {
  id: string;
  orderId: string;
  orderNumber: number | null;
  paidAt: string;
  /** The Perth day of the payment, YYYY-MM-DD. */
  date: string;
  productId: string;
  productName: string;
  style: string;
  packSize: PackSize;
  packQuantity: number;
  packs: number;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
  refund?: true;
  discount?: true;
}

/** `POST /api/admin/sales-report/summary`. */
export interface SalesReportSummary {
  lineItems: number;
  orders?: number;
  totalCans: number;
  /** The line totals added up: beer at its line prices, less discount codes off the beer, less refunds. */
  totalRevenue: string;
  /** What discount codes took off the beer of the period's orders (the discount lines, as a positive sum). */
  discounts: string;
  /** Every day of the period, quiet days included. */
  revenueByDay: { day: string; revenue: string }[];
  /** Most cans first. */
  cansByBeer: { productName: string; cans: number }[];
}

/** One backup per payment intent (spec section 3, Order backup). Money is a decimal string. */
export interface OrderBackup {
  orderId: string | null;
  customerInfo: { name: string; email: string } | null;
  paymentIntentId: string;
  paymentStatus: string;
  timestamp: string;
  orderItems: { quantity: number; productName: string; unitPrice: string; packSize?: string; cans?: number }[];
  /** `discount`: what a discount code took off (absent on backups without one); `total` is what was charged. */
  totals: { subtotal: string; shipping: string; discount?: string; total: string } | null;
  /** The discount code the order was priced with (absent: none). */
  discountCode?: string;
  /** Posted or collected at the cellar door (absent on backups kept before pickups: posted). */
  fulfilment?: Fulfilment;
  amountPaid?: string | null;
  /** Given back so far (absent from servers that did not say). */
  amountRefunded?: string;
  succeededAt?: string | null;
  failureMessage?: string | null;
}

export interface PotentiallyMissingOrder extends OrderBackup {
  orderStatus: string | null;
  /** Absent from servers that did not say. */
  orderDeleted?: boolean;
  needsReview: boolean;
}

/** `GET /api/admin/order-backups`. */
export interface OrderBackupsResponse {
  backups: OrderBackup[];
  summary: { totalBackups: number; successfulPayments: number; potentiallyMissing: PotentiallyMissingOrder[] };
}

/** `POST /api/admin/recover-order`. */
export interface RecoverOrderResult {
  message: string;
}

/** `POST /api/admin/auto-fix`. */
export interface AutoFixResult {
  fixes_applied: string[];
}

/** `POST /api/admin/rebuild-read-models`. */
export interface RebuildResult {
  events: number;
  millis: number;
  message: string;
}

/** `POST /api/admin/simulate-webhook`. */
export interface SimulateWebhookResult {
  message: string;
  status?: string;
}

/** One e-mail the shop queued, as `GET /api/admin/outbox` lists it; `_id` is its key. */
export interface OutboxEmail {
  _id: string;
  to: string;
  subject: string;
  kind: string;
  orderId: string | null;
  status: 'queued' | 'sent' | 'failed' | (string & {});
  attempts: number;
  error: string | null;
  queuedAt: string;
  sentAt: string | null;
}

/** `GET /api/admin/outbox/{key}`: one e-mail with its text. */
export interface OutboxEmailWithText extends OutboxEmail {
  text: string;
}

/** `GET /api/admin/me`: who is signed in, and what their role lets them do. */
export interface AdminMe {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  permissions: Permission[];
  twoFactor: { enabled: boolean; required: boolean };
  /** The session this request came with (its id, as listed under `/api/admin/me/sessions`). */
  sessionId: string;
}

export type StaffStatus = 'invited' | 'active' | 'deactivated';

/** A person on `GET /api/admin/staff`. */
export interface StaffMember {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  status: StaffStatus;
  /** When they last signed in (ISO-8601), null when never. */
  lastSignInAt: string | null;
  twoFactor: boolean;
  /** While invited: when the invitation stops working. */
  invitationExpiresAt: string | null;
}

/** `GET /api/admin/staff`. */
export interface StaffList {
  staff: StaffMember[];
  /** Whether owners and managers must use two-factor codes. */
  twoFactorRequired: boolean;
}

/** One signed-in session (`GET /api/admin/me/sessions`, `GET /api/admin/staff/{id}/sessions`), newest first. */
export interface StaffSession {
  id: string;
  signedInAt: string;
  expiresAt: string;
  /** The browser or script it came from, as its User-Agent named it (shortened). */
  client: string;
  current: boolean;
}

/** `POST /api/admin/me/two-factor`: the secret to add to an authenticator app, shown once. */
export interface TwoFactorEnrolment {
  secret: string;
  /** `otpauth://totp/…` for a QR code. */
  otpauthUrl: string;
}

/** `POST /api/admin/me/two-factor/confirm`: ten single-use recovery codes, shown once. */
export interface TwoFactorConfirmed {
  recoveryCodes: string[];
}

/** One line of `GET /api/admin/activity`: an event a person of staff caused. */
export interface StaffActivityEntry {
  at: string;
  staffId: string;
  name: string;
  role: StaffRole;
  type: string;
  summary: string;
  stream: string;
  /** The order or product it concerns, when it does. */
  orderId: string | null;
  productId: string | null;
  position: number;
}

/** `GET /api/admin/activity`: newest first; `nextBefore` fetches the next page (null at the end). */
export interface StaffActivityPage {
  entries: StaffActivityEntry[];
  nextBefore: number | null;
}

/** A discount code on an order: the code, its offer in words, and what it took off the GST-inclusive total (dollars). */
export interface OrderDiscountView {
  code: string;
  kind: DiscountKind;
  description: string;
  amount: string;
}

/** `POST /api/admin/discount-codes`: a new code. `value`: the percentage (1-100), or dollars off; none for free shipping. */
export interface CreateDiscountCodeRequest {
  code: string;
  kind: DiscountKind;
  value?: number;
  minCans?: number;
  maxUses?: number;
  onePerCustomer?: boolean;
  startsAt?: string;
  endsAt?: string;
  productIds?: string[];
}

/** `GET /api/admin/discount-codes`: one code, its terms and what it has done. Money in dollars. */
export interface DiscountCodeView {
  code: string;
  kind: DiscountKind;
  /** The percentage, the dollars off (as "5.00"), or null for free shipping. */
  value: number | string | null;
  description: string;
  minCans: number | null;
  maxUses: number | null;
  onePerCustomer: boolean;
  startsAt: string | null;
  endsAt: string | null;
  productIds: string[] | null;
  disabled: boolean;
  disabledAt: string | null;
  createdAt: string;
  createdBy: EventActor;
  /** Orders holding a use now (checkouts not yet paid), and orders paid with the code. */
  uses: { held: number; paid: number };
  /** What the paid orders with the code took less what was refunded on them, the refunds, and what the code took off. */
  revenue: string;
  refunded: string;
  discountGiven: string;
}

export interface DiscountCodeList {
  codes: DiscountCodeView[];
}

/** `GET /api/admin/discount-codes/:code/history`: each change and use, oldest first, with who made it. */
export interface DiscountCodeHistoryEntry {
  at: string;
  type: string;
  summary: string;
  by: EventActor;
  orderId: string | null;
}

/**
 * `POST /api/discount-codes/check`: what the code would take off this cart. `shippingCost`, `totalAmount` and
 * `gstIncluded` are null until the address (or a pickup) is known.
 */
export interface DiscountCheckResponse {
  code: string;
  kind: DiscountKind;
  description: string;
  discount: string;
  subtotal: string;
  shippingCost: string | null;
  totalAmount: string | null;
  gstIncluded: string | null;
}
