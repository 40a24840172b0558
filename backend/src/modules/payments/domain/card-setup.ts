import type { DomainEvent } from '@brewery/eventstore';
import type { Decider } from '../../../shared-kernel/decider';

/** A card saved for off-session charges, as the provider reported its SetupIntent succeeded. */
export interface SavedCard {
  setupIntentId: string;
  /** The club member it was saved for (the setup's metadata). */
  memberId: string;
  customerId: string;
  paymentMethodId: string;
  brand: string;
  last4: string;
  at: string;
}

export type CardSaved = DomainEvent<'CardSaved', SavedCard>;
export type CardSetupEvent = CardSaved;
export const CARD_SETUP_EVENT_TYPES: readonly CardSetupEvent['type'][] = ['CardSaved'];

/** One stream per SetupIntent: the provider's word that its card is saved, recorded once however often it is told. */
export const cardSetupStreamName = (setupIntentId: string): string => `card-setup-${setupIntentId}`;

export const cardSetupDecider: Decider<SavedCard | null, { type: 'RecordCardSaved'; card: SavedCard }, CardSetupEvent> = {
  initialState: null,
  decide: (command, saved) => (saved === null ? [{ type: 'CardSaved', data: command.card }] : []),
  evolve: (saved, event) => saved ?? event.data,
};
