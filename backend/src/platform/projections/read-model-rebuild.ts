import type { DocumentStore, EventStore } from '@brewery/eventstore';
import { projectionReads, type Projection } from './projection';
import { ProjectionErrors } from './projection.errors';

/** Events read at a time when read models are rebuilt beside the live ones. */
const REBUILD_PAGE = 1000;

/** What the live read models' subscription does around the swap. */
export interface LiveReadModels {
  /** Stops applying events to the live read models (their checkpoint left as it is). */
  pause(): Promise<void>;
  /** The new read models are live and hold the log up to `position`: go on from there. */
  resume(position: number, events: number): Promise<void>;
  /** The rebuild failed after `pause`: go on with the old read models. */
  abandoned(): Promise<void>;
  /**
   * Whether this process may still write the live read models (it holds their lease, or they are its own). Asked
   * after every page, before the swap and before the resume: a rebuild that outlived its lease is abandoned and
   * never replaces or resumes what the new holder keeps.
   */
  mayReplace(): boolean;
}

/**
 * Replays the whole log into new read models built beside the live ones, then makes them the live ones; screens
 * keep reading the old ones meanwhile, so they never go empty. The live subscription goes on until the new
 * read models have caught up with it; then it pauses, the last events written meanwhile are applied to the new
 * ones, they replace the live collections in one step, and the subscription goes on from there.
 */
export async function rebuildBeside(
  eventStore: EventStore,
  documents: DocumentStore,
  projections: readonly Projection[],
  live: LiveReadModels,
): Promise<{ events: number; millis: number }> {
  const started = Date.now();
  const swap = await documents.beginSwap();
  let paused = false;
  try {
    for (const projection of projections) {
      for (const [collection, indexes] of Object.entries(projection.indexes ?? {})) {
        for (const keys of indexes) await swap.target.collection(collection).ensureIndex(keys);
      }
    }
    let position = -1;
    let events = 0;
    const replayUntilEmpty = async (): Promise<void> => {
      for (;;) {
        const page = await eventStore.readAll({ after: position, maxCount: REBUILD_PAGE });
        for (const event of page) {
          for (const projection of projections) {
            if (projectionReads(projection, event.type)) await projection.apply(event, swap.target);
          }
          position = event.globalPosition;
          events += 1;
        }
        if (!live.mayReplace()) throw ProjectionErrors.leaseLostDuringRebuild();
        if (page.length < REBUILD_PAGE) return;
      }
    };
    // Beside the live read models, which go on being kept, up to what the log holds now.
    await replayUntilEmpty();
    // Then the live subscription pauses; what came meanwhile is applied, and the new read models take over.
    await live.pause();
    paused = true;
    await replayUntilEmpty();
    if (!live.mayReplace()) throw ProjectionErrors.leaseLostDuringRebuild();
    await swap.commit(projections.flatMap((projection) => projection.collections));
    await live.resume(position, events);
    return { events, millis: Date.now() - started };
  } catch (error) {
    await swap.abandon().catch(() => undefined);
    if (paused) await live.abandoned();
    throw error;
  }
}
