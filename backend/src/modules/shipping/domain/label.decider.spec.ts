import { DeciderSpecification } from '../../../shared-kernel/decider-specification';
import type { OrderStatus } from '../../orders/domain/order.events';
import { SHIPPABLE_STATUSES, labelDecider, type LabelCommand } from './label.decider';
import type { LabelEvent, ShippingLabelCreatedData } from './label.events';

const label = (change: Partial<ShippingLabelCreatedData> = {}): ShippingLabelCreatedData => ({
  orderId: '12',
  consignmentNumber: 'SSB688236067',
  trackingUrl: 'https://auspost.com.au/mypost/track/details/SSB688236067',
  carrier: 'local',
  createdAt: '2026-11-23T01:00:00.000Z',
  sender: { name: 'Swan & Sand Brewing Co.', address: '12 Brewery Lane, Osborne Park WA 6017', email: 'hello@example.com' },
  recipient: {
    name: 'Ada Lovelace',
    phone: '0412 345 678',
    addressLine1: '1 Hay Street',
    addressLine2: null,
    suburb: 'Perth',
    state: 'WA',
    postCode: '6000',
  },
  cans: 16,
  weightKg: 8.8,
  requestedVia: 'order_dialog',
  ...change,
});

/** An order as its stream says: its status and whether a payment succeeded (paid unless said otherwise). */
const create = (orderStatus: OrderStatus | null, data = label(), paid = orderStatus !== 'pending'): LabelCommand => ({
  type: 'CreateShippingLabel',
  order: orderStatus === null ? null : { status: orderStatus, paid },
  label: data,
});

const labels = DeciderSpecification.for(labelDecider);

describe('shipping label decider', () => {
  describe('given no label, an order that is paid or later gets one', () => {
    it.each(SHIPPABLE_STATUSES.map((status) => [status]))('%s', (status) => {
      labels
        .given([])
        .when(create(status))
        .then([{ type: 'ShippingLabelCreated', data: label() }]);
    });
  });

  describe('given no label, an order whose payment never succeeded gets 409 order_not_paid, whatever status it was set to by hand', () => {
    it.each(['pending', ...SHIPPABLE_STATUSES, 'cancelled'] as const)('%s', (status) => {
      labels
        .given([])
        .when(create(status, label(), false))
        .thenThrows({ code: 'order_not_paid', kind: 'conflict', message: 'Order #12 is not paid' });
    });
  });

  describe('given no label, a paid order set to a status that does not ship gets a 409 naming its status', () => {
    it.each([
      ['cancelled', 'Order #12 is cancelled: only paid orders (paid, packed, shipped or delivered) can get a shipping label'],
    ] as const)('%s', (status, message) => {
      labels.given([]).when(create(status)).thenThrows({ code: 'order_not_shippable', kind: 'conflict', message });
    });
  });

  it('given no label, an unknown order gets a 404', () => {
    labels.given([]).when(create(null)).thenThrows({ code: 'order_not_found', kind: 'not_found', message: 'Order #12 not found' });
  });

  describe('given a label, creating again decides nothing, whatever the order became', () => {
    it.each([['paid'], ['shipped'], ['cancelled'], [null]] as const)('order now %s', (status) => {
      const first: LabelEvent = { type: 'ShippingLabelCreated', data: label() };
      labels
        .given([first])
        .when(create(status, label({ consignmentNumber: 'SSB000000000', createdAt: '2026-11-24T00:00:00.000Z' })))
        .then([]);
    });
  });

  it('folds to the first label recorded', () => {
    const first = label();
    const second = label({ consignmentNumber: 'SSB999999999' });
    labels.given([]).thenState({ kind: 'none' });
    labels.given([{ type: 'ShippingLabelCreated', data: first }]).thenState({ kind: 'created', label: first });
    labels
      .given([
        { type: 'ShippingLabelCreated', data: first },
        { type: 'ShippingLabelCreated', data: second },
      ])
      .thenState({ kind: 'created', label: first });
  });
});
