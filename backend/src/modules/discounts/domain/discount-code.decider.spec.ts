import { DeciderSpecification } from '../../../shared-kernel/decider-specification';
import { discountCodeDecider, discountFor, type DiscountBasket, type DiscountCodeCommand } from './discount-code.decider';
import type { DiscountCodeDefinition, DiscountCodeEvent } from './discount-code.events';
import { definitionFrom } from './discount-definition';

const codes = DeciderSpecification.for(discountCodeDecider);
const AT = '2026-12-01T02:00:00.000Z';

const definition = (change: Partial<DiscountCodeDefinition> = {}): DiscountCodeDefinition => ({
  code: 'CLUB10',
  offer: { kind: 'percent', percent: 10 },
  minCans: null,
  maxUses: null,
  onePerCustomer: false,
  startsAt: null,
  endsAt: null,
  productIds: null,
  ...change,
});
const created = (change: Partial<DiscountCodeDefinition> = {}): DiscountCodeEvent => ({
  type: 'DiscountCodeCreated',
  data: { ...definition(change), createdAt: '2026-11-30T00:00:00.000Z' },
});
/** A 16-pack of two beers: $48 of hazy and $48 of stout, $15 shipping. */
const basket = (change: Partial<DiscountBasket> = {}): DiscountBasket => ({
  at: AT,
  lines: [
    { productId: 'hazy', lineTotalCents: 4800, quantity: 8 },
    { productId: 'stout', lineTotalCents: 4800, quantity: 8 },
  ],
  shippingCents: 1500,
  email: 'ada@example.com',
  replacing: [],
  ...change,
});
const hold = (orderId: string, change: Partial<DiscountBasket> = {}): Extract<DiscountCodeCommand, { type: 'HoldDiscountUse' }> => ({
  type: 'HoldDiscountUse',
  orderId,
  basket: basket(change),
  discountCents: 960,
  totalCents: 10_140,
});
const held = (orderId: string, email = 'ada@example.com', replaced: string[] = []): DiscountCodeEvent => ({
  type: 'DiscountUseHeld',
  data: { orderId, email, discountCents: 960, totalCents: 10_140, heldAt: AT, replaced },
});
const released = (orderId: string): DiscountCodeEvent => ({ type: 'DiscountUseReleased', data: { orderId, reason: 'expired' } });
const redeemed = (orderId: string, email = 'ada@example.com', wasHeld = true): DiscountCodeEvent => ({
  type: 'DiscountUseRedeemed',
  data: { orderId, email, discountCents: 960, totalCents: 10_140, redeemedAt: AT, held: wasHeld },
});

