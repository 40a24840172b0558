import type { RecordedEvent } from '@brewery/eventstore';
import { buildProductTimeline, describeProductEvent } from './product-timeline';

const prices = { price: 5.5, price4Pack: 20, price8Pack: 38, price16Pack: 72, enable4Pack: true, enable8Pack: false, enable16Pack: true };

describe("a beer's history in words", () => {
  it.each([
    [
      'ProductCreated',
      { name: 'Swan Lager', style: 'Lager', abv: 4.6, inventory: 48, isActive: true, archived: false, ...prices },
      'Created: Swan Lager, Lager, 4.6% ABV; single $5.50, 4-pack $20.00, 8-pack off, 16-pack $72.00; stock 48 cans; Live in Shop',
    ],
    [
      'ProductCreated',
      { name: 'Dune Dunkel', style: 'Dunkel', abv: 5, inventory: 1, isActive: false, archived: true, ...prices },
      'Created: Dune Dunkel, Dunkel, 5% ABV; single $5.50, 4-pack $20.00, 8-pack off, 16-pack $72.00; stock 1 can; Draft Mode, archived',
    ],
    ['ProductDetailsChanged', { name: 'Swan Pilsner', abv: 4.8 }, 'Details changed: name “Swan Pilsner”, ABV 4.8%'],
    [
      'ProductDetailsChanged',
      { description: 'Crisp.', imageUrl: '/cans/swan.svg' },
      'Details changed: description rewritten, picture “/cans/swan.svg”',
    ],
    ['ProductPricesChanged', prices, 'Prices changed: single $5.50, 4-pack $20.00, 8-pack off, 16-pack $72.00'],
    ['ProductPublished', {}, 'Included in the shop (Live in Shop)'],
    ['ProductMovedToDraft', {}, 'Removed from the shop (Draft Mode)'],
    ['ProductArchived', {}, 'Archived'],
    ['ProductRestored', {}, 'Restored from the archive'],
    ['ProductDeleted', {}, 'Deleted'],
    ['ProductOrderLimitSet', { maxPerOrder: 4 }, 'Limit per order set to 4 cans'],
    ['ProductOrderLimitSet', { maxPerOrder: null }, 'Limit per order lifted'],
    [
      'ProductReleaseScheduled',
      { releaseAt: '2026-12-05T02:00:00.000Z', previous: null },
      'Release scheduled for Sat, 5 Dec 2026, 10:00 am',
    ],
    [
      'ProductReleaseScheduled',
      { releaseAt: '2026-12-12T02:00:00.000Z', previous: '2026-12-05T02:00:00.000Z' },
      'Release moved from Sat, 5 Dec 2026, 10:00 am to Sat, 12 Dec 2026, 10:00 am',
    ],
    [
      'ProductReleaseCancelled',
      { previous: '2026-12-05T02:00:00.000Z' },
      'Release of Sat, 5 Dec 2026, 10:00 am cancelled: on sale whenever it is live',
    ],
    ['ProductReleased', { releaseAt: '2026-12-05T02:00:00.000Z' }, 'Released: on sale from Sat, 5 Dec 2026, 10:00 am'],
    [
      'ProductMembersFromSet',
      { membersFrom: '2026-12-03T02:00:00.000Z', previous: null },
      'Club members may buy it from Thu, 3 Dec 2026, 10:00 am',
    ],
    [
      'ProductMembersFromSet',
      { membersFrom: null, previous: '2026-12-03T02:00:00.000Z' },
      'Early access for club members ended: members wait for the release',
    ],
    ['StockCounted', { previous: 48, inventory: 60, reason: 'admin-edit' }, 'Stock set from 48 to 60 cans in the product form'],
    ['StockCounted', { previous: 2, inventory: 1, reason: 'stock-email' }, 'Stock set from 2 to 1 can from the stock e-mail'],
    ['StockLevelAlerted', { level: 'LOW', inventory: 10 }, 'Stock alert e-mailed to the shop: LOW (10 cans left)'],
    ['StockLevelRecovered', { level: 'OK', inventory: 24 }, 'Stock back to OK (24 cans): the next fall will be told again'],
  ])('%s %j reads “%s”', (type, data, summary) => {
    expect(describeProductEvent({ type, data })).toBe(summary);
  });

  it('keeps the changes of the beer and its alerts, oldest first, and leaves its sales and holds to the orders', () => {
    const event = (
      globalPosition: number,
      streamName: string,
      type: string,
      data: object,
      actor: 'admin' | 'system' | 'customer' = 'admin',
    ): RecordedEvent => ({
      id: `e${globalPosition}`,
      streamName,
      revision: globalPosition,
      globalPosition,
      type,
      data,
      metadata: { correlationId: 'c', causationId: null, actor, occurredAt: `2026-11-25T0${globalPosition}:00:00.000Z` },
    });
    const timeline = buildProductTimeline([
      event(3, 'stockalert-p1', 'StockLevelAlerted', { level: 'LOW', inventory: 9 }, 'system'),
      event(1, 'product-p1', 'StockCounted', { previous: 20, inventory: 13, reason: 'admin-edit' }),
      event(2, 'product-p1', 'StockSold', { orderId: '7', quantity: 4 }, 'customer'),
      event(4, 'product-p1', 'StockReserved', { orderId: '8', quantity: 4 }, 'customer'),
    ]);
    expect(timeline).toEqual([
      {
        at: '2026-11-25T01:00:00.000Z',
        type: 'StockCounted',
        summary: 'Stock set from 20 to 13 cans in the product form',
        actor: 'admin',
        stream: 'product-p1',
        revision: 1,
        position: 1,
      },
      {
        at: '2026-11-25T03:00:00.000Z',
        type: 'StockLevelAlerted',
        summary: 'Stock alert e-mailed to the shop: LOW (9 cans left)',
        actor: 'system',
        stream: 'stockalert-p1',
        revision: 3,
        position: 3,
      },
    ]);
  });
});
