import type { RecordedEvent } from '@brewery/eventstore';
import type { TestApp } from '../create-test-app';
import { allEvents, eventually } from '../checkout/checkout-fixtures';

/** The confirmation e-mails queued for one beer's list to an address, oldest first. */
export async function confirmationEmails(t: TestApp, productId: string, to: string): Promise<RecordedEvent[]> {
  return (await allEvents(t)).filter(
    (e) =>
      e.type === 'EmailQueued' &&
      e.streamName.startsWith(`email-back-in-stock-confirm-${productId}-`) &&
      String((e.data as { to?: string }).to).toLowerCase() === to.toLowerCase(),
  );
}

/** The path (from /api/) of the link in the newest confirmation e-mail to the address, once it is queued. */
export async function confirmationPath(t: TestApp, productId: string, to: string, after = 0): Promise<string> {
  const emails = await eventually(async () => {
    const queued = await confirmationEmails(t, productId, to);
    return queued.length > after ? queued : null;
  });
  const text = String((emails.at(-1)?.data as { text?: string }).text);
  const link = /Confirm it's you and we'll tell you once: (\S+)/.exec(text)?.[1] ?? '';
  if (!link.includes('/api/back-in-stock/confirm?')) throw new Error(`no confirmation link in: ${text}`);
  return link.slice(link.indexOf('/api/'));
}

/** Follows the newest confirmation link sent to the address for the beer and presses Confirm, as its owner would. */
export async function confirmByEmail(t: TestApp, productId: string, to: string): Promise<void> {
  const path = await confirmationPath(t, productId, to);
  const opened = await t.http().get(path);
  if (opened.status !== 200 || !opened.text.includes('<form method="post"'))
    throw new Error(`the confirmation link answered ${opened.status}: ${opened.text}`);
  const page = await t.http().post(path);
  if (page.status !== 200) throw new Error(`the confirmation answered ${page.status}: ${page.text}`);
}
