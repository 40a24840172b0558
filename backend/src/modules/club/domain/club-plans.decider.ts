import { CLUB_CANS, CLUB_EVERY, MIN_CHARGE_CENTS, toCents, type CreateClubPlanRequest } from '@brewery/shop-rules';
import type { Decider } from '../../../shared-kernel/decider';
import { ClubPlanErrors } from './club-plan.errors';
import type { ClubPlanDefinition, ClubPlanEvent } from './club-plan.events';

export interface ClubPlansState {
  plans: Readonly<Record<string, ClubPlanDefinition>>;
}

export type ClubPlansCommand = { type: 'CreateClubPlan'; plan: ClubPlanDefinition; at: string };

export const clubPlansDecider: Decider<ClubPlansState, ClubPlansCommand, ClubPlanEvent> = {
  initialState: { plans: {} },
  decide(command, state) {
    const { plan } = command;
    if (Object.hasOwn(state.plans, plan.planId)) return [];
    const sameName = Object.values(state.plans).find((other) => other.name.toLowerCase() === plan.name.toLowerCase());
    if (sameName !== undefined) throw ClubPlanErrors.nameTaken(sameName.name);
    return [{ type: 'ClubPlanCreated', data: { ...plan, createdAt: command.at } }];
  },
  evolve(state, event) {
    const { createdAt: _at, ...plan } = event.data;
    return { plans: { ...state.plans, [plan.planId]: plan } };
  },
};

/** Most a plan may cost (a 16-pack of the dearest beer, and then some). */
export const MAX_PLAN_PRICE_CENTS = 100_000;

function text(field: 'name' | 'description', value: unknown, max: number, required: boolean): string {
  const trimmed = typeof value === 'string' ? value.trim() : value === undefined && !required ? '' : null;
  if (trimmed === null || (required && trimmed === '') || trimmed.length > max) {
    throw ClubPlanErrors.invalidPlan(
      field,
      required ? `${field} is required (at most ${max} characters)` : `${field} is at most ${max} characters`,
    );
  }
  return trimmed;
}

/** Dollars in whole cents ("79", "79.5", "79.50", 79.5), or null for anything else (79.555, "abc", -1). */
function wholeCents(value: unknown): number | null {
  if (typeof value === 'string') return /^\d{1,7}(\.\d{1,2})?$/.test(value.trim()) ? toCents(value.trim()) : null;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  const cents = Number((value * 100).toFixed(6));
  return Number.isInteger(cents) ? cents : null;
}

/** The operator's request as a plan, or the first field that is wrong (400, naming it). */
export function planFrom(request: CreateClubPlanRequest, planId: string): ClubPlanDefinition {
  const name = text('name', request.name, 80, true);
  if (!(CLUB_CANS as readonly unknown[]).includes(request.cans)) throw ClubPlanErrors.invalidPlan('cans', 'cans must be 8 or 16');
  if (!(CLUB_EVERY as readonly unknown[]).includes(request.every))
    throw ClubPlanErrors.invalidPlan('every', 'every must be month or quarter');
  const priceCents = wholeCents(request.price);
  if (priceCents === null || priceCents < MIN_CHARGE_CENTS || priceCents > MAX_PLAN_PRICE_CENTS) {
    throw ClubPlanErrors.invalidPlan('price', `price must be dollars from ${MIN_CHARGE_CENTS / 100} to ${MAX_PLAN_PRICE_CENTS / 100}`);
  }
  return {
    planId,
    name,
    cans: request.cans,
    every: request.every,
    priceCents,
    description: text('description', request.description, 1000, false),
  };
}
