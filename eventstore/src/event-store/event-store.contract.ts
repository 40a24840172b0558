import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from './event-store.port';
import { appendBytes, MAX_APPEND_BYTES } from './append-size';
import { AppendTooLargeError } from './event-store.errors';
import { isUuid } from './event-id';

/**
 * The behaviour every EventStore adapter must have. `open` must return a fresh, empty store each
 * time it is called; the suite closes every store it opens.
 */
export function describeEventStoreContract(label: string, open: () => Promise<EventStore>): void {
  describe(`EventStore contract: ${label}`, () => {
    let store: EventStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store.close();
    });

    describe('an empty store', () => {
      it('has head position -1, reads nothing and reads a missing stream as []', async () => {
        const empty = await open();
        try {
          expect(await empty.headPosition()).toBe(-1);
          expect(await empty.countEventsAfter(-1, 10)).toBe(empty.kind === 'kurrentdb' ? null : 0);
          expect(await empty.readAll()).toEqual([]);
          expect(await empty.readStream('order-missing')).toEqual([]);
          expect(await empty.readStream('order-missing', { direction: 'backwards' })).toEqual([]);
        } finally {
          await empty.close();
        }
      });
    });

    describe('append and read back', () => {
      it('given 5 events appended to a new stream, reads them forwards with revisions 0..4 and all fields intact', async () => {
        const stream = newStream('order');
        const events = numbered(5);
        const result = await store.append(stream, events, { expectedRevision: 'no_stream' });

        const read = await store.readStream(stream);
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
        expect(read.map((e) => e.id)).toEqual(events.map((e) => e.id));
        expect(read.map((e) => e.data)).toEqual(events.map((e) => e.data));
        expect(read.every((e) => e.streamName === stream && e.type === 'CansCounted')).toBe(true);
        expect(result.nextExpectedRevision).toBe(4);
        expect(result.position).toBe(read[4]?.globalPosition);
      });

      it('reads backwards from the last event', async () => {
        const stream = newStream('order');
        await store.append(stream, numbered(5), { expectedRevision: 'no_stream' });
        const read = await store.readStream(stream, { direction: 'backwards' });
        expect(read.map((e) => e.revision)).toEqual([4, 3, 2, 1, 0]);
      });

      it.each<[string, number[], { direction?: 'forwards' | 'backwards'; fromRevision?: number; maxCount?: number }]>([
        ['forwards from revision 2', [2, 3, 4], { fromRevision: 2 }],
        ['forwards, at most 2', [0, 1], { maxCount: 2 }],
        ['forwards from revision 1, at most 3', [1, 2, 3], { fromRevision: 1, maxCount: 3 }],
        ['forwards from past the end', [], { fromRevision: 9 }],
        ['backwards from revision 2', [2, 1, 0], { direction: 'backwards', fromRevision: 2 }],
        ['backwards, at most 2', [4, 3], { direction: 'backwards', maxCount: 2 }],
        ['backwards from revision 3, at most 2', [3, 2], { direction: 'backwards', fromRevision: 3, maxCount: 2 }],
      ])('given revisions 0..4, reading %s gives revisions %j', async (_name, revisions, options) => {
        const stream = newStream('order');
        await store.append(stream, numbered(5), { expectedRevision: 'no_stream' });
        const read = await store.readStream(stream, options);
        expect(read.map((e) => e.revision)).toEqual(revisions);
        expect(read.map((e) => (e.data as { n: number }).n)).toEqual(revisions);
      });

      it('gives every event a UUID when none is supplied, and keeps a supplied one', async () => {
        const stream = newStream('order');
        const supplied = randomUUID();
        await store.append(stream, [anEvent('OrderPlaced', { a: 1 }), { ...anEvent('OrderPaid', { a: 2 }), id: supplied }], {
          expectedRevision: 'no_stream',
        });
        const read = await store.readStream(stream);
        expect(read[0] && isUuid(read[0].id)).toBe(true);
        expect(read[1]?.id).toBe(supplied);
      });

      it('appends to an existing stream, continuing its revisions', async () => {
        const stream = newStream('order');
        const first = await store.append(stream, numbered(2), { expectedRevision: 'no_stream' });
        const second = await store.append(stream, numbered(3), { expectedRevision: first.nextExpectedRevision });
        expect(second.nextExpectedRevision).toBe(4);
        expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
      });
    });

    describe('expected revision', () => {
      type Given = 'no stream' | 'stream at revision 1';
      const cases: Array<[Given, ExpectedRevision, 'accepted' | { actual: number | 'no_stream' }]> = [
        ['no stream', 'no_stream', 'accepted'],
        ['no stream', 'any', 'accepted'],
        ['no stream', 'stream_exists', { actual: 'no_stream' }],
        ['no stream', 0, { actual: 'no_stream' }],
        ['stream at revision 1', 'no_stream', { actual: 1 }],
        ['stream at revision 1', 'any', 'accepted'],
        ['stream at revision 1', 'stream_exists', 'accepted'],
        ['stream at revision 1', 1, 'accepted'],
        ['stream at revision 1', 0, { actual: 1 }],
        ['stream at revision 1', 2, { actual: 1 }],
      ];
      it.each(cases)('given %s, appending with expected %p is %j', async (given, expectedRevision, outcome) => {
        const stream = newStream('product');
        if (given === 'stream at revision 1') await store.append(stream, numbered(2), { expectedRevision: 'no_stream' });
        const before = await store.readStream(stream);

        const attempt = store.append(stream, [anEvent('StockReserved', { cans: 4 })], { expectedRevision });

        if (outcome === 'accepted') {
          const result = await attempt;
          expect(result.nextExpectedRevision).toBe(before.length);
          expect(await store.readStream(stream)).toHaveLength(before.length + 1);
        } else {
          const error = await attempt.then(
            () => null,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(WrongExpectedRevisionError);
          expect(error).toMatchObject({ streamName: stream, expected: expectedRevision, actual: outcome.actual });
          expect(await store.readStream(stream)).toEqual(before);
        }
      });

      it('given 20 concurrent appends with the same expected revision, exactly one wins and 19 are refused', async () => {
        const stream = newStream('sequence');
        const { nextExpectedRevision } = await store.append(stream, [anEvent('SequenceStarted', {})], { expectedRevision: 'no_stream' });

        const outcomes = await Promise.allSettled(
          Array.from({ length: 20 }, (_, i) =>
            store.append(stream, [anEvent('NumberTaken', { contender: i })], { expectedRevision: nextExpectedRevision }),
          ),
        );

        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(refused).toHaveLength(19);
        expect(refused.every((o) => o.reason instanceof WrongExpectedRevisionError)).toBe(true);
        const read = await store.readStream(stream);
        expect(read.map((e) => e.type)).toEqual(['SequenceStarted', 'NumberTaken']);
      });
    });

    describe('idempotency', () => {
      it.each<[string, (first: number) => ExpectedRevision]>([
        ['the same expected revision', () => 'no_stream'],
        ['expected revision any', () => 'any'],
      ])('re-appending the same event ids with %s changes nothing and returns the stored result', async (_name, retryExpected) => {
        const stream = newStream('payment');
        const batch = numbered(3);
        const first = await store.append(stream, batch, { expectedRevision: 'no_stream' });
        const headBefore = await store.headPosition();

        const again = await store.append(stream, batch, { expectedRevision: retryExpected(first.nextExpectedRevision) });

        expect(again).toEqual(first);
        expect(await store.headPosition()).toBe(headBefore);
        expect((await store.readStream(stream)).map((e) => e.id)).toEqual(batch.map((e) => e.id));
      });
    });

    describe('$all', () => {
      it('orders events across streams in commit order, each at the position its append returned', async () => {
        const headBefore = await store.headPosition();
        const streams = [newStream('order'), newStream('product'), newStream('payment')];
        const committed: Array<{ id: string | undefined; position: number }> = [];
        for (let round = 0; round < 4; round += 1) {
          for (const stream of streams) {
            const event = { ...anEvent('Touched', { round }), id: randomUUID() };
            const result = await store.append(stream, [event], { expectedRevision: round === 0 ? 'no_stream' : round - 1 });
            committed.push({ id: event.id, position: result.position });
          }
        }

        const all = await store.readAll({ after: headBefore });

        expect(all.map((e) => e.id)).toEqual(committed.map((c) => c.id));
        expect(all.map((e) => e.globalPosition)).toEqual(committed.map((c) => c.position));
        expect(isStrictlyIncreasing(all.map((e) => e.globalPosition))).toBe(true);
        expect(await store.headPosition()).toBe(committed[committed.length - 1]?.position);
      });

      it('reads from a position (exclusive) with a maximum count', async () => {
        const stream = newStream('order');
        await store.append(stream, numbered(6), { expectedRevision: 'no_stream' });
        const mine = (await store.readStream(stream)).map((e) => e.globalPosition);
        const third = mine[2] ?? -1;

        const rest = await store.readAll({ after: third });
        const two = await store.readAll({ after: third, maxCount: 2 });

        expect(rest.map((e) => e.globalPosition)).toEqual(mine.slice(3));
        expect(two.map((e) => e.globalPosition)).toEqual(mine.slice(3, 5));
        expect(await store.readAll({ after: await store.headPosition() })).toEqual([]);
      });

      it('counts the events after a position in events, not in positions, up to a limit (KurrentDB, which cannot without reading them: null)', async () => {
        const stream = newStream('order');
        await store.append(stream, numbered(5), { expectedRevision: 'no_stream' });
        const mine = (await store.readStream(stream)).map((e) => e.globalPosition);
        const second = mine[1] ?? -1;
        const counts = [
          await store.countEventsAfter(second, 100),
          await store.countEventsAfter(second, 2),
          await store.countEventsAfter(await store.headPosition(), 100),
        ];
        expect(counts).toEqual(store.kind === 'kurrentdb' ? [null, null, null] : [3, 2, 0]);
      });

      it('reads from the very start when no position is given', async () => {
        const all = await store.readAll();
        expect(all.length).toBeGreaterThan(0);
        expect(all[all.length - 1]?.globalPosition).toBe(await store.headPosition());
        expect(isStrictlyIncreasing(all.map((e) => e.globalPosition))).toBe(true);
      });
    });

    describe('subscribeToAll', () => {
      it('started mid-stream while appends continue, delivers every event exactly once, in order, across catch-up and live', async () => {
        const start = await store.headPosition();
        // More than one catch-up page (500) before the subscription starts.
        for (let batch = 0; batch < 13; batch += 1) {
          await store.append(newStream('history'), numbered(50), { expectedRevision: 'no_stream' });
        }
        const seen: RecordedEvent[] = [];
        let inFlight = 0;
        let overlapped = false;
        let caughtUpCalls = 0;
        const subscription = store.subscribeToAll({
          after: start,
          onEvent: async (event) => {
            inFlight += 1;
            if (inFlight > 1) overlapped = true;
            if (seen.length % 97 === 0) await sleep(5);
            seen.push(event);
            inFlight -= 1;
          },
          onCaughtUp: () => {
            caughtUpCalls += 1;
          },
        });

        const liveStream = newStream('live');
        let revision: ExpectedRevision = 'no_stream';
        for (let i = 0; i < 40; i += 1) {
          const result = await store.append(liveStream, numbered(i % 3 === 0 ? 3 : 1), { expectedRevision: revision });
          revision = result.nextExpectedRevision;
          if (i % 10 === 0) await sleep(20);
        }
        const head = await store.headPosition();
        await waitFor(() => (seen[seen.length - 1]?.globalPosition ?? start) >= head, 30_000);
        await subscription.stop();

        const truth = await store.readAll({ after: start });
        expect(seen.map((e) => e.globalPosition)).toEqual(truth.map((e) => e.globalPosition));
        expect(seen.map((e) => e.id)).toEqual(truth.map((e) => e.id));
        expect(new Set(seen.map((e) => e.id)).size).toBe(seen.length);
        expect(overlapped).toBe(false);
        expect(caughtUpCalls).toBe(1);
      });

      it('calls onCaughtUp once everything that existed at subscription time has been delivered', async () => {
        const start = await store.headPosition();
        await store.append(newStream('order'), numbered(3), { expectedRevision: 'no_stream' });
        const head = await store.headPosition();
        const seenWhenCaughtUp: number[] = [];
        const seen: number[] = [];
        let resolveCaughtUp: () => void = () => undefined;
        const caughtUp = new Promise<void>((resolve) => (resolveCaughtUp = resolve));
        const subscription = store.subscribeToAll({
          after: start,
          onEvent: async (event) => {
            seen.push(event.globalPosition);
          },
          onCaughtUp: () => {
            seenWhenCaughtUp.push(...seen);
            resolveCaughtUp();
          },
        });
        await caughtUp;
        await subscription.stop();
        expect(seenWhenCaughtUp[seenWhenCaughtUp.length - 1]).toBe(head);
      });

      it('delivers nothing after stop() has resolved, and stop() resolves while idle', async () => {
        const seen: string[] = [];
        const subscription = store.subscribeToAll({
          after: await store.headPosition(),
          onEvent: async (event) => {
            seen.push(event.id);
          },
        });
        const before = { ...anEvent('BeforeStop', {}), id: randomUUID() };
        await store.append(newStream('order'), [before], { expectedRevision: 'no_stream' });
        await waitFor(() => seen.includes(before.id ?? ''), 10_000);

        await subscription.stop();
        await store.append(newStream('order'), numbered(2), { expectedRevision: 'no_stream' });
        await sleep(300);

        expect(seen).toEqual([before.id]);
      });

      it('stops and reports through onError when the handler throws', async () => {
        const start = await store.headPosition();
        await store.append(newStream('order'), numbered(3), { expectedRevision: 'no_stream' });
        const handled: number[] = [];
        const errors: unknown[] = [];
        const subscription = store.subscribeToAll({
          after: start,
          onEvent: async (event) => {
            if (handled.length === 1) throw new Error('projection failed');
            handled.push(event.globalPosition);
          },
          onError: (error) => errors.push(error),
        });
        await waitFor(() => errors.length > 0, 10_000);
        await subscription.stop();
        expect(handled).toHaveLength(1);
        expect(errors).toHaveLength(1);
        expect((errors[0] as Error).message).toBe('projection failed');
      });
    });

    describe('payloads and metadata', () => {
      it.each<[string, unknown]>([
        ['emoji and accents', { name: 'Pale Ale 🍺 — crème brûlée', note: 'Ça va? 👍🏽' }],
        ['CJK, RTL and combining marks', { zh: '精酿啤酒', ar: 'بيرة', he: 'בירה', combining: 'e\u0301' }],
        ['quotes, backslashes, newlines and tabs', { text: 'He said "hi"\\n\n\t\'ok\'' }],
        ['nested arrays, numbers, booleans and nulls', { items: [{ sku: 'x', qty: 4, gift: false }, null], total: 12.5, big: 2 ** 40 }],
      ])('round-trips a payload with %s', async (_name, data) => {
        const stream = newStream('order');
        await store.append(stream, [anEvent('Unicode', data)], { expectedRevision: 'no_stream' });
        const [read] = await store.readStream(stream);
        expect(read?.data).toEqual(data);
      });

      it('round-trips a payload just under the append limit (KurrentDB takes 1 MiB at most)', async () => {
        const stream = newStream('backup');
        const data = {
          blob: 'Ä'.repeat(300_000) + 'x'.repeat(300_000),
          lines: Array.from({ length: 1000 }, (_, i) => ({ i, sku: `SKU-${i}` })),
        };
        const event = anEvent('BackupTaken', data);
        expect(appendBytes([event])).toBeGreaterThan(MAX_APPEND_BYTES - 100_000);
        expect(appendBytes([event])).toBeLessThanOrEqual(MAX_APPEND_BYTES);
        await store.append(stream, [event], { expectedRevision: 'no_stream' });
        const [read] = await store.readStream(stream);
        expect(read?.data).toEqual(data);
      });

      it('refuses an append over the limit, one big event or many, and writes none of it', async () => {
        const stream = newStream('backup');
        const big = anEvent('BackupTaken', { blob: 'x'.repeat(MAX_APPEND_BYTES) });
        await expect(store.append(stream, [big], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(AppendTooLargeError);
        const many = Array.from({ length: 30 }, () => anEvent('BackupTaken', { blob: 'y'.repeat(40_000) }));
        await expect(store.append(stream, many, { expectedRevision: 'no_stream' })).rejects.toMatchObject({
          name: 'AppendTooLargeError',
          streamName: stream,
          limit: MAX_APPEND_BYTES,
        });
        expect(await store.readStream(stream)).toEqual([]);
      });

      it.each<[string, EventMetadata]>([
        [
          'a customer command without a cause',
          { correlationId: randomUUID(), causationId: null, actor: 'customer', occurredAt: '2026-11-22T01:02:03.004Z' },
        ],
        [
          'a Stripe webhook caused by an event',
          { correlationId: 'pi_123', causationId: 'evt_456', actor: 'stripe', occurredAt: '2026-11-22T23:59:59.999Z' },
        ],
        [
          'an admin action',
          { correlationId: randomUUID(), causationId: randomUUID(), actor: 'admin', occurredAt: '2027-01-01T00:00:00.000Z' },
        ],
      ])('round-trips the metadata of %s, also through $all', async (_name, metadata) => {
        const stream = newStream('order');
        // Read $all from the head before the append: a position is not always a count (bytes of log on KurrentDB,
        // where `position - 1` falls inside the record before).
        const before = await store.headPosition();
        await store.append(stream, [{ type: 'OrderPlaced', data: {}, metadata }], { expectedRevision: 'no_stream' });
        const [read] = await store.readStream(stream);
        const fromAll = (await store.readAll({ after: before, maxCount: 10 })).find((event) => event.streamName === stream);
        expect(read?.metadata).toEqual(metadata);
        expect(fromAll?.metadata).toEqual(metadata);
        expect(fromAll?.id).toBe(read?.id);
      });
    });

    describe('operations', () => {
      it('reports its head position as the position of the last append', async () => {
        const { position } = await store.append(newStream('order'), numbered(2), { expectedRevision: 'no_stream' });
        expect(await store.headPosition()).toBe(position);
      });

      it('reports healthy, naming its adapter', async () => {
        const health = await store.health();
        expect(health).toMatchObject({ ok: true, adapter: store.kind });
      });
    });
  });
}

const METADATA: EventMetadata = { correlationId: 'c-1', causationId: null, actor: 'system', occurredAt: '2026-11-22T00:00:00.000Z' };

export function anEvent(type: string, data: unknown): EventToAppend {
  return { type, data, metadata: METADATA };
}

/** Events with explicit ids and `data.n` = their index, so reads can be checked by revision. */
export function numbered(count: number): EventToAppend[] {
  return Array.from({ length: count }, (_, n) => ({ ...anEvent('CansCounted', { n }), id: randomUUID() }));
}

export function newStream(category: string): string {
  return `${category}-${randomUUID()}`;
}

function isStrictlyIncreasing(values: readonly number[]): boolean {
  return values.every((value, i) => i === 0 || value > (values[i - 1] ?? Number.POSITIVE_INFINITY));
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}
