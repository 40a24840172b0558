import type { WaitlistEntryStatus } from '@brewery/shop-rules';
import { assertNever, type Decider } from '../../../shared-kernel/decider';
import { WaitlistErrors } from './waitlist.errors';
import { waitlistKey, type WaitlistEvent } from './waitlist.events';

/**
 * The most confirmed addresses one beer's list holds: enough for a small brewery's keenest, and a bound on what
 * the shop sends when the beer is back. Pending sign-ups do not count: only an address that confirmed does.
 */
export const WAITLIST_LIMIT = 500;
/** A confirmation link works for this long after its e-mail; a sign-up left unconfirmed that long lapses. */
export const CONFIRM_WITHIN_MS = 48 * 3_600_000;
/** Asking again while pending sends a new link only when the last one went at least this long ago. */
export const RESEND_AFTER_MS = 10 * 60_000;
/** At most this many confirmation e-mails go to one address for one beer in any 24 hours. */
export const CONFIRMATIONS_PER_DAY = 3;
const DAY_MS = 24 * 3_600_000;

/** One address on the list: where its latest sign-up stands, and the confirmation e-mails sent to it. */
export interface WaitlistEntryState {
  /** As first typed for its latest sign-up, trimmed. */
  email: string;
  status: WaitlistEntryStatus;
  /** When the latest sign-up was asked for: a link e-mailed before it belongs to an earlier one. */
  requestedAt: string;
  /** Pending: until when its latest link works; after it the sign-up has lapsed. Null otherwise. */
  confirmBy: string | null;
  /** The last few confirmation e-mails sent to the address for this list (the daily limit's facts), oldest first. */
  mailedAt: readonly string[];
}

export interface WaitlistState {
  /** Every address the list has heard from, by `waitlistKey`. */
  entries: Readonly<Record<string, WaitlistEntryState>>;
  /** Addresses told so far (the list's whole life). */
  told: number;
}

/** What may be asked of one beer's list. Facts of the beer's own stream arrive on the command. */
export type WaitlistCommand =
  | {
      type: 'AskToBeTold';
      email: string;
      at: string;
      /** The beer as its stream says now (see TellWaiting): one a customer can buy now needs no list. */
      beer: string;
      onSale: boolean;
      available: number;
      /** Keyed hash of the client address asking (recorded on the sign-up), or null. */
      client: string | null;
    }
  | {
      /** The link in a confirmation e-mail: the address, and when the e-mail carrying the link was sent. */
      type: 'ConfirmSignUp';
      email: string;
      sentAt: string;
      at: string;
    }
  | {
      type: 'TellWaiting';
      at: string;
      /** The beer as its stream says now: live, released and not archived; and the cans a customer can buy. */
      onSale: boolean;
      available: number;
    }
  | { type: 'LeaveWaitlist'; email: string; at: string }
  | { type: 'RemoveFromWaitlist'; emails: readonly string[]; reason: string | null; at: string };

export const waitlistDecider: Decider<WaitlistState, WaitlistCommand, WaitlistEvent> = {
  initialState: { entries: {}, told: 0 },
  decide,
  evolve,
};

/** A pending sign-up whose latest link has run out by `at`. */
export function hasLapsed(entry: WaitlistEntryState, at: string): boolean {
  return entry.status === 'pending' && entry.confirmBy !== null && Date.parse(at) >= Date.parse(entry.confirmBy);
}

/** The addresses that confirmed and wait to be told: the ones the cap counts. */
export function confirmedCount(state: WaitlistState): number {
  return Object.values(state.entries).filter((entry) => entry.status === 'confirmed').length;
}

const later = (at: string, ms: number): string => new Date(Date.parse(at) + ms).toISOString();

function decide(command: WaitlistCommand, state: WaitlistState): WaitlistEvent[] {
  switch (command.type) {
    case 'AskToBeTold':
      return ask(command, state);
    case 'ConfirmSignUp':
      return confirm(command, state);
    case 'TellWaiting':
      // Only a beer a customer can buy now is news; every confirmed address hears it at once.
      if (!command.onSale || command.available <= 0) return [];
      return Object.values(state.entries)
        .filter((entry) => entry.status === 'confirmed')
        .map(({ email }) => ({ type: 'BackInStockTold', data: { email, toldAt: command.at, available: command.available } }));
    case 'LeaveWaitlist': {
      const entry = state.entries[waitlistKey(command.email)];
      if (entry === undefined || !isOnList(entry)) return [];
      return [{ type: 'BackInStockLeft', data: { email: entry.email, leftAt: command.at } }];
    }
    case 'RemoveFromWaitlist': {
      const keys = [...new Set(command.emails.map(waitlistKey))];
      return keys.flatMap((key): WaitlistEvent[] => {
        const entry = state.entries[key];
        if (entry === undefined || !isOnList(entry)) return [];
        return [{ type: 'BackInStockRemoved', data: { email: entry.email, removedAt: command.at, reason: command.reason } }];
      });
    }
    default:
      return assertNever(command);
  }
}

