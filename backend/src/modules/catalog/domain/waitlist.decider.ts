import { assertNever, type Decider } from '../../../shared-kernel/decider';
import { WaitlistErrors } from './waitlist.errors';
import { waitlistKey, type WaitlistEvent } from './waitlist.events';

/**
 * The most addresses one beer's list holds: enough for a small brewery's keenest, and a bound on what a script
 * signing up strangers' addresses can make the shop send when the beer is back.
 */
export const WAITLIST_LIMIT = 500;

export interface WaitlistState {
  /** Who waits, by `waitlistKey`: the address as typed and when it asked. */
  waiting: Readonly<Record<string, { email: string; requestedAt: string }>>;
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
    }
  | {
      type: 'TellWaiting';
      at: string;
      /** The beer as its stream says now: live, released and not archived; and the cans a customer can buy. */
      onSale: boolean;
      available: number;
    }
  | { type: 'LeaveWaitlist'; email: string; at: string };

export const waitlistDecider: Decider<WaitlistState, WaitlistCommand, WaitlistEvent> = {
  initialState: { waiting: {}, told: 0 },
  decide,
  evolve,
};

function decide(command: WaitlistCommand, state: WaitlistState): WaitlistEvent[] {
  switch (command.type) {
    case 'AskToBeTold':
      // The same address twice is one request.
      if (command.onSale && command.available > 0) throw WaitlistErrors.onSale(command.beer);
      if (state.waiting[waitlistKey(command.email)] !== undefined) return [];
      if (Object.keys(state.waiting).length >= WAITLIST_LIMIT) throw WaitlistErrors.full();
      return [{ type: 'BackInStockRequested', data: { email: command.email.trim(), requestedAt: command.at } }];
    case 'TellWaiting':
      // Only a beer a customer can buy now is news; everyone waiting hears it at once.
      if (!command.onSale || command.available <= 0) return [];
      return Object.values(state.waiting).map(({ email }) => ({
        type: 'BackInStockTold',
        data: { email, toldAt: command.at, available: command.available },
      }));
    case 'LeaveWaitlist': {
      const waiting = state.waiting[waitlistKey(command.email)];
      if (waiting === undefined) return [];
      return [{ type: 'BackInStockLeft', data: { email: waiting.email, leftAt: command.at } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: WaitlistState, event: WaitlistEvent): WaitlistState {
  const key = waitlistKey(event.data.email);
  const without = (): WaitlistState['waiting'] => Object.fromEntries(Object.entries(state.waiting).filter(([k]) => k !== key));
  switch (event.type) {
    case 'BackInStockRequested':
      return { ...state, waiting: { ...state.waiting, [key]: { email: event.data.email, requestedAt: event.data.requestedAt } } };
    case 'BackInStockTold':
      return { waiting: without(), told: state.told + 1 };
    case 'BackInStockLeft':
      return { ...state, waiting: without() };
    default:
      return assertNever(event);
  }
}
