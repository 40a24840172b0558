import { SHIPPING_STATES } from './catalog.types';
import {
  DISPATCH_DAYS_SHORT,
  nextDispatchDay,
  LARGE_ORDER_BOX_CENTS,
  PERTH_METRO_FLAT_CENTS,
  SMALL_ORDER_TIERS,
  UnsupportedShippingStateError,
  calculateShipping,
  deliveryTimes,
  estimatedDelivery,
  isPerthMetro,
  isShippingState,
  shippingCostCents,
} from './shipping';

/** Spec section 9 read independently: tiers to 16, then boxes of 16, 8 and 4 at $15 each. */
function costByTheSpec(cans: number): number {
  if (cans === 0) return 0;
  if (cans <= 4) return 1000;
  if (cans <= 8) return 1200;
  if (cans <= 16) return 1500;
  const sixteens = Math.floor(cans / 16);
  const eights = Math.floor((cans - 16 * sixteens) / 8);
  const fours = Math.floor((cans - 16 * sixteens - 8 * eights) / 4);
  return (sixteens + eights + fours) * 1500;
}

describe('shippingCostCents', () => {
  it.each([
    [0, 0],
    [1, 1000],
    [4, 1000],
    [5, 1200],
    [8, 1200],
    [9, 1500],
    [16, 1500],
    [17, 1500],
    [19, 1500],
    [20, 3000],
    [24, 3000],
    [28, 4500],
    [32, 3000],
    [48, 4500],
    [60, 7500],
    [64, 6000],
    [192, 18000],
  ])('given %p cans outside Perth metro, shipping is %p cents', (cans, cents) => {
    expect(shippingCostCents(cans, false)).toBe(cents);
  });

  it.each(Array.from({ length: 250 }, (_, i) => i + 1))('given %p cans, it follows the spec tiers', (cans) => {
    expect(shippingCostCents(cans, false)).toBe(costByTheSpec(cans));
  });

  it.each([
    [0, 0],
    [1, 1000],
    [16, 1000],
    [60, 1000],
    [192, 1000],
  ])('given %p cans to Perth metro, shipping is %p cents', (cans, cents) => {
    expect(shippingCostCents(cans, true)).toBe(cents);
  });
});

describe('isPerthMetro', () => {
  it.each<[string, string, boolean | undefined, boolean]>([
    ['WA', '6000', undefined, true],
    ['WA', '6997', undefined, true],
    ['WA', '6215', undefined, false],
    ['WA', '6500', true, true],
    ['WA', '6500', false, false],
    ['WA', '', true, true],
    ['NSW', '6000', undefined, false],
    ['VIC', '3000', true, false],
    ['wa', '6000', undefined, false],
  ])('given %p %p with flag %p, Perth metro is %p', (state, postCode, flag, expected) => {
    expect(isPerthMetro(state, postCode, flag)).toBe(expected);
  });
});

describe('estimatedDelivery', () => {
  it.each([
    ['WA', true, '3-5 business days'],
    ['WA', false, '7-10 business days'],
    ['NT', false, '10-14 business days'],
    ['TAS', false, '10-14 business days'],
    ['NSW', false, '7-10 business days'],
    ['VIC', false, '7-10 business days'],
    ['QLD', false, '7-10 business days'],
    ['SA', false, '7-10 business days'],
    ['ACT', false, '7-10 business days'],
  ] as const)('to %p (Perth metro %p) takes %p', (state, perthMetro, text) => {
    expect(estimatedDelivery(state, perthMetro)).toBe(text);
  });
});

