import { DuplicateEventIdError } from '../event-store.errors';
import { type ExpectedRevision, WrongExpectedRevisionError } from '../event-store.port';
import { APPEND_SQLSTATE } from './sql-schema';

/**
 * Turns a refusal raised by `brewery_append` (a SQLSTATE of ours with a JSON DETAIL) into the port's
 * error; anything else (a lost connection, a constraint, a closed store) is returned unchanged.
 */
export function appendErrorFromSql(error: unknown, streamName: string, expected: ExpectedRevision): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const { code, detail } = error as { code?: unknown; detail?: unknown };
  if (typeof code !== 'string' || !isAppendSqlState(code)) return error;
  const parsed = parseDetail(detail);
  switch (code) {
    case APPEND_SQLSTATE.wrongExpectedRevision: {
      const actual = parsed?.actual;
      if (actual !== 'no_stream' && !(typeof actual === 'number' && Number.isSafeInteger(actual))) return error;
      return new WrongExpectedRevisionError(streamName, expected, actual);
    }
    case APPEND_SQLSTATE.eventIdInOtherStream: {
      const ids = stringArray(parsed?.eventIds);
      const streams = stringArray(parsed?.streams);
      if (ids === null || streams === null) return error;
      return new DuplicateEventIdError(streamName, ids, `already stored in stream ${streams.join(', ')}`);
    }
    case APPEND_SQLSTATE.partOfBatchStored: {
      const ids = stringArray(parsed?.eventIds);
      if (ids === null) return error;
      return new DuplicateEventIdError(streamName, ids, 'only part of the batch is already stored');
    }
    default:
      return assertNever(code);
  }
}

type AppendSqlState = (typeof APPEND_SQLSTATE)[keyof typeof APPEND_SQLSTATE];

function isAppendSqlState(code: string): code is AppendSqlState {
  return (Object.values(APPEND_SQLSTATE) as string[]).includes(code);
}

function parseDetail(detail: unknown): Record<string, unknown> | null {
  if (typeof detail !== 'string') return null;
  try {
    const value: unknown = JSON.parse(detail);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function stringArray(value: unknown): string[] | null {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null;
}

function assertNever(value: never): never {
  throw new Error(`Unhandled append SQLSTATE: ${String(value)}`);
}
