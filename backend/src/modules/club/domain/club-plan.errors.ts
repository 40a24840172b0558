import { DomainError } from '../../../shared-kernel/domain-error';

/** The club plans' refusals, with stable codes. */
export const ClubPlanErrors = {
  invalidPlan: (field: string, message: string): DomainError =>
    new DomainError('invalid_club_plan', message, 'validation', { [field]: message }),
  nameTaken: (name: string): DomainError => new DomainError('club_plan_name_taken', `A plan is already called ${name}.`, 'conflict'),
} as const;
