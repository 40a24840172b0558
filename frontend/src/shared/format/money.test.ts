import { describe, expect, it } from 'vitest';
import { money } from './money';

describe('money on the Analytics tab', () => {
  it.each([
    ['23418', '$23,418.00'],
    ['74.5', '$74.50'],
    [0, '$0.00'],
    ['-11.00', '-$11.00'],
    [1234567.891, '$1,234,567.89'],
  ])('shows %p as %p', (value, shown) => {
    expect(money(value)).toBe(shown);
  });
});
