import { MAX_CONSIGNABLE_ORDER, consignmentNumberFor, isValidConsignmentNumber, s10CheckDigit } from './consignment-number';

describe('S10 check digit', () => {
  it.each([
    ['47312482', 9, "the UPU's worked example, item RA 47312482 9 GB"],
    ['00000000', 5, 'remainder 0: 11 - 0 = 11 is written 5'],
    ['00000008', 0, 'remainder 1: 11 - 1 = 10 is written 0'],
    ['00000003', 1, 'remainder 10: 11 - 10 = 1'],
    ['00000001', 4, 'remainder 7: 11 - 7 = 4'],
  ])('serial %s has check digit %i (%s)', (serial, check) => {
    expect(s10CheckDigit(serial)).toBe(check);
  });

  it.each([['1234567'], ['123456789'], ['1234567a'], ['']])('refuses a serial that is not eight digits: %j', (serial) => {
    expect(() => s10CheckDigit(serial)).toThrow('eight digits');
  });
});

describe('consignment numbers', () => {
  it.each([[1], [2], [12], [999], [123_456], [MAX_CONSIGNABLE_ORDER]])(
    'order %i gets SSB, eight digits and a valid check digit',
    (order) => {
      const number = consignmentNumberFor(order);
      expect(number).toMatch(/^SSB\d{9}$/);
      expect(isValidConsignmentNumber(number)).toBe(true);
    },
  );

  it('is the same for the same order, every time', () => {
    expect(consignmentNumberFor(12)).toBe(consignmentNumberFor(12));
    expect(consignmentNumberFor(12)).toBe('SSB688236067');
  });

  it('differs for every order (no two of the first 200,000 share a number)', () => {
    const seen = new Set<string>();
    for (let order = 1; order <= 200_000; order++) seen.add(consignmentNumberFor(order));
    expect(seen.size).toBe(200_000);
  });

  it('does not count up with the order number', () => {
    const serial = (order: number): number => Number(consignmentNumberFor(order).slice(3, 11));
    expect(Math.abs(serial(2) - serial(1))).toBeGreaterThan(1000);
  });

  it.each([[0], [-1], [1.5], [MAX_CONSIGNABLE_ORDER + 1], [Number.NaN]])('refuses order %p', (order) => {
    expect(() => consignmentNumberFor(order)).toThrow('outside');
  });

  describe('validation', () => {
    const good = consignmentNumberFor(12);
    it('accepts exactly one of the ten possible check digits', () => {
      const body = good.slice(0, -1);
      const valid = Array.from({ length: 10 }, (_, digit) => `${body}${digit}`).filter(isValidConsignmentNumber);
      expect(valid).toEqual([good]);
    });

    it.each([
      ['too short', good.slice(0, -1)],
      ['too long', `${good}1`],
      ['another prefix', `XYZ${good.slice(3)}`],
      ['lower case', good.toLowerCase()],
      ['letters among the digits', `SSB1234A5678`],
      ['empty', ''],
    ])('refuses %s', (_name, value) => {
      expect(isValidConsignmentNumber(value)).toBe(false);
    });

    it('catches most single mistyped digits of the serial', () => {
      let caught = 0;
      let total = 0;
      for (let order = 1; order <= 200; order++) {
        const number = consignmentNumberFor(order);
        for (let position = 3; position < 11; position++) {
          for (let digit = 0; digit <= 9; digit++) {
            if (String(digit) === number[position]) continue;
            total++;
            if (!isValidConsignmentNumber(`${number.slice(0, position)}${digit}${number.slice(position + 1)}`)) caught++;
          }
        }
      }
      // Modulo 11 folds two remainders onto the digit 5, so a few slip through; the rest are caught.
      expect(caught / total).toBeGreaterThan(0.9);
    });
  });
});
