import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DocumentStore } from '@brewery/eventstore';
import { DOCUMENT_STORE } from '../../../platform/persistence/persistence.tokens';
import { WaitingCountsQuery, type WaitingCounts } from '../../catalog';
import { WAITLIST_ENTRIES, type WaitlistEntryDoc } from './waitlist.projection';

/** The admin's Products tab asks how many wait for each beer: confirmed addresses, and sign-ups still to confirm (not lapsed). */
@QueryHandler(WaitingCountsQuery)
export class WaitingCountsHandler implements IQueryHandler<WaitingCountsQuery> {
  constructor(@Inject(DOCUMENT_STORE) private readonly documents: DocumentStore) {}

  async execute(query: WaitingCountsQuery): Promise<Map<string, WaitingCounts>> {
    const entries = await this.documents.collection<WaitlistEntryDoc>(WAITLIST_ENTRIES).find({ status: { $in: ['confirmed', 'pending'] } });
    const now = query.now.getTime();
    const counts = new Map<string, WaitingCounts>();
    for (const entry of entries) {
      const count = counts.get(entry.productId) ?? { waiting: 0, waitingToConfirm: 0 };
      if (entry.status === 'confirmed') count.waiting += 1;
      else if (entry.confirmBy !== null && Date.parse(entry.confirmBy) > now) count.waitingToConfirm += 1;
      else continue;
      counts.set(entry.productId, count);
    }
    return counts;
  }
}
