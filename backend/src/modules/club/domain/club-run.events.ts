import type { DomainEvent } from '@brewery/eventstore';

export interface RunItem {
  productId: string;
  productName: string;
  quantity: number;
}

/** A run as the operator created it: the plan's pack for every member active then, charged at `chargeAt`. */
export interface ClubRunDefinition {
  runId: string;
  planId: string;
  planName: string;
  cans: number;
  priceCents: number;
  chargeAt: string;
  items: RunItem[];
  /** The members active on the plan when the run was created: each is charged once, or told why not. */
  members: string[];
  /** When the members' holds lapse: after the last retry. */
  holdsUntil: string;
}

export type ClubRunCreated = DomainEvent<'ClubRunCreated', ClubRunDefinition & { createdAt: string }>;
/** Every beer of the run holds its cans for its members. */
export type ClubRunHeld = DomainEvent<'ClubRunHeld', { at: string }>;
/** The cans could not all be held (a beer short): the holds taken went back and nobody is charged. */
export type ClubRunWithdrawn = DomainEvent<'ClubRunWithdrawn', { reason: string; at: string }>;
/** Every member's share has ended (charged, skipped, released or past due): the sweep leaves the run. */
export type ClubRunSettled = DomainEvent<'ClubRunSettled', { at: string }>;

export type ClubRunEvent = ClubRunCreated | ClubRunHeld | ClubRunWithdrawn | ClubRunSettled;
export const CLUB_RUN_EVENT_TYPES = [
  'ClubRunCreated',
  'ClubRunHeld',
  'ClubRunWithdrawn',
  'ClubRunSettled',
] as const satisfies readonly ClubRunEvent['type'][];

export const clubRunStreamName = (runId: string): string => `clubrun-${runId}`;
