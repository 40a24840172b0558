import { MemoryCheckpointStore, MemoryDocumentStore, PgliteEventStore, PGLITE_IN_MEMORY, type EventMetadata } from '@brewery/eventstore';
import type { Logger } from '@nestjs/common';
import { CheckpointWriter } from '../backend/src/platform/projections/checkpoint-writer';
import { ReadModelFollower } from '../backend/src/platform/projections/read-model-follower';
import { freshStatus, Subscriber } from '../backend/src/platform/projections/subscriber';
import { median, print, type Figure } from './bench-stats';

const metadata: EventMetadata = { correlationId: 'bench', causationId: null, actor: 'system', occurredAt: '2026-11-29T00:00:00.000Z' };
const WRITES = 150;
/** A write every 40 ms to 190 ms: a shop's admin and customers, not a burst. */
const gap = (i: number): number => 40 + ((i * 37) % 150);
const RUNS = 3;

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as Logger;

/**
 * How far a process following shared read models trails their holder, as a customer would feel it: from the
 * moment the holder's append commits to the moment the follower's position (what read-your-writes and the
 * catalogue go by) reaches it. The real pieces in one process: the holder's `Subscriber` applying each event to
 * the shared documents and writing its checkpoint through its `CheckpointWriter`, and a `ReadModelFollower`
 * reading that checkpoint; an in-memory PGlite log and shared in-memory stores stand in for the servers (so the
 * figures leave out MongoDB's round trips, which add one read's time to each follow).
 */
async function trail(handled: boolean): Promise<{ p50: number; p99: number; max: number }> {
  const events = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
  const documents = new MemoryDocumentStore();
  const checkpoints = new MemoryCheckpointStore();
  const committed = new Map<number, number>();
  const trails: number[] = [];
  const holder = new Subscriber(
    {
      name: 'read-models',
      kind: 'read-models',
      leaderOnly: true,
      deliver: async (event) => {
        if (!handled) return false;
        await documents
          .collection<{ _id: string; n: number }>('tallies')
          .updateOne({ _id: event.streamName }, { $inc: { n: 1 } }, { upsert: true });
        return true;
      },
      interested: null,
      checkpoint: (position) => new CheckpointWriter(checkpoints, 'read-models', position, () => undefined),
    },
    events,
    quiet,
    () => false,
  );
  const status = freshStatus('read-models', 'read-models');
  const follower = new ReadModelFollower(
    status,
    new CheckpointWriter(
      checkpoints,
      'read-models',
      () => -1,
      () => undefined,
    ),
    events,
    {
      applied: () => undefined,
      reached: (position) => {
        const now = performance.now();
        for (const [at, when] of committed) {
          if (at > position) continue;
          trails.push(now - when);
          committed.delete(at);
        }
      },
      watching: false,
    },
  );
  await holder.begin();
  follower.start();
  for (let i = 0; i < WRITES; i++) {
    const { position } = await events.append(`tally-${i % 20}`, [{ type: 'Counted', data: { i }, metadata }], { expectedRevision: 'any' });
    committed.set(position, performance.now());
    await new Promise((resolve) => setTimeout(resolve, gap(i)));
  }
  const deadline = performance.now() + 5000;
  while (committed.size > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  follower.close();
  await holder.end(true);
  await events.close();
  if (committed.size > 0) throw new Error(`${committed.size} writes never reached the follower`);
  const sorted = [...trails].sort((a, b) => a - b);
  const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0 };
}

export async function followerBench(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const handled of [true, false]) {
    const runs: { p50: number; p99: number; max: number }[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await trail(handled));
    const what = handled ? 'events a read model applies' : 'events no read model applies';
    for (const key of ['p50', 'p99', 'max'] as const) {
      const values = runs.map((r) => r[key]);
      const figure: Figure = {
        name: `follower trails the holder, ${what}, ${key}`,
        unit: 'ms',
        median: median(values),
        runs: values,
        how: `${WRITES} appends 40-190 ms apart; from each append's commit to the follower's position reaching it (real Subscriber, CheckpointWriter and ReadModelFollower over in-memory PGlite and shared in-memory stores); median of ${RUNS} runs`,
      };
      print(figure);
      figures.push(figure);
    }
  }
  return figures;
}
