import { discountCents, type DiscountableLine, type DiscountTerms } from '@brewery/shop-rules';
import { assertNever, type Decider } from '../../../shared-kernel/decider';
import { DiscountErrors } from './discount-code.errors';
import type { DiscountCodeDefinition, DiscountCodeEvent } from './discount-code.events';

/** One stream per code, named by the code in capitals. */
export function discountCodeStreamName(code: string): string {
  return `discount-code-${code}`;
}

export interface DiscountUse {
  email: string;
  discountCents: number;
  totalCents: number;
}

export interface DefinedCode {
  kind: 'defined';
  definition: DiscountCodeDefinition;
  createdAt: string;
  disabledAt: string | null;
  /** Orders holding a use now (unpaid checkouts), by order id. */
  held: Readonly<Record<string, DiscountUse>>;
  /** Orders paid with the code, by order id. */
  redeemed: Readonly<Record<string, DiscountUse>>;
  /** A use passed on by a superseded checkout to the one that replaced it: from order id to order id. */
  passedOn?: Readonly<Record<string, string>>;
}

export type DiscountCodeState = { kind: 'absent' } | DefinedCode;

/** The order a code is asked about: its cans, its beers and what they cost, its shipping, and who buys. */
export interface DiscountBasket {
  at: string;
  lines: readonly (DiscountableLine & { quantity: number })[];
  /** null: not known yet (a preview before the address): a free-shipping code then takes the shipping, whatever it is. */
  shippingCents: number | null;
  /** The customer's e-mail address when known (a preview may not have it yet). */
  email: string | null;
  /** The same customer's earlier checkouts this one ends: their holds do not count against it. */
  replacing: readonly string[];
}

export type DiscountCodeCommand =
  /** `unknownProductIds`: the beers named that the catalogue does not have. */
  | { type: 'CreateDiscountCode'; definition: DiscountCodeDefinition; unknownProductIds: readonly string[]; at: string }
  | { type: 'DisableDiscountCode'; at: string }
  /** A preview: refused as a checkout would be, writes nothing. */
  | { type: 'CheckDiscountCode'; basket: DiscountBasket }
  /**
   * `capture`: the order's card is being captured: a use it passed on to a newer checkout of the same customer that
   * still holds it comes back to it (the card went through first), whatever the code's state now.
   */
  | { type: 'HoldDiscountUse'; orderId: string; basket: DiscountBasket; discountCents: number; totalCents: number; capture?: boolean }
  | { type: 'ReleaseDiscountUse'; orderId: string; reason: string }
  | { type: 'RedeemDiscountUse'; orderId: string; email: string; discountCents: number; totalCents: number; at: string };

export const discountCodeDecider: Decider<DiscountCodeState, DiscountCodeCommand, DiscountCodeEvent> = {
  initialState: { kind: 'absent' },
  decide,
  evolve,
};

/** What the code takes off this basket, in cents (the shop's one rounding rule, in shop-rules). */
export function discountFor(definition: DiscountCodeDefinition, basket: Pick<DiscountBasket, 'lines' | 'shippingCents'>): number {
  const terms: DiscountTerms = { code: definition.code, offer: definition.offer, productIds: definition.productIds };
  return discountCents(terms, basket.lines, basket.shippingCents ?? 0);
}

function decide(command: DiscountCodeCommand, state: DiscountCodeState): DiscountCodeEvent[] {
  if (command.type === 'CreateDiscountCode') {
    if (state.kind !== 'absent') throw DiscountErrors.taken(command.definition.code);
    const unknown = command.unknownProductIds[0];
    if (unknown !== undefined)
      throw DiscountErrors.invalidDefinition('productIds', `There is no beer ${unknown} on sale (unknown or archived)`);
    return [{ type: 'DiscountCodeCreated', data: { ...command.definition, createdAt: command.at } }];
  }
  if (state.kind === 'absent') {
    if (command.type === 'ReleaseDiscountUse' || command.type === 'RedeemDiscountUse') return [];
    throw DiscountErrors.unknown();
  }
  switch (command.type) {
    case 'DisableDiscountCode':
      return state.disabledAt === null ? [{ type: 'DiscountCodeDisabled', data: { disabledAt: command.at } }] : [];
    case 'CheckDiscountCode':
      refusalOf(state, command.basket, null);
      return [];
    case 'HoldDiscountUse': {
      if (Object.hasOwn(state.held, command.orderId) || Object.hasOwn(state.redeemed, command.orderId)) return [];
      const passedTo = command.capture === true ? holderOfPassedOnUse(state, command.orderId) : null;
      if (passedTo !== null) return [heldEvent(command, [passedTo])];
      refusalOf(state, command.basket, command.orderId);
      return [
        heldEvent(
          command,
          command.basket.replacing.filter((orderId) => Object.hasOwn(state.held, orderId)),
        ),
      ];
    }
    case 'ReleaseDiscountUse':
      return Object.hasOwn(state.held, command.orderId)
        ? [{ type: 'DiscountUseReleased', data: { orderId: command.orderId, reason: command.reason } }]
        : [];
    case 'RedeemDiscountUse':
      if (Object.hasOwn(state.redeemed, command.orderId)) return [];
      return [
        {
          type: 'DiscountUseRedeemed',
          data: {
            orderId: command.orderId,
            email: command.email.toLowerCase(),
            discountCents: command.discountCents,
            totalCents: command.totalCents,
            redeemedAt: command.at,
            held: Object.hasOwn(state.held, command.orderId),
          },
        },
      ];
    default:
      return assertNever(command);
  }
}

