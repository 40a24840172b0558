import type { ClubMemberRow } from '@brewery/shop-rules';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api/api-error';
import { cansOf, cansTally, createRunRequestOf, itemsProblem, membersWithStatus, refusedRunFields, runCounts } from './run-form-body';

const refusal = (status: number, body: object) => new ApiError(status, JSON.stringify({ statusCode: status, ...body }), '');

describe('the cans of a new run', () => {
  it('counts the cans of the rows with a whole number, and says them against the plan’s pack', () => {
    const items = [{ productId: 'a', quantity: 6 }, { productId: 'b', quantity: 4 }, { productId: 'c', quantity: null }, {}];
    expect(cansOf(items)).toBe(10);
    expect(
      cansOf([
        { productId: 'a', quantity: 2.5 },
        { productId: 'b', quantity: -1 },
      ]),
    ).toBe(0);
    expect(cansTally(10, 16)).toBe('10 of 16 cans');
    expect(cansTally(1, null)).toBe('1 can');
    expect(cansTally(12, null)).toBe('12 cans');
  });

  it.each([
    {
      items: [
        { productId: 'a', quantity: 8 },
        { productId: 'b', quantity: 8 },
      ],
      cans: 16,
      problem: null,
    },
    { items: [{ productId: 'a', quantity: 8 }], cans: 8, problem: null },
    {
      items: [
        { productId: 'a', quantity: 6 },
        { productId: 'b', quantity: 6 },
      ],
      cans: 16,
      problem: '12 of 16 cans: add 4 more',
    },
    { items: [{ productId: 'a', quantity: 10 }], cans: 8, problem: '10 of 8 cans: take 2 off' },
    { items: [{}], cans: 8, problem: 'Add at least one beer' },
    {
      items: [
        { productId: 'a', quantity: 4 },
        { productId: 'a', quantity: 4 },
      ],
      cans: 8,
      problem: 'Each beer once: put its cans on one row',
    },
    { items: [{ productId: 'a', quantity: 3 }], cans: null, problem: null },
  ])('given $items for a pack of $cans, says $problem', ({ items, cans, problem }) => {
    expect(itemsProblem(items, cans)).toBe(problem);
  });

  it('sends the Perth charge time as an instant and the chosen rows only', () => {
    expect(
      createRunRequestOf({
        planId: 'plan-1',
        chargeAt: '2026-12-01T09:00',
        items: [{ productId: 'quokka', quantity: 8 }, {}, { productId: 'stout', quantity: 8 }],
      }),
    ).toEqual({
      planId: 'plan-1',
      chargeAt: '2026-12-01T01:00:00.000Z',
      items: [
        { productId: 'quokka', quantity: 8 },
        { productId: 'stout', quantity: 8 },
      ],
    });
  });

  it('puts each refusal where it belongs: the plan, the charge time, or the beers', () => {
    expect(refusedRunFields(refusal(404, { code: 'club_plan_not_found', message: 'No such plan' }))).toEqual([['planId', 'No such plan']]);
    expect(refusedRunFields(refusal(409, { code: 'insufficient_stock', message: 'Only 3 cans of Quokka Pale Ale are left' }))).toEqual([
      ['items', 'Only 3 cans of Quokka Pale Ale are left'],
    ]);
    expect(
      refusedRunFields(
        refusal(400, {
          code: 'invalid_club_run',
          message: 'm',
          fields: { chargeAt: 'Must be in the future', 'items.0.quantity': 'Whole cans', items: 'Must add up to 16 cans' },
        }),
      ),
    ).toEqual([
      ['chargeAt', 'Must be in the future'],
      ['items', 'Whole cans'],
    ]);
    expect(refusedRunFields(refusal(400, { code: 'invalid_club_run', message: 'The beers must add up to 16 cans' }))).toEqual([
      ['items', 'The beers must add up to 16 cans'],
    ]);
    expect(refusedRunFields(refusal(503, { code: 'store_unavailable', message: 'Later' }))).toEqual([]);
  });
});

describe('a run’s members counted', () => {
  it('adds needing authentication to declined, charging to waiting, and reads a missing status as none', () => {
    expect(
      runCounts({
        held: 3,
        charging: 1,
        declined: 2,
        needs_authentication: 1,
        charged: 5,
        packed: 4,
        skipped: 2,
        released: 1,
        past_due: 1,
      }),
    ).toEqual({ charged: 5, declined: 3, waiting: 4, packed: 4, skipped: 2, pastDue: 1 });
    expect(runCounts({ charged: 2 })).toEqual({ charged: 2, declined: 0, waiting: 0, packed: 0, skipped: 0, pastDue: 0 });
  });

  it('filters the members by status', () => {
    const row = (memberId: string, status: ClubMemberRow['status']): ClubMemberRow => ({
      memberId,
      name: memberId,
      email: `${memberId}@example.com`,
      planId: 'plan-1',
      planName: 'Dozen',
      status,
      fulfilment: { method: 'delivery' },
      card: null,
      joinedAt: '2026-11-01T00:00:00.000Z',
    });
    const members = [row('a', 'active'), row('b', 'paused'), row('c', 'active')];
    expect(membersWithStatus(members, 'active').map((member) => member.memberId)).toEqual(['a', 'c']);
    expect(membersWithStatus(members, 'all')).toHaveLength(3);
  });
});
