import { Controller, Get, Headers, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { DocumentStore, EventStore, EventStoreHealth } from '@brewery/eventstore';
import { StoreWrites } from '../../platform/event-sourcing/store-writes';
import { ProjectionLag } from '../../platform/projections/projection-lag';
import { answeredForHere, ProjectionRunner } from '../../platform/projections/projection-runner';
import { DOCUMENT_STORE, EVENT_STORE } from '../../platform/persistence/persistence.tokens';
import { AdminBearer } from '../admin-auth';
import { CheckoutAdmission } from '../checkout';
import { ConnectionStats } from './load/connection-stats';
import { EVENT_LOOP_DEGRADED_MS, LoadMonitor, STORE_DEGRADED_MS, STORE_FAILING_MS } from './load/load-monitor';

/** A live look at the store may take this long; after it the background probe's last answer is used. */
const LIVE_PROBE_MS = 250;

type Verdict = 'ok' | 'degraded' | 'failing';

/**
 * Liveness and readiness, answered at once even under load. `failing` (503): the store or the read models
 * do not answer, appends are failing, or a projection has stopped. `degraded` (200: the process works,
 * slowly): the event loop lags, the store is slow, or checkouts are queueing. `ok` otherwise.
 *
 * Anyone (a load balancer, an uptime check) hears the verdict alone: `{ "status": "ok" }`. The reasons, the
 * stores, the projections, the lease and the load figures are for the operator: they need the admin token.
 */
@ApiTags('system')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    private readonly runner: ProjectionRunner,
    private readonly monitor: LoadMonitor,
    private readonly admission: CheckoutAdmission,
    private readonly connections: ConnectionStats,
    private readonly lag: ProjectionLag,
    private readonly bearer: AdminBearer,
    private readonly writes: StoreWrites,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'Health: ok, degraded (slow but working) or failing (503). With the admin token: the reasons, stores, projections, lease, load and lag',
  })
  async health(@Res({ passthrough: true }) res: Response, @Headers('authorization') authorization?: string): Promise<unknown> {
    const probe = this.monitor.storeProbe();
    // The only writer knows its head exactly; otherwise the live look asks, or the last probe's answer stands.
    const knownHead = this.eventStore.knownHeadPosition?.();
    const live = probe.waitingMs > 0 ? null : await this.liveStore(knownHead === undefined);
    const eventStore: EventStoreHealth = live?.health ??
      probe.health ?? { ok: false, adapter: this.eventStore.kind, detail: 'not probed yet' };
    const head = knownHead ?? live?.head ?? probe.headPosition;
    const readModels = await this.documents
      .health()
      .catch((e: unknown) => ({ ok: false, adapter: this.documents.kind, detail: String(e) }));
    const subscribers = this.runner.statuses();

    const storeLatencyMs = live?.latencyMs ?? Math.max(probe.latencyMs ?? 0, probe.waitingMs);
    const eventLoopDelayMs = this.monitor.eventLoopDelayMs();
    const checkout = this.admission.stats();
    const queueLimit = this.admission.queueLimit();

    const failing: string[] = [];
    if (!eventStore.ok) failing.push(`event store: ${eventStore.detail ?? 'not answering'}`);
    const refusing = this.writes.failing();
    if (refusing !== null) failing.push(`event store: writes failing since ${refusing.since}: ${refusing.message}`);
    if (probe.waitingMs >= STORE_FAILING_MS) failing.push(`event store has not answered for ${Math.round(probe.waitingMs / 1000)} s`);
    if (!readModels.ok) failing.push(`read models: ${readModels.detail ?? 'not answering'}`);
    // What another process runs (the lease holder's process managers) is not this process's health; read models
    // a holder keeps in a shared store are, through the position this process follows.
    for (const s of subscribers.filter(answeredForHere)) {
      if (s.lastError !== null) failing.push(`${s.name} stopped: ${s.lastError}`);
      else if (!s.caughtUp) failing.push(`${s.name} is still catching up`);
    }
    const degraded: string[] = [];
    if (eventLoopDelayMs.p99 > EVENT_LOOP_DEGRADED_MS) degraded.push(`event loop delay p99 ${eventLoopDelayMs.p99} ms`);
    if (storeLatencyMs > STORE_DEGRADED_MS) degraded.push(`event store round trip ${storeLatencyMs} ms`);
    if (queueLimit > 0 && checkout.queued >= queueLimit / 2) degraded.push(`${checkout.queued} checkouts queued (limit ${queueLimit})`);

    const status: Verdict = failing.length > 0 ? 'failing' : degraded.length > 0 ? 'degraded' : 'ok';
    res.status(status === 'failing' ? HttpStatus.SERVICE_UNAVAILABLE : HttpStatus.OK);
    // Subscribers' errors and the store's detail say too much about the shop's insides for anyone to read.
    if (!(await this.bearer.allows(authorization, 'system'))) return { status };
    // Lag in events, counted by the store, for what this process runs (and the read models it reads).
    const projections = await this.runner.statusesWithLag(head);
    return {
      status,
      reasons: [...failing, ...degraded],
      eventStore,
      readModels,
      headPosition: head,
      lease: this.runner.leaseStatus(),
      projections,
      load: {
        eventLoopDelayMs,
        storeLatencyMs,
        checkout: { ...checkout, queueLimit },
        connections: this.connections.read(),
        projectionLagMs: this.lag.percentiles(),
      },
    };
  }

  private async liveStore(askHead: boolean): Promise<{ health: EventStoreHealth; head: number | null; latencyMs: number } | null> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), LIVE_PROBE_MS)));
    const answer = Promise.all([
      this.eventStore.health().catch((e: unknown) => ({ ok: false, adapter: this.eventStore.kind, detail: String(e) })),
      askHead ? this.eventStore.headPosition().catch(() => null) : null,
    ]).then(([health, head]) => ({ health, head, latencyMs: Math.round(performance.now() - started) }));
    try {
      return await Promise.race([answer, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
