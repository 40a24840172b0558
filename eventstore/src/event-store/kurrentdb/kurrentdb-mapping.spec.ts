import { describe, expect, it } from '@jest/globals';
import {
  ANY,
  NO_STREAM,
  type RecordedEvent as KurrentRecordedEvent,
  START,
  STREAM_EXISTS,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { type EventMetadata, type ExpectedRevision, WrongExpectedRevisionError } from '../event-store.port';
import {
  CaughtUpTracker,
  fromKurrentAppendError,
  fromKurrentRecordedEvent,
  isAfter,
  isSystemEvent,
  toGlobalPosition,
  toKurrentEventData,
  toKurrentStreamState,
  toAppendResult,
  toReadPosition,
} from './kurrentdb-mapping';

const metadata: EventMetadata = { correlationId: 'c', causationId: null, actor: 'stripe', occurredAt: '2026-11-22T00:00:00.000Z' };

describe('KurrentDB mapping', () => {
  it.each<[ExpectedRevision, unknown]>([
    ['no_stream', NO_STREAM],
    ['stream_exists', STREAM_EXISTS],
    ['any', ANY],
    [0, 0n],
    [41, 41n],
  ])('maps expected revision %p to stream state %p', (expected, state) => {
    expect(toKurrentStreamState(expected)).toBe(state);
  });

  it('writes events as JSON with our id, type, data and metadata', () => {
    const data = toKurrentEventData({
      id: '2ed6657d-e927-568b-95e1-2665a8aea6a2',
      type: 'PaymentSucceeded',
      data: { cents: 2599 },
      metadata,
    });
    expect(data).toEqual({
      id: '2ed6657d-e927-568b-95e1-2665a8aea6a2',
      contentType: 'application/json',
      type: 'PaymentSucceeded',
      data: { cents: 2599 },
      metadata,
    });
  });

  it('gives an event without an id a fresh UUID', () => {
    const a = toKurrentEventData({ type: 'X', data: {}, metadata });
    const b = toKurrentEventData({ type: 'X', data: {}, metadata });
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.id).not.toBe(b.id);
  });

  it.each<[bigint | typeof NO_STREAM, number | 'no_stream']>([
    [NO_STREAM, 'no_stream'],
    [4n, 4],
  ])('maps WrongExpectedVersionError with actual state %p to WrongExpectedRevisionError with actual %p', (current, actual) => {
    const error = new WrongExpectedVersionError(undefined, { streamName: 'order-1', expected: 2n, current });
    const mapped = fromKurrentAppendError(error, 'order-1', 2);
    expect(mapped).toBeInstanceOf(WrongExpectedRevisionError);
    expect(mapped).toMatchObject({ streamName: 'order-1', expected: 2, actual });
  });

  it('passes other errors through unchanged', () => {
    const error = new Error('unavailable');
    expect(fromKurrentAppendError(error, 'order-1', 'any')).toBe(error);
  });

  it.each([
    ['$metadata', 'order-1', true],
    ['$>', '$ce-order', true],
    ['OrderPlaced', '$$order-1', true],
    ['OrderPlaced', 'order-1', false],
    ['Order$Placed', 'order-$1', false],
  ])('type %p in stream %p is a system event: %p', (type, stream, expected) => {
    expect(isSystemEvent(type, stream)).toBe(expected);
  });

  it.each<[number | null | undefined, unknown]>([
    [null, START],
    [undefined, START],
    [-1, START],
    [1234, { commit: 1234n, prepare: 1234n }],
  ])('reads after %p from position %p', (after, position) => {
    expect(toReadPosition(after)).toEqual(position);
  });

  it('uses the commit position as the global position, refusing one beyond Number precision', () => {
    expect(toGlobalPosition({ commit: 987_654n, prepare: 987_000n })).toBe(987_654);
    expect(() => toGlobalPosition({ commit: 2n ** 60n, prepare: 0n })).toThrow('exceeds Number.MAX_SAFE_INTEGER');
    expect(() => toGlobalPosition(undefined)).toThrow('without a position');
  });

  it('maps a recorded JSON event to the port, and refuses a binary one', () => {
    const recorded: KurrentRecordedEvent = {
      streamId: 'payment-pi_1',
      id: '2ed6657d-e927-568b-95e1-2665a8aea6a2',
      isJson: true,
      revision: 3n,
      type: 'PaymentSucceeded',
      created: new Date(0),
      data: { cents: 2599 },
      metadata: { ...metadata },
      position: { commit: 5000n, prepare: 5000n },
    };
    const mapped = fromKurrentRecordedEvent(recorded);
    expect(mapped).toEqual({
      id: recorded.id,
      streamName: 'payment-pi_1',
      revision: 3,
      globalPosition: 5000,
      type: 'PaymentSucceeded',
      data: { cents: 2599 },
      metadata,
    });
    expect(isAfter(mapped, 4999)).toBe(true);
    expect(isAfter(mapped, 5000)).toBe(false);
    expect(isAfter(mapped, null)).toBe(true);
    const binary: KurrentRecordedEvent = { ...recorded, isJson: false, data: new Uint8Array() };
    expect(() => fromKurrentRecordedEvent(binary)).toThrow('is not JSON');
  });
});

