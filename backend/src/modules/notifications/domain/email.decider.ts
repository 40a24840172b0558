import { isEmailAddress } from '@brewery/shop-rules';
import { assertNever, type Decider } from '../../../shared-kernel/decider';
import { EmailErrors } from './email.errors';
import type { EmailEvent, EmailMessage } from './email.events';

export type EmailStatus = 'none' | 'queued' | 'sent' | 'failed';

export interface EmailState {
  status: EmailStatus;
  message: EmailMessage | null;
  /** Send attempts so far. */
  attempts: number;
}

export type EmailCommand =
  | { type: 'QueueEmail'; message: EmailMessage }
  | { type: 'RecordEmailSent'; messageId: string; transport: 'outbox' | 'smtp' }
  | { type: 'RecordEmailFailed'; error: string }
  | { type: 'RetryEmail' };

/**
 * One e-mail, sent once: it is queued on a stream of its own (appended with "no stream", so a second
 * queueing of the same key is refused by the store), then marked sent or failed; a failed one may be retried.
 */
export const emailDecider: Decider<EmailState, EmailCommand, EmailEvent> = {
  initialState: { status: 'none', message: null, attempts: 0 },

  decide(command, state) {
    switch (command.type) {
      case 'QueueEmail':
        if (state.status !== 'none') return [];
        if (!isEmailAddress(command.message.to)) throw EmailErrors.invalidRecipient();
        return [{ type: 'EmailQueued', data: command.message }];
      case 'RecordEmailSent':
        if (state.status === 'sent') return [];
        if (state.status === 'none') throw EmailErrors.notQueued();
        return [{ type: 'EmailSent', data: { messageId: command.messageId, transport: command.transport } }];
      case 'RecordEmailFailed':
        if (state.status !== 'queued') return [];
        return [{ type: 'EmailFailed', data: { error: command.error, attempt: state.attempts + 1 } }];
      case 'RetryEmail':
        if (state.status !== 'failed') return [];
        return [{ type: 'EmailRetryRequested', data: { attempt: state.attempts + 1 } }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'EmailQueued':
        return { status: 'queued', message: event.data, attempts: 0 };
      case 'EmailSent':
        return { ...state, status: 'sent', attempts: state.attempts + 1 };
      case 'EmailFailed':
        return { ...state, status: 'failed', attempts: event.data.attempt };
      case 'EmailRetryRequested':
        return { ...state, status: 'queued' };
      default:
        return assertNever(event);
    }
  },
};
