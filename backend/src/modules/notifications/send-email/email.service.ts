import { Inject, Injectable } from '@nestjs/common';
import type { Cause } from '../../../platform/event-sourcing/command-metadata';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { emailDecider } from '../domain/email.decider';
import { emailStream, type EmailMessage } from '../domain/email.events';

/**
 * The one way the shop sends e-mail. Callers give a deterministic key (`order-12-confirmation`): queueing the
 * same key again changes nothing, so a process manager that runs twice never e-mails twice. Delivery
 * happens in `EmailSenderProcessManager`, after the queueing event is durable.
 */
@Injectable()
export class EmailService {
  constructor(@Inject(CommandPipeline) private readonly pipeline: CommandPipeline) {}

  async queue(key: string, message: EmailMessage, cause: Cause): Promise<{ queued: boolean; position: number | null }> {
    const result = await this.pipeline.run({
      streamName: emailStream(key),
      decider: emailDecider,
      command: { type: 'QueueEmail', message },
      cause,
    });
    return { queued: result.events.length > 0, position: result.position };
  }

  /** Queue a failed e-mail for another attempt; returns whether it was failed. */
  async retry(key: string, cause: Cause): Promise<boolean> {
    const result = await this.pipeline.run({
      streamName: emailStream(key),
      decider: emailDecider,
      command: { type: 'RetryEmail' },
      cause,
    });
    return result.events.length > 0;
  }
}
