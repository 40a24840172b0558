import { DomainError } from '../../../shared-kernel/domain-error';

/** Operator access refusals, with stable codes. */
export const AdminAuthErrors = {
  /** An admin route without a live admin token (none, expired, forged, or logged out). */
  authenticationRequired: (): DomainError => new DomainError('authentication_required', 'Authentication required', 'unauthorized'),
  invalidPassword: (): DomainError => new DomainError('invalid_admin_password', 'Invalid admin password', 'unauthorized'),
  /** A sign-in by e-mail whose address or password is wrong (which of the two is not said). */
  invalidCredentials: (): DomainError => new DomainError('invalid_credentials', 'Invalid e-mail or password', 'unauthorized'),
} as const;
