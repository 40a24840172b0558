import { DeciderSpecification } from '../../../shared-kernel/decider-specification';
import { stockAlertDecider, stockAlertEmail, type StockAlertEvent } from './stock-alert';

const observe = (inventory: number) => ({ type: 'ObserveStockLevel' as const, productId: 'p-1', productName: 'Swan Lager', inventory });
const alerts = DeciderSpecification.for(stockAlertDecider);
const alerted = (level: 'LOW' | 'CRITICAL', inventory: number): StockAlertEvent => ({
  type: 'StockLevelAlerted',
  data: { productId: 'p-1', productName: 'Swan Lager', level, inventory },
});
const recovered = (level: 'OK' | 'LOW', inventory: number): StockAlertEvent => ({
  type: 'StockLevelRecovered',
  data: { productId: 'p-1', level, inventory },
});

describe('stock alerts: once per crossing of LOW (10 or less) and CRITICAL (5 or less)', () => {
  it.each([
    ['nothing told yet', [], 11, []],
    ['nothing told yet', [], 10, [alerted('LOW', 10)]],
    ['nothing told yet, a fall straight past LOW', [], 3, [alerted('CRITICAL', 3)]],
    ['nothing told yet, sold out', [], 0, [alerted('CRITICAL', 0)]],
    ['LOW told', [alerted('LOW', 10)], 9, []],
    ['LOW told', [alerted('LOW', 10)], 6, []],
    ['LOW told', [alerted('LOW', 10)], 5, [alerted('CRITICAL', 5)]],
    ['CRITICAL told', [alerted('LOW', 9), alerted('CRITICAL', 4)], 2, []],
    ['CRITICAL told, then a restock', [alerted('CRITICAL', 4)], 24, [recovered('OK', 24)]],
    ['CRITICAL told, then a few cans back', [alerted('CRITICAL', 4)], 8, [recovered('LOW', 8)]],
    ['LOW told, then a restock', [alerted('LOW', 7)], 11, [recovered('OK', 11)]],
    ['recovered to LOW after CRITICAL', [alerted('CRITICAL', 4), recovered('LOW', 8)], 5, [alerted('CRITICAL', 5)]],
    ['recovered to OK after LOW', [alerted('LOW', 7), recovered('OK', 11)], 10, [alerted('LOW', 10)]],
  ] as const)('given %s, when the stock is %i, then %j', (_given, history, inventory, expected) => {
    alerts.given(history).when(observe(inventory)).then(expected);
  });

  it('says which beer, how many cans and which level, in the subject and the text', () => {
    const email = stockAlertEmail(
      { productId: 'p-1', productName: 'Swan Lager', level: 'CRITICAL', inventory: 1 },
      'Swan & Sand Brewing Co.',
    );
    expect(email.subject).toBe('CRITICAL stock: Swan Lager has 1 can left');
    expect(email.text).toContain('Swan Lager is down to 1 can (CRITICAL: 5 cans or less).');
    expect(stockAlertEmail({ productId: 'p-1', productName: 'Swan Lager', level: 'LOW', inventory: 9 }, 'Shop').subject).toBe(
      'LOW stock: Swan Lager has 9 cans left',
    );
  });
});
