import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import type { EventMetadata, RecordedEvent } from '../event-store.port';
import { PGLITE_IN_MEMORY, PgliteEventStore } from './pglite-event-store';

jest.setTimeout(60_000);

const metadata: EventMetadata = { correlationId: 'c', causationId: null, actor: 'system', occurredAt: '2026-11-25T00:00:00.000Z' };

/** An event as a subscriber sees it, with its data's keys in a fixed order (the database reorders them). */
function canonical(event: RecordedEvent): unknown {
  const sortKeys = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sortKeys)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
          )
        : value;
  return sortKeys(event);
}

function follow(store: PgliteEventStore, after: number | null): { seen: RecordedEvent[]; stop: () => Promise<void> } {
  const seen: RecordedEvent[] = [];
  const subscription = store.subscribeToAll({ after, onEvent: (event) => Promise.resolve(void seen.push(event)) });
  return { seen, stop: () => subscription.stop() };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('PgliteEventStore as the single writer of its database', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('given many concurrent appends, subscriptions fed from memory see exactly what the database holds, in order', async () => {
    const store = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
    try {
      const early = follow(store, null);
      await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          store.append(
            `thing-${i % 7}`,
            Array.from({ length: (i % 3) + 1 }, (__, k) => ({
              type: 'Happened',
              data: { i, k, nested: { z: 1, a: [k, { b: 2 }] } },
              metadata,
            })),
            { expectedRevision: 'any' },
          ),
        ),
      );
      const late = follow(store, 10);
      const stored = await store.readAll();
      expect(stored).toHaveLength(120);
      await until(() => early.seen.length === 120 && late.seen.length === 109);
      expect(early.seen.map(canonical)).toEqual(stored.map(canonical));
      expect(late.seen.map(canonical)).toEqual(stored.filter((e) => e.globalPosition > 10).map(canonical));
      await Promise.all([early.stop(), late.stop()]);
    } finally {
      await store.close();
    }
  });

  it('knows the revision of each stream it appended to, and of no other', async () => {
    const store = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
    try {
      await store.append('thing-a', [{ type: 'Happened', data: {}, metadata }], { expectedRevision: 'no_stream' });
      await store.append(
        'thing-a',
        [
          { type: 'Happened', data: {}, metadata },
          { type: 'Happened', data: {}, metadata },
        ],
        { expectedRevision: 0 },
      );
      expect(store.knownStreamRevision('thing-a')).toBe(2);
      expect(store.knownStreamRevision('thing-b')).toBeUndefined();
      // An idempotent retry writes nothing and changes nothing known.
      const id = '0b1c2d3e-4f50-4a61-8b72-93a4b5c6d7e8';
      await store.append('thing-c', [{ id, type: 'Happened', data: {}, metadata }], { expectedRevision: 'any' });
      await store.append('thing-c', [{ id, type: 'Happened', data: {}, metadata }], { expectedRevision: 'any' });
      expect(store.knownStreamRevision('thing-c')).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('given the caller changes its event after appending, subscriptions fed from memory see what was written, as the database holds it', async () => {
    const store = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
    try {
      const watcher = follow(store, null);
      const data = { n: 1, gone: undefined, nested: { k: 'v' } };
      const appending = store.append('thing-copied', [{ type: 'Happened', data, metadata }], { expectedRevision: 'any' });
      data.nested.k = 'changed';
      await appending;
      data.n = 2;
      await until(() => watcher.seen.length === 1);
      expect(watcher.seen[0]?.data).toEqual({ n: 1, nested: { k: 'v' } });
      expect(Object.keys(watcher.seen[0]?.data as object)).not.toContain('gone');
      expect((await store.readStream('thing-copied')).map(canonical)).toEqual(watcher.seen.map(canonical));
      await watcher.stop();
    } finally {
      await store.close();
    }
  });

  it('knows a stream it read empty is empty until it appends to it, and learns nothing from a read of part of a stream', async () => {
    const store = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
    try {
      expect(await store.readStream('thing-empty', { fromRevision: 3 })).toEqual([]);
      expect(store.knownStreamRevision('thing-empty')).toBeUndefined();
      expect(await store.readStream('thing-empty', { maxCount: 0 })).toEqual([]);
      expect(store.knownStreamRevision('thing-empty')).toBeUndefined();
      expect(await store.readStream('thing-empty')).toEqual([]);
      expect(store.knownStreamRevision('thing-empty')).toBe(-1);
      await store.append('thing-empty', [{ type: 'Happened', data: {}, metadata }], { expectedRevision: 'no_stream' });
      expect(store.knownStreamRevision('thing-empty')).toBe(0);

      // A read that raced an append answers before it (the database serves one statement at a time): the
      // revision the append recorded stands.
      const [read, appended] = await Promise.all([
        store.readStream('thing-raced'),
        store.append('thing-raced', [{ type: 'Happened', data: {}, metadata }], { expectedRevision: 'any' }),
      ]);
      expect(read).toEqual([]);
      expect(appended.nextExpectedRevision).toBe(0);
      expect(store.knownStreamRevision('thing-raced')).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('given events written before it opened, reads those from the database and the new ones from memory, without a gap', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'single-writer-'));
    dirs.push(dir);
    const first = await PgliteEventStore.open({ dataDir: dir });
    await first.append(
      'thing-a',
      [
        { type: 'Before', data: { n: 1 }, metadata },
        { type: 'Before', data: { n: 2 }, metadata },
      ],
      {
        expectedRevision: 'no_stream',
      },
    );
    await first.close();

    const reopened = await PgliteEventStore.open({ dataDir: dir });
    try {
      expect(reopened.knownStreamRevision('thing-a')).toBeUndefined();
      const sub = follow(reopened, null);
      await reopened.append('thing-a', [{ type: 'After', data: { n: 3 }, metadata }], { expectedRevision: 1 });
      await until(() => sub.seen.length === 3);
      expect(sub.seen.map((e) => [e.type, e.revision])).toEqual([
        ['Before', 0],
        ['Before', 1],
        ['After', 2],
      ]);
      expect(sub.seen.map(canonical)).toEqual((await reopened.readAll()).map(canonical));
      await sub.stop();
    } finally {
      await reopened.close();
    }
  });
});
