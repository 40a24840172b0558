import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@brewery/eventstore';
import type { SystemStatus } from '@brewery/shop-rules';
import { EVENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { ProjectionRunner, READ_MODELS_SUBSCRIBER } from '../../../platform/projections/projection-runner';

/** Events the read models may trail the log by before the System tab calls them unhealthy (and auto-fix rebuilds them). */
export const READ_MODEL_LAG_LIMIT = 1000;

/** How the read models and the process managers of this process are keeping up with the log. */
@Injectable()
export class ReadModelHealth {
  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly runner: ProjectionRunner,
  ) {}

  /** Every subscriber of the projection runner, with how many events of the log it has still to handle. */
  async subscribers(): Promise<SystemStatus['read_models']['subscribers']> {
    return this.runner.statusesWithLag(await this.events.headPosition().catch(() => null));
  }

  /** Sound: every subscriber here without an error and within the lag limit. */
  static sound(subscribers: SystemStatus['read_models']['subscribers']): boolean {
    return subscribers.every((s) => s.lastError === null && (s.lag === null || s.lag <= READ_MODEL_LAG_LIMIT));
  }

  /** The read models' lag in events, or null when unknown. */
  static lag(subscribers: SystemStatus['read_models']['subscribers']): number | null {
    return subscribers.find((s) => s.name === READ_MODELS_SUBSCRIBER)?.lag ?? null;
  }

  /**
   * Why this process should rebuild the read models, or null when they are sound, or not this process's to
   * rebuild: a follower of shared read models does not keep them (its own failed read clears by itself), and
   * Auto-Fix run there goes on with the rest of its fixes.
   */
  async problem(): Promise<string | null> {
    const keptHere = this.runner.statuses().some((s) => s.name === READ_MODELS_SUBSCRIBER && s.runsHere);
    const readModels = (await this.subscribers()).find((s) => s.name === READ_MODELS_SUBSCRIBER);
    if (readModels === undefined || !keptHere) return null;
    if (readModels.lastError !== null) return `they stopped on an error: ${readModels.lastError}`;
    if (readModels.lag !== null && readModels.lag > READ_MODEL_LAG_LIMIT) return `they were ${readModels.lag} events behind the log`;
    return null;
  }
}
