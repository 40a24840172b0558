import type { DomainEvent } from '@brewery/eventstore';
import type { ClubCans, ClubEvery } from '@brewery/shop-rules';

/** A plan as the operator defined it: a mixed pack of `cans` every month or quarter, at `priceCents` (GST included). */
export interface ClubPlanDefinition {
  planId: string;
  name: string;
  cans: ClubCans;
  every: ClubEvery;
  priceCents: number;
  description: string;
}

export type ClubPlanCreated = DomainEvent<'ClubPlanCreated', ClubPlanDefinition & { createdAt: string }>;

export type ClubPlanEvent = ClubPlanCreated;
export const CLUB_PLAN_EVENT_TYPES: readonly ClubPlanEvent['type'][] = ['ClubPlanCreated'];

/** Every plan of the club is on one stream: names are unique across them. */
export const CLUB_PLANS_STREAM = 'clubplans-all';
