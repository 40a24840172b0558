import { packSizeLabel, pickupDayLabel, type PackSize, fulfilmentOf } from '@brewery/shop-rules';
import { csvFile } from '../../../shared-kernel/csv';
import type { PlacedOrder } from '../../orders';

/** One row of a pick list: how many of one beer in one pack size to pull for the orders chosen. */
export interface PickListRow {
  productId: string;
  productName: string;
  packSize: PackSize;
  /** Packs (cans for singles). */
  packs: number;
  cans: number;
}

export interface PickList {
  orderIds: string[];
  rows: PickListRow[];
  totalCans: number;
  /** What goes in each box: each order's own pick list, in the order given. */
  orders: PackingSlip[];
}

/** One order's box: its beers by pack size, the cans in it, and whom and where it goes to. */
export interface PackingSlip {
  orderId: string;
  placedAt: string;
  customerName: string;
  /** "SUBURB STATE POSTCODE", as the label prints it; for a pickup, "PICKUP SAT 5 DEC". */
  destination: string;
  /** Collected at the cellar door (handed over against photo ID) rather than posted. */
  pickup?: boolean;
  rows: PickListRow[];
  totalCans: number;
}

const PACK_ORDER: readonly PackSize[] = ['single', '4pack', '8pack', '16pack'];

/** Per beer (by name) and pack size, summed over the orders given. */
function rowsOf(orders: readonly PlacedOrder[]): PickListRow[] {
  const rows = new Map<string, PickListRow>();
  for (const order of orders) {
    for (const item of order.order.items) {
      const key = `${item.productId}\0${item.packSize}`;
      const row = rows.get(key) ?? { productId: item.productId, productName: item.productName, packSize: item.packSize, packs: 0, cans: 0 };
      rows.set(key, { ...row, packs: row.packs + item.packs, cans: row.cans + item.quantity });
    }
  }
  return [...rows.values()].sort(
    (a, b) => a.productName.localeCompare(b.productName, 'en') || PACK_ORDER.indexOf(a.packSize) - PACK_ORDER.indexOf(b.packSize),
  );
}

const cansOf = (rows: readonly PickListRow[]): number => rows.reduce((sum, row) => sum + row.cans, 0);

/** "SAT 5 DEC" for `2026-12-05`. */
function shortPickupDay(date: string): string {
  const [weekday = '', day = '', month = ''] = pickupDayLabel(date).split(' ');
  return `${weekday.slice(0, 3)} ${day} ${month.slice(0, 3)}`.toUpperCase();
}

/** What goes in one order's box. */
export function packingSlipOf(order: PlacedOrder): PackingSlip {
  const { customer } = order.order;
  const fulfilment = fulfilmentOf(order.order);
  const rows = rowsOf([order]);
  return {
    orderId: order.order.orderId,
    placedAt: order.order.placedAt,
    customerName: customer.name,
    // A pickup's box waits at the cellar door for its Saturday: short enough to read on the box ("PICKUP SAT 5 DEC").
    destination:
      fulfilment.method === 'pickup'
        ? `PICKUP ${shortPickupDay(fulfilment.pickupDate)}`
        : `${customer.suburb.toUpperCase()} ${customer.state} ${customer.postCode}`,
    ...(fulfilment.method === 'pickup' ? { pickup: true } : {}),
    rows,
    totalCans: cansOf(rows),
  };
}

/** What to pull from the cool room for these orders (per beer and pack size, summed), and what goes in each box. */
export function pickListOf(orders: readonly PlacedOrder[]): PickList {
  const rows = rowsOf(orders);
  return { orderIds: orders.map((o) => o.order.orderId), rows, totalCans: cansOf(rows), orders: orders.map(packingSlipOf) };
}

/** The pick list as CSV (RFC 4180, CRLF): beer, pack size, packs, cans, then the total. */
export function pickListCsv(list: PickList): string {
  return csvFile([
    ['Beer', 'Pack size', 'Packs', 'Cans'],
    ...list.rows.map((row) => [row.productName, packSizeLabel(row.packSize), row.packs, row.cans]),
    [`Total for ${list.orderIds.length} ${list.orderIds.length === 1 ? 'order' : 'orders'}`, '', '', list.totalCans],
  ]);
}
