import { DomainError } from '../../shared-kernel/domain-error';

/** Refusals of the activity list's filters, with stable codes. */
export const StaffActivityErrors = {
  invalidDay: (message: string): DomainError => new DomainError('invalid_day', message),
} as const;
