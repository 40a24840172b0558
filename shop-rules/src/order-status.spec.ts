import { ORDER_STATUSES, auspostTrackingUrl, isOrderStatus, isTrackingReference, orderStatusLabel } from './order-status';

describe('order statuses', () => {
  it.each([
    ['pending', 'Payment Pending'],
    ['paid', 'Paid'],
    ['packed_awaiting_pickup', 'Packed - Awaiting Pickup'],
    ['shipped', 'Shipped'],
    ['delivered', 'Delivered'],
    ['cancelled', 'Cancelled'],
  ] as const)('%s reads %s', (status, label) => {
    expect(orderStatusLabel(status)).toBe(label);
    expect(isOrderStatus(status)).toBe(true);
  });

  it('knows exactly the six statuses of the spec', () => {
    expect(ORDER_STATUSES).toHaveLength(6);
    expect(isOrderStatus('packed')).toBe(false);
    expect(isOrderStatus(undefined)).toBe(false);
  });

  it.each([
    ['33LPH5012345', true],
    ['SSB 000000015', true],
    ['AB-12-CD', true],
    ['A'.repeat(60), true],
    ['A'.repeat(61), false],
    [' SSB1', false],
    ['-SSB1', false],
    ['', false],
    ['SSB#1', false],
  ])('tracking reference %j is %s', (reference, ok) => {
    expect(isTrackingReference(reference)).toBe(ok);
  });

  it('links to Australia Post, trimmed and encoded', () => {
    expect(auspostTrackingUrl(' 33LPH5012345 ')).toBe('https://auspost.com.au/mypost/track/details/33LPH5012345');
    expect(auspostTrackingUrl('SSB 1')).toBe('https://auspost.com.au/mypost/track/details/SSB%201');
  });
});
