import { centsToDollars, formatPrice, gstIncludedCents, toCents } from './money';
import { InvalidAmountError } from './shop-rule.error';

describe('money', () => {
  describe('toCents', () => {
    it.each<[string | number, number]>([
      ['6.50', 650],
      ['6.5', 650],
      ['6', 600],
      ['0.00', 0],
      ['.5', 50],
      [' 7.20 ', 720],
      ['19.99', 1999],
      ['0.125', 13],
      ['0.124', 12],
      [6.5, 650],
      [0, 0],
      [19.99, 1999],
      [1.005, 101],
      [0.1 + 0.2, 30],
    ])('given %p, it is %p cents', (value, cents) => {
      expect(toCents(value)).toBe(cents);
    });

    it.each<[string | number]>([
      ['abc'],
      [''],
      ['-1'],
      ['1,000'],
      ['6.5.0'],
      ['1e3'],
      ['$6.50'],
      [-0.01],
      [Number.NaN],
      [Number.POSITIVE_INFINITY],
      [1e21],
    ])('given %p, it refuses the amount', (value) => {
      expect(() => toCents(value)).toThrow(InvalidAmountError);
    });
  });

  it.each([
    [1250, 12.5],
    [0, 0],
    [1, 0.01],
  ])('%p cents are %p dollars', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });

  describe('formatPrice', () => {
    it.each([
      [12.5, '$12.50'],
      [0, '$0.00'],
      [6, '$6.00'],
      [0.05, '$0.05'],
      [1234.5, '$1234.50'],
      [0.1 + 0.2, '$0.30'],
      [12.345, '$12.35'],
      [-5, '-$5.00'],
    ])('shows %p dollars as %p', (dollars, text) => {
      expect(formatPrice(dollars)).toBe(text);
    });

    it('refuses a number that is not finite', () => {
      expect(() => formatPrice(Number.NaN)).toThrow(InvalidAmountError);
    });
  });

  describe('gstIncludedCents', () => {
    it.each([
      [1100, 100],
      [11000, 1000],
      [5500, 500],
      [6, 1],
      [5, 0],
      [0, 0],
      [8800, 800],
      [9850, 895],
    ])('a total of %p cents includes %p cents of GST', (total, gst) => {
      expect(gstIncludedCents(total)).toBe(gst);
    });
  });
});
