import { MemoryCheckpointStore, PgliteEventStore, PGLITE_IN_MEMORY, type CheckpointStore, type RecordedEvent } from '@brewery/eventstore';
import { CheckpointWriter } from './checkpoint-writer';
import { nextFollowerState, ReadModelFollower, type FollowerState, type FollowerStep } from './read-model-follower';
import { freshStatus, type SubscriberStatus } from './subscriber';

const ID = 'read-models';

describe('the follower’s states', () => {
  it.each<[FollowerState, FollowerStep, FollowerState | null]>([
    ['following', 'lease-won', 'taking-over'],
    ['following', 'started', null],
    ['following', 'lease-lost', null],
    ['following', 'stopped', null],
    ['taking-over', 'started', 'holding'],
    ['taking-over', 'lease-lost', 'handing-back'],
    ['taking-over', 'lease-won', null],
    ['holding', 'lease-lost', 'handing-back'],
    ['holding', 'lease-won', null],
    ['holding', 'stopped', null],
    ['handing-back', 'stopped', 'following'],
    ['handing-back', 'lease-won', 'taking-over'],
    ['handing-back', 'started', null],
  ])('given %p, when %p, then %p', (state, step, next) => {
    expect(nextFollowerState(state, step)).toBe(next);
  });
});

describe('a process following shared read models', () => {
  let events: PgliteEventStore;
  let checkpoints: CheckpointStore;
  let status: SubscriberStatus;
  let reached: number[];
  let told: string[];
  let watching: boolean;
  const followers: ReadModelFollower[] = [];

  const follower = (store: CheckpointStore = checkpoints, intervalMs = 20, readTimeoutMs = 5000): ReadModelFollower => {
    const made = new ReadModelFollower(
      status,
      new CheckpointWriter(
        store,
        ID,
        () => -1,
        () => undefined,
      ),
      events,
      {
        applied: (event: RecordedEvent) => told.push(event.id),
        reached: (position) => reached.push(position),
        get watching() {
          return watching;
        },
      },
      intervalMs,
      readTimeoutMs,
    );
    followers.push(made);
    return made;
  };
  const append = async (n: number): Promise<number> => {
    let position = -1;
    for (let i = 0; i < n; i++) {
      ({ position } = await events.append(
        `tally-${i}`,
        [
          {
            type: 'Counted',
            data: {},
            metadata: { correlationId: 'c', causationId: null, actor: 'system', occurredAt: '2026-11-29T00:00:00.000Z' },
          },
        ],
        { expectedRevision: 'any' },
      ));
    }
    return position;
  };
  const until = async (check: () => boolean, timeoutMs = 3000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('not reached in time');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  beforeEach(async () => {
    events = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
    checkpoints = new MemoryCheckpointStore();
    status = freshStatus(ID, 'read-models');
    reached = [];
    told = [];
    watching = false;
  });
  afterEach(async () => {
    for (const f of followers.splice(0)) f.close();
    await events.close();
  });

  it('given the holder’s checkpoint moves on, then the follower’s position follows it', async () => {
    const head = await append(3);
    await checkpoints.set(ID, head);
    follower().start();
    await until(() => status.position === head);
    expect({ caughtUp: status.caughtUp, lastError: status.lastError, reached }).toEqual({
      caughtUp: true,
      lastError: null,
      reached: [head],
    });
  });

  it('given one read fails (a MongoDB election: not primary), then the error shows until the next read succeeds, and clears by itself', async () => {
    const head = await append(2);
    await checkpoints.set(ID, head);
    let failures = 1;
    const electing: CheckpointStore = {
      get: (id) => (failures-- > 0 ? Promise.reject(new Error('not primary')) : checkpoints.get(id)),
      set: (id, p) => checkpoints.set(id, p),
      reset: (id) => checkpoints.reset(id),
    };
    const f = follower(electing);
    await f.followOnce();
    expect(status.lastError).toBe('not primary');
    await f.followOnce();
    expect({ lastError: status.lastError, position: status.position }).toEqual({ lastError: null, position: head });
  });

  it('given the checkpoint moves back (a restore, a rebuild’s replace), then the follower’s position moves back with it', async () => {
    const head = await append(5);
    await checkpoints.set(ID, head);
    const f = follower();
    await f.followOnce();
    await checkpoints.set(ID, head - 3);
    await f.followOnce();
    expect({ position: status.position, reached }).toEqual({ position: head - 3, reached: [head, head - 3] });
  });

  it('given a checkpoint past the end of the log, then the follower says so, still once the log has grown past it, and follows again once the runbook moved it back', async () => {
    const head = await append(2);
    await checkpoints.set(ID, head + 40);
    const f = follower();
    await f.followOnce();
    expect({ caughtUp: status.caughtUp, error: status.lastError }).toEqual({
      caughtUp: false,
      error: expect.stringContaining(`its checkpoint ${head + 40} is past the end of the event log (${head})`) as unknown,
    });
    expect(status.position).toBe(-1);
    // The shop writes on: the log grows past the checkpoint, which still names events it never applied.
    await append(45);
    await f.followOnce();
    expect(status.lastError).toEqual(expect.stringContaining(`its checkpoint ${head + 40} is past the end of the event log (${head})`));
    // The runbook: the checkpoint back to the log's end as restored, the finding handled.
    const writer = new CheckpointWriter(
      checkpoints,
      ID,
      () => -1,
      () => undefined,
    );
    await writer.replace(head);
    await writer.restoreHandled();
    await f.followOnce();
    expect({ caughtUp: status.caughtUp, error: status.lastError, position: status.position }).toEqual({
      caughtUp: true,
      error: null,
      position: head,
    });
  });

  it('given a slow store, then it reads one checkpoint at a time, however long a read takes', async () => {
    const head = await append(1);
    await checkpoints.set(ID, head);
    let reading = 0;
    let most = 0;
    let reads = 0;
    const slow: CheckpointStore = {
      get: async (id) => {
        if (id !== ID) return checkpoints.get(id);
        reading += 1;
        reads += 1;
        most = Math.max(most, reading);
        await new Promise((resolve) => setTimeout(resolve, 150));
        reading -= 1;
        return checkpoints.get(id);
      },
      set: (id, p) => checkpoints.set(id, p),
      reset: (id) => checkpoints.reset(id),
    };
    follower(slow, 10).start();
    await until(() => reads >= 4, 5000);
    expect(most).toBe(1);
  });

  it('given a read that never answers (a half-open socket), then it fails after the read timeout and the next read follows on', async () => {
    const head = await append(2);
    await checkpoints.set(ID, head);
    let hang = true;
    const halfOpen: CheckpointStore = {
      get: (id) => (hang && id === ID ? new Promise<number | null>(() => undefined) : checkpoints.get(id)),
      set: (id, p) => checkpoints.set(id, p),
      reset: (id) => checkpoints.reset(id),
    };
    follower(halfOpen, 10, 100).start();
    await until(() => status.lastError !== null);
    expect(status.lastError).toBe('the read-model store did not answer the checkpoint read within 100 ms');
    hang = false;
    await until(() => status.position === head && status.lastError === null);
  });

  it('given the lease is won while a read is on its way, then its late answer does not move the position the subscriber now keeps', async () => {
    const head = await append(4);
    await checkpoints.set(ID, head - 2);
    let answer: (value: number | null) => void = () => undefined;
    const held: CheckpointStore = {
      get: (id) => (id === ID ? new Promise<number | null>((resolve) => (answer = resolve)) : checkpoints.get(id)),
      set: (id, p) => checkpoints.set(id, p),
      reset: (id) => checkpoints.reset(id),
    };
    const f = follower(held);
    const reading = f.followOnce();
    // The process wins the lease; its own subscriber starts and goes on to the head.
    expect(f.step('lease-won')).toBe(true);
    status.position = head;
    answer(head - 2);
    await reading;
    expect({ state: f.state, position: status.position, reached }).toEqual({ state: 'taking-over', position: head, reached: [] });
  });

  it('given the lease is handed back, then it follows again from the checkpoint the new holder writes', async () => {
    const head = await append(3);
    const f = follower();
    f.step('lease-won');
    f.step('started');
    await checkpoints.set(ID, head);
    expect(f.step('lease-lost')).toBe(true);
    expect(f.step('stopped')).toBe(true);
    await until(() => status.position === head);
    expect(f.state).toBe('following');
  });

  it('given someone watches for events, then each event the holder applied is told, once, in order', async () => {
    const first = await append(1);
    await checkpoints.set(ID, first);
    const f = follower();
    await f.followOnce();
    watching = true;
    const head = await append(3);
    await checkpoints.set(ID, head);
    await f.followOnce();
    const later = (await events.readAll({ after: first })).map((e) => e.id);
    expect(told).toEqual(later);
  });
});
