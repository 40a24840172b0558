import { Injectable } from '@nestjs/common';
import { streamId, type DocumentStore, type RecordedEvent } from '@brewery/eventstore';
import { applyFold, type Fold, type FoldedDoc } from '../../../platform/projections/fold';
import type { Projection } from '../../../platform/projections/projection';
import { EMAIL_EVENT_TYPES, LINK_PLACEHOLDER, type EmailEvent } from '../domain/email.events';
import { assertNever } from '../../../shared-kernel/decider';

export const EMAILS = 'emails';

export interface EmailDoc extends FoldedDoc {
  to: string;
  subject: string;
  text: string;
  kind: string;
  orderId: string | null;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  error: string | null;
  queuedAt: string;
  sentAt: string | null;
}

/** Every e-mail the shop queued, with its delivery state: the operator's outbox. */
export const emailOutboxFold: Fold<EmailDoc> = {
  collection: EMAILS,
  evolve(doc, recorded) {
    const event = { type: recorded.type, data: recorded.data } as EmailEvent;
    const at = recorded.metadata.occurredAt;
    if (event.type === 'EmailQueued')
      return (
        doc ?? {
          _id: streamId(recorded.streamName),
          revision: recorded.revision,
          to: event.data.to,
          subject: event.data.subject,
          // A sealed link stays a placeholder here: only the e-mail itself carries it.
          text: event.data.text.replace(LINK_PLACEHOLDER, '[link hidden: it works once, for the person it was sent to]'),
          kind: event.data.kind,
          orderId: event.data.orderId ?? null,
          status: 'queued',
          attempts: 0,
          error: null,
          queuedAt: at,
          sentAt: null,
        }
      );
    if (doc === null) return null;
    switch (event.type) {
      case 'EmailSent':
        return { ...doc, status: 'sent', sentAt: at, error: null, attempts: doc.attempts + 1 };
      case 'EmailFailed':
        return { ...doc, status: 'failed', error: event.data.error, attempts: event.data.attempt };
      case 'EmailRetryRequested':
        return { ...doc, status: 'queued' };
      default:
        return assertNever(event);
    }
  },
};

@Injectable()
export class EmailOutboxProjection implements Projection {
  readonly name = 'email-outbox';
  readonly collections = [EMAILS];
  /** The outbox, newest first; failed e-mails for the System tab, oldest first; an order's e-mails for its history. */
  readonly indexes = { [EMAILS]: [{ queuedAt: -1 }, { status: 1, queuedAt: 1 }, { orderId: 1 }] } as const;
  readonly eventTypes = EMAIL_EVENT_TYPES;

  apply(event: RecordedEvent, store: DocumentStore): Promise<void> {
    return applyFold(emailOutboxFold, event, store);
  }
}
