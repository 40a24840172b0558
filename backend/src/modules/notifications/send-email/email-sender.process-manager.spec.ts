import type { RecordedEvent } from '@brewery/eventstore';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppConfig } from '../../../config/app-config';
import type { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import type { EmailMessage } from '../domain/email.events';
import type { Mailer } from '../mailer/mailer.port';
import { OutboxMailer, emailMessageId } from '../mailer/outbox-mailer';
import { EmailSenderProcessManager, RECORD_SENT_ATTEMPTS } from './email-sender.process-manager';

const message: EmailMessage = { to: 'jordan@example.com', subject: 'Your order', text: 'Thanks!' } as EmailMessage;
const queued = { id: 'e-1', streamName: 'email-order-7-confirmation', metadata: { correlationId: 'c' } } as unknown as RecordedEvent;

function setup({ sendFails = false, recordFailures = 0 }: { sendFails?: boolean; recordFailures?: number }) {
  const commands: string[] = [];
  let failuresLeft = recordFailures;
  const pipeline = {
    load: () => Promise.resolve({ state: { status: 'queued', message } }),
    run: ({ command }: { command: { type: string } }) => {
      commands.push(command.type);
      if (command.type === 'RecordEmailSent' && failuresLeft > 0) {
        failuresLeft -= 1;
        return Promise.reject(new Error('store unavailable'));
      }
      return Promise.resolve({});
    },
  } as unknown as CommandPipeline;
  const sends: string[] = [];
  const mailer: Mailer = {
    transport: 'smtp',
    send: (key) => {
      sends.push(key);
      return sendFails ? Promise.reject(new Error('SMTP refused')) : Promise.resolve({ messageId: emailMessageId(key, 'example.com') });
    },
    health: () => Promise.resolve({ ok: true, detail: '' }),
  };
  const config = { shop: { brandName: 'Swan & Sand' }, mail: { from: 'shop@example.com' } } as AppConfig;
  const manager = new EmailSenderProcessManager(pipeline, mailer, config, { now: () => new Date('2026-11-26T01:00:00Z') });
  return { manager, commands, sends };
}

describe('e-mail sender', () => {
  it('given the SMTP server refuses, it records a failed e-mail, and nothing as sent', async () => {
    const { manager, commands, sends } = setup({ sendFails: true });
    await manager.handle(queued);
    expect(sends).toEqual(['order-7-confirmation']);
    expect(commands).toEqual(['RecordEmailFailed']);
  });

  it('given a delivered e-mail whose "sent" cannot be recorded at first, it records it on a later try, never as failed', async () => {
    const { manager, commands, sends } = setup({ recordFailures: 2 });
    await manager.handle(queued);
    expect(sends).toHaveLength(1);
    expect(commands).toEqual(['RecordEmailSent', 'RecordEmailSent', 'RecordEmailSent']);
  });

  it('given the store down for good after a delivery, the event is left for a later delivery (same Message-ID), not recorded as failed', async () => {
    const { manager, commands } = setup({ recordFailures: 99 });
    await expect(manager.handle(queued)).rejects.toThrow('store unavailable');
    expect(commands).toEqual(Array.from({ length: RECORD_SENT_ATTEMPTS }, () => 'RecordEmailSent'));
  });

  it('gives every message a Message-ID from its key, in the outbox as over SMTP', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'outbox-'));
    try {
      const outbox = new OutboxMailer(directory, 'swanandsand.beer');
      const first = await outbox.send('order-7-confirmation', message, 'Shop <shop@swanandsand.beer>');
      const again = await outbox.send('order-7-confirmation', message, 'Shop <shop@swanandsand.beer>');
      expect(first.messageId).toBe('<order-7-confirmation@swanandsand.beer>');
      expect(again.messageId).toBe(first.messageId);
      expect(readFileSync(join(directory, 'order-7-confirmation.eml'), 'utf8')).toContain(
        'Message-ID: <order-7-confirmation@swanandsand.beer>',
      );
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
