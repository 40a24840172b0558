import type { ReadAllOptions, RecordedEvent, SubscribeToAllOptions, Subscription } from './event-store.port';
import type { AppendSignal } from './append-signal';

export const CATCH_UP_PAGE_SIZE = 500;

export interface CatchUpSource {
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Fires after every committed append (in-process emitter or LISTEN/NOTIFY). */
  signal: AppendSignal;
  /** Fallback wake-up, in case a notification is lost (e.g. the LISTEN connection dropped). */
  pollIntervalMs: number;
}

/**
 * Catch-up then live, by position: page through `readAll` after the last delivered position; when a
 * page comes back short, we are caught up, so wait for a signal or the poll tick and read again.
 * Because appends commit in position order (see APPEND_LOCK_KEY), "after the last delivered position"
 * can neither skip nor repeat an event, so there is no special switch-over to get wrong.
 *
 * Do not await `stop()` from inside `onEvent`: stop waits for the running handler to finish.
 */
export function startCatchUpSubscription(source: CatchUpSource, options: SubscribeToAllOptions): Subscription {
  const abort = new AbortController();
  let after = options.after ?? null;
  let caughtUp = false;

  const run = async (): Promise<void> => {
    while (!abort.signal.aborted) {
      const generation = source.signal.generation;
      const page = await source.readAll({ after, maxCount: CATCH_UP_PAGE_SIZE });
      for (const event of page) {
        if (abort.signal.aborted) return;
        await options.onEvent(event);
        after = event.globalPosition;
      }
      if (page.length < CATCH_UP_PAGE_SIZE) {
        if (!caughtUp) {
          caughtUp = true;
          options.onCaughtUp?.();
        }
        await source.signal.wait(generation, source.pollIntervalMs, abort.signal);
      }
    }
  };

  const loop = run().catch((error: unknown) => {
    abort.abort();
    if (options.onError) options.onError(error);
    // Without a handler the failure must still be visible, not silently end the subscription.
    else
      process.emitWarning(`Event store subscription stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  });

  return {
    async stop(): Promise<void> {
      abort.abort();
      await loop;
    },
  };
}
