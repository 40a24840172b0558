import type { EventStore } from '@brewery/eventstore';
import { Injectable } from '@nestjs/common';

const SAMPLES = 2000;
/** Appends whose read-model update is never seen (another process's subscriber) are forgotten after this many. */
const MAX_PENDING = 10_000;

/**
 * Projection lag as a customer feels it: from the moment this process's append commits to the moment the
 * read models have applied it, measured in the server on a monotonic clock. The last 2,000 samples give the
 * percentiles that `/api/health` and the System tab show.
 */
@Injectable()
export class ProjectionLag {
  private readonly committedAt = new Map<number, number>();
  private readonly samples: number[] = [];
  private next = 0;

  /** The store acknowledged an append whose last event is at `position`. */
  committed(position: number): void {
    this.committedAt.set(position, performance.now());
    if (this.committedAt.size > MAX_PENDING) {
      const oldest = this.committedAt.keys().next();
      if (oldest.done !== true) this.committedAt.delete(oldest.value);
    }
  }

  /** The read models applied every event up to `position`. */
  applied(position: number): void {
    if (this.committedAt.size === 0) return;
    const now = performance.now();
    for (const [committed, at] of this.committedAt) {
      if (committed > position) continue;
      this.committedAt.delete(committed);
      const lag = now - at;
      if (this.samples.length < SAMPLES) this.samples.push(lag);
      else this.samples[this.next] = lag;
      this.next = (this.next + 1) % SAMPLES;
    }
  }

  /** p50, p99 and max of the recent samples, in milliseconds (null before the first). */
  percentiles(): { p50: number; p99: number; max: number; samples: number } | null {
    if (this.samples.length === 0) return null;
    const sorted = [...this.samples].sort((a, b) => a - b);
    const at = (q: number): number => round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
    return { p50: at(0.5), p99: at(0.99), max: round(sorted[sorted.length - 1] ?? 0), samples: sorted.length };
  }
}

/** Lags are counted up to this many events; past it the answer is "at least" this. */
export const LAG_COUNT_LIMIT = 10_000;

/**
 * How many events of the log a subscriber at `position` has still to handle, counted by the store without
 * reading them: 0 at the head, null when the head is unknown or the store cannot count (KurrentDB, whose positions
 * are byte offsets: the System tab then says "unknown" for a subscriber behind the head).
 */
export async function eventsBehind(
  store: Pick<EventStore, 'countEventsAfter'>,
  position: number,
  head: number | null,
  limit = LAG_COUNT_LIMIT,
): Promise<number | null> {
  if (head === null) return null;
  if (position >= head) return 0;
  return store.countEventsAfter(position, limit).catch(() => null);
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
