import { Injectable } from '@nestjs/common';
import { streamId, type Doc, type DocumentStore, type RecordedEvent } from '@brewery/eventstore';
import type { Projection } from '../../../platform/projections/projection';
import { EMAIL_EVENT_TYPES, type EmailEvent } from '../domain/email.events';
import { assertNever } from '../../../shared-kernel/decider';

export const EMAILS = 'emails';

export interface EmailDoc extends Doc {
  _id: string;
  /** Revision of the last event applied: the idempotency guard. */
  revision: number;
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
@Injectable()
export class EmailOutboxProjection implements Projection {
  readonly name = 'email-outbox';
  readonly collections = [EMAILS];
  /** The outbox, newest first; failed e-mails for the System tab, oldest first; an order's e-mails for its history. */
  readonly indexes = { [EMAILS]: [{ queuedAt: -1 }, { status: 1, queuedAt: 1 }, { orderId: 1 }] } as const;
  readonly eventTypes = EMAIL_EVENT_TYPES;

  async apply(recorded: RecordedEvent, store: DocumentStore): Promise<void> {
    const emails = store.collection<EmailDoc>(EMAILS);
    const key = streamId(recorded.streamName);
    const event = { type: recorded.type, data: recorded.data } as EmailEvent;
    const at = recorded.metadata.occurredAt;
    const guard = { _id: key, revision: { $lt: recorded.revision } };
    switch (event.type) {
      case 'EmailQueued':
        if (await emails.findOne({ _id: key })) return;
        await emails.replaceOne({
          _id: key,
          revision: recorded.revision,
          to: event.data.to,
          subject: event.data.subject,
          text: event.data.text,
          kind: event.data.kind,
          orderId: event.data.orderId ?? null,
          status: 'queued',
          attempts: 0,
          error: null,
          queuedAt: at,
          sentAt: null,
        });
        return;
      case 'EmailSent':
        await emails.updateOne(guard, {
          $set: { revision: recorded.revision, status: 'sent', sentAt: at, error: null },
          $inc: { attempts: 1 },
        });
        return;
      case 'EmailFailed':
        await emails.updateOne(guard, {
          $set: { revision: recorded.revision, status: 'failed', error: event.data.error, attempts: event.data.attempt },
        });
        return;
      case 'EmailRetryRequested':
        await emails.updateOne(guard, { $set: { revision: recorded.revision, status: 'queued' } });
        return;
      default:
        assertNever(event);
    }
  }
}
