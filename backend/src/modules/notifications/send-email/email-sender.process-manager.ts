import { Inject, Injectable, Logger } from '@nestjs/common';
import { streamId, type RecordedEvent } from '@brewery/eventstore';
import { type AppConfig, APP_CONFIG } from '../../../config/app-config';
import { causedBy } from '../../../platform/event-sourcing/command-metadata';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import type { ProcessManager } from '../../../platform/projections/projection';
import { emailDecider } from '../domain/email.decider';
import { emailStream } from '../domain/email.events';
import { MAILER, type Mailer } from '../mailer/mailer.port';

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
    const cause = causedBy(event);
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
    // The pipeline retries a write that lost to another writer. When the store cannot record it at all, the handler
    // fails and the subscriber takes the event again after its back-off: the message is delivered again (e-mail is at
    // least once) with the same Message-ID, made from the e-mail's key, by which mail servers and clients know it.
    await this.pipeline.run({
      streamName: emailStream(key),
      decider: emailDecider,
      command: { type: 'RecordEmailSent', messageId, transport: this.mailer.transport },
      cause,
    });
  }
}
