import { Injectable } from '@nestjs/common';
import type { Doc, DocumentStore, RecordedEvent } from '@brewery/eventstore';
import type { Projection } from '../../../platform/projections/projection';
import { ADMIN_SESSION_EVENT_TYPES, type AdminSessionEvent } from '../domain/admin-session.decider';

export const ENDED_ADMIN_SESSIONS = 'ended-admin-sessions';

/** A token the operator logged out with, keyed by its id (`jti`). */
export interface EndedAdminSessionDoc extends Doc {
  _id: string;
  expiresAt: string;
}

/** The tokens logged out before they expired, which the admin guard refuses (in every shop process). */
@Injectable()
export class EndedAdminSessionsProjection implements Projection {
  readonly name = 'ended-admin-sessions';
  readonly collections = [ENDED_ADMIN_SESSIONS];
  readonly eventTypes = ADMIN_SESSION_EVENT_TYPES;

  async apply(recorded: RecordedEvent, store: DocumentStore): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as AdminSessionEvent;
    // Replacing the same document again is harmless: a redelivered event changes nothing.
    await store
      .collection<EndedAdminSessionDoc>(ENDED_ADMIN_SESSIONS)
      .replaceOne({ _id: event.data.tokenId, expiresAt: event.data.expiresAt });
  }
}
