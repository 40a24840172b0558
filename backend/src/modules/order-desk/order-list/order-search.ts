import { orderNumberFrom } from '../../../shared-kernel/order-number';
import type { Filter, Sort } from '@brewery/eventstore';
import {
  FULFILMENT_METHODS,
  ORDER_STATUSES,
  isFulfilmentMethod,
  type FulfilmentMethod,
  type OrderStatus,
  addDays,
  isPerthDay,
  perthDayStart,
} from '@brewery/shop-rules';
import { OrderErrors, canonicalPhone, phoneSearchForms } from '../../orders';

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
 * by the day they were placed (Perth time), by fulfilment (posted, or collected on a Saturday), and by `q`, which
 * matches the order number, the customer's name, e-mail, phone (in any of its forms, `phone-number.ts`), street,
 * suburb, postcode, the tracking reference, the payment intent id or the invoice number; several words each match
 * somewhere (`smith subiaco`, `rokeby road 6008`). `exact`: the order whose number `q` is, to be listed first
 * (see `SearchOrdersHandler`).
 */
export function orderSearchQuery(search: OrderSearch): { filter: Filter; sort: Sort; skip: number; limit: number; exact: Filter | null } {
  const and: Filter[] = [{ hidden: false }];
  if (search.statuses.length > 0) and.push({ status: { $in: search.statuses } });
  if (search.from !== null) and.push({ createdAt: { $gte: perthDayStart(search.from) } });
  if (search.to !== null) and.push({ createdAt: { $lt: perthDayStart(addDays(search.to, 1)) } });
  if (search.fulfilment === 'pickup') and.push({ 'fulfilment.method': 'pickup' });
  if (search.fulfilment === 'delivery') and.push({ 'fulfilment.method': { $ne: 'pickup' } });
  if (search.pickupDate !== null) and.push({ pickupDate: search.pickupDate });
  if (search.q !== '') and.push(textMatches(search.q));
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
 * Everything a search box matches in one lower-case text, one field a line (the phone in its canonical form, and
 * the street's type in both its spellings): the read model keeps it beside the order, so a search tests one string
 * per order rather than eight fields (with 10,000 orders in memory, reading eight fields of every order is most of a
 * search's time). It is made from the order's events alone, so a rebuild from the log makes the same text.
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
    canonicalPhone(order.customerPhone),
    streetTypes(`${order.address.addressLine1} ${order.address.addressLine2 ?? ''}`),
  ]
    .join('\n')
    .toLowerCase();
}

/** Street types as Australia Post abbreviates them: a street is found by either spelling (Rokeby Road, Rokeby Rd). */
const STREET_TYPES: Readonly<Record<string, string>> = {
  avenue: 'ave',
  boulevard: 'bvd',
  circuit: 'cct',
  close: 'cl',
  court: 'ct',
  crescent: 'cres',
  drive: 'dr',
  esplanade: 'esp',
  grove: 'gr',
  highway: 'hwy',
  lane: 'ln',
  parade: 'pde',
  place: 'pl',
  road: 'rd',
  square: 'sq',
  street: 'st',
  terrace: 'tce',
};
const SPELLINGS = new Map(
  Object.entries(STREET_TYPES).flatMap(([long, short]) => [[long, `${short} ${long}`] as const, [short, `${short} ${long}`] as const]),
);

/** Both spellings of every street type in these address lines ('rd road' for "9 Rokeby Rd"), or ''. */
function streetTypes(lines: string): string {
  const words = lines.toLowerCase().split(/[^a-z]+/);
  return [...new Set(words.flatMap((word) => SPELLINGS.get(word) ?? []))].join(' ');
}

/**
 * What `q` asks of the text: a phone number, an order number or one word is looked for as a whole (the phone in
 * each of its forms); several words each somewhere in the order, in any order and any field.
 */
function textMatches(q: string): Filter {
  const phone = phoneSearchForms(q);
  const words = [
    ...new Set(
      q
        .toLowerCase()
        .split(/\s+/)
        .filter((word) => word !== ''),
    ),
  ];
  if (phone !== null || orderNumberFrom(q) !== null || words.length <= 1) return { $or: termMatches(q, phone) };
  return { $and: words.map((word) => ({ $or: termMatches(word, phoneSearchForms(word)) })) };
}

/** One term: in the order's text as typed, as its number, as a phone number; field by field on an order kept without text. */
function termMatches(term: string, phone: string[] | null): Filter[] {
  const matches: Filter[] = [{ searchText: { $regex: escapeRegex(term.toLowerCase()) } }];
  const number = orderNumberFrom(term);
  if (number !== null) matches.push({ number: Number(number) });
  for (const form of phone ?? []) matches.push({ searchText: { $regex: form } });
  // An order kept before the read model had its search text (MongoDB, until the next rebuild): field by field.
  matches.push({ searchText: { $exists: false }, $or: fieldMatches(term, phone) });
  return matches;
}

function fieldMatches(term: string, phone: string[] | null): Filter[] {
  const contains = { $regex: escapeRegex(term), $options: 'i' };
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
  // The phone as it was written: its digits with anything between them, the trunk 0 left out (it may be +61).
  for (const form of phone ?? []) {
    const digits = form.startsWith('0') ? form.slice(1) : form;
    matches.push({ customerPhone: { $regex: digits.split('').join('[\\s().+-]*') } });
  }
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
