import type { ClubMemberRow, ClubShareStatus, CreateClubRunRequest } from '@brewery/shop-rules';
import { perthLocalToInstant } from '@brewery/shop-rules';
import { ApiError } from '@/shared/api/api-error';

/** One row of the run's beers as the form holds it (blank until chosen and typed). */
export interface RunItemValues {
  productId?: string;
  quantity?: number | null;
}

export interface RunFormValues {
  planId?: string;
  /** Perth time as typed (`YYYY-MM-DDTHH:mm`). */
  chargeAt: string;
  items: RunItemValues[];
}

export const RunFormTexts = {
  plan: 'Plan',
  planRequired: 'Choose the plan this run is for',
  chargeAt: 'Charge at (Perth time)',
  chargeAtRequired: 'Enter when the members are charged',
  dateTime: 'A date and time',
  beer: (row: number) => `Beer ${row}`,
  cans: (row: number) => `Cans of beer ${row}`,
  beerRequired: 'Choose a beer',
  wholeCans: 'A whole number of cans, 1 or more',
  addBeer: 'Add a beer',
  remove: (row: number) => `Remove beer ${row}`,
  create: 'Create run',
  choosePlanFirst: 'Choose a plan: its pack size is what the beers must add up to.',
} as const;

const isWholeCans = (quantity: unknown): quantity is number => typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= 1;

/** The cans the rows add up to so far (rows without a whole number of cans count none). */
export function cansOf(items: readonly RunItemValues[]): number {
  return items.reduce((total, item) => total + (isWholeCans(item.quantity) ? item.quantity : 0), 0);
}

/** "12 of 16 cans"; "12 cans" before a plan is chosen. */
export function cansTally(counted: number, planCans: number | null): string {
  return planCans === null ? `${counted} ${counted === 1 ? 'can' : 'cans'}` : `${counted} of ${planCans} cans`;
}

/**
 * What is wrong with the run's beers as a whole, or null when they fill the plan's pack exactly: no beer yet, the
 * same beer on two rows, or more or fewer cans than the plan's ("add 4 more", "take 2 off").
 */
export function itemsProblem(items: readonly RunItemValues[], planCans: number | null): string | null {
  const chosen = items.filter((item) => item.productId !== undefined && item.productId !== '');
  if (chosen.length === 0) return 'Add at least one beer';
  const ids = chosen.map((item) => item.productId);
  if (new Set(ids).size !== ids.length) return 'Each beer once: put its cans on one row';
  if (planCans === null) return null;
  const counted = cansOf(items);
  if (counted < planCans) return `${cansTally(counted, planCans)}: add ${planCans - counted} more`;
  if (counted > planCans) return `${cansTally(counted, planCans)}: take ${counted - planCans} off`;
  return null;
}

/** The form's values as the request: the Perth time as an instant, the rows as they are. */
export function createRunRequestOf(values: RunFormValues): CreateClubRunRequest {
  return {
    planId: values.planId ?? '',
    chargeAt: perthLocalToInstant(values.chargeAt.trim()) ?? values.chargeAt.trim(),
    items: values.items
      .filter((item) => item.productId !== undefined && item.productId !== '')
      .map((item) => ({ productId: item.productId ?? '', quantity: item.quantity ?? 0 })),
  };
}

export type RunField = 'planId' | 'chargeAt' | 'items';

/**
 * Where a refusal of a new run is said: the plan (not found), the charge time, or the beers (any `items…` field, and
 * a beer short of stock, which the message names); [] for a refusal about none of them.
 */
export function refusedRunFields(error: unknown): [RunField, string][] {
  if (!(error instanceof ApiError)) return [];
  if (error.code === 'club_plan_not_found') return [['planId', error.serverMessage]];
  if (error.code === 'insufficient_stock') return [['items', error.serverMessage]];
  const refused: [RunField, string][] = [];
  for (const [field, message] of Object.entries(error.fields)) {
    const named: RunField | null = field === 'planId' || field === 'chargeAt' ? field : field.startsWith('items') ? 'items' : null;
    if (named !== null && !refused.some(([seen]) => seen === named)) refused.push([named, message]);
  }
  if (refused.length === 0 && error.code === 'invalid_club_run') return [['items', error.serverMessage]];
  return refused;
}

/** A run's members grouped as the Club tab counts them. */
export interface RunCounts {
  charged: number;
  /** Declined, or waiting for the member's bank (both are tried again). */
  declined: number;
  /** Cans held for the charge, or the charge under way. */
  waiting: number;
  packed: number;
  skipped: number;
  pastDue: number;
}

export function runCounts(counts: Partial<Record<ClubShareStatus, number>>): RunCounts {
  const n = (status: ClubShareStatus) => counts[status] ?? 0;
  return {
    charged: n('charged'),
    declined: n('declined') + n('needs_authentication'),
    waiting: n('held') + n('charging'),
    packed: n('packed'),
    skipped: n('skipped'),
    pastDue: n('past_due'),
  };
}

/** The counts' columns, in the order the tab shows them. */
export const RUN_COUNT_COLUMNS: readonly { key: keyof RunCounts; label: string }[] = [
  { key: 'charged', label: 'Charged' },
  { key: 'declined', label: 'Declined' },
  { key: 'waiting', label: 'Waiting' },
  { key: 'packed', label: 'Packed' },
  { key: 'skipped', label: 'Skipped' },
  { key: 'pastDue', label: 'Past due' },
];

/** The members with a status, or all of them. */
export function membersWithStatus(members: readonly ClubMemberRow[], status: ClubMemberRow['status'] | 'all'): ClubMemberRow[] {
  return status === 'all' ? [...members] : members.filter((member) => member.status === status);
}
