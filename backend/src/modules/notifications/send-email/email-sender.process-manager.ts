import { Inject, Injectable, Logger } from '@nestjs/common';
import { streamId, type RecordedEvent } from '@brewery/eventstore';
import type { AppConfig } from '../../../config/app-config';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { APP_CONFIG, CLOCK, type Clock } from '../../../platform/persistence/persistence.tokens';
import type { ProcessManager } from '../../../platform/projections/projection';
import { emailDecider } from '../domain/email.decider';
import { emailStream } from '../domain/email.events';
import { MAILER, type Mailer } from '../mailer/mailer.port';

/** Attempts at appending "sent" after a delivery, a growing pause apart, before the event is left for a later try. */
export const RECORD_SENT_ATTEMPTS = 5;
const RECORD_SENT_BACKOFF_MS = 200;

/** Delivers each queued e-mail (and each retry) and records the outcome on the e-mail's stream. */
@Injectable()
export class EmailSenderProcessManager implements ProcessManager {
  readonly name = 'email-sender';
  readonly eventTypes = ['EmailQueued', 'EmailRetryRequested'] as const;
  private readonly logger = new Logger('Email');

  constructor(
    @Inject(CommandPipeline) private readonly pipeline: CommandPipeline,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    const key = streamId(event.streamName);
    const { state } = await this.pipeline.load(emailStream(key), emailDecider);
    // Replayed after a restart: only a message still waiting is sent.
    if (state.status !== 'queued' || !state.message) return;
    const cause: Cause = { correlationId: event.metadata.correlationId, causationId: event.id, actor: 'system' };
    // Only the delivery is tried here: a failure to record it afterwards is not a failed e-mail.
    let messageId: string;
    try {
      ({ messageId } = await this.mailer.send(key, state.message, `${this.config.shop.brandName} <${this.config.mail.from}>`));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ msg: 'e-mail delivery failed', key, error: message });
      await this.pipeline.run({
        streamName: emailStream(key),
        decider: emailDecider,
        command: { type: 'RecordEmailFailed', error: message },
        cause,
      });
      return;
    }
    await this.recordSent(key, messageId, cause);
  }

  /**
   * "Sent" is appended with its own retries. If the store stays unavailable the event is handled again
   * later and the message delivered again: e-mail is at least once, and a repeat carries the same
   * Message-ID (from the e-mail's key), by which mail servers and clients recognise it.
   */
  private async recordSent(key: string, messageId: string, cause: Cause): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.pipeline.run({
          streamName: emailStream(key),
          decider: emailDecider,
          command: { type: 'RecordEmailSent', messageId, transport: this.mailer.transport },
          cause,
        });
        return;
      } catch (error) {
        if (attempt >= RECORD_SENT_ATTEMPTS) throw error;
        this.logger.warn({ msg: 'recording a delivered e-mail failed; trying again', key, attempt, error: String(error) });
        await new Promise((resolve) => setTimeout(resolve, RECORD_SENT_BACKOFF_MS * attempt));
      }
    }
  }
}
