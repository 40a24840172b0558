import type { EventMetadata } from '../event-store.port';
import { RecentEvents } from './recent-events';

const metadata: EventMetadata = { correlationId: 'c', causationId: null, actor: 'system', occurredAt: '2026-11-25T00:00:00.000Z' };
const event = (id: string, data: unknown = { n: id }) => ({ id, type: 'Happened', data, metadata });
/** An append's events as the SQL log writes them (and hands them on). */
const written = (events: readonly ReturnType<typeof event>[]): string => JSON.stringify(events);

describe('RecentEvents (a single writer’s memory of its own appends)', () => {
  it('given appends since opening, serves the events after a position as the database would list them', () => {
    const recent = new RecentEvents(9);
    recent.appended('a-1', written([event('e1'), event('e2')]), 11, 1);
    recent.appended('b-1', written([event('e3')]), 12, 0);
    expect(recent.after(9, 10)?.map((e) => [e.id, e.streamName, e.revision, e.globalPosition])).toEqual([
      ['e1', 'a-1', 0, 10],
      ['e2', 'a-1', 1, 11],
      ['e3', 'b-1', 0, 12],
    ]);
    expect(recent.after(10, 1)?.map((e) => e.id)).toEqual(['e2']);
    expect(recent.after(12, 10)).toEqual([]);
  });

  it('given a position from before it opened, answers null: the database must be asked', () => {
    const recent = new RecentEvents(9);
    recent.appended('a-1', written([event('e1')]), 10, 0);
    expect(recent.after(8, 10)).toBeNull();
    expect(recent.after(-1, 10)).toBeNull();
  });

  it('serves the events parsed from the JSON written: later changes to the caller’s object and undefined fields do not show', () => {
    const recent = new RecentEvents(-1);
    const data = { n: 1, gone: undefined, nested: { k: 'v' } };
    recent.appended('a-1', written([event('e1', data)]), 0, 0);
    data.nested.k = 'changed';
    expect(recent.after(-1, 1)?.[0]?.data).toEqual({ n: 1, nested: { k: 'v' } });
    expect(Object.keys(recent.after(-1, 1)?.[0]?.data as object)).not.toContain('gone');
  });

  it('knows the head: the last event it appended, or the head it opened at', () => {
    const recent = new RecentEvents(41);
    expect(recent.head()).toBe(41);
    recent.appended('a-1', written([event('e1'), event('e2')]), 43, 1);
    expect(recent.head()).toBe(43);
  });

  it('knows the revision of the streams it appended to, and only those', () => {
    const recent = new RecentEvents(-1);
    recent.appended('a-1', written([event('e1'), event('e2')]), 1, 1);
    recent.appended('a-1', written([event('e3')]), 2, 2);
    expect(recent.revisionOf('a-1')).toBe(2);
    expect(recent.revisionOf('b-1')).toBeUndefined();
  });

  it('given a stream read empty, knows it at -1 until it appends there; a stream it appended to is never taken back to -1', () => {
    const recent = new RecentEvents(-1);
    recent.foundEmpty('a-1');
    expect(recent.revisionOf('a-1')).toBe(-1);
    recent.appended('a-1', written([event('e1')]), 0, 0);
    expect(recent.revisionOf('a-1')).toBe(0);
    recent.foundEmpty('a-1');
    expect(recent.revisionOf('a-1')).toBe(0);
  });

  it('given an answer out of commit order, stops vouching for anything rather than skip an event', () => {
    const recent = new RecentEvents(-1);
    recent.appended('a-1', written([event('e2')]), 5, 0);
    recent.appended('b-1', written([event('e1')]), 3, 0);
    expect(recent.after(-1, 10)).toBeNull();
    expect(recent.revisionOf('a-1')).toBeUndefined();
  });

  it('given more events than it keeps, serves only from where it still holds every event', () => {
    const recent = new RecentEvents(-1);
    // 20,000 kept, and a thousand more before the oldest go: at the 21,001st, the first 1,001 are dropped.
    for (let i = 0; i < 21_000; i++) recent.appended('a-1', written([event(`e${i}`)]), i, i);
    expect(recent.after(-1, 2)?.map((e) => e.globalPosition)).toEqual([0, 1]);
    for (let i = 21_000; i < 21_005; i++) recent.appended('a-1', written([event(`e${i}`)]), i, i);
    expect(recent.after(999, 10)).toBeNull();
    expect(recent.after(1000, 2)?.map((e) => e.globalPosition)).toEqual([1001, 1002]);
  });
});