describe('calculateShipping', () => {
  it.each([
    // state, postcode, cans, cost, delivery, Perth metro
    ['WA', '6000', 12, 10, '3-5 business days', true],
    ['WA', '6800', 60, 10, '3-5 business days', true],
    ['WA', '6215', 12, 15, '7-10 business days', false],
    ['WA', '6701', 20, 30, '7-10 business days', false],
    ['NSW', '2000', 4, 10, '7-10 business days', false],
    ['VIC', '3000', 8, 12, '7-10 business days', false],
    ['QLD', '4000', 16, 15, '7-10 business days', false],
    ['SA', '5000', 28, 45, '7-10 business days', false],
    ['TAS', '7000', 60, 75, '10-14 business days', false],
    ['ACT', '2600', 24, 30, '7-10 business days', false],
    ['NT', '0800', 192, 180, '10-14 business days', false],
    ['NSW', '6000', 12, 15, '7-10 business days', false],
  ] as const)('to %p %p with %p cans: $%p, %p, Perth metro %p', (state, postCode, totalCans, cost, delivery, perth) => {
    expect(calculateShipping({ state, postCode, totalCans })).toEqual({
      cost,
      estimatedDelivery: delivery,
      isPerthMetro: perth,
    });
  });

  it('given the Perth metro flag for a WA order without a metro postcode, it ships at the flat rate', () => {
    expect(calculateShipping({ state: 'WA', totalCans: 60, isPerthMetro: true })).toEqual({
      cost: 10,
      estimatedDelivery: '3-5 business days',
      isPerthMetro: true,
    });
  });

  it.each(SHIPPING_STATES)('ships to %p', (state) => {
    expect(() => calculateShipping({ state, totalCans: 4, postCode: '0000' })).not.toThrow();
    expect(isShippingState(state)).toBe(true);
  });

  it.each(['XX', '', 'wa', 'Western Australia', 'NZ'])('given the state %p, it refuses with the spec message', (state) => {
    expect(isShippingState(state)).toBe(false);
    expect(() => calculateShipping({ state, totalCans: 4 })).toThrow(UnsupportedShippingStateError);
    expect(() => calculateShipping({ state, totalCans: 4 })).toThrow(`Unsupported shipping state: ${state}`);
  });

  it('carries a stable code on the unsupported state error', () => {
    const error = new UnsupportedShippingStateError('XX');
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('UNSUPPORTED_SHIPPING_STATE');
    expect(error.message).toBe('Unsupported shipping state: XX');
  });
});

describe('what the delivery page says', () => {
  it('lists a delivery time for every state the shop delivers to, as checkout estimates it', () => {
    const times = deliveryTimes();
    for (const state of SHIPPING_STATES) {
      for (const metro of state === 'WA' ? [true, false] : [false]) {
        expect(times.map((row) => row.time)).toContain(estimatedDelivery(state, metro));
      }
    }
    expect(times).toContainEqual({ region: 'Perth metro (WA)', time: '3-5 business days' });
    expect(times).toContainEqual({ region: 'Tasmania and the Northern Territory', time: '10-14 business days' });
  });

  it('names the dispatch days as the checkout summary does', () => {
    expect(DISPATCH_DAYS_SHORT).toBe('Mon/Wed/Thu');
  });

  it('charges what its rate table says', () => {
    expect(shippingCostCents(3, true)).toBe(PERTH_METRO_FLAT_CENTS);
    for (const tier of SMALL_ORDER_TIERS) expect(shippingCostCents(tier.upToCans, false)).toBe(tier.cents);
    expect(shippingCostCents(32, false)).toBe(2 * LARGE_ORDER_BOX_CENTS);
  });
});

describe('next dispatch day (Mon/Wed/Thu)', () => {
  it.each([
    ['2026-11-23', '2026-11-23'], // a Monday: today
    ['2026-11-24', '2026-11-25'], // Tuesday: Wednesday
    ['2026-11-26', '2026-11-26'], // Thursday: today
    ['2026-11-27', '2026-11-30'], // Friday: next Monday
    ['2026-11-29', '2026-11-30'], // Sunday: Monday
    ['2026-12-31', '2026-12-31'], // a Thursday across the year's end
  ])('from %s it is %s', (day, next) => {
    expect(nextDispatchDay(day)).toBe(next);
  });
});
