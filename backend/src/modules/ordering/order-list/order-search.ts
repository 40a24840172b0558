import { orderNumberFrom } from '../../../shared-kernel/order-number';
import type { Filter, Sort } from '@brewery/eventstore';
import { FULFILMENT_METHODS, ORDER_STATUSES, isFulfilmentMethod, type FulfilmentMethod, type OrderStatus } from '@brewery/shop-rules';
import { addDays, isPerthDay, perthDayStart } from '../../reporting/domain/perth-calendar';
import { OrderErrors } from '../domain/order.errors';

export const ORDER_SEARCH_PAGE_SIZES = [25, 50, 100] as const;
export const ORDER_SEARCH_SORTS = ['createdAt', '-createdAt', 'total', '-total'] as const;
const MAX_QUERY_LENGTH = 100;

export type OrderSearchSort = (typeof ORDER_SEARCH_SORTS)[number];

/** `GET /api/admin/orders/search`, read and checked. */
export interface OrderSearch {
  q: string;
  statuses: OrderStatus[];
  /** First and last day, Perth time (`YYYY-MM-DD`), inclusive. */
  from: string | null;
  to: string | null;
  /** Posted or collected orders only (null: both). */
  fulfilment: FulfilmentMethod | null;
  /** The pickups of one Saturday (`YYYY-MM-DD`), or null. */
  pickupDate: string | null;
  sort: OrderSearchSort;
  page: number;
  pageSize: (typeof ORDER_SEARCH_PAGE_SIZES)[number];
}

/** The query string as Express hands it over: a repeated parameter is an array. */
export type RawOrderSearch = Record<string, unknown>;

/** Reads the query string; anything it cannot use is refused with a message saying what to send instead. */
export function parseOrderSearch(raw: RawOrderSearch): OrderSearch {
  const q = single(raw, 'q') ?? '';
  if (q.length > MAX_QUERY_LENGTH) throw OrderErrors.invalidSearch(`q must be at most ${MAX_QUERY_LENGTH} characters`);

  const statuses = many(raw, 'status')
    .flatMap((value) => value.split(','))
    .filter((value) => value !== '');
  const unknown = statuses.find((status) => !(ORDER_STATUSES as readonly string[]).includes(status));
  if (unknown !== undefined) throw OrderErrors.invalidSearch(`status must be one of ${ORDER_STATUSES.join(', ')} (got "${unknown}")`);

  const from = date(raw, 'from');
  const to = date(raw, 'to');
  if (from !== null && to !== null && from > to) throw OrderErrors.invalidSearch('from must not be after to');

  const fulfilment = single(raw, 'fulfilment') ?? null;
  if (fulfilment !== null && !isFulfilmentMethod(fulfilment))
    throw OrderErrors.invalidSearch(`fulfilment must be one of ${FULFILMENT_METHODS.join(', ')}`);
  const pickupDate = date(raw, 'pickupDate');

  const sort = single(raw, 'sort') ?? '-createdAt';
  if (!(ORDER_SEARCH_SORTS as readonly string[]).includes(sort))
    throw OrderErrors.invalidSearch(`sort must be one of ${ORDER_SEARCH_SORTS.join(', ')}`);

  const page = integer(raw, 'page') ?? 1;
  if (page < 1) throw OrderErrors.invalidSearch('page must be 1 or more');
  const pageSize = integer(raw, 'pageSize') ?? 25;
  if (!(ORDER_SEARCH_PAGE_SIZES as readonly number[]).includes(pageSize)) {
    throw OrderErrors.invalidSearch(`pageSize must be one of ${ORDER_SEARCH_PAGE_SIZES.join(', ')}`);
  }
  return {
    // A line break or other control character never belongs in a search (and would reach across fields).
    q: [...q]
      .map((char) => (char < ' ' || char === '\u007f' ? ' ' : char))
      .join('')
      .trim(),
    statuses: [...new Set(statuses)] as OrderStatus[],
    from,
    to,
    fulfilment,
    pickupDate,
    sort: sort as OrderSearchSort,
    page,
    pageSize: pageSize as OrderSearch['pageSize'],
  };
}

/**
 * The read-model query for a search: orders in the operator's lists (`hidden: false`), narrowed by status,
 * by the day they were placed (Perth time), by fulfilment (posted, or collected on a Saturday), and by `q`, which matches the order number, the customer's name,
 * e-mail, phone (whatever the spacing), street, suburb, postcode, the tracking reference or the payment intent
 * id. `exact`: the order whose number `q` is, to be listed first (see `SearchOrdersHandler`).
 */
