import type { DomainEvent } from '@brewery/eventstore';
import type { Decider } from './decider';
import { DeciderSpecification } from './decider-specification';
import { DomainError } from './domain-error';

// A keg on the cellar-door tap: glasses are poured from it until it is taken off.
type KegEvent = DomainEvent<'GlassesPoured', { glasses: number }> | DomainEvent<'KegTakenOff', { at: string }>;
type KegCommand = { type: 'Pour'; glasses: number } | { type: 'TakeOff'; at: string };
interface KegState {
  poured: number;
  onTap: boolean;
}

const keg: Decider<KegState, KegCommand, KegEvent> = {
  initialState: { poured: 0, onTap: true },
  evolve: (state, event) =>
    event.type === 'GlassesPoured' ? { ...state, poured: state.poured + event.data.glasses } : { ...state, onTap: false },
  decide(command, state) {
    if (command.type === 'TakeOff') return state.onTap ? [{ type: 'KegTakenOff', data: { at: command.at } }] : [];
    // A broken tap reading, not a refusal of the shop's: not a DomainError.
    if (!Number.isInteger(command.glasses)) throw new Error('The tap counts whole glasses');
    if (!state.onTap) throw new DomainError('keg_off', 'This keg has been taken off the tap', 'conflict');
    return command.glasses === 0 ? [] : [{ type: 'GlassesPoured', data: { glasses: command.glasses } }];
  },
};

const tap = DeciderSpecification.for(keg);
const poured = (glasses: number): KegEvent => ({ type: 'GlassesPoured', data: { glasses } });
const takenOff: KegEvent = { type: 'KegTakenOff', data: { at: '2026-11-28T06:00:00.000Z' } };
const takeOff: KegCommand = { type: 'TakeOff', at: '2026-11-28T06:00:00.000Z' };

/** The message of the Jest assertion the step fails with; the step must fail. */
function failureOf(step: () => unknown): string {
  try {
    step();
  } catch (error) {
    expect(error).toHaveProperty('matcherResult.pass', false);
    return (error as Error).message;
  }
  throw new Error('The step passed, but it should have failed');
}

