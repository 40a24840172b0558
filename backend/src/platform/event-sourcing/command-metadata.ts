import type { Actor } from '@brewery/eventstore';

/**
 * Who asks for a command, recorded in the metadata of every event it writes: the request's correlation id and
 * actor (from the HTTP edge's `@Context()`), or, for a process manager, the event it reacts to (`causationId`).
 * The command pipeline adds the time of the write (`occurredAt`) from its clock.
 */
export interface Cause {
  correlationId: string;
  /** The event that led to this command, when there is one (a process manager's trigger). */
  causationId?: string | null;
  actor: Actor;
}

/** The cause of what the shop does by itself on a timer (a sweep): the system, under a correlation id of the job's own. */
export function systemCause(correlationId: string): Cause {
  return { correlationId, actor: 'system' };
}

/** The cause of what a process manager does in reaction to an event: that event, in its request's correlation. */
export function causedBy(event: { id: string; metadata: { correlationId: string } }): Cause {
  return { correlationId: event.metadata.correlationId, causationId: event.id, actor: 'system' };
}
