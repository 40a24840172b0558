import { DeciderSpecification } from '../../../shared-kernel/decider-specification';
import { clubRunDecider } from './club-run.decider';
import type { ClubRunDefinition, ClubRunEvent } from './club-run.events';

const runs = DeciderSpecification.for(clubRunDecider);
const AT = '2026-12-01T01:00:00.000Z';
const run = (change: Partial<ClubRunDefinition> = {}): ClubRunDefinition => ({
  runId: 'r1',
  planId: 'p1',
  planName: 'Monthly Eight',
  cans: 8,
  priceCents: 4800,
  chargeAt: '2026-12-10T01:00:00.000Z',
  items: [
    { productId: 'pale', productName: 'Pale', quantity: 5 },
    { productId: 'stout', productName: 'Stout', quantity: 3 },
  ],
  members: ['m1', 'm2'],
  holdsUntil: '2026-12-18T01:00:00.000Z',
  ...change,
});
const created: ClubRunEvent = { type: 'ClubRunCreated', data: { ...run(), createdAt: AT } };

describe('club run decider', () => {
  it('given nothing, when a run fills the plan’s cans and is ahead, then it is created', () => {
    runs.given([]).when({ type: 'CreateClubRun', run: run(), at: AT }).then([created]);
  });
  it('given a run, when it is created again (a retry), then nothing changes', () => {
    runs.given([created]).when({ type: 'CreateClubRun', run: run(), at: AT }).then([]);
  });
  it.each([
    ['fewer cans than the plan', { items: [{ productId: 'pale', productName: 'Pale', quantity: 7 }] }, 'items'],
    ['more cans than the plan', { items: [{ productId: 'pale', productName: 'Pale', quantity: 9 }] }, 'items'],
    ['no beers', { items: [] }, 'items'],
    [
      'a beer twice',
      {
        items: [
          { productId: 'pale', productName: 'Pale', quantity: 4 },
          { productId: 'pale', productName: 'Pale', quantity: 4 },
        ],
      },
      'items',
    ],
    [
      'half a can',
      {
        items: [
          { productId: 'pale', productName: 'Pale', quantity: 7.5 },
          { productId: 'stout', productName: 'S', quantity: 0.5 },
        ],
      },
      'items',
    ],
    ['a charge now', { chargeAt: AT }, 'chargeAt'],
    ['a charge past', { chargeAt: '2026-11-30T01:00:00.000Z' }, 'chargeAt'],
    ['a charge beyond a year', { chargeAt: '2027-12-03T01:00:00.000Z' }, 'chargeAt'],
  ])('given nothing, when a run has %s, then it is refused naming %s', (_what, change, field) => {
    runs
      .given([])
      .when({ type: 'CreateClubRun', run: run(change), at: AT })
      .thenThrows({ code: 'invalid_club_run', kind: 'validation', fields: { [field]: expect.any(String) as string } });
  });
  it('given a run created, when its holds are taken, then it is held; when a beer is short instead, then it is withdrawn', () => {
    runs
      .given([created])
      .when({ type: 'RecordRunHeld', at: AT })
      .then([{ type: 'ClubRunHeld', data: { at: AT } }]);
    runs
      .given([created])
      .when({ type: 'WithdrawRun', reason: 'short', at: AT })
      .then([{ type: 'ClubRunWithdrawn', data: { reason: 'short', at: AT } }]);
  });
  it('given a run withdrawn, when its holds are recorded, then it is refused; settling changes nothing', () => {
    const withdrawn: ClubRunEvent[] = [created, { type: 'ClubRunWithdrawn', data: { reason: 'short', at: AT } }];
    runs.given(withdrawn).when({ type: 'RecordRunHeld', at: AT }).thenThrows({ code: 'club_run_withdrawn' });
    runs.given(withdrawn).when({ type: 'SettleRun', at: AT }).then([]);
  });
  it('given a run held, when every share has ended, then it is settled once', () => {
    const held: ClubRunEvent[] = [created, { type: 'ClubRunHeld', data: { at: AT } }];
    runs
      .given(held)
      .when({ type: 'SettleRun', at: AT })
      .then([{ type: 'ClubRunSettled', data: { at: AT } }]);
    runs
      .given([...held, { type: 'ClubRunSettled', data: { at: AT } }])
      .when({ type: 'SettleRun', at: AT })
      .then([]);
  });
});
