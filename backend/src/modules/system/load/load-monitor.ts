import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { EventStore, EventStoreHealth } from '@brewery/eventstore';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { EVENT_STORE } from '../../../platform/persistence/persistence.tokens';

/** How long the event loop may lag (p99 over the last window) before the shop calls itself degraded. */
export const EVENT_LOOP_DEGRADED_MS = 200;
/** How long a store round trip may take before the shop calls itself degraded. */
export const STORE_DEGRADED_MS = 1000;
/** A probe that has not answered after this long counts as a failing store. */
export const STORE_FAILING_MS = 10_000;
const WINDOW_MS = 2000;

export interface StoreProbe {
  health: EventStoreHealth | null;
  latencyMs: number | null;
  /** How long the probe in flight has been waiting (0 when none is). */
  waitingMs: number;
  headPosition: number | null;
}

/**
 * What the process feels under load, measured without adding to it: event-loop delay (p99 and max over
 * the last two-second window) and the event store's round trip, probed in the background every two
 * seconds, so `/api/health` answers from memory at once even while checkouts queue at the store.
 */
@Injectable()
export class LoadMonitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  private window = { p99: 0, max: 0 };
  private probe: StoreProbe = { health: null, latencyMs: null, waitingMs: 0, headPosition: null };
  private probeStarted: number | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  onApplicationBootstrap(): void {
    this.histogram.enable();
    this.timer = setInterval(() => this.tick(), WINDOW_MS);
    this.timer.unref();
    this.probeStore();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.histogram.disable();
  }

  /** p99 and max event-loop delay of the last full window, or of the current one when it is worse. */
  eventLoopDelayMs(): { p99: number; max: number } {
    const current = { p99: this.histogram.percentile(99) / 1e6, max: this.histogram.max / 1e6 };
    const worse = current.p99 > this.window.p99 ? current : this.window;
    return { p99: Math.round(worse.p99), max: Math.round(Math.max(worse.max, this.window.max)) };
  }

  storeProbe(): StoreProbe {
    return { ...this.probe, waitingMs: this.probeStarted === null ? 0 : Math.round(performance.now() - this.probeStarted) };
  }

  private tick(): void {
    this.window = { p99: this.histogram.percentile(99) / 1e6, max: this.histogram.max / 1e6 };
    this.histogram.reset();
    this.probeStore();
  }

  private probeStore(): void {
    if (this.probeStarted !== null) return;
    const started = performance.now();
    this.probeStarted = started;
    void Promise.all([this.store.health(), this.store.headPosition().catch(() => null)])
      .then(([health, head]) => {
        this.probe = { health, latencyMs: Math.round(performance.now() - started), waitingMs: 0, headPosition: head };
      })
      .catch((error: unknown) => {
        this.probe = {
          health: { ok: false, adapter: this.store.kind, detail: error instanceof Error ? error.message : String(error) },
          latencyMs: null,
          waitingMs: 0,
          headPosition: this.probe.headPosition,
        };
      })
      .finally(() => (this.probeStarted = null));
  }
}
