import { SHIPPING_STATES, type ShippingResult, type ShippingState } from './catalog.types';
import { centsToDollars } from './money';
import { isPerthMetroPostcode } from './postcodes';
import { WEEKDAYS } from './perth-calendar';
import { ShopRuleError } from './shop-rule.error';

/** The spec's error for a state outside the eight the shop delivers to. */
export class UnsupportedShippingStateError extends ShopRuleError {
  override readonly name = 'UnsupportedShippingStateError';
  readonly code = 'UNSUPPORTED_SHIPPING_STATE';
  constructor(readonly state: string) {
    super(`Unsupported shipping state: ${state}`);
  }
}

const SHIPPING_STATE_SET: ReadonlySet<string> = new Set(SHIPPING_STATES);

export function isShippingState(s: string): s is ShippingState {
  return SHIPPING_STATE_SET.has(s);
}

/** Perth metro is a WA delivery flagged as such or sent to a Perth metro postcode; never another state. */
export function isPerthMetro(state: string, postCode: string, flag?: boolean): boolean {
  return state === 'WA' && (flag === true || isPerthMetroPostcode(postCode));
}

/** The shipping rates, as checkout charges them and the delivery page lists them. */
export const PERTH_METRO_FLAT_CENTS = 1000;
export const LARGE_ORDER_BOX_CENTS = 1500;
export const SMALL_ORDER_TIERS: readonly { upToCans: number; cents: number }[] = [
  { upToCans: 4, cents: 1000 },
  { upToCans: 8, cents: 1200 },
  { upToCans: 16, cents: 1500 },
];

/**
 * Above 16 cans the order ships as boxes of 16, then 8, then 4 (docs/decisions/0004, item 3), $15 each; a remainder
 * under 4 cans rides along free. Perth metro is a flat $10 whatever the size.
 */
export function shippingCostCents(totalCans: number, perthMetro: boolean): number {
  if (totalCans <= 0) return 0;
  if (perthMetro) return PERTH_METRO_FLAT_CENTS;
  const tier = SMALL_ORDER_TIERS.find(({ upToCans }) => totalCans <= upToCans);
  if (tier !== undefined) return tier.cents;
  let remaining = totalCans;
  let boxes = 0;
  for (const size of [16, 8, 4]) {
    boxes += Math.floor(remaining / size);
    remaining %= size;
  }
  return boxes * LARGE_ORDER_BOX_CENTS;
}

export function estimatedDelivery(state: ShippingState, perthMetro: boolean): string {
  switch (state) {
    case 'WA':
      return perthMetro ? '3-5 business days' : '7-10 business days';
    case 'NT':
    case 'TAS':
      return '10-14 business days';
    case 'NSW':
    case 'VIC':
    case 'QLD':
    case 'SA':
    case 'ACT':
      return '7-10 business days';
  }
}

export interface ShippingInput {
  state: string;
  totalCans: number;
  postCode?: string;
  /** An explicit Perth metro flag; it counts only for WA. */
  isPerthMetro?: boolean;
}

export function calculateShipping(input: ShippingInput): ShippingResult {
  const { state } = input;
  if (!isShippingState(state)) throw new UnsupportedShippingStateError(state);
  const perthMetro = isPerthMetro(state, input.postCode ?? '', input.isPerthMetro);
  return {
    cost: centsToDollars(shippingCostCents(input.totalCans, perthMetro)),
    estimatedDelivery: estimatedDelivery(state, perthMetro),
    isPerthMetro: perthMetro,
  };
}

/** Delivery times by where the cans go, from `estimatedDelivery` itself (the delivery page's table). */
export function deliveryTimes(): { region: string; time: string }[] {
  return [
    { region: 'Perth metro (WA)', time: estimatedDelivery('WA', true) },
    { region: 'Regional WA', time: estimatedDelivery('WA', false) },
    { region: 'NSW, VIC, QLD, SA and ACT', time: estimatedDelivery('NSW', false) },
    { region: 'Tasmania and the Northern Territory', time: estimatedDelivery('TAS', false) },
  ];
}

/** The days the brewery sends orders out, and how long an order takes to be packed. */
export const DISPATCH_DAYS = ['Monday', 'Wednesday', 'Thursday'] as const;
export const DISPATCH_DAYS_SHORT = DISPATCH_DAYS.map((day) => day.slice(0, 3)).join('/');

/** The next day the brewery sends parcels, from a Perth day (`YYYY-MM-DD`): that day itself when it is one. */
export function nextDispatchDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  for (let ahead = 0; ahead < 7; ahead += 1) {
    const candidate = new Date(date.getTime() + ahead * 86_400_000);
    if ((DISPATCH_DAYS as readonly string[]).includes(WEEKDAYS[candidate.getUTCDay()] ?? '')) return candidate.toISOString().slice(0, 10);
  }
  throw new RangeError(`no dispatch day in the week from ${day}`);
}
export const PROCESSING_TIME = '1-2 business days';
/** Who may take the cans at the door (WA liquor law): someone of at least this age, who signs for them. */
export const RECEIVER_MIN_AGE = 18;
