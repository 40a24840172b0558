import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@brewery/eventstore';
import { causedBy } from '../../../platform/event-sourcing/command-metadata';
import type { ProcessManager } from '../../../platform/projections/projection';
import { CARD_SETUP_EVENT_TYPES, type SavedCard } from '../../payments';
import { ClubMembers } from './club-members.service';

/** The provider saved a member's card (`CardSaved`): the member's stream records it, and a new member is active. */
@Injectable()
export class CardSavedProcessManager implements ProcessManager {
  readonly name = 'club-card-saved';
  readonly eventTypes = CARD_SETUP_EVENT_TYPES;

  constructor(private readonly members: ClubMembers) {}

  async handle(event: RecordedEvent): Promise<void> {
    await this.members.saveCard(event.data as SavedCard, causedBy(event));
  }
}
