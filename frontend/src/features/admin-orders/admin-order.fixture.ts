import { screen } from '@testing-library/react';
import type { AdminOrder, OrderStatus } from './api/get-admin-orders';
import { orderSearchQueryString } from './api/search-admin-orders';

/** An order as `GET /api/admin/orders` returns it; tests override what they are about. */
export function adminOrderFixture(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: '12',
    number: 12,
    status: 'paid',
    customerName: 'Jordan Lee',
    customerEmail: 'jordan@example.com',
    customerPhone: '0412 345 678',
    shippingAddress: '5 Hay Street, Perth WA 6000',
    address: { addressLine1: '5 Hay Street', addressLine2: null, suburb: 'Perth', postCode: '6000', state: 'WA' },
    cancelReason: null,
    deleted: false,
    subtotal: '54.00',
    shippingCost: '10.00',
    totalAmount: '64.00',
    gstIncluded: '5.82',
    totalCans: 8,
    trackingReference: null,
    invoiceNumber: 'INV-000012',
    createdAt: '2026-11-20T02:30:00.000Z',
    items: [
      {
        id: '12-1',
        productId: 'quokka-pale-ale',
        quantity: 4,
        packSize: '4pack',
        packQuantity: 4,
        packs: 1,
        unitPrice: '24.00',
        lineTotal: '24.00',
        product: { name: 'Quokka Pale Ale', style: 'Pale Ale', abv: 4.8 },
      },
      {
        id: '12-2',
        productId: 'swan-river-stout',
        quantity: 4,
        packSize: 'single',
        packQuantity: 1,
        packs: 4,
        unitPrice: '7.50',
        lineTotal: '30.00',
        product: { name: 'Swan River Stout', style: 'Oatmeal Stout', abv: 5.8 },
      },
    ],
    statusHistory: [{ status: 'pending', at: '2026-11-20T02:30:00.000Z', by: 'customer' }],
    estimatedDelivery: '3-5 business days',
    isPerthMetro: true,
    paymentIntentId: 'pi_test_123',
    paidAt: '2026-11-20T02:31:00.000Z',
    reservationExpiresAt: '2026-11-20T03:00:00.000Z',
    needsReview: false,
    reviewReasons: [],
    shippingLabel: null,
    ...overrides,
  };
}

/** The first page of a tab's search with no filter: the request the tab sends when it opens. */
export function firstPageRequest(statuses: readonly OrderStatus[]): string {
  return `GET /api/admin/orders/search?${orderSearchQueryString({ q: '', statuses, from: null, to: null, fulfilment: null, pickupDate: null, sort: '-createdAt', page: 1, pageSize: 25 })}`;
}

/** The request an open order dialog makes to read its order again (`GET /api/admin/orders/{id}`: the order itself). */
export function orderRequest(orderId: string): string {
  return `GET /api/admin/orders/${orderId}`;
}

/** The server's answer: one page holding these orders. */
export function searchPage(items: AdminOrder[]) {
  return { items, total: items.length, page: 1, pageSize: 25 };
}

/** The table row of an order (its first cell reads "#<id>"). */
export async function orderRow(orderId: string): Promise<HTMLElement> {
  const found = (await screen.findByText(`#${orderId}`)).closest('tr');
  if (found === null) throw new Error(`no row for order #${orderId}`);
  return found;
}
