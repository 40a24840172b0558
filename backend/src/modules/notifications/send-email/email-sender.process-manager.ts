import { Inject, Injectable, Logger } from '@nestjs/common';
import { streamId, type RecordedEvent } from '@brewery/eventstore';
import { type AppConfig, APP_CONFIG, SERVER_SECRET } from '../../../config/app-config';
import { SecretBox } from '../../../platform/crypto/secret-box';
import { causedBy } from '../../../platform/event-sourcing/command-metadata';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { CLOCK, type Clock } from '../../../platform/clock';
import type { ProcessManager } from '../../../platform/projections/projection';
import { emailDecider } from '../domain/email.decider';
import { emailStream, LINK_PLACEHOLDER, type EmailMessage } from '../domain/email.events';
import { MAILER, type Mailer } from '../mailer/mailer.port';

/** Delivers each queued e-mail (and each retry) and records the outcome on the e-mail's stream. */
@Injectable()
export class EmailSenderProcessManager implements ProcessManager {
  readonly name = 'email-sender';
  readonly eventTypes = ['EmailQueued', 'EmailRetryRequested'] as const;
  private readonly logger = new Logger('Email');
  private readonly links: SecretBox;

  constructor(
    @Inject(CommandPipeline) private readonly pipeline: CommandPipeline,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SERVER_SECRET) secret: string,
  ) {
    this.links = emailLinkBox(secret);
  }

  async handle(event: RecordedEvent): Promise<void> {
    const key = streamId(event.streamName);
    const { state } = await this.pipeline.load(emailStream(key), emailDecider);
    // Replayed after a restart: only a message still waiting is sent.
    if (state.status !== 'queued' || !state.message) return;
    const cause = causedBy(event);
    // Only the delivery is tried here: a failure to record it afterwards is not a failed e-mail.
    let messageId: string;
    try {
      ({ messageId } = await this.mailer.send(
        key,
        this.withLink(state.message),
        `${this.config.shop.brandName} <${this.config.mail.from}>`,
      ));
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

  /** The message as it is sent: a sealed link opened into its place (only here, never recorded). */
  private withLink(message: EmailMessage): EmailMessage {
    if (message.sealedLink === undefined) return message;
    const { sealedLink, ...sent } = message;
    return { ...sent, text: sent.text.replace(LINK_PLACEHOLDER, this.links.open(sealedLink)) };
  }
}

/** The box links in e-mails are sealed with (`sealEmailLink`) and opened by the sender. */
export function emailLinkBox(serverSecret: string): SecretBox {
  return new SecretBox(serverSecret, 'email-link');
}

/** A link sealed for an e-mail's `sealedLink`, with the server secret. */
export function sealEmailLink(serverSecret: string, link: string): string {
  return emailLinkBox(serverSecret).seal(link);
}
