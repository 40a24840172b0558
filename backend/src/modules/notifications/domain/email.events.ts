import type { DomainEvent } from '@brewery/eventstore';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the e-mail is about, for the outbox list: `order-confirmation`, `order-status`, `daily-analytics`… */
  kind: string;
  orderId?: string;
  /**
   * A link that works once for the person it is sent to (an invitation, a password reset), sealed with the
   * server secret (`sealEmailLink`): the text holds `{{link}}` where it goes, and only the e-mail sent carries it.
   */
  sealedLink?: string;
}

/** Where a sealed link goes in an e-mail's text. */
export const LINK_PLACEHOLDER = '{{link}}';

export type EmailQueued = DomainEvent<'EmailQueued', EmailMessage>;
export type EmailSent = DomainEvent<'EmailSent', { messageId: string; transport: 'outbox' | 'smtp' }>;
export type EmailFailed = DomainEvent<'EmailFailed', { error: string; attempt: number }>;
export type EmailRetryRequested = DomainEvent<'EmailRetryRequested', { attempt: number }>;

export type EmailEvent = EmailQueued | EmailSent | EmailFailed | EmailRetryRequested;

export const EMAIL_EVENT_TYPES: readonly EmailEvent['type'][] = ['EmailQueued', 'EmailSent', 'EmailFailed', 'EmailRetryRequested'];

export function emailStream(key: string): string {
  return `email-${key}`;
}
