import { DomainError } from './domain-error';

/** Refusals of one order within a bulk action, shared by the modules that act on many orders at once. */
export const BulkErrors = {
  /**
   * One order's step failed for a reason no catalogue names (the store, the carrier): the others went on, and this
   * one is reported as skipped, never left out. `what` says the step: 'changed', 'printed'.
   */
  stepFailed: (orderId: string, what: string): DomainError =>
    new DomainError(
      'bulk_step_failed',
      `Order #${orderId} was not ${what}: something went wrong in the shop (its log says what). Try it again`,
      'unavailable',
    ),
} as const;
