import { Readable } from 'node:stream';
import { KurrentDBClient, type START } from '@kurrent/kurrentdb-client';
import { KurrentDbEventStore } from './kurrentdb-event-store';

/**
 * The adapter over the real client, whose server answers are replaced by streams as the client
 * gives them (no server runs here): subscriptions the server ends, and reads past what the server's filter lets through.
 */
describe('KurrentDB adapter over the real client', () => {
  // The real client; it connects only when asked, and nothing here asks it.
  const client = KurrentDBClient.connectionString('kurrentdb://127.0.0.1:1?tls=false');
  const store = new (KurrentDbEventStore as unknown as new (client: KurrentDBClient) => KurrentDbEventStore)(client);
  /** A server answer with no events that ends at once, as a subscription the server closes without an error. */
  const ended = () => Object.assign(Readable.from([]), { unsubscribe: () => Promise.resolve() });

  beforeEach(() => {
    jest.spyOn(client, 'subscribeToAll').mockImplementation(() => ended());
    jest.spyOn(client, 'readAll').mockImplementation(() => ended() as unknown as ReturnType<KurrentDBClient['readAll']>);
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => client.dispose());

  it('given the server ends a subscription without an error, then the subscriber is told (so it starts again), not left waiting for ever', async () => {
    const errors: unknown[] = [];
    store.subscribeToAll({ after: null, onEvent: () => Promise.resolve(), onError: (error) => errors.push(error) });
    for (let i = 0; i < 100 && errors.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('the server ended the subscription');
  });

  it('given a subscription that failed, then it is no longer kept to be stopped at close', async () => {
    const failed = new Promise<void>((resolve) =>
      store.subscribeToAll({ after: null, onEvent: () => Promise.resolve(), onError: () => resolve() }),
    );
    await failed;
    expect((store as unknown as { subscriptions: Set<unknown> }).subscriptions.size).toBe(0);
  });

  it('given the log ends with events of a $-stream, then the head is the last event readAll would give, as readAll skips them', async () => {
    const recorded = (streamId: string, type: string, commit: bigint) => ({
      event: {
        streamId,
        type,
        id: `${commit}`,
        revision: 0n,
        created: new Date(),
        isJson: true,
        data: {},
        metadata: {},
        position: { commit, prepare: commit },
      },
    });
    jest.spyOn(client, 'readAll').mockImplementation(
      () =>
        Object.assign(
          Readable.from([recorded('$projections-$all', 'ProjectionCheckpoint', 900n), recorded('order-1', 'OrderPlaced', 800n)]),
          {
            unsubscribe: () => Promise.resolve(),
          },
        ) as unknown as ReturnType<KurrentDBClient['readAll']>,
    );
    expect(await store.headPosition()).toBe(800);
  });

  describe('reading the log past events of $-streams the server lets through', () => {
    /** A log as the server holds it: positions are byte offsets; events of `$`-streams with ordinary types among ours. */
    const log = [
      { streamId: 'order-1', type: 'OrderPlaced', commit: 100n },
      { streamId: '$projections-$all', type: 'ProjectionCheckpoint', commit: 250n },
      { streamId: 'order-2', type: 'OrderPlaced', commit: 400n },
      { streamId: '$projections-$all', type: 'ProjectionCheckpoint', commit: 550n },
      { streamId: '$projections-$all', type: 'ProjectionCheckpoint', commit: 700n },
      { streamId: 'order-1', type: '$metadata', commit: 800n },
      { streamId: 'order-3', type: 'OrderPlaced', commit: 950n },
      { streamId: 'order-4', type: 'OrderPaid', commit: 1100n, isJson: false },
    ];
    let asked: { from: bigint; maxCount: number | undefined }[] = [];

    beforeEach(() => {
      asked = [];
      // The server: from the position asked (inclusive), its filter leaving out `$`-types only, at most maxCount.
      jest.spyOn(client, 'readAll').mockImplementation(((options: {
        fromPosition: { commit: bigint } | typeof START;
        maxCount?: number;
      }) => {
        const from = typeof options.fromPosition === 'object' ? options.fromPosition.commit : 0n;
        asked.push({ from, maxCount: options.maxCount });
        const sent = log
          .filter((e) => e.commit >= from && !e.type.startsWith('$'))
          .slice(0, options.maxCount ?? Number.MAX_SAFE_INTEGER)
          .map((e) => ({
            event: {
              streamId: e.streamId,
              type: e.type,
              id: `${e.commit}`,
              revision: 0n,
              created: new Date(),
              isJson: e.isJson ?? true,
              data: {},
              metadata: {},
              position: { commit: e.commit, prepare: e.commit },
            },
          }));
        return Object.assign(Readable.from(sent), { unsubscribe: () => Promise.resolve() });
      }) as unknown as KurrentDBClient['readAll']);
    });

    it('given a page the server filled with events skipped here, then readAll reads on, so a short page means the end of the log', async () => {
      const page = await store.readAll({ after: null, maxCount: 2 });
      expect(page.map((e) => e.globalPosition)).toEqual([100, 400]);
      const next = await store.readAll({ after: 400, maxCount: 1 });
      expect(next.map((e) => e.globalPosition)).toEqual([950]);
      // Three pages (each one more for the inclusive start): the first two held only events of $-streams.
      expect(asked.slice(-3)).toEqual([
        { from: 400n, maxCount: 2 },
        { from: 550n, maxCount: 2 },
        { from: 700n, maxCount: 2 },
      ]);
    });

    it('given a count of the events after a position asked for, then it answers null without reading the log', async () => {
      const reads = asked.length;
      expect(await store.countEventsAfter()).toBeNull();
      expect(asked.length).toBe(reads);
    });
  });

  it('given a log ending with more events of $-streams than a page, then the head is found in short pages, each read to its end', async () => {
    const log = [
      { streamId: 'order-1', type: 'OrderPlaced', commit: 100n },
      ...Array.from({ length: 40 }, (_, i) => ({
        streamId: '$projections-$all',
        type: 'ProjectionCheckpoint',
        commit: BigInt(200 + i * 10),
      })),
    ];
    const reads: { maxCount: number | undefined; stream: Readable }[] = [];
    jest.spyOn(client, 'readAll').mockImplementation(((options: { fromPosition: { commit: bigint } | string; maxCount?: number }) => {
      const from = typeof options.fromPosition === 'object' ? options.fromPosition.commit : BigInt(Number.MAX_SAFE_INTEGER);
      const sent = log
        .filter((e) => e.commit <= from)
        .reverse()
        .slice(0, options.maxCount ?? Number.MAX_SAFE_INTEGER)
        .map((e) => ({
          event: {
            ...e,
            id: `${e.commit}`,
            revision: 0n,
            created: new Date(),
            isJson: true,
            data: {},
            metadata: {},
            position: { commit: e.commit, prepare: e.commit },
          },
        }));
      const stream = Object.assign(Readable.from(sent), { unsubscribe: () => Promise.resolve() });
      reads.push({ maxCount: options.maxCount, stream });
      return stream;
    }) as unknown as KurrentDBClient['readAll']);

    expect(await store.headPosition()).toBe(100);
    expect(reads.length).toBeGreaterThan(1);
    expect(reads.every((read) => read.maxCount !== undefined && read.maxCount <= 32)).toBe(true);
    expect(reads.every((read) => read.stream.readableEnded)).toBe(true);
  });
});

describe('KurrentDB adapter that cannot reach its server', () => {
  it('given a URL with a password, then the error names the server without the password', async () => {
    const opening = KurrentDbEventStore.open({ url: 'kurrentdb://admin:s3cret-pass@127.0.0.1:1?tls=false' });
    await expect(opening).rejects.toThrow(/^Cannot reach KurrentDB at kurrentdb:\/\/admin:\*\*\*@127\.0\.0\.1:1\?tls=false: /);
    await expect(opening).rejects.not.toThrow(/s3cret-pass/);
  }, 30_000);
});
