import { parseStockEmail } from './stock-email.parser';
import { planStockUpdate } from './stock-update.plan';

const products = [
  { productId: 'quokka', name: 'Quokka Pale Ale' },
  { productId: 'kolsch', name: 'Kölsch' },
  { productId: 'lager-1', name: 'Swan Lager' },
  { productId: 'lager-2', name: 'SWAN  LAGER' },
];

describe('stock update plan', () => {
  it('given an e-mail, then each line counts exactly one product or is reported with its reason', () => {
    const plan = planStockUpdate(
      parseStockEmail(
        [
          'update stock',
          'quokka pale ale 120',
          'Wombat Stout: 12',
          'Kolsch - 48',
          'Swan Lager: 30',
          'Quokka Pale Ale: 90',
          'Kölsch: -1',
        ].join('\n'),
      ),
      products,
    );
    expect(plan.totalLines).toBe(6);
    expect(plan.counts).toEqual([
      { productId: 'quokka', name: 'Quokka Pale Ale', inventory: 120, line: 'quokka pale ale 120', lineNumber: 2 },
      { productId: 'kolsch', name: 'Kölsch', inventory: 48, line: 'Kolsch - 48', lineNumber: 4 },
    ]);
    expect(plan.unmatched).toEqual([
      { line: 'Wombat Stout: 12', lineNumber: 3, reason: 'No product is named "Wombat Stout"' },
      { line: 'Swan Lager: 30', lineNumber: 5, reason: '"Swan Lager" matches more than one product (Swan Lager, SWAN  LAGER)' },
      { line: 'Quokka Pale Ale: 90', lineNumber: 6, reason: 'Quokka Pale Ale is already counted on line 2' },
      { line: 'Kölsch: -1', lineNumber: 7, reason: 'The count "-1" is not a whole number of cans, 0 or more' },
    ]);
  });

  it('given no products, then every line is unmatched', () => {
    const plan = planStockUpdate(parseStockEmail('UPDATE STOCK\nQuokka Pale Ale: 1'), []);
    expect(plan.counts).toEqual([]);
    expect(plan.unmatched).toHaveLength(1);
  });
});