export function orderSearchQuery(search: OrderSearch): { filter: Filter; sort: Sort; skip: number; limit: number; exact: Filter | null } {
  const and: Filter[] = [{ hidden: false }];
  if (search.statuses.length > 0) and.push({ status: { $in: search.statuses } });
  if (search.from !== null) and.push({ createdAt: { $gte: perthDayStart(search.from) } });
  if (search.to !== null) and.push({ createdAt: { $lt: perthDayStart(addDays(search.to, 1)) } });
  if (search.fulfilment === 'pickup') and.push({ 'fulfilment.method': 'pickup' });
  if (search.fulfilment === 'delivery') and.push({ 'fulfilment.method': { $ne: 'pickup' } });
  if (search.pickupDate !== null) and.push({ pickupDate: search.pickupDate });
  if (search.q !== '') and.push({ $or: textMatches(search.q) });
  const descending = search.sort.startsWith('-');
  const field = search.sort.replace('-', '') === 'total' ? 'totalCents' : 'createdAt';
  const direction = descending ? -1 : 1;
  const filter = and.length === 1 ? (and[0] as Filter) : { $and: and };
  const number = search.q === '' ? null : orderNumberFrom(search.q);
  return {
    filter,
    // The order number breaks ties, so a page boundary never falls between equal totals at random.
    sort: { [field]: direction, number: direction },
    skip: (search.page - 1) * search.pageSize,
    limit: search.pageSize,
    // "276" is first of all a search for order #276: when it matches, it heads the first page.
    exact: number === null ? null : { $and: [filter, { number: Number(number) }] },
  };
}

/** What an order is found by, as its read model keeps it. */
export interface SearchableOrder {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  address: { addressLine1: string; addressLine2: string | null; suburb: string; postCode: string };
  trackingReference: string | null;
  paymentIntentId: string | null;
  invoiceNumber: string | null;
}

/**
 * Everything a search box matches in one lower-case text, one field a line (the phone as its digits): the
 * read model keeps it beside the order, so a search tests one string per order rather than eight fields
 * (with 10,000 orders in memory, reading eight fields of every order is most of a search's time).
 */
export function orderSearchText(order: SearchableOrder): string {
  return [
    order.customerName,
    order.customerEmail,
    order.address.addressLine1,
    order.address.addressLine2 ?? '',
    order.address.suburb,
    order.address.postCode,
    order.trackingReference ?? '',
    order.paymentIntentId ?? '',
    order.invoiceNumber ?? '',
    order.customerPhone.replace(/\D/g, ''),
  ]
    .join('\n')
    .toLowerCase();
}

function textMatches(q: string): Filter[] {
  const matches: Filter[] = [{ searchText: { $regex: escapeRegex(q.toLowerCase()) } }];
  const number = orderNumberFrom(q);
  if (number !== null) matches.push({ number: Number(number) });
  const digits = q.replace(/[\s()+-]/g, '');
  // A phone number as typed, with or without its spaces: 0412 345 678 finds 0412345678, and the other way.
  if (/^\d{3,15}$/.test(digits) && digits !== q) matches.push({ searchText: { $regex: digits } });
  // An order kept before the read model had its search text (MongoDB, until the next rebuild): field by field.
  matches.push({ searchText: { $exists: false }, $or: fieldMatches(q) });
  return matches;
}

function fieldMatches(q: string): Filter[] {
  const contains = { $regex: escapeRegex(q), $options: 'i' };
  const matches: Filter[] = [
    { customerName: contains },
    { customerEmail: contains },
    { 'address.addressLine1': contains },
    { 'address.suburb': contains },
    { 'address.postCode': contains },
    { trackingReference: contains },
    { paymentIntentId: contains },
    { invoiceNumber: contains },
  ];
  const digits = q.replace(/[\s()+-]/g, '');
  if (/^\d{3,15}$/.test(digits)) matches.push({ customerPhone: { $regex: digits.split('').join('[\\s()+-]*') } });
  return matches;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function single(raw: RawOrderSearch, name: string): string | undefined {
  const value = raw[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw OrderErrors.invalidSearch(`${name} must be given once`);
  return value;
}

function many(raw: RawOrderSearch, name: string): string[] {
  const value = raw[name];
  if (value === undefined) return [];
  const values = Array.isArray(value) ? (value as unknown[]) : [value];
  if (!values.every((v): v is string => typeof v === 'string')) throw OrderErrors.invalidSearch(`${name} must be text`);
  return values;
}

function integer(raw: RawOrderSearch, name: string): number | undefined {
  const value = single(raw, name);
  if (value === undefined) return undefined;
  if (!/^\d{1,6}$/.test(value)) throw OrderErrors.invalidSearch(`${name} must be a whole number`);
  return Number(value);
}

function date(raw: RawOrderSearch, name: string): string | null {
  const value = single(raw, name);
  if (value === undefined || value === '') return null;
  // A day that does not exist (2026-02-30) is refused too.
  if (!isPerthDay(value)) throw OrderErrors.invalidSearch(`${name} must be a date as YYYY-MM-DD (Perth time)`);
  return value;
}
