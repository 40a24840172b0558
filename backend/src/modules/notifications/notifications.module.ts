import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { join } from 'node:path';
import { type AppConfig, APP_CONFIG } from '../../config/app-config';
import { ProjectionRegistry } from '../../platform/projections/projection-registry';
import { EmailOutboxController } from './email-outbox/email-outbox.controller';
import { EmailOutboxProjection } from './email-outbox/email-outbox.projection';
import { MAILER, type Mailer } from './mailer/mailer.port';
import { OutboxMailer } from './mailer/outbox-mailer';
import { SmtpMailer } from './mailer/smtp-mailer';
import { EmailSenderProcessManager } from './send-email/email-sender.process-manager';
import { EmailService } from './send-email/email.service';

/** E-mail: queued once per key on its own stream, delivered by a process manager, listed in the outbox. */
@Module({
  controllers: [EmailOutboxController],
  providers: [
    EmailService,
    EmailSenderProcessManager,
    EmailOutboxProjection,
    {
      provide: MAILER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Mailer =>
        config.mail.smtpUrl
          ? new SmtpMailer(config.mail.smtpUrl, config.mail.from.split('@')[1] ?? 'localhost')
          : new OutboxMailer(join(config.dataDir, 'outbox'), config.mail.from.split('@')[1] ?? 'localhost'),
    },
  ],
  exports: [EmailService, MAILER],
})
export class NotificationsModule implements OnModuleInit {
  constructor(
    @Inject(ProjectionRegistry) private readonly registry: ProjectionRegistry,
    @Inject(EmailOutboxProjection) private readonly outbox: EmailOutboxProjection,
    @Inject(EmailSenderProcessManager) private readonly sender: EmailSenderProcessManager,
  ) {}

  onModuleInit(): void {
    this.registry.registerProjection(this.outbox);
    this.registry.registerProcessManager(this.sender);
  }
}
