import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OnApplicationShutdown } from '@nestjs/common';
import type { SendMailOptions } from 'nodemailer';
import type { EmailMessage } from '../domain/email.events';
import type { Mailer } from './mailer.port';
import { OutboxWriter } from './outbox-writer';

/**
 * The embedded default: nodemailer composes the real MIME message and we write it to
 * `DATA_DIR/outbox/<key>.eml`. The file is named after the e-mail's key, so a repeated delivery rewrites
 * the same file instead of making a second e-mail. Composing and writing happen in a thread of their own
 * (`OutboxWriter`): on a busy day the shop sends an e-mail for every order.
 */
export class OutboxMailer implements Mailer, OnApplicationShutdown {
  readonly transport = 'outbox' as const;
  private readonly writer = new OutboxWriter();

  constructor(
    readonly directory: string,
    private readonly domain = 'localhost',
  ) {
    mkdirSync(directory, { recursive: true });
  }

  async send(key: string, message: EmailMessage, from: string): Promise<{ messageId: string }> {
    const messageId = await this.writer.write(join(this.directory, `${fileSafe(key)}.eml`), mailOf(key, message, from, this.domain));
    return { messageId };
  }

  health(): Promise<{ ok: boolean; detail: string }> {
    try {
      const count = readdirSync(this.directory).filter((f) => f.endsWith('.eml')).length;
      return Promise.resolve({ ok: true, detail: `outbox folder, ${count} message(s)` });
    } catch (error) {
      return Promise.resolve({ ok: false, detail: error instanceof Error ? error.message : String(error) });
    }
  }

  onApplicationShutdown(): Promise<void> {
    return this.writer.close();
  }
}

export function fileSafe(key: string): string {
  return key.replace(/[^A-Za-z0-9._-]/g, '_');
}

/** An e-mail's Message-ID, from its key: a delivery repeated after a crash is recognisably the same message. */
export function emailMessageId(key: string, domain: string): string {
  return `<${key}@${domain}>`;
}

/** What nodemailer is given to send an e-mail, whichever way it goes (outbox file or SMTP). */
export function mailOf(key: string, message: EmailMessage, from: string, domain: string): SendMailOptions {
  return { from, to: message.to, subject: message.subject, text: message.text, html: message.html, messageId: emailMessageId(key, domain) };
}