describe('discount code decider', () => {
  describe('creating and disabling', () => {
    it('given no code, when it is created, then it exists with its terms', () => {
      codes
        .given([])
        .when({ type: 'CreateDiscountCode', definition: definition(), unknownProductIds: [], at: '2026-11-30T00:00:00.000Z' })
        .then([created()]);
    });
    it('given a code, when the same code is created again, then it is refused (code_taken)', () => {
      codes
        .given([created()])
        .when({ type: 'CreateDiscountCode', definition: definition(), unknownProductIds: [], at: AT })
        .thenThrows({ code: 'code_taken', kind: 'conflict' });
    });
    it('given no code, when it is created for a beer the catalogue does not have, then it is refused naming the field', () => {
      codes
        .given([])
        .when({ type: 'CreateDiscountCode', definition: definition({ productIds: ['ghost'] }), unknownProductIds: ['ghost'], at: AT })
        .thenThrows({
          code: 'invalid_discount_definition',
          fields: { productIds: 'There is no beer ghost on sale (unknown or archived)' },
        });
    });
    it('given a code, when it is disabled, then it is disabled once (a second time changes nothing)', () => {
      codes
        .given([created()])
        .when({ type: 'DisableDiscountCode', at: AT })
        .then([{ type: 'DiscountCodeDisabled', data: { disabledAt: AT } }]);
      codes
        .given([created(), { type: 'DiscountCodeDisabled', data: { disabledAt: AT } }])
        .when({ type: 'DisableDiscountCode', at: AT })
        .then([]);
    });
  });

  describe('every refusal, preview and hold alike', () => {
    const disabled: DiscountCodeEvent = { type: 'DiscountCodeDisabled', data: { disabledAt: '2026-11-30T12:00:00.000Z' } };
    it.each([
      ['no such code', [], basket(), 'code_unknown'],
      ['a disabled code', [created(), disabled], basket(), 'code_disabled'],
      ['a code that starts later', [created({ startsAt: '2026-12-01T02:00:00.001Z' })], basket(), 'code_not_started'],
      ['a code whose end has come', [created({ endsAt: AT })], basket(), 'code_expired'],
      ['a code for 24 cans and a 16-can order', [created({ minCans: 24 })], basket(), 'code_min_cans'],
      ['a code for other beers', [created({ productIds: ['lager'] })], basket(), 'code_not_for_these_beers'],
      [
        'a one-per-customer code this e-mail holds (another case)',
        [created({ onePerCustomer: true }), held('1', 'ADA@example.com'.toLowerCase())],
        basket({ email: 'Ada@Example.com' }),
        'code_already_used',
      ],
      ['a one-per-customer code this e-mail paid with', [created({ onePerCustomer: true }), redeemed('1')], basket(), 'code_already_used'],
      [
        'a code with 2 uses, one held and one paid',
        [created({ maxUses: 2 }), held('1', 'bo@example.com'), redeemed('2', 'cy@example.com')],
        basket(),
        'code_used_up',
      ],
      [
        'a free-shipping code on an order with no shipping to pay',
        [created({ offer: { kind: 'free_shipping' } })],
        basket({ shippingCents: 0 }),
        'code_nothing_off',
      ],
    ] as const)('given %s, then the preview and the hold are refused', (_, history, asked, code) => {
      codes
        .given([...history])
        .when({ type: 'CheckDiscountCode', basket: asked })
        .thenThrows({ code, kind: 'conflict' });
      codes
        .given([...history])
        .when({ type: 'HoldDiscountUse', orderId: '9', basket: asked, discountCents: 960, totalCents: 10_140 })
        .thenThrows({ code, kind: 'conflict' });
    });

    it.each([
      ['a code that started at this instant', created({ startsAt: AT })],
      ['a code that ends a millisecond later', created({ endsAt: '2026-12-01T02:00:00.001Z' })],
      ['a code for exactly 16 cans', created({ minCans: 16 })],
      ['a code for one of the beers', created({ productIds: ['stout', 'lager'] })],
    ])('given %s, then the preview passes', (_, event) => {
      codes.given([event]).when({ type: 'CheckDiscountCode', basket: basket() }).then([]);
    });

    it('given a free-shipping code, when a preview does not know the shipping yet (no address), then it passes', () => {
      codes
        .given([created({ offer: { kind: 'free_shipping' } })])
        .when({ type: 'CheckDiscountCode', basket: basket({ shippingCents: null }) })
        .then([]);
    });
    it('given a one-per-customer code, when a preview has no e-mail yet, then it passes (the checkout asks again with it)', () => {
      codes
        .given([created({ onePerCustomer: true }), redeemed('1')])
        .when({ type: 'CheckDiscountCode', basket: basket({ email: null }) })
        .then([]);
    });
  });

  describe('uses held like cans', () => {
    it('given a code with room, when a checkout holds a use, then it is held for that order and e-mail (in lower case)', () => {
      codes
        .given([created({ maxUses: 1 })])
        .when(hold('7', { email: 'Ada@Example.com' }))
        .then([held('7')]);
    });
    it('given a code with 5 uses, when 5 checkouts hold one, then a sixth is refused, and a use given back lets it in', () => {
      const five = ['1', '2', '3', '4', '5'].map((id) => held(id, `${id}@example.com`));
      codes
        .given([created({ maxUses: 5 }), ...five])
        .when(hold('6'))
        .thenThrows({ code: 'code_used_up' });
      codes
        .given([created({ maxUses: 5 }), ...five, released('3')])
        .when(hold('6'))
        .then([held('6')]);
    });
    it('given an order holding a use, when it asks again, then nothing changes (a redelivery, or the capture checking its hold)', () => {
      codes
        .given([created({ maxUses: 1 }), held('7')])
        .when(hold('7'))
        .then([]);
      codes
        .given([created({ maxUses: 1 }), held('7'), redeemed('7')])
        .when(hold('7'))
        .then([]);
    });
    it('given a checkout holding the last use, when the same customer checks out again replacing it, then the use passes to the new one', () => {
      codes
        .given([created({ maxUses: 1, onePerCustomer: true }), held('7')])
        .when(hold('8', { replacing: ['7'] }))
        .then([held('8', 'ada@example.com', ['7'])]);
      codes
        .given([created({ maxUses: 1 }), held('7'), held('8', 'ada@example.com', ['7'])])
        .thenState((state) => expect(state.kind === 'defined' && Object.keys(state.held)).toEqual(['8']));
    });
    it('given a use passed on to a newer checkout of the same customer, when the older one’s card is captured, then the use comes back to it', () => {
      const capture = (orderId: string): DiscountCodeCommand => ({ ...hold(orderId), capture: true });
      const passed = [created({ maxUses: 1, onePerCustomer: true }), held('7'), held('8', 'ada@example.com', ['7'])];
      codes
        .given(passed)
        .when(capture('7'))
        .then([held('7', 'ada@example.com', ['8'])]);
      // Only the capture takes it back: a checkout asking again is refused as anyone would be.
      codes.given(passed).when(hold('7')).thenThrows({ code: 'code_already_used' });
      // Through a chain of newer checkouts, to whichever holds it now.
      codes
        .given([...passed, held('9', 'ada@example.com', ['8'])])
        .when(capture('7'))
        .then([held('7', 'ada@example.com', ['9'])]);
      // Even once the code is disabled: the use was the order's before.
      codes
        .given([...passed, { type: 'DiscountCodeDisabled', data: { disabledAt: AT } }])
        .when(capture('7'))
        .then([held('7', 'ada@example.com', ['8'])]);
      // The newer one gave it back meanwhile and someone else took it: refused.
      codes
        .given([...passed, released('8'), held('10', 'bo@example.com')])
        .when(capture('7'))
        .thenThrows({ code: 'code_used_up' });
    });
    it('given a held use, when it is released, then it is free once (a second release and an unknown order change nothing)', () => {
      codes
        .given([created(), held('7')])
        .when({ type: 'ReleaseDiscountUse', orderId: '7', reason: 'expired' })
        .then([released('7')]);
      codes
        .given([created(), held('7'), released('7')])
        .when({ type: 'ReleaseDiscountUse', orderId: '7', reason: 'expired' })
        .then([]);
      codes.given([created()]).when({ type: 'ReleaseDiscountUse', orderId: '8', reason: 'expired' }).then([]);
      codes.given([]).when({ type: 'ReleaseDiscountUse', orderId: '8', reason: 'expired' }).then([]);
    });
    it('given a held use, when its order is paid, then it is used for good: a release afterwards changes nothing', () => {
      const redeem: DiscountCodeCommand = {
        type: 'RedeemDiscountUse',
        orderId: '7',
        email: 'ada@example.com',
        discountCents: 960,
        totalCents: 10_140,
        at: AT,
      };
      codes
        .given([created(), held('7')])
        .when(redeem)
        .then([redeemed('7')]);
      codes
        .given([created(), held('7'), redeemed('7')])
        .when(redeem)
        .then([]);
      codes
        .given([created(), held('7'), redeemed('7')])
        .when({ type: 'ReleaseDiscountUse', orderId: '7', reason: 'refunded' })
        .then([]);
    });
    it('given a use whose hold had ended, when its order is paid all the same, then it is recorded as paid after its hold', () => {
      codes
        .given([created(), held('7'), released('7')])
        .when({ type: 'RedeemDiscountUse', orderId: '7', email: 'ada@example.com', discountCents: 960, totalCents: 10_140, at: AT })
        .then([redeemed('7', 'ada@example.com', false)]);
    });
    it('given a disabled code, when an order that held a use before is paid, then the use is taken (disabling stops new uses only)', () => {
      codes
        .given([created(), held('7'), { type: 'DiscountCodeDisabled', data: { disabledAt: AT } }])
        .when({ type: 'RedeemDiscountUse', orderId: '7', email: 'ada@example.com', discountCents: 960, totalCents: 10_140, at: AT })
        .then([redeemed('7')]);
    });
  });

  describe('what a code takes off (integer cents, one rounding rule)', () => {
    it.each([
      ['10% of $96.00 of beers', { kind: 'percent', percent: 10 }, null, 1500, 960],
      ['15% of $33.30 rounds half a cent up ($4.995 → $5.00)', { kind: 'percent', percent: 15 }, null, 1500, 500],
      ['$5 off', { kind: 'amount', amountCents: 500 }, null, 1500, 500],
      [
        '$500 off $96 of beers: never more than the beers, and $0.50 is left to charge',
        { kind: 'amount', amountCents: 50_000 },
        null,
        0,
        9550,
      ],
      ['free shipping', { kind: 'free_shipping' }, null, 1500, 1500],
      ['10% of the stout only', { kind: 'percent', percent: 10 }, ['stout'], 1500, 480],
      ['100% of everything with pickup leaves $0.50 to charge', { kind: 'percent', percent: 100 }, null, 0, 9550],
    ] as const)('%s', (_, offer, productIds, shippingCents, cents) => {
      const lines =
        offer.kind === 'percent' && offer.percent === 15 ? [{ productId: 'hazy', lineTotalCents: 3330, quantity: 4 }] : basket().lines;
      expect(discountFor(definition({ offer, productIds: productIds === null ? null : [...productIds] }), { lines, shippingCents })).toBe(
        cents,
      );
    });
  });

  describe('a code as the operator asks for it', () => {
    it('keeps the code in capitals and its terms', () => {
      expect(definitionFrom({ code: 'club-10', kind: 'amount', value: 5.5, maxUses: 3, productIds: ['a', 'a'] })).toEqual(
        definition({ code: 'CLUB-10', offer: { kind: 'amount', amountCents: 550 }, maxUses: 3, productIds: ['a'] }),
      );
    });
    it.each([
      [{ code: 'ab', kind: 'percent', value: 10 }, 'code'],
      [{ code: 'no spaces', kind: 'percent', value: 10 }, 'code'],
      [{ code: 'A'.repeat(33), kind: 'percent', value: 10 }, 'code'],
      [{ code: '---', kind: 'percent', value: 10 }, 'code'],
      [{ code: 'OK1', kind: 'percent', value: 10, endsAt: '1 2 3' }, 'endsAt'],
      [{ code: 'OK1', kind: 'percent', value: 10, startsAt: '2026-12-01' }, 'startsAt'],
      [{ code: 'OK1', kind: 'bogo', value: 10 }, 'kind'],
      [{ code: 'OK1', kind: 'percent', value: 0 }, 'value'],
      [{ code: 'OK1', kind: 'percent', value: 101 }, 'value'],
      [{ code: 'OK1', kind: 'percent', value: 12.5 }, 'value'],
      [{ code: 'OK1', kind: 'amount', value: 5.555 }, 'value'],
      [{ code: 'OK1', kind: 'amount', value: -1 }, 'value'],
      [{ code: 'OK1', kind: 'amount', value: '5' }, 'value'],
      [{ code: 'OK1', kind: 'free_shipping', value: 5 }, 'value'],
      [{ code: 'OK1', kind: 'percent', value: 10, minCans: 0 }, 'minCans'],
      [{ code: 'OK1', kind: 'percent', value: 10, maxUses: 2.5 }, 'maxUses'],
      [{ code: 'OK1', kind: 'percent', value: 10, startsAt: 'soon' }, 'startsAt'],
      [{ code: 'OK1', kind: 'percent', value: 10, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' }, 'endsAt'],
      [{ code: 'OK1', kind: 'percent', value: 10, productIds: [] }, 'productIds'],
      [{ code: 'OK1', kind: 'percent', value: 10, onePerCustomer: 'yes' }, 'onePerCustomer'],
    ])('refuses %j, naming %s', (request, field) => {
      let refused: unknown;
      try {
        definitionFrom(request as never);
      } catch (error) {
        refused = error;
      }
      expect(refused).toMatchObject({ kind: 'validation', fields: { [field]: expect.any(String) } });
    });
  });
});