/** Pending (lapsed or not) or confirmed: what leaving or a removal takes off. */
function isOnList(entry: WaitlistEntryState): boolean {
  return entry.status === 'pending' || entry.status === 'confirmed';
}

function ask(command: Extract<WaitlistCommand, { type: 'AskToBeTold' }>, state: WaitlistState): WaitlistEvent[] {
  if (command.onSale && command.available > 0) throw WaitlistErrors.onSale(command.beer);
  const entry = state.entries[waitlistKey(command.email)];
  // Confirmed already: the same address twice is one request.
  if (entry?.status === 'confirmed') return [];
  const mailedToday = (entry?.mailedAt ?? []).filter((sent) => Date.parse(command.at) - Date.parse(sent) < DAY_MS);
  if (entry !== undefined && entry.status === 'pending' && !hasLapsed(entry, command.at)) {
    // Still pending: a new link, at most once in a while and a few times a day, whoever asks.
    const last = entry.mailedAt.at(-1) ?? entry.requestedAt;
    if (Date.parse(command.at) - Date.parse(last) < RESEND_AFTER_MS || mailedToday.length >= CONFIRMATIONS_PER_DAY) return [];
    return [
      {
        type: 'BackInStockConfirmationResent',
        data: { email: entry.email, sentAt: command.at, confirmBy: later(command.at, CONFIRM_WITHIN_MS) },
      },
    ];
  }
  if (confirmedCount(state) >= WAITLIST_LIMIT) throw WaitlistErrors.full();
  // A new sign-up mails the address too: not past the day's confirmations to it.
  if (mailedToday.length >= CONFIRMATIONS_PER_DAY) return [];
  return [
    {
      type: 'BackInStockRequested',
      data: {
        email: command.email.trim(),
        requestedAt: command.at,
        confirmBy: later(command.at, CONFIRM_WITHIN_MS),
        client: command.client,
      },
    },
  ];
}

function confirm(command: Extract<WaitlistCommand, { type: 'ConfirmSignUp' }>, state: WaitlistState): WaitlistEvent[] {
  const entry = state.entries[waitlistKey(command.email)];
  // A link of an earlier sign-up (one since told, left or removed, then asked for again) is out of date.
  if (entry === undefined || Date.parse(command.sentAt) < Date.parse(entry.requestedAt)) throw WaitlistErrors.expired();
  switch (entry.status) {
    case 'removed':
      throw WaitlistErrors.removed();
    case 'unsubscribed':
      throw WaitlistErrors.left();
    case 'confirmed':
    case 'notified':
      // The link was used: once is enough.
      return [];
    case 'pending':
      if (Date.parse(command.at) >= Date.parse(command.sentAt) + CONFIRM_WITHIN_MS) throw WaitlistErrors.expired();
      if (confirmedCount(state) >= WAITLIST_LIMIT) throw WaitlistErrors.full();
      return [{ type: 'BackInStockConfirmed', data: { email: entry.email, confirmedAt: command.at } }];
    default:
      return assertNever(entry.status);
  }
}

function evolve(state: WaitlistState, event: WaitlistEvent): WaitlistState {
  const key = waitlistKey(event.data.email);
  const entry = state.entries[key];
  const set = (next: WaitlistEntryState, told = state.told): WaitlistState => ({ entries: { ...state.entries, [key]: next }, told });
  switch (event.type) {
    case 'BackInStockRequested': {
      const { email, requestedAt, confirmBy } = event.data;
      const mailed = entry?.mailedAt ?? [];
      // Recorded before addresses confirmed: on the list at once.
      if (confirmBy === undefined) return set({ email, status: 'confirmed', requestedAt, confirmBy: null, mailedAt: mailed });
      return set({ email, status: 'pending', requestedAt, confirmBy, mailedAt: [...mailed, requestedAt].slice(-CONFIRMATIONS_PER_DAY) });
    }
    case 'BackInStockConfirmationResent':
      if (entry === undefined) return state;
      return set({
        ...entry,
        confirmBy: event.data.confirmBy,
        mailedAt: [...entry.mailedAt, event.data.sentAt].slice(-CONFIRMATIONS_PER_DAY),
      });
    case 'BackInStockConfirmed':
      return entry === undefined ? state : set({ ...entry, status: 'confirmed', confirmBy: null });
    case 'BackInStockTold':
      return entry === undefined ? state : set({ ...entry, status: 'notified', confirmBy: null }, state.told + 1);
    case 'BackInStockLeft':
      return entry === undefined ? state : set({ ...entry, status: 'unsubscribed', confirmBy: null });
    case 'BackInStockRemoved':
      return entry === undefined ? state : set({ ...entry, status: 'removed', confirmBy: null });
    default:
      return assertNever(event);
  }
}
