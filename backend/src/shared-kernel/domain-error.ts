/**
 * A broken business rule or a refused request, with a stable code. Deciders throw these; the HTTP layer
 * maps the kind to a status code and sends the message as it is (the spec's wording where it has one).
 */
export type DomainErrorKind = 'validation' | 'not_found' | 'conflict' | 'unauthorized' | 'unavailable';

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
