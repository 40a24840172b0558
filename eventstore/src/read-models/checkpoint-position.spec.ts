import { describe, expect, it } from '@jest/globals';
import { assertPosition } from './checkpoint-position';

describe('assertPosition', () => {
  it.each([0, 1, 4_096, Number.MAX_SAFE_INTEGER])('given %p, then it is a valid position', (position) => {
    expect(() => assertPosition(position)).not.toThrow();
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])('given %p, then it is refused', (position) => {
    expect(() => assertPosition(position)).toThrow(RangeError);
  });
});
