import type { EmailMessage } from '../domain/email.events';

export const MAILER = Symbol('MAILER');

/** Delivers one message. `key` is the e-mail's stream key: delivering the same key twice must be harmless where the transport allows. */
export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  send(key: string, message: EmailMessage, from: string): Promise<{ messageId: string }>;
  health(): Promise<{ ok: boolean; detail: string }>;
}
