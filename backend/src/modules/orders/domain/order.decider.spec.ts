import { fold } from '../../../shared-kernel/decider';
import { DeciderSpecification, type Refusal } from '../../../shared-kernel/decider-specification';
import type { OrderCommand, ReturnRefund } from './order.commands';
import {
  checkoutEnding,
  claimedPaymentRefusal,
  earlierCheckoutFacing,
  notifiesCustomer,
  orderDecider,
  refundOfCans,
  repeatsPaidOrder,
  returnedCans,
  type PlacedOrder,
} from './order.decider';
import type { OrderEvent, OrderPlacedData, OrderStatus } from './order.events';

const order: OrderPlacedData = {
  orderId: '7',
  customer: {
    name: 'Ada',
    email: 'ada@example.com',
    phone: '0412345678',
    addressLine1: '1 Hay St',
    addressLine2: null,
    suburb: 'Perth',
    postCode: '6000',
    state: 'WA',
  },
  items: [
    {
      id: '7-1',
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
const attached: OrderEvent = { type: 'PaymentIntentAttached', data: { paymentIntentId: 'pi_1' } };
const paid: OrderEvent = { type: 'OrderPaid', data: { paymentIntentId: 'pi_1', amountCents: 3200, paidAt: '2026-11-23T01:05:00.000Z' } };
const deleted: OrderEvent = { type: 'OrderDeleted', data: { deletedAt: '2026-11-23T02:00:00.000Z' } };

const orders = DeciderSpecification.for(orderDecider);

describe('order decider', () => {
  it('places an order once', () => {
    orders.given([]).when({ type: 'PlaceOrder', order }).then([placed]);
    orders
      .given([placed])
      .when({ type: 'PlaceOrder', order })
      .thenThrows({ message: expect.stringContaining('Order #7 already exists') });
  });

  it('refuses every other command on an order that does not exist', () => {
    orders.given([]).when({ type: 'DeletePendingOrder', deletedAt: 'x' }).thenThrows({ code: 'order_not_found' });
  });

  it('attaches one payment intent; the same again changes nothing, another is refused', () => {
    orders.given([placed]).when({ type: 'AttachPaymentIntent', paymentIntentId: 'pi_1' }).then([attached]);
    orders.given([placed, attached]).when({ type: 'AttachPaymentIntent', paymentIntentId: 'pi_1' }).then([]);
    orders
      .given([placed, attached])
      .when({ type: 'AttachPaymentIntent', paymentIntentId: 'pi_2' })
      .thenThrows({ code: 'payment_intent_mismatch' });
  });

  it.each<[string, OrderEvent[], OrderEvent[] | string]>([
    ['a pending order becomes paid', [placed, attached], [paid]],
    ['a paid order paid again by the same intent changes nothing', [placed, attached, paid], []],
    ['a deleted order cannot be paid', [placed, attached, deleted], 'the operator deleted it'],
    [
      'a cancelled order cannot be paid',
      [placed, { type: 'OrderCancelled', data: { reason: 'insufficient_stock', detail: 'x' } }],
      'it is cancelled',
    ],
  ])('MarkOrderPaid: %s', (_, history, expected) => {
    const when = orders
      .given(history)
      .when({ type: 'MarkOrderPaid', paymentIntentId: 'pi_1', amountCents: 3200, paidAt: '2026-11-23T01:05:00.000Z' });
    if (typeof expected === 'string') when.thenThrows({ message: expect.stringContaining(expected) });
    else when.then(expected);
  });

  it('refuses a second payment by another intent', () => {
    orders
      .given([placed, attached, paid])
      .when({ type: 'MarkOrderPaid', paymentIntentId: 'pi_2', amountCents: 3200, paidAt: 'x' })
      .thenThrows({ code: 'payment_intent_mismatch' });
  });

  it('marks an order paid and invoiced in one decision when given the invoice number', () => {
    const assigned: OrderEvent = { type: 'InvoiceNumberAssigned', data: { invoiceNumber: 'INV-000007' } };
    const command = { type: 'MarkOrderPaid', paymentIntentId: 'pi_1', amountCents: 3200, paidAt: '2026-11-23T01:05:00.000Z' } as const;
    orders
      .given([placed, attached])
      .when({ ...command, invoiceNumber: 'INV-000007' })
      .then([paid, assigned]);
    // Paid already: nothing again, and the number is left to AssignInvoiceNumber's own rule.
    orders
      .given([placed, attached, paid])
      .when({ ...command, invoiceNumber: 'INV-000007' })
      .then([]);
    orders
      .given([placed, attached, deleted])
      .when({ ...command, invoiceNumber: 'INV-000007' })
      .thenThrows({ message: expect.stringContaining('the operator deleted it') });
  });

  it('assigns an invoice number only once, and only to a paid order', () => {
    orders
      .given([placed])
      .when({ type: 'AssignInvoiceNumber', invoiceNumber: 'INV-000001' })
      .thenThrows({ message: expect.stringContaining('has not been paid') });
    const assigned: OrderEvent = { type: 'InvoiceNumberAssigned', data: { invoiceNumber: 'INV-000001' } };
    orders.given([placed, paid]).when({ type: 'AssignInvoiceNumber', invoiceNumber: 'INV-000001' }).then([assigned]);
    orders.given([placed, paid, assigned]).when({ type: 'AssignInvoiceNumber', invoiceNumber: 'INV-000002' }).then([]);
  });

  it('deletes only a pending order, releasing its reservation with it', () => {
    orders
      .given([placed])
      .when({ type: 'DeletePendingOrder', deletedAt: '2026-11-23T02:00:00.000Z' })
      .then([{ type: 'OrderReservationReleased', data: { reason: 'order_deleted' } }, deleted]);
    orders.given([placed, deleted]).when({ type: 'DeletePendingOrder', deletedAt: 'later' }).then([]);
    orders
      .given([placed, paid])
      .when({ type: 'DeletePendingOrder', deletedAt: 'x' })
      .thenThrows({ message: expect.stringContaining('Only pending orders can be deleted: Order #7 is paid') });
  });

  it('records a released reservation once, and never after the sale', () => {
    const released: OrderEvent = { type: 'OrderReservationReleased', data: { reason: 'expired' } };
    orders.given([placed]).when({ type: 'RecordReservationReleased', reason: 'expired' }).then([released]);
    orders.given([placed, released]).when({ type: 'RecordReservationReleased', reason: 'payment_failed' }).then([]);
    orders.given([placed, paid]).when({ type: 'RecordReservationReleased', reason: 'expired' }).then([]);
  });

  it('flags an order for review once per reason', () => {
    const flagged: OrderEvent = { type: 'OrderNeedsReview', data: { reason: 'short of Swan Pale', paymentIntentId: 'pi_1' } };
    orders.given([placed]).when({ type: 'FlagOrderForReview', reason: 'short of Swan Pale', paymentIntentId: 'pi_1' }).then([flagged]);
    orders.given([placed, flagged]).when({ type: 'FlagOrderForReview', reason: 'short of Swan Pale', paymentIntentId: 'pi_1' }).then([]);
  });

  it('cancels a pending order once', () => {
    const cancelled: OrderEvent = { type: 'OrderCancelled', data: { reason: 'insufficient_stock', detail: 'Insufficient stock' } };
    orders.given([placed]).when({ type: 'CancelOrder', reason: 'insufficient_stock', detail: 'Insufficient stock' }).then([cancelled]);
    orders.given([placed, cancelled]).when({ type: 'CancelOrder', reason: 'insufficient_stock', detail: 'again' }).then([]);
    // An order that moved on (paid, or set to another status by hand while its hold ran out) is no checkout to end
    orders.given([placed, paid]).when({ type: 'CancelOrder', reason: 'payment_provider_error', detail: 'x' }).then([]);
    const packedByHand: OrderEvent = { type: 'OrderStatusChanged', data: { from: 'pending', to: 'packed_awaiting_pickup' } };
    orders.given([placed, packedByHand]).when({ type: 'CancelOrder', reason: 'expired', detail: 'ran out' }).then([]);
    // A paid order the operator set back to pending by hand keeps its money: its old hold running out ends nothing
    const backToPending: OrderEvent = { type: 'OrderStatusChanged', data: { from: 'paid', to: 'pending' } };
    orders.given([placed, paid, backToPending]).when({ type: 'CancelOrder', reason: 'expired', detail: 'ran out' }).then([]);
    const deletedOrder: OrderEvent = { type: 'OrderDeleted', data: { deletedAt: '2026-11-23T02:00:00.000Z' } };
    orders.given([placed, deletedOrder]).when({ type: 'CancelOrder', reason: 'expired', detail: 'ran out' }).then([]);
  });

  describe('a newer checkout supersedes this one (SupersedeCheckout)', () => {
    const held: OrderEvent = { type: 'OrderPlaced', data: { ...order, holder: { client: 'client-a', browser: 'browser-a' } } };
    const claimed: OrderEvent = { type: 'OrderCaptureClaimed', data: { paymentIntentId: 'pi_1' } };
    const byBrowser = 'Replaced by a newer checkout from the same browser.';
    const byShopper = 'Replaced by a newer checkout with the same e-mail address from the same client address.';
    it.each([
      {
        given: 'the same browser, another e-mail address',
        by: { client: 'client-b', browser: 'browser-a', email: 'other@example.com' },
        detail: byBrowser,
      },
      {
        given: 'the same client address and e-mail address (any case), another browser',
        by: { client: 'client-a', browser: 'browser-b', email: ' ADA@example.com' },
        detail: byShopper,
      },
      {
        given: 'the same client address, another e-mail address and browser',
        by: { client: 'client-a', browser: 'browser-b', email: 'eve@example.com' },
        detail: null,
      },
      {
        given: 'the same e-mail address from another client address and browser',
        by: { client: 'client-b', browser: 'browser-b', email: 'ada@example.com' },
        detail: null,
      },
    ])('given a pending checkout, when a checkout comes from $given, then it is superseded: $detail', ({ by, detail }) => {
      orders
        .given([held, attached])
        .when({ type: 'SupersedeCheckout', by })
        .then(detail === null ? [] : [{ type: 'OrderCancelled', data: { reason: 'superseded', detail } }]);
    });
    const sameBrowser = { client: 'client-a', browser: 'browser-a', email: 'ada@example.com' };
    it('given an order that moved on (paid, deleted, cancelled) or was placed before holders were kept, then nothing changes', () => {
      orders.given([held, attached, paid]).when({ type: 'SupersedeCheckout', by: sameBrowser }).then([]);
      orders.given([held, deleted]).when({ type: 'SupersedeCheckout', by: sameBrowser }).then([]);
      const cancelled: OrderEvent = { type: 'OrderCancelled', data: { reason: 'expired', detail: 'ran out' } };
      orders.given([held, cancelled]).when({ type: 'SupersedeCheckout', by: sameBrowser }).then([]);
      orders.given([placed]).when({ type: 'SupersedeCheckout', by: sameBrowser }).then([]);
    });
    it('given a capture under way, then it is refused: the payment completes on its own path', () => {
      orders
        .given([held, attached, claimed])
        .when({ type: 'SupersedeCheckout', by: sameBrowser })
        .thenThrows({ code: 'payment_under_way' });
    });
  });

  describe('what ending a checkout does (checkoutEnding, asked before the provider is)', () => {
    const held: OrderEvent = { type: 'OrderPlaced', data: { ...order, holder: { client: 'client-a', browser: 'browser-a' } } };
    const claimed: OrderEvent = { type: 'OrderCaptureClaimed', data: { paymentIntentId: 'pi_1' } };
    const expire = { type: 'CancelOrder', reason: 'expired', detail: 'ran out' } as const;
    const fromElsewhere = {
      type: 'SupersedeCheckout',
      by: { client: 'client-b', browser: 'browser-b', email: 'eve@example.com' },
    } as const;
    it.each([
      ['an open checkout, expired', [held, attached], expire, 'end'],
      ['a paid order, expired', [held, attached, paid], expire, 'paid'],
      [
        'a paid order, superseded from the same browser',
        [held, attached, paid],
        { ...fromElsewhere, by: { ...fromElsewhere.by, browser: 'browser-a' } },
        'paid',
      ],
      ['a deleted order, superseded', [held, deleted], fromElsewhere, 'not_pending'],
      ['an open checkout, a newer one from elsewhere', [held, attached], fromElsewhere, 'kept'],
      ['a checkout being captured, expired', [held, attached, claimed], expire, 'payment_under_way'],
    ] as const)('given %s, then %s', (_given, history, command, kind) => {
      orders.given(history).thenState((state) => {
        if (state.kind !== 'placed') throw new Error('no order');
        expect(checkoutEnding(state, command).kind).toBe(kind);
      });
    });
  });

  describe('what a newer checkout makes of an earlier one (earlierCheckoutFacing)', () => {
    const held: OrderEvent = { type: 'OrderPlaced', data: { ...order, holder: { client: 'client-a', browser: 'browser-a' } } };
    const claimed: OrderEvent = { type: 'OrderCaptureClaimed', data: { paymentIntentId: 'pi_1' } };
    const sameBrowser = { client: 'client-z', browser: 'browser-a', email: 'other@example.com' };
    const sameShopper = { client: 'client-a', browser: 'browser-b', email: order.customer.email };
    const stranger = { client: 'client-b', browser: 'browser-b', email: order.customer.email };
    it.each([
      ['an open checkout, the same browser', 'replace', [held, attached], sameBrowser, {}],
      ['an open checkout, the same address and e-mail', 'replace', [held, attached], sameShopper, {}],
      ['an open checkout, the same e-mail from elsewhere', 'stands', [held, attached], stranger, {}],
      ['a paid checkout, the same browser', 'refuses', [held, attached, paid], sameBrowser, {}],
      ['a paid checkout, the same address and e-mail', 'over', [held, attached, paid], sameShopper, {}],
      ['a capture under way, the same browser', 'refuses', [held, attached, claimed], sameBrowser, {}],
      ['a capture under way, the same address and e-mail', 'stands', [held, attached, claimed], sameShopper, {}],
      ['a card the provider kept, the same browser', 'refuses', [held, attached], sameBrowser, { cardWentThrough: true }],
      ['a card the provider kept, the same address and e-mail', 'stands', [held, attached], sameShopper, { cardWentThrough: true }],
      ['a deleted checkout, the same browser', 'over', [held, deleted], sameBrowser, {}],
    ] as const)('given %s, then the newer checkout finds it: %s', (_, facing, history, by, provider) => {
      orders.given(history).thenState((state) => {
        if (state.kind !== 'placed') throw new Error('no order');
        expect(earlierCheckoutFacing(state, by, provider)).toBe(facing);
      });
    });
  });

  describe('the same pack bought again from the browser that paid for it (repeatsPaidOrder)', () => {
    const held: OrderEvent = { type: 'OrderPlaced', data: { ...order, holder: { client: 'client-a', browser: 'browser-a' } } };
    const samePack = [{ productId: 'p1', packSize: '4pack', quantity: 4 }];
    it.each([
      ['given a paid order, the same pack from its browser', [held, attached, paid], 'browser-a', samePack, true],
      [
        'given a paid order, another pack from its browser',
        [held, attached, paid],
        'browser-a',
        [{ ...samePack[0]!, quantity: 8, packSize: '8pack' }],
        false,
      ],
      ['given a paid order, the same pack from another browser', [held, attached, paid], 'browser-b', samePack, false],
      ['given an order not paid, the same pack from its browser', [held, attached], 'browser-a', samePack, false],
    ] as const)('%s: %s', (_, history, browser, lines, repeats) => {
      orders.given(history).thenState((state) => expect(repeatsPaidOrder(state, browser, lines)).toBe(repeats));
    });
  });

  describe('the same browser asks again (ResumeCheckout)', () => {
    const held: OrderEvent = { type: 'OrderPlaced', data: { ...order, holder: { client: 'client-a', browser: 'browser-a' } } };
    const ask = {
      type: 'ResumeCheckout' as const,
      browser: 'browser-a',
      lines: [{ productId: 'p1', packSize: '4pack', quantity: 4, priceCents: 2200 }],
      customer: order.customer,
      fulfilment: { method: 'delivery' as const },
      at: '2026-11-23T01:10:00.000Z',
      marginMs: 60_000,
      onSale: true,
      discountCode: null as string | null,
    };
    const resumed: OrderEvent[] = [{ type: 'CheckoutResumed', data: { at: ask.at } }];
    it('given a pending checkout with its payment opened, when the same browser asks with the same pack and details, then it is resumed', () => {
      orders.given([held, attached]).when(ask).then(resumed);
    });
    it.each([
      { given: 'another browser', change: { browser: 'browser-b' } },
      { given: 'another pack', change: { lines: [{ productId: 'p1', packSize: '8pack', quantity: 8, priceCents: 4000 }] } },
      {
        given: 'another price (changed since)',
        change: { lines: [{ productId: 'p1', packSize: '4pack', quantity: 4, priceCents: 2400 }] },
      },
      { given: 'one more line', change: { lines: [...ask.lines, { productId: 'p2', packSize: 'single', quantity: 1, priceCents: 600 }] } },
      { given: 'another address', change: { customer: { ...order.customer, addressLine1: '2 Hay St' } } },
      { given: 'a line 2 typed since', change: { customer: { ...order.customer, addressLine2: 'Unit 3' } } },
      { given: 'a pickup instead of delivery', change: { fulfilment: { method: 'pickup' as const, pickupDate: '2026-11-28' } } },
      { given: 'less than the margin left on the hold', change: { at: '2026-11-23T01:29:00.001Z' } },
      { given: 'the hold over', change: { at: '2026-11-23T01:31:00.000Z' } },
      { given: 'a beer of the order no longer on sale (a release scheduled since)', change: { onSale: false } },
      { given: 'a discount code it was not placed with', change: { discountCode: 'CLUB10' } },
    ])('given a pending checkout, when it is asked with $given, then it is not resumed', ({ change }) => {
      orders
        .given([held, attached])
        .when({ ...ask, ...change })
        .then([]);
    });
    it('given a checkout placed with a code, when it is asked with the same code, then it is resumed; without the code or with another, it is not', () => {
      const withCode: OrderEvent = {
        type: 'OrderPlaced',
        data: { ...held.data, discount: { code: 'CLUB10', kind: 'percent', cents: 220, description: '10% off' } },
      };
      orders
        .given([withCode, attached])
        .when({ ...ask, discountCode: 'CLUB10' })
        .then(resumed);
      orders.given([withCode, attached]).when(ask).then([]);
      orders
        .given([withCode, attached])
        .when({ ...ask, discountCode: 'FREESHIP' })
        .then([]);
    });
    it('given a checkout without a payment yet, paid, ended, being captured, or from before holders were kept, then it is not resumed', () => {
      orders.given([held]).when(ask).then([]);
      orders.given([held, attached, paid]).when(ask).then([]);
      orders
        .given([held, attached, { type: 'OrderCancelled', data: { reason: 'superseded', detail: 'x' } }])
        .when(ask)
        .then([]);
      orders
        .given([held, attached, { type: 'OrderCaptureClaimed', data: { paymentIntentId: 'pi_1' } }])
        .when(ask)
        .then([]);
      orders.given([placed, attached]).when(ask).then([]);
    });
    it('given a checkout resumed once, when it is asked again, then it is resumed again (each time is recorded)', () => {
      orders
        .given([held, attached, ...resumed])
        .when(ask)
        .then(resumed);
    });
  });

  describe("SetTrackingReferenceIfNone (a shipping label's consignment)", () => {
    const setIfNone = { type: 'SetTrackingReferenceIfNone', trackingReference: 'SSB123456785' } as const;

    it('given an order without a reference, then the consignment becomes its reference, quietly (the e-mail goes when it ships)', () => {
      orders
        .given([placed, attached, paid])
        .when(setIfNone)
        .then([{ type: 'TrackingReferenceSet', data: { trackingReference: 'SSB123456785', notifyCustomer: false } }]);
    });

    it('given an order the operator already gave a reference, then it keeps it', () => {
      const set: OrderEvent = { type: 'TrackingReferenceSet', data: { trackingReference: 'AP1' } };
      orders.given([placed, attached, paid, set]).when(setIfNone).then([]);
    });

    it('given a deleted order, then nothing is recorded', () => {
      orders.given([placed, attached, deleted]).when(setIfNone).then([]);
    });
  });

  describe('ChangeOrderStatus (the operator: any status to any other, only what changed)', () => {
    const change = (status: OrderStatus, trackingReference: string | null, notifyCustomer?: boolean): OrderCommand => ({
      type: 'ChangeOrderStatus',
      status,
      trackingReference,
      by: 'admin',
      ...(notifyCustomer === undefined ? {} : { notifyCustomer }),
    });
    const statusChanged = (from: OrderStatus, to: OrderStatus): OrderEvent => ({ type: 'OrderStatusChanged', data: { from, to } });
    const referenceSet = (trackingReference: string): OrderEvent => ({ type: 'TrackingReferenceSet', data: { trackingReference } });
    const assigned: OrderEvent = { type: 'InvoiceNumberAssigned', data: { invoiceNumber: 'INV-000001' } };

    it.each<[string, OrderEvent[], OrderCommand, OrderEvent[]]>([
      [
        'paid to packed with a first reference: both recorded, quietly (packed is not news for the customer)',
        [placed, paid, assigned],
        change('packed_awaiting_pickup', 'AP 123-456'),
        [
          { type: 'OrderStatusChanged', data: { from: 'paid', to: 'packed_awaiting_pickup', notifyCustomer: false } },
          { type: 'TrackingReferenceSet', data: { trackingReference: 'AP 123-456', notifyCustomer: false } },
        ],
      ],
      [
        'paid to packed, the operator ticking "notify": recorded to be e-mailed',
        [placed, paid, assigned],
        change('packed_awaiting_pickup', 'AP 123-456', true),
        [statusChanged('paid', 'packed_awaiting_pickup'), referenceSet('AP 123-456')],
      ],
      [
        'packed to shipped, same reference: the status only',
        [placed, paid, statusChanged('paid', 'packed_awaiting_pickup'), referenceSet('AP1')],
        change('shipped', 'AP1'),
        [statusChanged('packed_awaiting_pickup', 'shipped')],
      ],
      [
        'a pending order cancelled by hand: its held cans released first, then the status',
        [placed],
        change('cancelled', null),
        [{ type: 'OrderReservationReleased', data: { reason: 'order_cancelled' } }, statusChanged('pending', 'cancelled')],
      ],
      [
        'a pending order whose hold already ran out, cancelled by hand: the status only',
        [placed, { type: 'OrderReservationReleased', data: { reason: 'expired' } }],
        change('cancelled', null),
        [statusChanged('pending', 'cancelled')],
      ],
      [
        'same status, new reference: the reference only',
        [placed, paid, statusChanged('paid', 'shipped'), referenceSet('AP1')],
        change('shipped', 'AP2'),
        [referenceSet('AP2')],
      ],
      [
        'nothing changed: nothing recorded',
        [placed, paid, statusChanged('paid', 'shipped'), referenceSet('AP1')],
        change('shipped', 'AP1'),
        [],
      ],
      [
        'the operator chose not to e-mail: both changes say so',
        [placed, paid, assigned],
        change('packed_awaiting_pickup', 'FIX-1', false),
        [
          { type: 'OrderStatusChanged', data: { from: 'paid', to: 'packed_awaiting_pickup', notifyCustomer: false } },
          { type: 'TrackingReferenceSet', data: { trackingReference: 'FIX-1', notifyCustomer: false } },
        ],
      ],
      [
        'the operator chose to e-mail: recorded as always',
        [placed, paid, assigned],
        change('shipped', 'AP1', true),
        [statusChanged('paid', 'shipped'), referenceSet('AP1')],
      ],
      [
        'a status for many orders at once (no reference): the status only, the reference kept',
        [placed, paid, referenceSet('AP1')],
        change('shipped', null, false),
        [{ type: 'OrderStatusChanged', data: { from: 'paid', to: 'shipped', notifyCustomer: false } }],
      ],
      [
        'a status for many orders at once on an order without a reference: the status only',
        [placed, paid],
        change('delivered', null),
        [statusChanged('paid', 'delivered')],
      ],
      [
        'a status for many orders at once, already that status: nothing recorded',
        [placed, paid, statusChanged('paid', 'shipped')],
        change('shipped', null),
        [],
      ],
      [
        'backwards, delivered to paid',
        [placed, paid, statusChanged('paid', 'delivered'), referenceSet('AP1')],
        change('paid', 'AP1'),
        [statusChanged('delivered', 'paid')],
      ],
      [
        'a pending order straight to delivered',
        [placed],
        change('delivered', 'X1'),
        [statusChanged('pending', 'delivered'), referenceSet('X1')],
      ],
      [
        'a cancelled checkout back to pending',
        [placed, { type: 'OrderCancelled', data: { reason: 'insufficient_stock', detail: 'x' } }],
        change('pending', 'X1'),
        [statusChanged('cancelled', 'pending'), referenceSet('X1')],
      ],
      [
        'a packed order cancelled: what remains paid is to be refunded (the money decided in the same step)',
        [placed, paid, statusChanged('paid', 'packed_awaiting_pickup'), referenceSet('AP1')],
        change('cancelled', 'AP1'),
        [
          { type: 'PaidOrderCancelled', data: { paymentIntentId: 'pi_1', refundCents: 3200, keptReason: null } },
          statusChanged('packed_awaiting_pickup', 'cancelled'),
        ],
      ],
    ])('given %s', (_, history, command, expected) => {
      orders.given(history).when(command).then(expected);
    });

    it('folds the change into the state: the next identical form changes nothing', () => {
      const first = orders
        .given([placed, paid])
        .when(change('shipped', 'AP1'))
        .then([statusChanged('paid', 'shipped'), referenceSet('AP1')]);
      orders
        .given([placed, paid, ...first])
        .when(change('shipped', 'AP1'))
        .then([]);
    });

    it.each([
      ['an order that does not exist', [] as OrderEvent[], 'Order not found'],
      ['a deleted order', [placed, deleted], 'Order #7 was deleted and can no longer be updated'],
    ])('refuses %s', (_, history, message) => {
      orders
        .given(history)
        .when(change('shipped', 'AP1'))
        .thenThrows({ message: expect.stringContaining(message) });
    });

    it.each(['', ' AP1', 'AP1 ', 'AP_1', 'AP/1', 'A'.repeat(61), '-AP1'])('refuses the reference %j', (reference) => {
      orders
        .given([placed, paid])
        .when(change('shipped', reference))
        .thenThrows({ message: expect.stringContaining('Tracking reference must be 1 to 60 letters, digits, spaces or dashes') });
    });

    const as = (role: 'owner' | 'manager' | 'packer', status: OrderStatus): OrderCommand => ({
      type: 'ChangeOrderStatus',
      status,
      trackingReference: null,
      by: { id: `${role}-1`, name: `A ${role}`, role },
    });

    it('given a paid order, when a packer cancels it (which would refund it), then it is refused for their role and nothing changes', () => {
      orders.given([placed, paid, assigned]).when(as('packer', 'cancelled')).thenThrows({ code: 'forbidden_for_role' });
    });

    it.each(['owner', 'manager'] as const)('given a paid order, when a %s cancels it, then it is cancelled with its refund', (role) => {
      orders
        .given([placed, paid, assigned])
        .when(as(role, 'cancelled'))
        .then((events) => expect(events[0]).toMatchObject({ type: 'PaidOrderCancelled', data: { refundCents: 3200 } }));
    });

    it('given an unpaid order, when a packer cancels it (no money moves), then it is cancelled; and a packer packs a paid one', () => {
      orders
        .given([placed])
        .when(as('packer', 'cancelled'))
        .then((events) => expect(events.at(-1)).toEqual(statusChanged('pending', 'cancelled')));
      orders
        .given([placed, paid, assigned])
        .when(as('packer', 'packed_awaiting_pickup'))
        .then((events) => expect(events[0]).toMatchObject({ type: 'OrderStatusChanged', data: { to: 'packed_awaiting_pickup' } }));
    });
  });

  it('refuses to delete a paid order the operator set back to pending', () => {
    const backToPending: OrderEvent = { type: 'OrderStatusChanged', data: { from: 'paid', to: 'pending' } };
    orders
      .given([placed, paid, backToPending])
      .when({ type: 'DeletePendingOrder', deletedAt: 'x' })
      .thenThrows({ message: expect.stringContaining('Order #7 has been paid, so it cannot be deleted') });
  });

  describe('closing a review', () => {
    const flagged: OrderEvent = { type: 'OrderNeedsReview', data: { reason: 'Paid after its stock went', paymentIntentId: 'pi_1' } };
    const resolved: OrderEvent = { type: 'OrderReviewResolved', data: { note: 'Refunded in full' } };
    const resolve = { type: 'ResolveReview', note: 'Refunded in full' } as const;

    it('given a flagged order, when the operator resolves it, then the review is resolved with the note', () => {
      orders.given([placed, paid, flagged]).when(resolve).then([resolved]);
    });

    it('given a resolved review, when it is resolved again, then nothing changes; a new reason opens it again', () => {
      orders.given([placed, paid, flagged, resolved]).when(resolve).then([]);
      const again: OrderEvent = { type: 'OrderNeedsReview', data: { reason: 'Paid twice', paymentIntentId: 'pi_2' } };
      orders.given([placed, paid, flagged, resolved, again]).when(resolve).then([resolved]);
    });

    it('given an order never flagged, when the operator resolves it, then it is refused', () => {
      orders
        .given([placed, paid])
        .when(resolve)
        .thenThrows({ message: expect.stringContaining('Order #7 is not flagged for review: there is nothing to resolve') });
    });
  });

  describe('the cellar door: placing a pickup and handing it over (RecordCollection)', () => {
    // Placed Monday 23 November 2026, 9 am in Perth: Saturdays 28 November to 19 December are open.
    const pickupOrder: OrderPlacedData = {
      ...order,
      customer: { ...order.customer, addressLine1: '', suburb: '', postCode: '' },
      shippingCents: 0,
      totalCents: 2200,
      gstCents: 200,
      estimatedDelivery: 'Saturday 28 November, 10am-4pm',
      fulfilment: { method: 'pickup', pickupDate: '2026-11-28' },
    };
    const pickupPlaced: OrderEvent = { type: 'OrderPlaced', data: pickupOrder };
    const pickupPaid: OrderEvent = {
      type: 'OrderPaid',
      data: { paymentIntentId: 'pi_1', amountCents: 2200, paidAt: '2026-11-23T01:05:00.000Z' },
    };
    const packed: OrderEvent = { type: 'OrderStatusChanged', data: { from: 'paid', to: 'packed_awaiting_pickup' } };
    const pickupRefunded: OrderEvent = {
      type: 'OrderRefunded',
      data: { paymentIntentId: 'pi_1', refundId: 're_1', amountCents: 2200, note: '' },
    };
    const pickupCancelled: OrderEvent = { type: 'OrderStatusChanged', data: { from: 'paid', to: 'cancelled' } };
    const collect = {
      type: 'RecordCollection' as const,
      idChecked: true,
      idType: 'drivers_licence' as const,
      collectedBy: 'Grace Hopper',
      at: '2026-11-28T03:00:00.000Z',
    };
    const collected: OrderEvent[] = [
      {
        type: 'OrderCollected',
        data: { idChecked: true, idType: 'drivers_licence', collectedBy: 'Grace Hopper', collectedAt: collect.at },
      },
      { type: 'OrderStatusChanged', data: { from: 'packed_awaiting_pickup', to: 'delivered', notifyCustomer: false } },
    ];

    it('given no order, when a pickup on an open Saturday is placed, then it is placed', () => {
      orders.given([]).when({ type: 'PlaceOrder', order: pickupOrder }).then([pickupPlaced]);
    });
    it.each([
      { date: '2026-12-26', why: 'the fifth Saturday' },
      { date: '2026-11-27', why: 'a Friday' },
      { date: '', why: 'no day' },
    ])('given no order, when a pickup is placed for $why, then it is refused with the open Saturdays', ({ date }) => {
      orders
        .given([])
        .when({ type: 'PlaceOrder', order: { ...pickupOrder, fulfilment: { method: 'pickup', pickupDate: date } } })
        .thenThrows({ message: expect.stringMatching(/2026-11-28, 2026-12-05, 2026-12-12, 2026-12-19/) });
    });
    it('given a paid pickup, when it is set to Packed, then the customer is e-mailed (ready to collect), unlike a delivery', () => {
      const toPacked = {
        type: 'ChangeOrderStatus' as const,
        status: 'packed_awaiting_pickup' as const,
        trackingReference: null,
        by: 'admin' as const,
      };
      orders
        .given([pickupPlaced, attached, pickupPaid])
        .when(toPacked)
        .then((events) => expect(notifiesCustomer(events)).toBe(true));
      orders
        .given([placed, attached, paid])
        .when(toPacked)
        .then((events) => expect(notifiesCustomer(events)).toBe(false));
    });
    it('given a packed pickup, when it is handed over with the ID checked, then it is collected and Delivered, without an e-mail', () => {
      const events = orders.given([pickupPlaced, attached, pickupPaid, packed]).when(collect).then(collected);
      expect(notifiesCustomer(events)).toBe(false);
    });
    it.each([
      { status: 'shipped' as const, code: 'pickup_not_shipped' },
      { status: 'delivered' as const, code: 'pickup_needs_hand_over' },
    ])(
      'given a paid pickup, when it is set to $status by hand or in bulk, then it is refused ($code): only the hand-over delivers it',
      ({ status, code }) => {
        const byHand = { type: 'ChangeOrderStatus' as const, status, trackingReference: null, by: 'admin' as const };
        orders.given([pickupPlaced, attached, pickupPaid, packed]).when(byHand).thenThrows({ code });
        orders.given([pickupPlaced, attached, pickupPaid]).when({ type: 'SetDispatchStep', status, by: 'admin' }).thenThrows({ code });
      },
    );
    it('given a collected pickup, when Delivered is asked again, then nothing changes', () => {
      orders
        .given([pickupPlaced, attached, pickupPaid, packed, ...collected])
        .when({
          type: 'ChangeOrderStatus',
          status: 'delivered',
          trackingReference: null,
          by: 'admin',
        })
        .then([]);
    });
    it('given a collected pickup, when the hand-over is recorded again, then nothing changes', () => {
      orders
        .given([pickupPlaced, attached, pickupPaid, packed, ...collected])
        .when(collect)
        .then([]);
    });
    it.each([
      {
        given: 'the ID not checked',
        events: [pickupPlaced, attached, pickupPaid, packed],
        command: { ...collect, idChecked: false },
        code: 'id_not_checked',
      },
      { given: 'a delivery order', events: [placed, attached, paid], command: collect, code: 'not_a_pickup' },
      { given: 'an unpaid pickup', events: [pickupPlaced, attached], command: collect, code: 'order_not_paid' },
      {
        given: 'a cancelled pickup',
        events: [pickupPlaced, attached, pickupPaid, pickupCancelled],
        command: collect,
        code: 'order_cancelled',
      },
      {
        given: 'a pickup refunded in full',
        events: [pickupPlaced, attached, pickupPaid, pickupRefunded],
        command: collect,
        code: 'order_refunded',
      },
    ])('given $given, when it is handed over, then it is refused ($code)', ({ events, command, code }) => {
      orders.given(events).when(command).thenThrows({ code });
    });
  });

  describe('internal notes', () => {
    const note = { type: 'AddOrderNote', note: 'Customer rang: will collect' } as const;
    const added: OrderEvent = { type: 'OrderNoteAdded', data: { note: 'Customer rang: will collect' } };

    it.each([
      ['pending', [placed]],
      ['paid', [placed, paid]],
      ['deleted', [placed, deleted]],
    ])('given a %s order, when the operator adds a note, then it is recorded, and a second one too', (_status, history) => {
      orders.given(history).when(note).then([added]);
      orders
        .given([...history, added])
        .when(note)
        .then([added]);
    });

    it('given a note, then the customer is not e-mailed and nothing else about the order changes', () => {
      expect(notifiesCustomer([added])).toBe(false);
      orders.given([placed, paid, added]).thenState(fold(orderDecider, [placed, paid]));
    });

    it('given no order, when a note is added, then it is refused', () => {
      orders.given([]).when(note).thenThrows({ code: 'order_not_found' });
    });
  });

  describe('recording a refund', () => {
    const refund = { type: 'RecordRefund', paymentIntentId: 'pi_1', refundId: 're_1', amountCents: 1200, note: 'Dented cans' } as const;
    const refunded: OrderEvent = {
      type: 'OrderRefunded',
      data: { paymentIntentId: 'pi_1', refundId: 're_1', amountCents: 1200, note: 'Dented cans' },
    };

    it('given a paid order, when a refund is recorded, then it is on the order once, whatever the order became since', () => {
      orders.given([placed, paid]).when(refund).then([refunded]);
      orders.given([placed, paid, refunded]).when(refund).then([]);
      orders
        .given([placed, attached, { type: 'OrderCancelled', data: { reason: 'sold_out', detail: '' } }])
        .when(refund)
        .then([refunded]);
      orders
        .given([placed, paid, refunded, { ...refunded, data: { ...refunded.data, refundId: 're_2', amountCents: 800 } }])
        .thenState((state) =>
          expect(state).toMatchObject({
            refundIds: ['re_1', 're_2'],
            refundedCents: 2000,
          }),
        );
    });
  });

  describe('a dispatch step set on many orders at once (bulk status)', () => {
    const step = (status: 'packed_awaiting_pickup' | 'shipped' | 'delivered'): OrderCommand => ({
      type: 'SetDispatchStep',
      status,
      by: 'admin',
      notifyCustomer: true,
    });
    const cancelledByHand: OrderEvent = { type: 'OrderStatusChanged', data: { from: 'paid', to: 'cancelled' } };

    it.each<[string, OrderEvent[], OrderEvent[] | string]>([
      ['a paid order', [placed, attached, paid], [{ type: 'OrderStatusChanged', data: { from: 'paid', to: 'shipped' } }]],
      ['a paid order already shipped', [placed, attached, paid, { type: 'OrderStatusChanged', data: { from: 'paid', to: 'shipped' } }], []],
      ['an order never paid', [placed, attached], 'Order #7 has not been paid, so it cannot be packed, shipped or delivered'],
      [
        'an order set to packed by hand but never paid',
        [placed, attached, { type: 'OrderStatusChanged', data: { from: 'pending', to: 'packed_awaiting_pickup' } }],
        'Order #7 has not been paid',
      ],
      [
        'a paid order cancelled',
        [placed, attached, paid, cancelledByHand],
        'Order #7 is cancelled (change it from its own form if it must go out)',
      ],
      ['a deleted order', [placed, attached, deleted], 'Order #7 was deleted and can no longer be updated'],
      [
        'a paid order refunded in full, then set to packed by hand',
        [
          placed,
          attached,
          paid,
          { type: 'OrderRefunded', data: { paymentIntentId: 'pi_1', refundId: 're_1', amountCents: 3200, note: 'all' } },
          { type: 'OrderStatusChanged', data: { from: 'paid', to: 'packed_awaiting_pickup' } },
        ],
        'Order #7 was refunded in full, so it cannot be packed, shipped or delivered',
      ],
      [
        'a paid order refunded in part',
        [
          placed,
          attached,
          paid,
          { type: 'OrderRefunded', data: { paymentIntentId: 'pi_1', refundId: 're_1', amountCents: 1200, note: 'dented' } },
        ],
        [{ type: 'OrderStatusChanged', data: { from: 'paid', to: 'shipped' } }],
      ],
      ['no order', [], 'Order not found'],
    ])('given %s, when it is set to shipped, then %j', (_, history, expected) => {
      if (typeof expected === 'string')
        orders
          .given(history)
          .when(step('shipped'))
          .thenThrows({ message: expect.stringContaining(expected) });
      else orders.given(history).when(step('shipped')).then(expected);
    });
  });

  describe('where the order meets its payment: the capture claim (docs/decisions/0003)', () => {
    const claimed: OrderEvent = { type: 'OrderCaptureClaimed', data: { paymentIntentId: 'pi_1' } };
    const released: OrderEvent = { type: 'OrderCaptureClaimReleased', data: { paymentIntentId: 'pi_1', reason: 'sold out' } };
    const claim: OrderCommand = { type: 'ClaimCapture', paymentIntentId: 'pi_1', amountCents: 3200, currency: 'aud' };
    const cancelledAtCheckout: OrderEvent = { type: 'OrderCancelled', data: { reason: 'expired', detail: 'ran out' } };
    const byHand = (status: OrderStatus): OrderEvent => ({ type: 'OrderStatusChanged', data: { from: 'pending', to: status } });

    it.each<[string, OrderEvent[], OrderEvent[] | string]>([
      ['a pending order', [placed, attached], [claimed]],
      ['a claim made already (a retry after a crash)', [placed, attached, claimed], []],
      ['a claim released (the provider refused before)', [placed, attached, claimed, released], [claimed]],
      ['a deleted order', [placed, attached, deleted], 'Order #7 cannot be marked paid: the operator deleted it'],
      ['an order cancelled at checkout', [placed, attached, cancelledAtCheckout], 'Order #7 cannot be marked paid: it is cancelled'],
      ['an order cancelled by hand', [placed, attached, byHand('cancelled')], 'Order #7 cannot be marked paid: it is cancelled'],
      ['an order paid already', [placed, attached, paid], 'Order #7 cannot be marked paid: it is already paid through pi_1'],
    ])('given %s, when the capture is claimed, then %j', (_, history, expected) => {
      if (typeof expected === 'string')
        orders
          .given(history)
          .when(claim)
          .thenThrows({ message: expect.stringContaining(expected) });
      else orders.given(history).when(claim).then(expected);
    });

    it.each<[string, OrderCommand]>([
      ['a delete', { type: 'DeletePendingOrder', deletedAt: '2026-11-23T02:00:00.000Z' }],
      ['a checkout cancellation', { type: 'CancelOrder', reason: 'expired', detail: 'ran out' }],
      ['a cancel by hand', { type: 'ChangeOrderStatus', status: 'cancelled', trackingReference: null, by: 'admin' }],
    ])('given a claimed capture, when %s is asked, then it is refused (409 payment_under_way) and nothing is appended', (_, command) => {
      orders.given([placed, attached, claimed]).when(command).thenThrows({ code: 'payment_under_way', kind: 'conflict' });
    });

    it('given a claimed capture, another status by hand is still the operator’s (the spec’s rule)', () => {
      orders
        .given([placed, attached, claimed])
        .when({
          type: 'ChangeOrderStatus',
          status: 'shipped',
          trackingReference: null,
          by: 'admin',
        })
        .then([byHand('shipped')]);
    });

    it('given a released claim, a delete wins again', () => {
      orders
        .given([placed, attached, claimed, released])
        .when({ type: 'DeletePendingOrder', deletedAt: 'x' })
        .then((events) => expect(events.map((e) => e.type)).toEqual(['OrderReservationReleased', 'OrderDeleted']));
    });

    it('given a claim, the payment of that intent marks it paid and ends the claim', () => {
      const paidNow = orders.given([placed, attached, claimed]).when({
        type: 'MarkOrderPaid',
        paymentIntentId: 'pi_1',
        amountCents: 3200,
        paidAt: 't',
      });
      paidNow.then((events) => expect(events.map((e) => e.type)).toEqual(['OrderPaid']));
      paidNow.thenState((state) => expect(state.kind === 'placed' && state.captureClaim).toBeNull());
    });

    it('given a claim and the status set by hand meanwhile, the payment of that intent still marks it paid', () => {
      const packed: OrderEvent = byHand('packed_awaiting_pickup');
      orders
        .given([placed, attached, claimed, packed])
        .when({
          type: 'MarkOrderPaid',
          paymentIntentId: 'pi_1',
          amountCents: 3200,
          paidAt: 't',
        })
        .then((events) => expect(events.map((e) => e.type)).toEqual(['OrderPaid']));
      orders
        .given([placed, attached, packed])
        .when({ type: 'MarkOrderPaid', paymentIntentId: 'pi_1', amountCents: 3200, paidAt: 't' })
        .thenThrows({ message: expect.stringContaining('Order #7 cannot be marked paid: it is packed_awaiting_pickup') });
    });

    it.each<[string, number, string]>([
      ['another amount', 3100, 'aud'],
      ['the total in another currency', 3200, 'usd'],
    ])(
      'given a pending order, when a capture is claimed for %s, then it is refused (amount_mismatch) saying nothing was charged',
      (_, amountCents, currency) => {
        orders
          .given([placed, attached])
          .when({ type: 'ClaimCapture', paymentIntentId: 'pi_1', amountCents, currency })
          .thenThrows({
            code: 'amount_mismatch',
            message: `Card authorised for $${(amountCents / 100).toFixed(2)} ${currency.toUpperCase()}, not the total of Order #7, $32.00 AUD: the authorisation was cancelled and nothing was charged.`,
          });
      },
    );

    describe('a payment that has succeeded (the money is taken) claims the order, or flags it for the operator', () => {
      const succeeded = (paymentIntentId: string, amountCents = 3200, currency = 'aud'): OrderCommand => ({
        type: 'ClaimPayment',
        paymentIntentId,
        amountCents,
        currency,
      });
      const review = (reason: string, paymentIntentId = 'pi_1'): OrderEvent => ({
        type: 'OrderNeedsReview',
        data: { reason, paymentIntentId },
      });
      const claimedBy2: OrderEvent = { type: 'OrderCaptureClaimed', data: { paymentIntentId: 'pi_2' } };

      it.each<[string, OrderEvent[], OrderCommand, OrderEvent[]]>([
        ['a pending order', [placed, attached], succeeded('pi_1'), [claimed]],
        ['an order whose capture it claimed already', [placed, attached, claimed], succeeded('pi_1'), []],
        ['an order it paid already (redelivered)', [placed, attached, paid], succeeded('pi_1'), []],
        [
          'an order paid by another payment',
          [placed, attached, paid],
          succeeded('pi_2'),
          [review('Paid twice: pi_2 succeeded after pi_1 had already paid this order. Refund one of them.', 'pi_2')],
        ],
        [
          'an order another payment is being captured for',
          [placed, attached, claimedBy2],
          succeeded('pi_1'),
          [review('Paid twice: pi_1 succeeded while pi_2 was being captured for this order. Refund one of them.')],
        ],
        [
          'a deleted order',
          [placed, attached, deleted],
          succeeded('pi_1'),
          [review('Payment pi_1 of $32.00 succeeded but the order was deleted: fulfil or refund it.')],
        ],
        [
          'an order cancelled at checkout',
          [placed, attached, cancelledAtCheckout],
          succeeded('pi_1'),
          [review('Payment pi_1 of $32.00 succeeded but the order is cancelled: fulfil or refund it.')],
        ],
        [
          'an order set to packed by hand',
          [placed, attached, byHand('packed_awaiting_pickup')],
          succeeded('pi_1'),
          [review('Payment pi_1 of $32.00 succeeded but the order is packed_awaiting_pickup: fulfil or refund it.')],
        ],
        [
          'a pending order, for another amount',
          [placed, attached],
          succeeded('pi_1', 3000),
          [
            review(
              'Amount paid $30.00 AUD differs from the order total $32.00 AUD: refund it, or settle the difference with the customer.',
            ),
          ],
        ],
        [
          'a pending order, in another currency',
          [placed, attached],
          succeeded('pi_1', 3200, 'nzd'),
          [
            review(
              'Amount paid $32.00 NZD differs from the order total $32.00 AUD: refund it, or settle the difference with the customer.',
            ),
          ],
        ],
      ])('given %s, when a payment succeeds, then %j', (_, history, command, expected) => {
        orders.given(history).when(command).then(expected);
      });

      it.each<[string, OrderEvent[], string | null]>([
        ['a pending order', [placed, attached], null],
        [
          'a deleted order',
          [placed, attached, deleted],
          'Payment pi_1 of $32.00 succeeded but the order was deleted: fulfil or refund it.',
        ],
        [
          'an order another payment is being captured for',
          [placed, attached, claimedBy2],
          'Paid twice: pi_1 succeeded while pi_2 was being captured for this order. Refund one of them.',
        ],
      ])('given %s, after the claim the money is refused for: %j', (_, history, reason) => {
        orders
          .given(history)
          .when(succeeded('pi_1'))
          .thenState((state) => expect(claimedPaymentRefusal(state, 'pi_1')).toBe(reason));
      });

      it('given no order at all, the money is refused for an order that is gone', () => {
        expect(claimedPaymentRefusal(orderDecider.initialState, 'pi_1')).toBe('the order is gone');
      });

      it('given the same problem flagged before (a redelivered webhook), then nothing more is appended', () => {
        const flagged = review('Payment pi_1 of $32.00 succeeded but the order was deleted: fulfil or refund it.');
        orders.given([placed, attached, deleted, flagged]).when(succeeded('pi_1')).then([]);
      });

      it('given the claim, a delete or a cancel is refused until the payment is recorded on the order', () => {
        const history = [placed, attached, ...orders.given([placed, attached]).when(succeeded('pi_1')).then([claimed])];
        orders
          .given(history)
          .when({ type: 'DeletePendingOrder', deletedAt: 'x' })
          .thenThrows({ message: expect.stringContaining('is being paid right now') });
        orders
          .given(history)
          .when({ type: 'ChangeOrderStatus', status: 'cancelled', trackingReference: null, by: 'admin' })
          .thenThrows({ message: expect.stringContaining('is being paid right now') });
      });
    });

    it('releasing a claim nobody holds changes nothing', () => {
      orders.given([placed, attached]).when({ type: 'ReleaseCaptureClaim', paymentIntentId: 'pi_1', reason: 'x' }).then([]);
      orders.given([placed, attached, claimed]).when({ type: 'ReleaseCaptureClaim', paymentIntentId: 'pi_2', reason: 'x' }).then([]);
    });
  });

  describe('an order with its customer: never cancelled, its cans returned (RecordReturn)', () => {
    // Two beers: a 4-pack of Swan Pale for $22.00 and three Stout singles for $10.00 ($3.33⅓ a can), $10.00 shipping.
    const twoBeers: OrderPlacedData = {
      ...order,
      items: [
        ...order.items,
        {
          id: '7-2',
          productId: 'p2',
          productName: 'Swan Stout',
          style: 'Stout',
          abv: 5.8,
          packSize: 'single',
          packQuantity: 1,
          packs: 3,
          quantity: 3,
          unitPriceCents: 334,
          lineTotalCents: 1000,
        },
      ],
      subtotalCents: 3200,
      totalCents: 4200,
      totalCans: 7,
    };
    const placedTwo: OrderEvent = { type: 'OrderPlaced', data: twoBeers };
    const paidTwo: OrderEvent = {
      type: 'OrderPaid',
      data: { paymentIntentId: 'pi_1', amountCents: 4200, paidAt: '2026-11-23T01:05:00.000Z' },
    };
    const to = (from: OrderStatus, status: OrderStatus): OrderEvent => ({ type: 'OrderStatusChanged', data: { from, to: status } });
    const shipped = to('paid', 'shipped');
    const delivered = to('shipped', 'delivered');
    const cancel = (keepPaymentReason?: string): OrderCommand => ({
      type: 'ChangeOrderStatus',
      status: 'cancelled',
      trackingReference: null,
      by: 'admin',
      ...(keepPaymentReason === undefined ? {} : { keepPaymentReason }),
    });
    const pickupPlaced: OrderEvent = {
      type: 'OrderPlaced',
      data: { ...twoBeers, shippingCents: 0, totalCents: 3200, fulfilment: { method: 'pickup', pickupDate: '2026-11-28' } },
    };
    const pickupPaid: OrderEvent = {
      type: 'OrderPaid',
      data: { paymentIntentId: 'pi_1', amountCents: 3200, paidAt: '2026-11-23T01:05:00.000Z' },
    };
    const handedOver: OrderEvent[] = [
      {
        type: 'OrderCollected',
        data: { idChecked: true, idType: 'passport', collectedBy: null, collectedAt: '2026-11-28T03:00:00.000Z' },
      },
      { type: 'OrderStatusChanged', data: { from: 'paid', to: 'delivered', notifyCustomer: false } },
    ];
    const returning = (items: { productId: string; cans: number }[], refund: ReturnRefund, returnId = 'r1'): OrderCommand => ({
      type: 'RecordReturn',
      returnId,
      items,
      refund,
      at: '2026-12-01T02:00:00.000Z',
    });
    const returned = (
      items: { productId: string; productName: string; cans: number; valueCents: number }[],
      refundCents: number,
      returnId = 'r1',
    ): OrderEvent => ({ type: 'OrderItemsReturned', data: { returnId, items, refundCents, returnedAt: '2026-12-01T02:00:00.000Z' } });
    const refunded = (amountCents: number): OrderEvent => ({
      type: 'OrderRefunded',
      data: { paymentIntentId: 'pi_1', refundId: `re_${amountCents}`, amountCents, note: '' },
    });

    it.each<[string, OrderEvent[], string]>([
      ['a shipped order', [placedTwo, paidTwo, shipped], 'Order #7 was shipped, so it cannot be cancelled'],
      ['a delivered order', [placedTwo, paidTwo, shipped, delivered], 'Order #7 was delivered, so it cannot be cancelled'],
      ['an unpaid order set to shipped by hand', [placedTwo, to('pending', 'shipped')], 'Order #7 was shipped, so it cannot be cancelled'],
      [
        'a pickup handed over at the cellar door',
        [pickupPlaced, pickupPaid, ...handedOver],
        'Order #7 was collected at the cellar door, so it cannot be cancelled',
      ],
      [
        'a shipped order the operator set back to paid first',
        [placedTwo, paidTwo, shipped, to('shipped', 'paid')],
        'Order #7 was shipped, so it cannot be cancelled',
      ],
      [
        'a delivered order set back to paid',
        [placedTwo, paidTwo, shipped, delivered, to('delivered', 'paid')],
        'Order #7 was delivered, so it cannot be cancelled',
      ],
      [
        'an order set straight to delivered, then back to paid',
        [placedTwo, paidTwo, to('paid', 'delivered'), to('delivered', 'paid')],
        'Order #7 was delivered, so it cannot be cancelled',
      ],
      [
        'a collected pickup the operator set back to packed by hand',
        [pickupPlaced, pickupPaid, ...handedOver, to('delivered', 'packed_awaiting_pickup')],
        'Order #7 was collected at the cellar door, so it cannot be cancelled',
      ],
    ])(
      'given %s, when it is cancelled by the status form, then it is refused (409 order_with_customer) and nothing is recorded',
      (_, history, message) => {
        for (const command of [cancel(), cancel('Customer keeps the beer')]) {
          orders
            .given(history)
            .when(command)
            .thenThrows({
              code: 'order_with_customer',
              kind: 'conflict',
              message: `${message}: record a return of the cans the customer sends back, or a refund, instead`,
            });
        }
      },
    );

    it('given a cancelled order that had been collected (before the rule), when Cancelled is asked again, then nothing changes', () => {
      orders
        .given([pickupPlaced, pickupPaid, ...handedOver, to('delivered', 'cancelled')])
        .when(cancel())
        .then([]);
    });

    const setTo = (status: OrderStatus): OrderCommand => ({ type: 'ChangeOrderStatus', status, trackingReference: null, by: 'admin' });
    const paidCancelled: OrderEvent = {
      type: 'PaidOrderCancelled',
      data: { paymentIntentId: 'pi_1', refundCents: 1100, keptReason: null },
    };

    it.each<[string, OrderEvent[]]>([
      ['a paid order', [placedTwo, paidTwo]],
      ['a packed order', [placedTwo, paidTwo, to('paid', 'packed_awaiting_pickup')]],
      ['a collected pickup', [pickupPlaced, pickupPaid, ...handedOver]],
    ])('given %s, when it is set back to Payment Pending, then it is refused (409 order_paid_not_pending)', (_, history) => {
      orders.given(history).when(setTo('pending')).thenThrows({ code: 'order_paid_not_pending', kind: 'conflict' });
    });

    it.each<[OrderStatus]>([['pending'], ['paid'], ['packed_awaiting_pickup'], ['shipped'], ['delivered']])(
      'given a paid order cancelled (refunded, its cans returned), when it is set to %s, then it is refused (409 order_cancelled_for_good)',
      (status) => {
        orders
          .given([placedTwo, paidTwo, paidCancelled, to('paid', 'cancelled')])
          .when(setTo(status))
          .thenThrows({ code: 'order_cancelled_for_good', kind: 'conflict' });
      },
    );

    it('given an unpaid order once set to shipped by mistake and set back to pending, when it is cancelled, then its hold is released as for any unpaid order', () => {
      orders
        .given([placedTwo, to('pending', 'shipped'), to('shipped', 'pending')])
        .when(setTo('cancelled'))
        .then([{ type: 'OrderReservationReleased', data: { reason: 'order_cancelled' } }, to('pending', 'cancelled')]);
    });

    it('given a paid order shipped and set back to paid, when a return of its cans is recorded, then it is taken (it reached its customer)', () => {
      orders
        .given([placedTwo, paidTwo, shipped, to('shipped', 'paid')])
        .when(returning([{ productId: 'p1', cans: 1 }], { kind: 'none' }))
        .then([returned([pale(1, 550)], 0)]);
    });

    it('given an unpaid order cancelled, when it is set back to Payment Pending, then it is recorded (no money or cans were settled)', () => {
      orders
        .given([placedTwo, to('pending', 'cancelled')])
        .when(setTo('pending'))
        .then([to('cancelled', 'pending')]);
    });

    it('given a delivered order, when another status is set by hand, then it is recorded as before', () => {
      orders
        .given([placedTwo, paidTwo, shipped, delivered])
        .when({
          type: 'ChangeOrderStatus',
          status: 'paid',
          trackingReference: null,
          by: 'admin',
        })
        .then([to('delivered', 'paid')]);
    });

    const pale = (cans: number, valueCents: number) => ({ productId: 'p1', productName: 'Swan Pale', cans, valueCents });
    const stout = (cans: number, valueCents: number) => ({ productId: 'p2', productName: 'Swan Stout', cans, valueCents });

    it.each<[string, OrderEvent[], OrderCommand, OrderEvent[]]>([
      [
        'a delivered order, one can of Pale back and no refund: the can is recorded, no money moves',
        [placedTwo, paidTwo, shipped, delivered],
        returning([{ productId: 'p1', cans: 1 }], { kind: 'none' }),
        [returned([pale(1, 550)], 0)],
      ],
      [
        "a shipped order, two Stouts back refunded at their value: priced from the order's line, rounded down",
        [placedTwo, paidTwo, shipped],
        returning([{ productId: 'p2', cans: 2 }], { kind: 'value' }),
        [returned([stout(2, 666)], 666)],
      ],
      [
        'a collected pickup, every can back at its value: exactly the lines, never the shipping',
        [pickupPlaced, pickupPaid, ...handedOver],
        returning(
          [
            { productId: 'p1', cans: 4 },
            { productId: 'p2', cans: 3 },
          ],
          { kind: 'value' },
        ),
        [returned([pale(4, 2200), stout(3, 1000)], 3200)],
      ],
      [
        'a delivered order partly refunded before: the value is capped at what is left to refund',
        [placedTwo, paidTwo, shipped, delivered, refunded(3500)],
        returning([{ productId: 'p1', cans: 4 }], { kind: 'value' }),
        [returned([pale(4, 2200)], 700)],
      ],
      [
        'a delivered order, a can back with an amount the operator chose',
        [placedTwo, paidTwo, shipped, delivered],
        returning([{ productId: 'p1', cans: 1 }], { kind: 'amount', amountCents: 600 }),
        [returned([pale(1, 550)], 600)],
      ],
      [
        'a second return of the rest of a beer, under another id',
        [placedTwo, paidTwo, shipped, delivered, returned([pale(1, 550)], 0)],
        returning([{ productId: 'p1', cans: 3 }], { kind: 'none' }, 'r2'),
        [returned([pale(3, 1650)], 0, 'r2')],
      ],
      [
        'the same return asked again under its id (a retry): nothing new',
        [placedTwo, paidTwo, shipped, delivered, returned([stout(2, 666)], 666)],
        returning([{ productId: 'p2', cans: 2 }], { kind: 'value' }),
        [],
      ],
    ])('given %s', (_, history, command, expected) => {
      orders.given(history).when(command).then(expected);
    });

    describe('an order priced with a discount code: cans come back at what was paid for them, never more than was paid', () => {
      // The same two beers ($32.00 at their line prices) collected at the cellar door, half off with a code: $16.00 paid.
      const halfOff: OrderPlacedData = {
        ...twoBeers,
        shippingCents: 0,
        discount: { code: 'HALF', kind: 'percent', cents: 1600, description: '50% off' },
        totalCents: 1600,
        gstCents: 145,
        fulfilment: { method: 'pickup', pickupDate: '2026-11-28' },
      };
      const discounted: OrderEvent[] = [
        { type: 'OrderPlaced', data: halfOff },
        { type: 'OrderPaid', data: { paymentIntentId: 'pi_1', amountCents: 1600, paidAt: '2026-11-23T01:05:00.000Z' } },
        ...handedOver,
      ];

      it.each<[string, OrderEvent[], OrderCommand, OrderEvent[]]>([
        [
          'every can back at its value (half of its line price): refunded what was paid, $16.00',
          discounted,
          returning(
            [
              { productId: 'p1', cans: 4 },
              { productId: 'p2', cans: 3 },
            ],
            { kind: 'value' },
          ),
          [returned([pale(4, 1100), stout(3, 500)], 1600)],
        ],
        [
          'the Pale back at its value ($11.00) after $10.00 refunded: only the $6.00 left',
          [...discounted, refunded(1000)],
          returning([{ productId: 'p1', cans: 4 }], { kind: 'value' }),
          [returned([pale(4, 1100)], 600)],
        ],
        [
          'the Stouts back at their value after the Pale’s return took everything paid: nothing left, no money moves',
          [...discounted, returned([pale(4, 2200)], 1600), refunded(1600)],
          returning([{ productId: 'p2', cans: 3 }], { kind: 'value' }, 'r2'),
          [returned([stout(3, 500)], 0, 'r2')],
        ],
        [
          'one can of the Pale back: what was paid for it ($2.75, half of $5.50)',
          discounted,
          returning([{ productId: 'p1', cans: 1 }], { kind: 'value' }),
          [returned([pale(1, 275)], 275)],
        ],
      ])('given %s', (_, history, command, expected) => {
        orders.given(history).when(command).then(expected);
      });

      it('given $10.00 refunded, when a return asks an amount a cent above the $6.00 left, then it is refused', () => {
        orders
          .given([...discounted, refunded(1000)])
          .when(returning([{ productId: 'p1', cans: 1 }], { kind: 'amount', amountCents: 601 }))
          .thenThrows({ code: 'refund_too_large', kind: 'conflict', message: 'At most $6.00 of this payment can still be refunded' });
      });

      it('given a code for one beer only, when its cans and the other beer’s come back, then only its cans are refunded at the discount', () => {
        const stoutOnly: OrderPlacedData = {
          ...halfOff,
          discount: { code: 'STOUT', kind: 'percent', cents: 500, description: '50% off', productIds: ['p2'] },
          totalCents: 2700,
          gstCents: 245,
        };
        const history: OrderEvent[] = [
          { type: 'OrderPlaced', data: stoutOnly },
          { type: 'OrderPaid', data: { paymentIntentId: 'pi_1', amountCents: 2700, paidAt: '2026-11-23T01:05:00.000Z' } },
          ...handedOver,
        ];
        orders
          .given(history)
          .when(
            returning(
              [
                { productId: 'p1', cans: 4 },
                { productId: 'p2', cans: 3 },
              ],
              { kind: 'value' },
            ),
          )
          .then([returned([pale(4, 2200), stout(3, 500)], 2700)]);
      });

      it('given returns one after another, each refunded, then what they refund adds up to at most what was paid', () => {
        let history = [...discounted];
        let total = 0;
        for (const [n, productId, cans] of [
          [1, 'p1', 2],
          [2, 'p2', 3],
          [3, 'p1', 2],
        ] as const) {
          const events = orderDecider.decide(returning([{ productId, cans }], { kind: 'value' }, `r${n}`), fold(orderDecider, history));
          const recorded = events.find((event) => event.type === 'OrderItemsReturned');
          const refundCents = recorded?.type === 'OrderItemsReturned' ? recorded.data.refundCents : 0;
          total += refundCents;
          history = [...history, ...events, ...(refundCents > 0 ? [refunded(refundCents)] : [])];
        }
        // $5.50 + $5.00 + $5.50 of cans back, at what was paid for them: exactly the $16.00 paid.
        expect(total).toBe(1600);
      });
    });

    it.each<[string, OrderEvent[], OrderCommand, Refusal]>([
      [
        'an order not with its customer (paid, not shipped)',
        [placedTwo, paidTwo],
        returning([{ productId: 'p1', cans: 1 }], { kind: 'none' }),
        {
          code: 'order_not_with_customer',
          kind: 'conflict',
          message:
            'Order #7 is not with its customer (it is Paid): only cans of an order shipped, delivered or collected at the cellar door are returned; cancel it instead',
        },
      ],
      [
        'an unpaid order set to delivered by hand',
        [placedTwo, to('pending', 'delivered')],
        returning([{ productId: 'p1', cans: 1 }], { kind: 'none' }),
        { code: 'order_not_paid', kind: 'conflict', message: 'Order #7 has not been paid, so there is nothing to return' },
      ],
      [
        'a beer the order does not hold',
        [placedTwo, paidTwo, shipped],
        returning([{ productId: 'p9', cans: 1 }], { kind: 'none' }),
        { code: 'product_not_in_order', kind: 'validation', message: 'Order #7 holds no cans of product p9' },
      ],
      [
        'more cans than the order sold',
        [placedTwo, paidTwo, shipped],
        returning([{ productId: 'p2', cans: 4 }], { kind: 'none' }),
        { code: 'too_many_cans', kind: 'conflict', message: 'Only 3 cans of Swan Stout can be taken from Order #7; asked 4' },
      ],
      [
        'more cans than are left after an earlier return',
        [placedTwo, paidTwo, shipped, returned([stout(2, 666)], 0)],
        returning([{ productId: 'p2', cans: 2 }], { kind: 'none' }, 'r2'),
        { code: 'too_many_cans', kind: 'conflict', message: 'Only 1 can of Swan Stout can be taken from Order #7; asked 2' },
      ],
      [
        'a can count that is no whole number of 1 or more',
        [placedTwo, paidTwo, shipped],
        returning([{ productId: 'p2', cans: 1.5 }], { kind: 'none' }),
        { code: 'invalid_items', kind: 'validation', message: expect.stringContaining('items must list the cans') },
      ],
      [
        'the same beer twice',
        [placedTwo, paidTwo, shipped],
        returning(
          [
            { productId: 'p2', cans: 1 },
            { productId: 'p2', cans: 1 },
          ],
          { kind: 'none' },
        ),
        { code: 'invalid_items', kind: 'validation', message: expect.stringContaining('each beer once') },
      ],
      [
        'an amount above what is left to refund',
        [placedTwo, paidTwo, shipped, refunded(4000)],
        returning([{ productId: 'p1', cans: 1 }], { kind: 'amount', amountCents: 201 }),
        { code: 'refund_too_large', kind: 'conflict', message: 'At most $2.00 of this payment can still be refunded' },
      ],
      [
        'its id used before for other cans',
        [placedTwo, paidTwo, shipped, returned([stout(2, 666)], 666)],
        returning([{ productId: 'p2', cans: 1 }], { kind: 'value' }),
        {
          code: 'idempotency_key_reused',
          kind: 'conflict',
          message: 'This Idempotency-Key was used for another return of Order #7 (other cans): use a new key for a new return',
        },
      ],
      [
        'a deleted order',
        [placedTwo, deleted],
        returning([{ productId: 'p1', cans: 1 }], { kind: 'none' }),
        { code: 'order_deleted', kind: 'conflict', message: 'Order #7 was deleted and can no longer be updated' },
      ],
    ])('given %s, when a return is recorded, then it is refused and nothing is recorded', (_, history, command, expected) => {
      orders.given(history).when(command).thenThrows(expected);
    });

    /** The order the events leave. */
    const placedAfter = (...events: OrderEvent[]): PlacedOrder => {
      const state = fold(orderDecider, events);
      if (state.kind !== 'placed') throw new Error('no order');
      return state;
    };

    it('folds returns into the state: the cans sent back by beer', () => {
      const state = placedAfter(
        placedTwo,
        paidTwo,
        shipped,
        returned([stout(2, 666)], 666),
        returned([pale(1, 550), stout(1, 333)], 0, 'r2'),
      );
      expect(returnedCans(state)).toEqual(
        new Map([
          ['p2', 3],
          ['p1', 1],
        ]),
      );
    });

    describe('a refund by cans (the refund route, refundOfCans)', () => {
      const shippedOrder = placedAfter(placedTwo, paidTwo, shipped);
      it.each<[string, { productId: string; cans: number }[], number]>([
        ['one can of a $22.00 4-pack', [{ productId: 'p1', cans: 1 }], 550],
        ['one Stout of three for $10.00, rounded down', [{ productId: 'p2', cans: 1 }], 333],
        [
          'every can: exactly the lines, no shipping',
          [
            { productId: 'p1', cans: 4 },
            { productId: 'p2', cans: 3 },
          ],
          3200,
        ],
      ])('given a shipped order, when %s is refunded, then it is priced from the order', (_, items, cents) => {
        expect(refundOfCans(shippedOrder, items)).toBe(cents);
      });

      it('given cans returned before, then they may still be refunded (a refund is not a return)', () => {
        const after = placedAfter(placedTwo, paidTwo, shipped, returned([stout(3, 1000)], 0));
        expect(refundOfCans(after, [{ productId: 'p2', cans: 3 }])).toBe(1000);
      });

      it.each([
        [[{ productId: 'p9', cans: 1 }], 'Order #7 holds no cans of product p9'],
        [[{ productId: 'p1', cans: 5 }], 'Only 4 cans of Swan Pale can be taken from Order #7; asked 5'],
        [[{ productId: 'p1', cans: 0 }], 'items must list the cans'],
        [[], 'items must list the cans'],
      ])('refuses %j', (items, message) => {
        expect(() => refundOfCans(shippedOrder, items)).toThrow(message);
      });
    });
  });
});
