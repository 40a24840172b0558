import { assertNever, type Decider } from '../../../shared-kernel/decider';
import { ClubErrors } from './club-member.errors';
import type { ClubRunDefinition, ClubRunEvent } from './club-run.events';

export type ClubRunState =
  { status: 'absent' } | { status: 'created' | 'held' | 'withdrawn' | 'settled'; run: ClubRunDefinition & { createdAt: string } };

export type ClubRunCommand =
  | { type: 'CreateClubRun'; run: ClubRunDefinition; at: string }
  | { type: 'RecordRunHeld'; at: string }
  | { type: 'WithdrawRun'; reason: string; at: string }
  | { type: 'SettleRun'; at: string };

/** How far ahead a run may be charged. */
export const MAX_RUN_AHEAD_DAYS = 366;

/**
 * A run of the club (`clubrun-<id>`): the plan's pack, its beers and the members it is for, fixed at creation; its
 * holds taken (or the run withdrawn when a beer is short); settled once every member's share has ended.
 */
export const clubRunDecider: Decider<ClubRunState, ClubRunCommand, ClubRunEvent> = {
  initialState: { status: 'absent' },
  decide(command, state) {
    if (command.type === 'CreateClubRun') {
      if (state.status !== 'absent') return [];
      checkRun(command.run, command.at);
      return [{ type: 'ClubRunCreated', data: { ...command.run, createdAt: command.at } }];
    }
    if (state.status === 'absent') throw ClubErrors.invalidRun('runId', 'No such run');
    switch (command.type) {
      case 'RecordRunHeld':
        if (state.status === 'withdrawn') throw ClubErrors.runWithdrawn(state.run.runId);
        return state.status === 'created' ? [{ type: 'ClubRunHeld', data: { at: command.at } }] : [];
      case 'WithdrawRun':
        return state.status === 'created' ? [{ type: 'ClubRunWithdrawn', data: { reason: command.reason, at: command.at } }] : [];
      case 'SettleRun':
        return state.status === 'held' ? [{ type: 'ClubRunSettled', data: { at: command.at } }] : [];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ClubRunCreated':
        return { status: 'created', run: event.data };
      case 'ClubRunHeld':
        return state.status === 'absent' ? state : { ...state, status: 'held' };
      case 'ClubRunWithdrawn':
        return state.status === 'absent' ? state : { ...state, status: 'withdrawn' };
      case 'ClubRunSettled':
        return state.status === 'absent' ? state : { ...state, status: 'settled' };
      default:
        return assertNever(event);
    }
  },
};

/** The run's own rules: its beers fill the plan's cans exactly, and it is charged ahead, within a year. */
function checkRun(run: ClubRunDefinition, at: string): void {
  const chargeAt = Date.parse(run.chargeAt);
  if (Number.isNaN(chargeAt)) throw ClubErrors.invalidRun('chargeAt', 'chargeAt must be an instant such as 2026-12-01T01:00:00.000Z');
  if (chargeAt <= Date.parse(at)) throw ClubErrors.invalidRun('chargeAt', 'chargeAt must be in the future');
  if (chargeAt > Date.parse(at) + MAX_RUN_AHEAD_DAYS * 86_400_000)
    throw ClubErrors.invalidRun('chargeAt', 'chargeAt must be within a year');
  if (run.items.length === 0) throw ClubErrors.invalidRun('items', `items must fill the plan's ${run.cans} cans`);
  const seen = new Set<string>();
  for (const item of run.items) {
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1)
      throw ClubErrors.invalidRun('items', 'each quantity must be a whole number of cans, 1 or more');
    if (seen.has(item.productId)) throw ClubErrors.invalidRun('items', 'each beer may appear once');
    seen.add(item.productId);
  }
  const cans = run.items.reduce((sum, item) => sum + item.quantity, 0);
  if (cans !== run.cans) throw ClubErrors.invalidRun('items', `items must fill the plan's ${run.cans} cans exactly (they hold ${cans})`);
}
