import { describe, expect, it } from '@jest/globals';
import { type ExpectedRevision, WrongExpectedRevisionError } from './event-store.port';
import { assertExpectedRevision, NO_STREAM_REVISION, satisfiesExpectedRevision, validateExpectedRevision } from './expected-revision';

describe('expected revision', () => {
  const cases: Array<[ExpectedRevision, number, boolean]> = [
    ['any', NO_STREAM_REVISION, true],
    ['any', 0, true],
    ['any', 7, true],
    ['no_stream', NO_STREAM_REVISION, true],
    ['no_stream', 0, false],
    ['stream_exists', NO_STREAM_REVISION, false],
    ['stream_exists', 0, true],
    ['stream_exists', 7, true],
    [0, NO_STREAM_REVISION, false],
    [0, 0, true],
    [3, 2, false],
    [3, 3, true],
    [3, 4, false],
  ];
  it.each(cases)('given expected %p and current revision %p, accepts: %p', (expected, current, accepted) => {
    expect(satisfiesExpectedRevision(expected, current)).toBe(accepted);
    if (accepted) expect(() => assertExpectedRevision('order-1', expected, current)).not.toThrow();
    else expect(() => assertExpectedRevision('order-1', expected, current)).toThrow(WrongExpectedRevisionError);
  });

  it.each<[number, number | 'no_stream']>([
    [NO_STREAM_REVISION, 'no_stream'],
    [5, 5],
  ])('reports current revision %p as actual %p', (current, actual) => {
    try {
      assertExpectedRevision('order-1', 2, current);
      throw new Error('expected a refusal');
    } catch (error) {
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamName: 'order-1', expected: 2, actual });
    }
  });

  it.each([-1, 1.5, Number.NaN, 2 ** 60])('refuses %p as an expected revision', (value) => {
    expect(() => validateExpectedRevision(value)).toThrow(RangeError);
  });
});