/**
 * Throws the first reason the code does not apply to this basket, in the order a customer should hear them: the
 * code itself (disabled, not started, expired), then the order (too few cans, none of its beers), then its uses
 * (this customer's, then everyone's). Holds of the checkouts this one replaces do not count.
 */
function refusalOf(state: DefinedCode, basket: DiscountBasket, orderId: string | null): void {
  const { definition } = state;
  if (state.disabledAt !== null) throw DiscountErrors.disabled();
  if (definition.startsAt !== null && basket.at < definition.startsAt) throw DiscountErrors.notStarted();
  if (definition.endsAt !== null && basket.at >= definition.endsAt) throw DiscountErrors.expired();
  const cans = basket.lines.reduce((sum, line) => sum + line.quantity, 0);
  if (definition.minCans !== null && cans < definition.minCans) throw DiscountErrors.minCans(definition.minCans, cans);
  const productIds = definition.productIds;
  if (productIds !== null && !basket.lines.some((line) => productIds.includes(line.productId))) throw DiscountErrors.notForTheseBeers();
  const shippingAhead = definition.offer.kind === 'free_shipping' && basket.shippingCents === null;
  if (!shippingAhead && discountFor(definition, basket) <= 0) throw DiscountErrors.nothingOff();
  const counted = Object.entries(state.held).filter(([held]) => held !== orderId && !basket.replacing.includes(held));
  if (definition.onePerCustomer && basket.email !== null) {
    const email = basket.email.toLowerCase();
    const uses = [...counted.map(([, use]) => use), ...Object.values(state.redeemed)];
    if (uses.some((use) => use.email === email)) throw DiscountErrors.alreadyUsed();
  }
  if (definition.maxUses !== null && counted.length + Object.keys(state.redeemed).length >= definition.maxUses) {
    throw DiscountErrors.usedUp();
  }
}

/** The order now holding the use `orderId` passed on (through newer checkouts of the same customer), or null. */
function holderOfPassedOnUse(state: DefinedCode, orderId: string): string | null {
  const seen = new Set<string>([orderId]);
  let next = state.passedOn?.[orderId];
  while (next !== undefined && !seen.has(next)) {
    if (Object.hasOwn(state.held, next)) return next;
    seen.add(next);
    next = state.passedOn?.[next];
  }
  return null;
}

function heldEvent(command: Extract<DiscountCodeCommand, { type: 'HoldDiscountUse' }>, replaced: string[]): DiscountCodeEvent {
  return {
    type: 'DiscountUseHeld',
    data: {
      orderId: command.orderId,
      email: (command.basket.email ?? '').toLowerCase(),
      discountCents: command.discountCents,
      totalCents: command.totalCents,
      heldAt: command.basket.at,
      replaced,
    },
  };
}

function without(uses: Readonly<Record<string, DiscountUse>>, orderIds: readonly string[]): Record<string, DiscountUse> {
  const kept: Record<string, DiscountUse> = {};
  for (const [orderId, use] of Object.entries(uses)) if (!orderIds.includes(orderId)) kept[orderId] = use;
  return kept;
}

function evolve(state: DiscountCodeState, event: DiscountCodeEvent): DiscountCodeState {
  if (event.type === 'DiscountCodeCreated') {
    const { createdAt, ...definition } = event.data;
    return { kind: 'defined', definition, createdAt, disabledAt: null, held: {}, redeemed: {} };
  }
  if (state.kind === 'absent') return state;
  switch (event.type) {
    case 'DiscountCodeDisabled':
      return { ...state, disabledAt: event.data.disabledAt };
    case 'DiscountUseHeld': {
      const { orderId, email, discountCents, totalCents, replaced } = event.data;
      const passedOn = { ...state.passedOn };
      for (const from of replaced) passedOn[from] = orderId;
      return { ...state, held: { ...without(state.held, replaced), [orderId]: { email, discountCents, totalCents } }, passedOn };
    }
    case 'DiscountUseReleased':
      return { ...state, held: without(state.held, [event.data.orderId]) };
    case 'DiscountUseRedeemed': {
      const { orderId, email, discountCents, totalCents } = event.data;
      return {
        ...state,
        held: without(state.held, [orderId]),
        redeemed: { ...state.redeemed, [orderId]: { email, discountCents, totalCents } },
      };
    }
    default:
      return assertNever(event);
  }
}
