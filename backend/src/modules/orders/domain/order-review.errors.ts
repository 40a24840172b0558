import { invisibleCharacterRule, type HiddenCharacter } from '@brewery/shop-rules';
import { DomainError } from '../../../shared-kernel/domain-error';

/** The longest note the operator may leave on a review or a refund, in characters. */
export const NOTE_MAX = 500;

/** The review and refund forms' wording, shared by their refusals. */
export const ReviewMessages = {
  noteRequired: 'Say how the review was settled (a note of 1 to 500 characters)',
  orderNote: 'Write the note (1 to 500 characters)',
  refundNote: 'A refund note is optional: text of at most 500 characters',
  noteTooLong: `A note is at most ${NOTE_MAX} characters`,
  badAmount: 'The refund amount must be dollars with at most two decimals, more than $0.00 (for example 12.50)',
  badIdempotencyKey: 'The Idempotency-Key header must be 1 to 200 visible characters (for example a UUID)',
} as const;

/** The review and refund forms' refusals, with stable codes; `message` says what the form takes. */
export const ReviewErrors = {
  noteRequired: (message: string): DomainError => new DomainError('note_required', message, 'validation'),
  invalidNote: (message: string): DomainError => new DomainError('invalid_note', message, 'validation'),
  noteTooLong: (): DomainError => new DomainError('note_too_long', ReviewMessages.noteTooLong, 'validation'),
  /** A note is read in the order's history and the refund's records as typed: lines of text, nothing hidden. */
  hiddenInNote: (hidden: HiddenCharacter): DomainError =>
    new DomainError(
      'invalid_note',
      hidden.kind === 'invisible'
        ? `A note ${invisibleCharacterRule(hidden.codePoint)}`
        : `A note must be text without control characters other than line breaks and tabs (${hidden.codePoint})`,
      'validation',
    ),
  invalidRefundAmount: (): DomainError => new DomainError('invalid_refund_amount', ReviewMessages.badAmount, 'validation'),
  invalidIdempotencyKey: (): DomainError => new DomainError('invalid_idempotency_key', ReviewMessages.badIdempotencyKey, 'validation'),
} as const;
