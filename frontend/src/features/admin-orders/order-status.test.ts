import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './api/get-admin-orders';
import { auspostTrackingUrl, isActiveOrder, orderStatusLabel } from './order-status';

describe('order status', () => {
  it.each([
    { status: 'pending' as const, label: 'Payment Pending', active: false },
    { status: 'paid' as const, label: 'Paid', active: true },
    { status: 'packed_awaiting_pickup' as const, label: 'Packed - Awaiting Pickup', active: true },
    { status: 'shipped' as const, label: 'Shipped', active: true },
    { status: 'delivered' as const, label: 'Delivered', active: true },
    { status: 'cancelled' as const, label: 'Cancelled', active: true },
  ])('$status reads "$label" and is on the active list: $active', ({ status, label, active }) => {
    expect(orderStatusLabel(status)).toBe(label);
    expect(isActiveOrder({ status })).toBe(active);
  });

  it('labels every status of the lifecycle, each differently', () => {
    expect(new Set(ORDER_STATUSES.map(orderStatusLabel)).size).toBe(6);
  });
});

describe('Australia Post tracking link', () => {
  it.each([
    { reference: '33XYZ0123456', url: 'https://auspost.com.au/mypost/track/details/33XYZ0123456' },
    { reference: '  AP123  ', url: 'https://auspost.com.au/mypost/track/details/AP123' },
    { reference: 'A/B C', url: 'https://auspost.com.au/mypost/track/details/A%2FB%20C' },
  ])('"$reference" links to $url', ({ reference, url }) => {
    expect(auspostTrackingUrl(reference)).toBe(url);
  });
});
