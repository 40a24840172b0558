import nodemailer, { type Transporter } from 'nodemailer';
import type { EmailMessage } from '../domain/email.events';
import type { Mailer } from './mailer.port';
import { mailOf } from './outbox-mailer';

/** Production: nodemailer over SMTP (`SMTP_URL`). The e-mail's key goes into the Message-ID so a receiving server can spot a repeat. */
export class SmtpMailer implements Mailer {
  readonly transport = 'smtp' as const;
  private readonly transporter: Transporter;

  constructor(
    smtpUrl: string,
    private readonly domain: string,
  ) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  async send(key: string, message: EmailMessage, from: string): Promise<{ messageId: string }> {
    const info = await this.transporter.sendMail(mailOf(key, message, from, this.domain));
    return { messageId: String(info.messageId) };
  }

  async health(): Promise<{ ok: boolean; detail: string }> {
    try {
      await this.transporter.verify();
      return { ok: true, detail: 'SMTP server answers' };
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  }
}
