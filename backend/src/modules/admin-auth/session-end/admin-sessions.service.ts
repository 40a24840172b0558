import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '@brewery/eventstore';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { CLOCK, type Clock } from '../../../platform/clock';
import type { AdminTokenClaims } from '../credentials/admin-token.service';
import { adminSessionDecider, adminSessionStream } from '../domain/admin-session.decider';
import { ENDED_ADMIN_SESSIONS, type EndedAdminSessionDoc } from './ended-sessions.projection';

/** Ending an operator's session on the server (log out), and asking whether a token's session has ended. */
@Injectable()
export class AdminSessions {
  constructor(
    @Inject(CommandPipeline) private readonly pipeline: CommandPipeline,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Ends the token's session; once this resolves, the token is refused by this process. */
  async end(claims: Pick<AdminTokenClaims, 'jti' | 'exp'>, cause: Cause): Promise<void> {
    await this.pipeline.run({
      streamName: adminSessionStream(claims.jti),
      decider: adminSessionDecider,
      command: { type: 'EndAdminSession', tokenId: claims.jti, expiresAt: new Date(claims.exp * 1000).toISOString() },
      cause,
    });
  }

  async hasEnded(tokenId: string): Promise<boolean> {
    return (await this.documents.collection<EndedAdminSessionDoc>(ENDED_ADMIN_SESSIONS).findOne({ _id: tokenId })) !== null;
  }
}
