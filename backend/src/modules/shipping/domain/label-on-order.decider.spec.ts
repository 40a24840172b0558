import { fold } from '../../../shared-kernel/decider';
import { DeciderSpecification, type Refusal } from '../../../shared-kernel/decider-specification';
import { orderDecider } from '../../orders/domain/order.decider';
import type { OrderEvent, OrderPlacedData, OrderStatus } from '../../orders/domain/order.events';
import { labelOnOrderDecider, placedOrder, shippableFacts, type RecordLabelOnOrder } from './label-on-order.decider';

const order: OrderPlacedData = {
  orderId: '12',
  customer: {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    phone: '0412 345 678',
    addressLine1: '1 Hay Street',
    addressLine2: null,
    suburb: 'Perth',
    postCode: '6000',
    state: 'WA',
  },
  items: [
    {
      id: '12-1',
      productId: 'p1',
      productName: 'Swan Pale',
      style: 'Pale Ale',
      abv: 4.8,
      packSize: '4pack',
      packQuantity: 4,
      packs: 1,
      quantity: 4,
      unitPriceCents: 2200,
      lineTotalCents: 2200,
    },
  ],
  subtotalCents: 2200,
  shippingCents: 1000,
  totalCents: 3200,
  gstCents: 291,
  totalCans: 4,
  estimatedDelivery: '3-5 business days',
  isPerthMetro: true,
  reservationExpiresAt: '2026-11-23T01:30:00.000Z',
  placedAt: '2026-11-23T01:00:00.000Z',
};

const placed: OrderEvent = { type: 'OrderPlaced', data: order };
const paid: OrderEvent = { type: 'OrderPaid', data: { paymentIntentId: 'pi_1', amountCents: 3200, paidAt: '2026-11-23T01:05:00.000Z' } };
const set = (from: OrderStatus, to: OrderStatus): OrderEvent => ({ type: 'OrderStatusChanged', data: { from, to } });
const refunded = (amountCents: number): OrderEvent => ({
  type: 'OrderRefunded',
  data: { paymentIntentId: 'pi_1', refundId: `re_${amountCents}`, amountCents, note: '' },
});
const pickupPlaced: OrderEvent = {
  type: 'OrderPlaced',
  data: { ...order, shippingCents: 0, totalCents: 2200, fulfilment: { method: 'pickup', pickupDate: '2026-11-28' } },
};
const pickupPaid: OrderEvent = {
  type: 'OrderPaid',
  data: { paymentIntentId: 'pi_1', amountCents: 2200, paidAt: '2026-11-23T01:05:00.000Z' },
};

const record = (consignmentNumber: string): RecordLabelOnOrder => ({ consignmentNumber });
const recorded = (consignmentNumber: string): OrderEvent => ({ type: 'ShippingLabelRecorded', data: { consignmentNumber } });

const labelOnOrder = DeciderSpecification.for(labelOnOrderDecider(orderDecider));

describe("a shipping label recorded on its order's stream (label on order decider)", () => {
  it.each<[string, OrderEvent[]]>([
    ['a paid order', [placed, paid]],
    ['a paid order packed', [placed, paid, set('paid', 'packed_awaiting_pickup')]],
    ['a paid order refunded in part', [placed, paid, refunded(1200)]],
    ['a paid order with another label recorded', [placed, paid, recorded('SSB111111111')]],
  ])('given %s, when a consignment is recorded, then it is on the order', (_, history) => {
    labelOnOrder
      .given(history)
      .when(record('SSB688236067'))
      .then([recorded('SSB688236067')]);
  });

  it.each<[string, OrderEvent[]]>([
    ['a paid order', [placed, paid]],
    ['an order cancelled since', [placed, paid, set('paid', 'cancelled')]],
    ['an order refunded in full since', [placed, paid, refunded(3200)]],
  ])(
    'given %s with the consignment recorded, when it is recorded again (a retry after a crash), then nothing is recorded',
    (_, history) => {
      labelOnOrder
        .given([...history, recorded('SSB688236067')])
        .when(record('SSB688236067'))
        .then([]);
    },
  );

  it.each<[string, OrderEvent[], Refusal]>([
    ['no order', [], { code: 'order_not_found', kind: 'not_found' }],
    ['an order never paid', [placed], { code: 'order_not_paid', kind: 'conflict', message: 'Order #12 is not paid' }],
    [
      'an unpaid order set to shipped by hand',
      [placed, set('pending', 'shipped')],
      { code: 'order_not_paid', kind: 'conflict', message: 'Order #12 is not paid' },
    ],
    [
      'a paid order cancelled',
      [placed, paid, set('paid', 'cancelled')],
      {
        code: 'order_not_shippable',
        kind: 'conflict',
        message: 'Order #12 is cancelled: only paid orders (paid, packed, shipped or delivered) can get a shipping label',
      },
    ],
    [
      'a paid order refunded in full',
      [placed, paid, refunded(3200)],
      { code: 'order_refunded', kind: 'conflict', message: 'Order #12 was refunded in full: nothing is left paid to send' },
    ],
    [
      'a paid pickup',
      [pickupPlaced, pickupPaid],
      { code: 'pickup_no_label', kind: 'conflict', message: 'Order #12 is collected at the cellar door: it gets no shipping label' },
    ],
  ])('given %s, when a consignment is recorded, then it is refused and nothing is recorded', (_, history, refusal) => {
    labelOnOrder.given(history).when(record('SSB688236067')).thenThrows(refusal);
  });

  it('folds the order with its own fold, and the consignments recorded on it', () => {
    labelOnOrder.given([]).thenState({ order: { kind: 'absent' }, recorded: [] });
    labelOnOrder.given([placed, paid, recorded('SSB111111111'), set('paid', 'shipped'), recorded('SSB688236067')]).thenState((state) => {
      expect(state.recorded).toEqual(['SSB111111111', 'SSB688236067']);
      expect(state.order).toEqual(fold(orderDecider, [placed, paid, set('paid', 'shipped')]));
    });
    labelOnOrder
      .given([placed, paid])
      .when(record('SSB688236067'))
      .thenState((state) => expect(state.recorded).toEqual(['SSB688236067']));
  });

  describe('what the label rule reads of an order (shippableFacts)', () => {
    it.each<[string, OrderEvent[], ReturnType<typeof shippableFacts>]>([
      ['no order', [], null],
      ['an order never paid', [placed], { status: 'pending', paid: false, refundedInFull: false, pickup: false }],
      ['a paid order', [placed, paid], { status: 'paid', paid: true, refundedInFull: false, pickup: false }],
      [
        'a paid order refunded in part',
        [placed, paid, refunded(1200)],
        { status: 'paid', paid: true, refundedInFull: false, pickup: false },
      ],
      [
        'a paid order refunded in full',
        [placed, paid, refunded(3200)],
        { status: 'paid', paid: true, refundedInFull: true, pickup: false },
      ],
      ['a paid pickup', [pickupPlaced, pickupPaid], { status: 'paid', paid: true, refundedInFull: false, pickup: true }],
    ])('given %s', (_, history, facts) => {
      labelOnOrder.given(history).thenState((state) => expect(shippableFacts(placedOrder(state.order))).toEqual(facts));
    });
  });
});
