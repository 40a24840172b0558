import type { PlacedOrder } from '../../orders/domain/order.decider';
import { packingSlipOf, pickListCsv, pickListOf } from './pick-list';

type Line = [productId: string, productName: string, packSize: 'single' | '4pack' | '8pack' | '16pack', packs: number, cans: number];

const order = (orderId: string, lines: Line[]): PlacedOrder =>
  ({
    kind: 'placed',
    order: {
      orderId,
      placedAt: `2026-11-2${orderId.length}T01:00:00.000Z`,
      customer: { name: `Customer ${orderId}`, suburb: 'Nedlands', state: 'WA', postCode: '6009' },
      items: lines.map(([productId, productName, packSize, packs, quantity], index) => ({
        id: `${orderId}-${index + 1}`,
        productId,
        productName,
        packSize,
        packs,
        quantity,
      })),
    },
  }) as unknown as PlacedOrder;

describe('pick list', () => {
  it('given several orders, then it sums packs and cans per beer and pack size, by name then pack size', () => {
    const list = pickListOf([
      order('12', [
        ['swan', 'Swan Lager', '4pack', 2, 8],
        ['dune', 'Dune Dunkel', 'single', 3, 3],
      ]),
      order('13', [
        ['swan', 'Swan Lager', '16pack', 1, 16],
        ['swan', 'Swan Lager', '4pack', 1, 4],
      ]),
      order('14', [['dune', 'Dune Dunkel', 'single', 1, 1]]),
    ]);
    expect(list).toEqual({
      orderIds: ['12', '13', '14'],
      rows: [
        { productId: 'dune', productName: 'Dune Dunkel', packSize: 'single', packs: 4, cans: 4 },
        { productId: 'swan', productName: 'Swan Lager', packSize: '4pack', packs: 3, cans: 12 },
        { productId: 'swan', productName: 'Swan Lager', packSize: '16pack', packs: 1, cans: 16 },
      ],
      totalCans: 32,
      orders: [
        {
          orderId: '12',
          placedAt: '2026-11-22T01:00:00.000Z',
          customerName: 'Customer 12',
          destination: 'NEDLANDS WA 6009',
          rows: [
            { productId: 'dune', productName: 'Dune Dunkel', packSize: 'single', packs: 3, cans: 3 },
            { productId: 'swan', productName: 'Swan Lager', packSize: '4pack', packs: 2, cans: 8 },
          ],
          totalCans: 11,
        },
        expect.objectContaining({
          orderId: '13',
          rows: [
            { productId: 'swan', productName: 'Swan Lager', packSize: '4pack', packs: 1, cans: 4 },
            { productId: 'swan', productName: 'Swan Lager', packSize: '16pack', packs: 1, cans: 16 },
          ],
          totalCans: 20,
        }),
        expect.objectContaining({ orderId: '14', totalCans: 1 }),
      ],
    });
  });

  it('given one order, then its packing slip is that order’s pick list with whom and where it goes to', () => {
    const slip = packingSlipOf(order('9', [['swan', 'Swan Lager', '8pack', 2, 16]]));
    expect(slip).toEqual({
      orderId: '9',
      placedAt: '2026-11-21T01:00:00.000Z',
      customerName: 'Customer 9',
      destination: 'NEDLANDS WA 6009',
      rows: [{ productId: 'swan', productName: 'Swan Lager', packSize: '8pack', packs: 2, cans: 16 }],
      totalCans: 16,
    });
  });

  it('as CSV: a header, a row per beer and pack size (names that could be formulas kept as text), and the total', () => {
    const csv = pickListCsv(pickListOf([order('7', [['x', '=Dune, "Dark"', '8pack', 1, 8]])]));
    expect(csv).toBe('\uFEFFBeer,Pack size,Packs,Cans\r\n"\'=Dune, ""Dark""",8 Pack,1,8\r\nTotal for 1 order,,,8\r\n');
  });
});
