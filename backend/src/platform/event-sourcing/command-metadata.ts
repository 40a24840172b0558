import type { Actor, EventMetadata } from '@brewery/eventstore';
import type { Clock } from '../persistence/persistence.tokens';

/** Who asks: the request's correlation id and actor, or the event a process manager reacts to. */
export interface Cause {
  correlationId: string;
  causationId: string | null;
  actor: Actor;
}

export function metadataFor(cause: Cause, clock: Clock): EventMetadata {
  return { correlationId: cause.correlationId, causationId: cause.causationId, actor: cause.actor, occurredAt: clock.now().toISOString() };
}
