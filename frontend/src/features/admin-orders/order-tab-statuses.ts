import { ORDER_STATUSES, type OrderStatus } from './api/get-admin-orders';

/** Every status past the checkout's: the Active tab's orders (cancelled ones show only while they need review). */
export const ACTIVE_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter((status) => status !== 'pending');

/** Pending Orders: checkouts waiting for payment. */
export const PENDING_STATUSES: readonly OrderStatus[] = ['pending'];
