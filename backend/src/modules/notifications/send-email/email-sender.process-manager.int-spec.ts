import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGLITE_IN_MEMORY, PgliteEventStore, type EventStore, type RecordedEvent } from '@brewery/eventstore';
import type { AppConfig } from '../../../config/app-config';
import { CommandPipeline } from '../../../platform/event-sourcing/command-pipeline';
import { emailDecider } from '../domain/email.decider';
import { emailStream, type EmailMessage } from '../domain/email.events';
import type { Mailer } from '../mailer/mailer.port';
import { OutboxMailer, emailMessageId } from '../mailer/outbox-mailer';
import { EmailSenderProcessManager } from './email-sender.process-manager';

const message: EmailMessage = { to: 'jordan@example.com', subject: 'Your order', text: 'Thanks!' } as EmailMessage;
const KEY = 'order-7-confirmation';
const config = { shop: { brandName: 'Swan & Sand' }, mail: { from: 'shop@example.com' } } as AppConfig;

/**
 * The e-mail sender on a real pipeline and store: a delivery the SMTP server refuses is recorded as failed; a delivery
 * whose "sent" the store cannot record is handled again (the subscriber's back-off), delivered again with the same
 * Message-ID, and recorded sent, never failed.
 */
describe('e-mail sender', () => {
  let store: PgliteEventStore;
  beforeEach(async () => {
    store = await PgliteEventStore.open({ dataDir: PGLITE_IN_MEMORY });
  });
  afterEach(() => store.close());

  function setup({ sendFails = false, appendFailures = 0 }: { sendFails?: boolean; appendFailures?: number }) {
    let failuresLeft = appendFailures;
    // The store refusing writes for a while (a dropped connection), as a wrapper on the real one.
    const unsteady: EventStore = Object.create(store) as EventStore;
    unsteady.append = (...args: Parameters<EventStore['append']>) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return Promise.reject(new Error('store unavailable'));
      }
      return store.append(...args);
    };
    const sends: string[] = [];
    const mailer: Mailer = {
      transport: 'smtp',
      send: (key) => {
        sends.push(key);
        return sendFails ? Promise.reject(new Error('SMTP refused')) : Promise.resolve({ messageId: emailMessageId(key, 'example.com') });
      },
      health: () => Promise.resolve({ ok: true, detail: '' }),
    };
    const clock = { now: () => new Date('2026-11-26T01:00:00Z') };
    const queueing = new CommandPipeline(store, undefined, clock);
    const manager = new EmailSenderProcessManager(
      new CommandPipeline(unsteady, undefined, clock),
      mailer,
      config,
      clock,
      'a-server-secret-long-enough-for-tests',
    );
    const queue = async (): Promise<RecordedEvent> => {
      await queueing.run({
        streamName: emailStream(KEY),
        decider: emailDecider,
        command: { type: 'QueueEmail', message },
        cause: { correlationId: 'c', actor: 'system' },
      });
      return (await store.readStream(emailStream(KEY)))[0] as RecordedEvent;
    };
    const recorded = async (): Promise<string[]> => (await store.readStream(emailStream(KEY))).map((event) => event.type);
    return { manager, sends, queue, recorded };
  }

  it('given the SMTP server refuses, it records a failed e-mail, and nothing as sent', async () => {
    const { manager, sends, queue, recorded } = setup({ sendFails: true });
    await manager.handle(await queue());
    expect(sends).toEqual([KEY]);
    expect(await recorded()).toEqual(['EmailQueued', 'EmailFailed']);
  });

  it('given a delivered e-mail whose "sent" the store cannot record, the event fails and is delivered again, then recorded sent, never failed', async () => {
    const { manager, sends, queue, recorded } = setup({ appendFailures: 1 });
    const queued = await queue();
    await expect(manager.handle(queued)).rejects.toThrow('store unavailable');
    expect(await recorded()).toEqual(['EmailQueued']);
    // The subscriber takes the event again after its back-off.
    await manager.handle(queued);
    expect(sends).toEqual([KEY, KEY]);
    expect(await recorded()).toEqual(['EmailQueued', 'EmailSent']);
    // Handled once more (a replay after a restart): nothing is sent again.
    await manager.handle(queued);
    expect(sends).toHaveLength(2);
  });

  it('gives every message a Message-ID from its key, in the outbox as over SMTP', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'outbox-'));
    try {
      const outbox = new OutboxMailer(directory, 'swanandsand.beer');
      const first = await outbox.send(KEY, message, 'Shop <shop@swanandsand.beer>');
      const again = await outbox.send(KEY, message, 'Shop <shop@swanandsand.beer>');
      expect(first.messageId).toBe('<order-7-confirmation@swanandsand.beer>');
      expect(again.messageId).toBe(first.messageId);
      expect(readFileSync(join(directory, `${KEY}.eml`), 'utf8')).toContain('Message-ID: <order-7-confirmation@swanandsand.beer>');
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
