import { type ExpectedRevision, WrongExpectedRevisionError } from './event-store.port';

/** Revision of a stream's last event, or -1 when the stream does not exist. */
export type CurrentRevision = number;

export const NO_STREAM_REVISION = -1;

export function satisfiesExpectedRevision(expected: ExpectedRevision, current: CurrentRevision): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return current === NO_STREAM_REVISION;
    case 'stream_exists':
      return current !== NO_STREAM_REVISION;
    default:
      return expected === current;
  }
}

/** Throws `WrongExpectedRevisionError` unless the stream's current revision satisfies `expected`. */
export function assertExpectedRevision(streamName: string, expected: ExpectedRevision, current: CurrentRevision): void {
  if (!satisfiesExpectedRevision(expected, current)) {
    throw new WrongExpectedRevisionError(streamName, expected, current === NO_STREAM_REVISION ? 'no_stream' : current);
  }
}

export function validateExpectedRevision(expected: ExpectedRevision): void {
  if (typeof expected === 'number' && (!Number.isSafeInteger(expected) || expected < 0)) {
    throw new RangeError(`Expected revision must be a non-negative integer, got ${expected}`);
  }
}
