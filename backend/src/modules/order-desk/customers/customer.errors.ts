import { DomainError } from '../../../shared-kernel/domain-error';

/** The customer view's refusals, with stable codes. */
export const CustomerErrors = {
  invalidEmail: (): DomainError =>
    new DomainError('invalid_email', 'Ask for a customer by e-mail address, such as ada@example.com', 'validation'),
  notFound: (email: string): DomainError => new DomainError('customer_not_found', `No orders from ${email}`, 'not_found'),
} as const;
