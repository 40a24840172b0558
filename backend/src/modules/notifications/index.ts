/** What other parts of the server may use from notifications. */
export { NotificationsModule } from './notifications.module';
export { EmailService } from './send-email/email.service';
export { emailStream, LINK_PLACEHOLDER, type EmailMessage } from './domain/email.events';
export { sealEmailLink } from './send-email/email-sender.process-manager';
export { EMAILS, type EmailDoc } from './email-outbox/email-outbox.projection';
export { MAILER, type Mailer } from './mailer/mailer.port';
