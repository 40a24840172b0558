import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { DocumentStore, EventStore } from '@brewery/eventstore';
import { ProjectionRunner } from '../../platform/projections/projection-runner';
import { DOCUMENT_STORE, EVENT_STORE } from '../../platform/persistence/persistence.tokens';

/** Liveness and readiness: the event store answers, the read models answer, and how far behind they are. */
@ApiTags('system')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    private readonly runner: ProjectionRunner,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Health of the event store, the read models and the projections (503 when not ready)' })
  async health(@Res({ passthrough: true }) res: Response): Promise<unknown> {
    const [eventStore, readModels, head] = await Promise.all([
      this.eventStore.health().catch((e: unknown) => ({ ok: false, adapter: this.eventStore.kind, detail: String(e) })),
      this.documents.health().catch((e: unknown) => ({ ok: false, adapter: this.documents.kind, detail: String(e) })),
      this.eventStore.headPosition().catch(() => null),
    ]);
    const subscribers = this.runner.statuses().map((s) => ({ ...s, lag: head === null ? null : Math.max(0, head - s.position) }));
    const projectionsOk = subscribers.every((s) => s.caughtUp && s.lastError === null);
    const ok = eventStore.ok && readModels.ok && projectionsOk;
    res.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return {
      status: ok ? 'ok' : 'degraded',
      eventStore,
      readModels,
      headPosition: head,
      projections: subscribers,
    };
  }
}
