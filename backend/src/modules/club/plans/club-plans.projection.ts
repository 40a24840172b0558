import { Injectable } from '@nestjs/common';
import type { DocumentStore, RecordedEvent } from '@brewery/eventstore';
import { decimalString, type ClubPlanView } from '@brewery/shop-rules';
import { applyFold, type Fold, type FoldedDoc } from '../../../platform/projections/fold';
import type { Projection } from '../../../platform/projections/projection';
import { CLUB_PLAN_EVENT_TYPES, type ClubPlanDefinition, type ClubPlanEvent } from '../domain/club-plan.events';

export const CLUB_PLANS = 'club-plans';

/** One plan, keyed by its id. */
export interface ClubPlanDoc extends FoldedDoc, ClubPlanDefinition {
  createdAt: string;
}

/**
 * The plans, one document each. They all come from one stream, so a redelivered event is told by the plan it names
 * (a plan is created once).
 */
export const clubPlansFold: Fold<ClubPlanDoc> = {
  collection: CLUB_PLANS,
  documentOf: (event) => ({ id: String((event.data as { planId?: unknown }).planId), ownStream: false }),
  evolve(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as ClubPlanEvent;
    if (doc !== null) return doc;
    return { _id: event.data.planId, revision: recorded.revision, ...event.data };
  },
};

@Injectable()
export class ClubPlansProjection implements Projection {
  readonly name = 'club-plans';
  readonly collections = [CLUB_PLANS];
  readonly indexes = { [CLUB_PLANS]: [{ createdAt: 1 }] } as const;
  readonly eventTypes = CLUB_PLAN_EVENT_TYPES;

  apply(event: RecordedEvent, store: DocumentStore): Promise<void> {
    return applyFold(clubPlansFold, event, store);
  }
}

export function clubPlanView(plan: ClubPlanDefinition & { createdAt: string }): ClubPlanView {
  return {
    planId: plan.planId,
    name: plan.name,
    cans: plan.cans,
    every: plan.every,
    price: decimalString(plan.priceCents),
    description: plan.description,
    createdAt: plan.createdAt,
  };
}
