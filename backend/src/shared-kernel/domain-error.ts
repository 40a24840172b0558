/**
 * A broken business rule or a refused request, with a stable code. Deciders throw these; the HTTP layer
 * maps the kind to a status code and sends the message as it is (the spec's wording where it has one).
 */
export type DomainErrorKind =
  | 'validation'
  | 'not_found'
  | 'conflict'
  | 'unauthorized'
  /** Signed in, but the person's role does not allow it (403). */
  | 'forbidden'
  | 'unavailable'
  /** A body or file past its size limit (413). */
  | 'too_large'
  /** A body of a type the route does not take (415). */
  | 'unsupported_media'
  /** A client past its limit (429, with Retry-After set by the route). */
  | 'too_many_requests'
  /** The client went away before the work began (499, which nobody reads). */
  | 'client_closed'
  /** A service the shop relies on (the payment provider) failed to answer (502). */
  | 'bad_gateway';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: string,
    message: string,
    readonly kind: DomainErrorKind = 'validation',
    /** A form's fields refused, each with what to do in plain words (sent as the answer's `fields`). */
    readonly fields?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}
