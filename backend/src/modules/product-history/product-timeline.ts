import type { RecordedEvent } from '@brewery/eventstore';
import { PRODUCT_EVENT_TYPES } from '../catalog';
import type { TimelineEntry } from '../order-history';
import { STOCK_ALERT_EVENT_TYPES } from '../reporting';

/** One line of a beer's history, as the operator reads it: what changed, when, and who changed it. */
export type ProductTimelineEntry = TimelineEntry;

/** A checkout's hold and a sale belong to their order's history, not the beer's. */
const ORDER_STOCK_MOVES: ReadonlySet<string> = new Set(['StockReserved', 'StockReservationReleased', 'StockSold']);

/** The events a beer's history shows: what the operator (or the stock e-mail) changed, and its stock alerts. */
export const PRODUCT_HISTORY_EVENT_TYPES: ReadonlySet<string> = new Set([
  ...PRODUCT_EVENT_TYPES.filter((type) => !ORDER_STOCK_MOVES.has(type)),
  ...STOCK_ALERT_EVENT_TYPES,
]);

type Data = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const dollars = (value: unknown): string => (value === null || value === undefined || value === '' ? '—' : `$${Number(value).toFixed(2)}`);
/** An instant as the operator reads it: Perth time, "Sat 5 Dec 2026, 10:00 am". */
const perthTime = (value: unknown): string => {
  const at = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) return text(value);
  return new Date(at).toLocaleString('en-AU', {
    timeZone: 'Australia/Perth',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
};
const cans = (value: unknown): string => `${text(value)} ${value === 1 ? 'can' : 'cans'}`;

const DETAIL_NAMES: Readonly<Record<string, string>> = {
  name: 'name',
  style: 'style',
  description: 'description',
  abv: 'ABV',
  beerType: 'beer type',
  imageUrl: 'picture',
};

function detailChange(key: string, value: unknown): string {
  const name = DETAIL_NAMES[key] ?? key;
  if (key === 'abv') return `${name} ${text(value)}%`;
  if (key === 'description') return 'description rewritten';
  return `${name} “${text(value)}”`;
}

function prices(d: Data): string {
  const pack = (label: string, price: unknown, enabled: unknown) => `${label} ${enabled === false ? 'off' : dollars(price)}`;
  return [
    `single ${dollars(d.price)}`,
    pack('4-pack', d.price4Pack, d.enable4Pack),
    pack('8-pack', d.price8Pack, d.enable8Pack),
    pack('16-pack', d.price16Pack, d.enable16Pack),
  ].join(', ');
}

const STOCK_REASON: Readonly<Record<string, string>> = { 'admin-edit': 'in the product form', 'stock-email': 'from the stock e-mail' };

/** A sentence for each event a beer's history holds; any other falls back to its type in words. */
export function describeProductEvent(event: Pick<RecordedEvent, 'type' | 'data'>): string {
  const d = (event.data ?? {}) as Data;
  switch (event.type) {
    case 'ProductCreated':
      return `Created: ${text(d.name)}, ${text(d.style)}, ${text(d.abv)}% ABV; ${prices(d)}; stock ${cans(d.inventory)}; ${
        d.isActive === true ? 'Live in Shop' : 'Draft Mode'
      }${d.archived === true ? ', archived' : ''}${typeof d.releaseAt === 'string' ? `; releases ${perthTime(d.releaseAt)}` : ''}`;
    case 'ProductDetailsChanged':
      return `Details changed: ${Object.entries(d)
        .map(([key, value]) => detailChange(key, value))
        .join(', ')}`;
    case 'ProductPricesChanged':
      return `Prices changed: ${prices(d)}`;
    case 'ProductPublished':
      return 'Included in the shop (Live in Shop)';
    case 'ProductMovedToDraft':
      return 'Removed from the shop (Draft Mode)';
    case 'ProductArchived':
      return 'Archived';
    case 'ProductRestored':
      return 'Restored from the archive';
    case 'ProductDeleted':
      return 'Deleted';
    case 'ProductOrderLimitSet':
      return d.maxPerOrder === null ? 'Limit per order lifted' : `Limit per order set to ${cans(d.maxPerOrder)}`;
    case 'ProductReleaseScheduled':
      return d.previous === null || d.previous === undefined
        ? `Release scheduled for ${perthTime(d.releaseAt)}`
        : `Release moved from ${perthTime(d.previous)} to ${perthTime(d.releaseAt)}`;
    case 'ProductReleaseCancelled':
      return `Release of ${perthTime(d.previous)} cancelled: on sale whenever it is live`;
    case 'ProductReleased':
      return `Released: on sale from ${perthTime(d.releaseAt)}`;
    case 'ProductMembersFromSet':
      return d.membersFrom === null || d.membersFrom === undefined
        ? 'Early access for club members ended: members wait for the release'
        : `Club members may buy it from ${perthTime(d.membersFrom)}`;
    case 'StockCounted':
      return `Stock set from ${text(d.previous)} to ${cans(d.inventory)}${STOCK_REASON[text(d.reason)] ? ` ${STOCK_REASON[text(d.reason)]}` : ''}`;
    case 'StockLevelAlerted':
      return `Stock alert e-mailed to the shop: ${text(d.level)} (${cans(d.inventory)} left)`;
    case 'StockLevelRecovered':
      return `Stock back to ${text(d.level)} (${cans(d.inventory)}): the next fall will be told again`;
    default:
      return event.type.replace(/([a-z])([A-Z])/g, '$1 $2');
  }
}

/** A beer's history, oldest first: the events of its own stream and its alert stream that the history shows. */
export function buildProductTimeline(events: readonly RecordedEvent[]): ProductTimelineEntry[] {
  return events
    .filter((event) => PRODUCT_HISTORY_EVENT_TYPES.has(event.type))
    .sort((a, b) => a.globalPosition - b.globalPosition)
    .map((event) => ({
      at: event.metadata.occurredAt,
      type: event.type,
      summary: describeProductEvent(event),
      actor: event.metadata.actor,
      stream: event.streamName,
      revision: event.revision,
      position: event.globalPosition,
    }));
}
