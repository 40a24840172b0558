import { cansValueCents, isWithCustomer, type CannedOrderLine } from './order-returns';

describe('an order with its customer (isWithCustomer)', () => {
  it.each([
    ['shipped', false, true],
    ['delivered', false, true],
    ['packed_awaiting_pickup', true, true],
    ['paid', true, true],
    ['paid', false, false],
    ['packed_awaiting_pickup', false, false],
    ['pending', false, false],
    ['cancelled', false, false],
    ['cancelled', true, false],
  ] as const)('%s (collected: %s) is with its customer: %s', (status, collected, expected) => {
    expect(isWithCustomer({ status, collected })).toBe(expected);
  });
});

describe('what cans of an order are worth (cansValueCents)', () => {
  const eightPack: CannedOrderLine = { productId: 'pale', cans: 8, lineTotalCents: 3400 };
  const thirds: CannedOrderLine = { productId: 'stout', cans: 3, lineTotalCents: 1000 };
  const singles: CannedOrderLine = { productId: 'pale', cans: 2, lineTotalCents: 1300 };

  it.each<[string, CannedOrderLine[], { productId: string; cans: number }[], number]>([
    ['one can of a $34.00 8-pack', [eightPack], [{ productId: 'pale', cans: 1 }], 425],
    ['every can of a line: exactly the line', [eightPack], [{ productId: 'pale', cans: 8 }], 3400],
    ['one can of three for $10.00: rounded down', [thirds], [{ productId: 'stout', cans: 1 }], 333],
    ['two cans of three for $10.00: rounded down', [thirds], [{ productId: 'stout', cans: 2 }], 666],
    ['all three cans for $10.00: exactly $10.00', [thirds], [{ productId: 'stout', cans: 3 }], 1000],
    ['a beer in two lines: priced over both, every can is what both cost', [eightPack, singles], [{ productId: 'pale', cans: 10 }], 4700],
    ['a beer in two lines, one can: its share of both', [eightPack, singles], [{ productId: 'pale', cans: 1 }], 470],
    [
      'cans of two beers: each priced from its own lines',
      [eightPack, thirds],
      [
        { productId: 'pale', cans: 2 },
        { productId: 'stout', cans: 1 },
      ],
      850 + 333,
    ],
    ['a beer the order does not hold: nothing', [eightPack], [{ productId: 'lager', cans: 1 }], 0],
    ['no cans: nothing', [eightPack], [], 0],
  ])('%s', (_, lines, picked, cents) => {
    expect(cansValueCents(lines, picked)).toBe(cents);
  });
});
