import { DeciderSpecification } from '../../../shared-kernel/decider-specification';
import type { ClubPlanDefinition, ClubPlanEvent } from './club-plan.events';
import { clubPlansDecider, planFrom } from './club-plans.decider';

const plans = DeciderSpecification.for(clubPlansDecider);
const AT = '2026-12-01T01:00:00.000Z';
const plan = (change: Partial<ClubPlanDefinition> = {}): ClubPlanDefinition => ({
  planId: 'p1',
  name: 'Brewer’s Dozen',
  cans: 16,
  every: 'month',
  priceCents: 7900,
  description: 'Sixteen cans a month',
  ...change,
});
const created = (change: Partial<ClubPlanDefinition> = {}): ClubPlanEvent => ({
  type: 'ClubPlanCreated',
  data: { ...plan(change), createdAt: AT },
});

describe('club plans decider', () => {
  it('given no plans, when one is created, then it is', () => {
    plans.given([]).when({ type: 'CreateClubPlan', plan: plan(), at: AT }).then([created()]);
  });
  it('given a plan, when another takes its name in any case, then it is refused (club_plan_name_taken)', () => {
    plans
      .given([created()])
      .when({ type: 'CreateClubPlan', plan: plan({ planId: 'p2', name: 'BREWER’S DOZEN' }), at: AT })
      .thenThrows({ code: 'club_plan_name_taken', kind: 'conflict' });
  });
  it('given a plan, when the same plan is created again (a retried request), then nothing changes', () => {
    plans.given([created()]).when({ type: 'CreateClubPlan', plan: plan(), at: AT }).then([]);
  });
  it('given two plans, then both are kept by id', () => {
    plans
      .given([created(), created({ planId: 'p2', name: 'Quarterly 8' })])
      .thenState((state) => expect(Object.keys(state.plans)).toEqual(['p1', 'p2']));
  });
});

describe('a plan as the operator asks for it', () => {
  it('keeps its terms, the price in cents and the name trimmed', () => {
    expect(planFrom({ name: '  Quarterly 8 ', cans: 8, every: 'quarter', price: '39.5' }, 'p9')).toEqual({
      planId: 'p9',
      name: 'Quarterly 8',
      cans: 8,
      every: 'quarter',
      priceCents: 3950,
      description: '',
    });
    expect(planFrom({ name: 'Monthly', cans: 16, every: 'month', price: 79.95, description: 'Yes' }, 'p8').priceCents).toBe(7995);
  });
  it.each([
    [{ name: '', cans: 8, every: 'month', price: 40 }, 'name'],
    [{ name: 'x'.repeat(81), cans: 8, every: 'month', price: 40 }, 'name'],
    [{ name: 'Four', cans: 4, every: 'month', price: 40 }, 'cans'],
    [{ name: 'Weekly', cans: 8, every: 'week', price: 40 }, 'every'],
    [{ name: 'Free', cans: 8, every: 'month', price: 0 }, 'price'],
    [{ name: 'Fraction', cans: 8, every: 'month', price: 40.555 }, 'price'],
    [{ name: 'Text', cans: 8, every: 'month', price: 'forty' }, 'price'],
    [{ name: 'Dear', cans: 8, every: 'month', price: 1000.01 }, 'price'],
    [{ name: 'Long', cans: 8, every: 'month', price: 40, description: 'x'.repeat(1001) }, 'description'],
  ])('refuses %j, naming %s', (request, field) => {
    let refused: unknown;
    try {
      planFrom(request as never, 'p');
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ code: 'invalid_club_plan', kind: 'validation', fields: { [field]: expect.any(String) } });
  });
});
