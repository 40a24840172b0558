import { sortStockLevels, stockLevelEntry } from './stock-levels';

describe('stock level cards', () => {
  it.each([
    [0, 'CRITICAL'],
    [5, 'CRITICAL'],
    [6, 'LOW'],
    [10, 'LOW'],
    [11, 'OK'],
    [-2, 'CRITICAL'],
  ])('given %d cans in stock and none reserved, the level is %s', (inventory, level) => {
    expect(stockLevelEntry({ productId: 'p', name: 'P', inventory, reserved: 0 })).toEqual({
      productId: 'p',
      name: 'P',
      inventory,
      reserved: 0,
      available: inventory,
      level,
    });
  });

  it.each([
    [24, 24, 0, 'CRITICAL'],
    [24, 16, 8, 'LOW'],
    [30, 2, 28, 'OK'],
    [6, 2, 4, 'CRITICAL'],
  ])(
    'given %d in stock and %d reserved (%d available), the level is %s: never OK with nothing to sell',
    (inventory, reserved, available, level) => {
      expect(stockLevelEntry({ productId: 'p', name: 'P', inventory, reserved })).toMatchObject({ available, level });
    },
  );

  it('lists the most urgent first, then by name', () => {
    const entries = [
      stockLevelEntry({ productId: 'a', name: 'Amber', inventory: 50, reserved: 0 }),
      stockLevelEntry({ productId: 'z', name: 'zesty', inventory: 9, reserved: 0 }),
      stockLevelEntry({ productId: 'b', name: 'Blonde', inventory: 3, reserved: 0 }),
      stockLevelEntry({ productId: 'l', name: 'Lager', inventory: 10, reserved: 0 }),
      stockLevelEntry({ productId: 'c', name: 'cider', inventory: 0, reserved: 0 }),
    ];
    expect(sortStockLevels(entries).map((e) => `${e.level} ${e.name}`)).toEqual([
      'CRITICAL Blonde',
      'CRITICAL cider',
      'LOW Lager',
      'LOW zesty',
      'OK Amber',
    ]);
  });
});
