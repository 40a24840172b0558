import type { Fulfilment, OrderStatus, PackQuantity, PackSize } from '@brewery/shop-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/shared/api/api-client';
import type { EventActor } from '@/shared/ui/event-timeline';
import { adminQueryKey } from '@/shared/api/admin-query-key';

export { ORDER_STATUSES, type OrderStatus } from '@brewery/shop-rules';
export type { EventActor };

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

/** The kinds of photo ID the cellar door accepts as proof of age, as the server names them. */
export const ID_TYPES = ['drivers_licence', 'passport', 'wa_photo_card', 'proof_of_age_card'] as const;
export type IdType = (typeof ID_TYPES)[number];

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
}

export async function getAdminOrders(): Promise<AdminOrder[]> {
  return (await apiGet<AdminOrder[]>('/api/admin/orders')) ?? [];
}

/** Every order-related query key starts here, so one invalidation refreshes lists and histories. */
export const ADMIN_ORDERS_KEY = adminQueryKey('orders');

export function adminOrdersQueryOptions() {
  return queryOptions({ queryKey: ADMIN_ORDERS_KEY, queryFn: getAdminOrders });
}

export function useAdminOrders() {
  return useQuery(adminOrdersQueryOptions());
}
