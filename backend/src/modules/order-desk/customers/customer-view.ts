import { type CustomerView, decimalString } from '@brewery/shop-rules';
import { CustomerErrors } from './customer.errors';

import type { OrderDoc } from '../order-list/order-list.projection';

/** The e-mail a customer view is asked for: trimmed, one `@`, at most 254 characters. */
export function parseCustomerEmail(raw: string): string {
  const email = raw.trim();
  if (email.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw CustomerErrors.invalidEmail();
  }
  return email;
}

/** A filter for the orders placed under `email`, whatever its case. */
export function ordersOfEmail(email: string): Record<string, unknown> {
  return { customerEmail: { $regex: `^${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, $options: 'i' }, hidden: false };
}

/**
 * One customer as the shop knows them, from their orders newest first (none: null): how many, how many were
 * paid, what the paid ones took less what was given back, the first and last, and the name and phone of the
 * newest.
 */
export function customerViewOf(email: string, newestFirst: readonly OrderDoc[]): CustomerView | null {
  const newest = newestFirst[0];
  const oldest = newestFirst[newestFirst.length - 1];
  if (newest === undefined || oldest === undefined) return null;
  const paid = newestFirst.filter((order) => order.paidAt !== null);
  const spentCents = paid.reduce((sum, order) => sum + order.totalCents - order.refundedCents, 0);
  return {
    email: newest.customerEmail,
    name: newest.customerName,
    phone: newest.customerPhone,
    orderCount: newestFirst.length,
    paidOrderCount: paid.length,
    totalSpent: decimalString(spentCents),
    firstOrderAt: oldest.createdAt,
    lastOrderAt: newest.createdAt,
    orders: newestFirst.map((order) => ({
      id: order.id,
      status: order.status,
      createdAt: order.createdAt,
      paidAt: order.paidAt,
      totalAmount: decimalString(order.totalCents),
      refundedAmount: decimalString(order.refundedCents),
      totalCans: order.totalCans,
    })),
  };
}