describe('KurrentDB append answers', () => {
  const refused = { streamName: 'product-1', expected: 3 } as const;
  it('given a position, then it is the commit position', async () => {
    const lookups: number[] = [];
    const result = await toAppendResult({ success: true, nextExpectedRevision: 4n, position: { commit: 1234n, prepare: 1234n } }, refused, {
      positionAt: (revision) => {
        lookups.push(revision);
        return Promise.resolve(0);
      },
      currentRevision: () => Promise.resolve(4),
    });
    expect(result).toEqual({ nextExpectedRevision: 4, position: 1234 });
    expect(lookups).toEqual([]);
  });

  it('given an idempotent repeat answered without a position, then the stored event’s position is looked up, not an error', async () => {
    const result = await toAppendResult({ success: true, nextExpectedRevision: 7n }, refused, {
      positionAt: (revision) => Promise.resolve(revision === 7 ? 9876 : -1),
      currentRevision: () => Promise.resolve(7),
    });
    expect(result).toEqual({ nextExpectedRevision: 7, position: 9876 });
  });

  // The client's own answers to a refused append under `throwOnAppendFailure=false`: append.js gives the stream's
  // current revision (-1 when it has none), batchAppend.js (the default path) always 1; neither a position.
  it.each<[string, bigint, number | 'no_stream']>([
    ['the stream has moved on (append.js)', 5n, 5],
    ['the stream has moved on (batchAppend.js)', 1n, 5],
    ['the stream does not exist (batchAppend.js)', 1n, 'no_stream'],
  ])(
    'given success: false because %s, then it is the conflict at the stream’s own revision, never a write',
    async (_, answered, actual) => {
      const lookups: number[] = [];
      const answer = toAppendResult({ success: false, nextExpectedRevision: answered, position: undefined }, refused, {
        positionAt: (revision) => {
          lookups.push(revision);
          return Promise.resolve(0);
        },
        currentRevision: () => Promise.resolve(actual),
      });
      await expect(answer).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(answer).rejects.toMatchObject({ streamName: 'product-1', expected: 3, actual });
      expect(lookups).toEqual([]);
    },
  );
});

describe('KurrentDB caught up, with or without the server saying so', () => {
  it('given a server that says so, then it is caught up when it does', () => {
    const tracker = new CaughtUpTracker(10);
    tracker.delivered(11);
    expect(tracker.isCaughtUp).toBe(false);
    tracker.serverSaidSo();
    expect(tracker.isCaughtUp).toBe(true);
  });

  it('given a server that never says so (older than 23.10), then it is caught up once the head at start is delivered', () => {
    const tracker = new CaughtUpTracker(null);
    tracker.headAtStart(500);
    tracker.delivered(300);
    expect(tracker.isCaughtUp).toBe(false);
    tracker.delivered(500);
    expect(tracker.isCaughtUp).toBe(true);
  });

  it('given a head that is not past where the subscription starts, then it is caught up at once', () => {
    const tracker = new CaughtUpTracker(500);
    tracker.headAtStart(500);
    expect(tracker.isCaughtUp).toBe(true);
    const empty = new CaughtUpTracker(null);
    empty.headAtStart(-1);
    expect(empty.isCaughtUp).toBe(true);
  });

  it('given events delivered before the head is known, then the head counts as reached if they passed it', () => {
    const passed = new CaughtUpTracker(null);
    passed.delivered(900);
    passed.headAtStart(800);
    expect(passed.isCaughtUp).toBe(true);
    const short = new CaughtUpTracker(null);
    short.delivered(700);
    short.headAtStart(800);
    expect(short.isCaughtUp).toBe(false);
    short.delivered(800);
    expect(short.isCaughtUp).toBe(true);
  });
});
