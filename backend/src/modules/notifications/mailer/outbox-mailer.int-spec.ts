import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { OutboxMailer } from './outbox-mailer';

const dirs: string[] = [];
function outboxDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'outbox-'));
  dirs.push(dir);
  return join(dir, 'outbox');
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const message = (n: number) => ({
  to: `shopper.${n}@example.com`,
  subject: `Your order #${n}`,
  text: `Thank you for order ${n}.`,
  html: `<p>Thank you for order <b>${n}</b>.</p>`,
  kind: 'order-confirmation',
});

describe('OutboxMailer (the embedded default: each e-mail a file in DATA_DIR/outbox, composed and written in its own thread)', () => {
  it('given many e-mails at once, when sent, then each is one real MIME file named after its key, with unix line ends', async () => {
    const directory = outboxDir();
    const mailer = new OutboxMailer(directory, 'shop.example');
    try {
      const sent = await Promise.all(
        Array.from({ length: 40 }, (_, n) => mailer.send(`order-${n}-confirmation`, message(n), 'Shop <hello@shop.example>')),
      );
      expect(sent.map((answer) => answer.messageId)).toEqual(
        Array.from({ length: 40 }, (_, n) => `<order-${n}-confirmation@shop.example>`),
      );
      expect(readdirSync(directory).sort()).toEqual(Array.from({ length: 40 }, (_, n) => `order-${n}-confirmation.eml`).sort());
      const file = readFileSync(join(directory, 'order-7-confirmation.eml'), 'utf8');
      expect(file).toContain('To: shopper.7@example.com');
      expect(file).toContain('Subject: Your order #7');
      expect(file).toContain('Message-ID: <order-7-confirmation@shop.example>');
      expect(file).toContain('Content-Type: multipart/alternative');
      expect(file).toContain('Thank you for order 7.');
      expect(file).not.toContain('\r');
      expect(await mailer.health()).toEqual({ ok: true, detail: 'outbox folder, 40 message(s)' });
    } finally {
      await mailer.onApplicationShutdown();
    }
  });

  it('given the same key again, when sent, then the file is rewritten, not doubled', async () => {
    const directory = outboxDir();
    const mailer = new OutboxMailer(directory);
    try {
      await mailer.send('order-1-confirmation', message(1), 'hello@shop.example');
      await mailer.send('order-1-confirmation', { ...message(1), subject: 'Your order #1, again' }, 'hello@shop.example');
      expect(readdirSync(directory)).toEqual(['order-1-confirmation.eml']);
      expect(readFileSync(join(directory, 'order-1-confirmation.eml'), 'utf8')).toContain('Subject: Your order #1, again');
    } finally {
      await mailer.onApplicationShutdown();
    }
  });

  it('given a write that fails, when sent, then that e-mail is refused with the reason and the next ones are written', async () => {
    const directory = outboxDir();
    const mailer = new OutboxMailer(directory);
    try {
      rmSync(directory, { recursive: true });
      await expect(mailer.send('order-2-confirmation', message(2), 'hello@shop.example')).rejects.toThrow(/ENOENT/);
      const again = new OutboxMailer(directory);
      try {
        await again.send('order-2-confirmation', message(2), 'hello@shop.example');
        expect(readdirSync(directory)).toEqual(['order-2-confirmation.eml']);
      } finally {
        await again.onApplicationShutdown();
      }
      await mailer.send('order-3-confirmation', message(3), 'hello@shop.example');
      expect(readdirSync(directory).sort()).toEqual(['order-2-confirmation.eml', 'order-3-confirmation.eml']);
    } finally {
      await mailer.onApplicationShutdown();
    }
  });

  it('given the shop stopping, when an e-mail is sent after, then it is refused and nothing is written', async () => {
    const directory = outboxDir();
    const mailer = new OutboxMailer(directory);
    await mailer.send('order-4-confirmation', message(4), 'hello@shop.example');
    await mailer.onApplicationShutdown();
    await expect(mailer.send('order-5-confirmation', message(5), 'hello@shop.example')).rejects.toThrow('The outbox is closed');
    expect(readdirSync(directory)).toEqual(['order-4-confirmation.eml']);
  });
});
