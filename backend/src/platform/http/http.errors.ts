import { DomainError } from '../../shared-kernel/domain-error';

/** The HTTP edge's own refusals, with the code of the rule that refused. */
export const HttpErrors = {
  /** A client past a per-client limit: the rule's code and message (the route sets Retry-After). */
  tooManyRequests: (code: string, message: string): DomainError => new DomainError(code, message, 'too_many_requests'),
} as const;
