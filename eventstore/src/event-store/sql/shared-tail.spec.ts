import { AppendSignal } from '../append-signal';
import type { RecordedEvent } from '../event-store.port';
import { SharedTail } from './shared-tail';

const metadata = { correlationId: 'c', causationId: null, actor: 'system' as const, occurredAt: '2026-11-25T00:00:00.000Z' };
const event = (globalPosition: number): RecordedEvent => ({
  id: `e${globalPosition}`,
  streamName: `s-${globalPosition}`,
  revision: 0,
  globalPosition,
  type: 'Happened',
  data: { n: globalPosition },
  metadata,
});

/** A log the tail reads from: `commit` adds events, each read is counted and may be held open. */
function log() {
  const committed: RecordedEvent[] = [];
  const reads: number[] = [];
  let hold: Promise<void> | null = null;
  return {
    committed,
    reads,
    commit: (...positions: number[]) => committed.push(...positions.map(event)),
    holdReads: () => {
      let release = () => undefined as void;
      hold = new Promise<void>((resolve) => (release = resolve));
      return () => {
        hold = null;
        release();
      };
    },
    read: async (after: number, maxCount: number) => {
      reads.push(after);
      // What the read sees is what was committed when it ran, even if it answers later.
      const seen = committed.filter((e) => e.globalPosition > after).slice(0, maxCount);
      if (hold !== null) await hold;
      return seen;
    },
  };
}

const positions = (events: RecordedEvent[] | null) => events?.map((e) => e.globalPosition) ?? null;

describe('SharedTail: one read of the head for every subscription', () => {
  it('given several subscriptions at the head, when an append is signalled, then one read serves them all', async () => {
    const db = log();
    const signal = new AppendSignal();
    const tail = new SharedTail(db.read, signal, 0);
    db.commit(1, 2);
    signal.notify();
    const answers = await Promise.all([tail.after(0, 10), tail.after(0, 10), tail.after(0, 10), tail.after(1, 10)]);
    expect(answers.map(positions)).toEqual([[1, 2], [1, 2], [1, 2], [2]]);
    expect(db.reads).toEqual([0]);
  });

  it('given a read that started before an append was signalled, then a subscription that heard of it reads again rather than settle for it', async () => {
    const db = log();
    const signal = new AppendSignal();
    const tail = new SharedTail(db.read, signal, 0);
    const release = db.holdReads();
    const early = tail.after(0, 10);
    db.commit(1);
    signal.notify();
    const late = tail.after(0, 10);
    release();
    expect(positions(await early)).toEqual([]);
    expect(positions(await late)).toEqual([1]);
    expect(db.reads).toEqual([0, 0]);
  });

  it('given a subscription behind the window, then it is sent to the database', async () => {
    const db = log();
    const tail = new SharedTail(db.read, new AppendSignal(), 5);
    expect(await tail.after(3, 10)).toBeNull();
    expect(db.reads).toEqual([]);
  });

  it('given a subscription that caught up through the database past the window, then the window follows it from there', async () => {
    const db = log();
    const tail = new SharedTail(db.read, new AppendSignal(), 0);
    db.commit(1, 2, 3, 4);
    expect(positions(await tail.after(3, 10))).toEqual([4]);
    expect(db.reads).toEqual([3]);
    expect(await tail.after(2, 10)).toBeNull();
  });

  it('given more events than it keeps, then the oldest are left to the database', async () => {
    const db = log();
    const tail = new SharedTail(db.read, new AppendSignal(), 0, 3);
    db.commit(1, 2, 3, 4, 5);
    // The read brought five; the window keeps the last three, so the caller at 0 goes to the database.
    expect(await tail.after(0, 10)).toBeNull();
    expect(await tail.after(1, 10)).toBeNull();
    expect(positions(await tail.after(2, 10))).toEqual([3, 4, 5]);
  });

  it('given a read that fails, then every subscription waiting on it hears the error, and the next one reads again', async () => {
    const signal = new AppendSignal();
    let fail = true;
    const tail = new SharedTail(
      async () => {
        if (fail) throw new Error('connection lost');
        return [event(1)];
      },
      signal,
      0,
    );
    await expect(Promise.all([tail.after(0, 10), tail.after(0, 10)])).rejects.toThrow('connection lost');
    fail = false;
    expect(positions(await tail.after(0, 10))).toEqual([1]);
  });
});