describe('DeciderSpecification', () => {
  describe('then', () => {
    it('passes when the command decides exactly the events, and returns them', () => {
      expect(
        tap
          .given([])
          .when({ type: 'Pour', glasses: 2 })
          .then([poured(2)]),
      ).toEqual([poured(2)]);
    });

    it('folds the given events, in order, before deciding', () => {
      tap
        .given([poured(2), takenOff])
        .when(takeOff)
        .then([]);
      tap
        .given([poured(2)])
        .when(takeOff)
        .then([takenOff]);
    });

    it('fails with a diff when other events are decided', () => {
      const message = failureOf(() =>
        tap
          .given([])
          .when({ type: 'Pour', glasses: 2 })
          .then([poured(3)]),
      );
      expect(message).toContain('toEqual');
      expect(message).toMatch(/-\s+"glasses": 3/);
      expect(message).toMatch(/\+\s+"glasses": 2/);
    });

    it('fails when events are decided where nothing should happen, and when nothing happens where events should', () => {
      failureOf(() => tap.given([]).when({ type: 'Pour', glasses: 2 }).then([]));
      failureOf(() =>
        tap
          .given([])
          .when({ type: 'Pour', glasses: 0 })
          .then([poured(0)]),
      );
      tap.given([]).when({ type: 'Pour', glasses: 0 }).then([]);
    });

    it('fails with the error itself when the command is refused', () => {
      expect(() => tap.given([takenOff]).when({ type: 'Pour', glasses: 1 }).then([])).toThrow('This keg has been taken off the tap');
    });

    it('hands the events decided to a check, and fails when the check fails', () => {
      const seen: KegEvent[][] = [];
      tap
        .given([])
        .when({ type: 'Pour', glasses: 4 })
        .then((events) => seen.push(events));
      expect(seen).toEqual([[poured(4)]]);
      failureOf(() =>
        tap
          .given([])
          .when({ type: 'Pour', glasses: 4 })
          .then((events) => expect(events).toHaveLength(2)),
      );
    });
  });

  describe('thenThrows', () => {
    it('passes when the command is refused, and returns the error', () => {
      const error = tap.given([takenOff]).when({ type: 'Pour', glasses: 1 }).thenThrows();
      expect(error).toBeInstanceOf(DomainError);
    });

    it('fails, showing what was decided, when the command is not refused', () => {
      const message = failureOf(() => tap.given([]).when({ type: 'Pour', glasses: 1 }).thenThrows());
      expect(message).toContain('GlassesPoured');
      failureOf(() => tap.given([takenOff]).when(takeOff).thenThrows());
      failureOf(() => tap.given([]).when({ type: 'Pour', glasses: 1 }).thenThrows({ code: 'keg_off' }));
      failureOf(() =>
        tap
          .given([])
          .when({ type: 'Pour', glasses: 1 })
          .thenThrows(() => undefined),
      );
    });

    it('passes when the refusal is a DomainError carrying the fields named', () => {
      const when = tap.given([takenOff]).when({ type: 'Pour', glasses: 1 });
      when.thenThrows({ code: 'keg_off' });
      when.thenThrows({ code: 'keg_off', kind: 'conflict', message: 'This keg has been taken off the tap' });
      when.thenThrows({ message: expect.stringContaining('taken off') });
    });

    it('fails when a field named differs, or the error is no DomainError', () => {
      const when = tap.given([takenOff]).when({ type: 'Pour', glasses: 1 });
      expect(failureOf(() => when.thenThrows({ code: 'keg_empty' }))).toContain('keg_empty');
      failureOf(() => when.thenThrows({ code: 'keg_off', kind: 'validation' }));
      failureOf(() => when.thenThrows({ message: 'This keg has been taken off' }));
      const broken = tap.given([]).when({ type: 'Pour', glasses: 1.5 });
      broken.thenThrows();
      expect(failureOf(() => broken.thenThrows({ message: 'The tap counts whole glasses' }))).toContain('toBeInstanceOf');
    });

    it('hands the error to a check, and fails when the check fails', () => {
      const when = tap.given([takenOff]).when({ type: 'Pour', glasses: 1 });
      const seen: unknown[] = [];
      when.thenThrows((error) => seen.push(error));
      expect(seen).toEqual([expect.objectContaining({ code: 'keg_off' })]);
      failureOf(() => when.thenThrows((error) => expect(error).toHaveProperty('code', 'keg_empty')));
      failureOf(() => when.thenThrows((error) => expect(error).toBeInstanceOf(TypeError)));
    });
  });

  describe('thenOutcome', () => {
    it.each<[string, KegEvent[], KegCommand, KegEvent[] | { code: string }]>([
      ['events when the row lists events', [], { type: 'Pour', glasses: 3 }, [poured(3)]],
      ['a refusal when the row names one', [takenOff], { type: 'Pour', glasses: 3 }, { code: 'keg_off' }],
    ])('passes: %s', (_, given, command, outcome) => {
      tap.given(given).when(command).thenOutcome(outcome);
    });

    it.each<[string, KegEvent[], KegCommand, KegEvent[] | { code: string }]>([
      ['other events', [], { type: 'Pour', glasses: 3 }, [poured(2)]],
      ['events where a refusal was expected', [], { type: 'Pour', glasses: 3 }, { code: 'keg_off' }],
      ['another refusal', [takenOff], { type: 'Pour', glasses: 3 }, { code: 'keg_empty' }],
    ])('fails: %s', (_, given, command, outcome) => {
      failureOf(() => tap.given(given).when(command).thenOutcome(outcome));
    });

    it('fails with the error itself when events were expected and the command is refused', () => {
      expect(() => tap.given([takenOff]).when({ type: 'Pour', glasses: 3 }).thenOutcome([])).toThrow(DomainError);
    });
  });

  describe('thenState', () => {
    it('asserts the state the given events fold to, equal or by a check', () => {
      expect(tap.given([poured(2), poured(3)]).thenState({ poured: 5, onTap: true })).toEqual({ poured: 5, onTap: true });
      tap.given([poured(2), takenOff]).thenState((state) => expect(state.onTap).toBe(false));
      failureOf(() => tap.given([poured(2)]).thenState({ poured: 3, onTap: true }));
      failureOf(() => tap.given([poured(2)]).thenState((state) => expect(state.poured).toBe(3)));
    });

    it('asserts the state after the decided events are folded in', () => {
      tap
        .given([poured(2)])
        .when({ type: 'Pour', glasses: 3 })
        .thenState({ poured: 5, onTap: true });
      tap
        .given([poured(2)])
        .when(takeOff)
        .thenState((state) => expect(state).toEqual({ poured: 2, onTap: false }));
      failureOf(() =>
        tap
          .given([poured(2)])
          .when({ type: 'Pour', glasses: 3 })
          .thenState({ poured: 2, onTap: true }),
      );
    });
  });
});
