import { Injectable } from '@nestjs/common';
import { streamId, type DocumentStore, type RecordedEvent } from '@brewery/eventstore';
import type { Projection } from '../../../platform/projections/projection';
import { assertNever } from '../../../shared-kernel/decider';
import { WAITLIST_EVENT_TYPES, waitlistKey, type WaitlistEvent } from '../domain/waitlist.events';

export const WAITLISTS = 'waitlists';

/** One beer's list as the operator counts it, and as "stop all e-mails" finds an address on every list. */
export interface WaitlistDoc {
  _id: string;
  /** Revision of the list's stream last applied: the idempotency guard. */
  revision: number;
  waiting: { email: string; key: string; requestedAt: string }[];
  told: number;
  [key: string]: unknown;
}

@Injectable()
export class WaitlistProjection implements Projection {
  readonly name = 'waitlists';
  readonly collections = [WAITLISTS] as const;
  readonly eventTypes = WAITLIST_EVENT_TYPES;

  async apply(recorded: RecordedEvent, store: DocumentStore): Promise<void> {
    const lists = store.collection<WaitlistDoc>(WAITLISTS);
    const productId = streamId(recorded.streamName);
    const doc = (await lists.findOne({ _id: productId })) ?? { _id: productId, revision: -1, waiting: [], told: 0 };
    if (doc.revision >= recorded.revision) return;
    const event = { type: recorded.type, data: recorded.data } as WaitlistEvent;
    const key = waitlistKey(event.data.email);
    const others = doc.waiting.filter((entry) => entry.key !== key);
    let next: WaitlistDoc;
    switch (event.type) {
      case 'BackInStockRequested':
        next = { ...doc, waiting: [...others, { email: event.data.email, key, requestedAt: event.data.requestedAt }] };
        break;
      case 'BackInStockTold':
        next = { ...doc, waiting: others, told: doc.told + 1 };
        break;
      case 'BackInStockLeft':
        next = { ...doc, waiting: others };
        break;
      default:
        return assertNever(event);
    }
    await lists.replaceOne({ ...next, revision: recorded.revision });
  }
}
