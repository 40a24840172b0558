import { SearchOrdersHandler, SearchOrdersQuery } from './search-orders.query';
import { MemoryDocumentStore } from '@brewery/eventstore';
import { DomainError } from '../../../shared-kernel/domain-error';
import type { OrderDoc } from './order-list.projection';
import { orderSearchQuery, orderSearchText, parseOrderSearch, type RawOrderSearch } from './order-search';

/** Only what a search reads; the rest of an order does not matter here. */
function order(number: number, fields: Partial<OrderDoc>): OrderDoc {
  return {
    _id: String(number),
    id: String(number),
    number,
    revision: 0,
    status: 'pending',
    customerName: `Customer ${number}`,
    customerEmail: `c${number}@example.com`,
    customerPhone: '0400 000 000',
    address: { addressLine1: '1 Hay St', addressLine2: null, suburb: 'Perth', postCode: '6000', state: 'WA' },
    trackingReference: null,
    paymentIntentId: `pi_test_${number}`,
    invoiceNumber: null,
    subtotalCents: 2200,
    shippingCents: 1000,
    totalCents: 3200,
    gstCents: 291,
    refundedCents: 0,
    items: [],
    refunds: [],
    createdAt: '2026-11-20T02:00:00.000Z',
    hidden: false,
    ...fields,
  } as OrderDoc;
}

const ORDERS = [
  order(1, { customerName: 'Ada Lovelace', createdAt: '2026-11-19T15:59:59.000Z', totalCents: 5200 }), // 19 Nov, 11:59 pm Perth
  order(2, { customerName: 'Grace Hopper', createdAt: '2026-11-19T16:00:00.000Z', status: 'paid', totalCents: 1200 }), // 20 Nov, midnight Perth
  order(3, {
    customerEmail: 'brewer@pub.example',
    customerPhone: '0412 345 678',
    address: { addressLine1: '9 Rokeby Rd', addressLine2: null, suburb: 'Subiaco', postCode: '6008', state: 'WA' },
    status: 'shipped',
    trackingReference: 'AP123456789',
    totalCents: 12800,
    // Collected at the cellar door
    fulfilment: { method: 'pickup', pickupDate: '2026-11-28' },
    pickupDate: '2026-11-28',
    createdAt: '2026-11-21T01:00:00.000Z',
  }),
  order(12, { customerName: 'Order Twelve', status: 'cancelled', createdAt: '2026-11-22T01:00:00.000Z', totalCents: 3200 }),
  order(13, { customerName: 'Deleted Dora', hidden: true, createdAt: '2026-11-22T02:00:00.000Z' }),
  order(21, { customerName: 'A (b) c.* d', paymentIntentId: 'pi_3QabcXYZ', createdAt: '2026-11-23T01:00:00.000Z', totalCents: 3200 }),
];

/**
 * The orders as the read model keeps them now, with their search text, or (`legacy`) as a MongoDB read model
 * kept them before it had one: a search finds the same orders either way.
 */
async function search(raw: RawOrderSearch, kept: 'current' | 'legacy' = 'current'): Promise<{ numbers: number[]; total: number }> {
  const store = new MemoryDocumentStore();
  const orders = store.collection<OrderDoc>('orders');
  for (const doc of ORDERS) await orders.replaceOne(kept === 'legacy' ? doc : { ...doc, searchText: orderSearchText(doc) });
  const { filter, sort, skip, limit } = orderSearchQuery(parseOrderSearch(raw));
  const [docs, total] = await Promise.all([orders.find(filter, { sort, skip, limit }), orders.count(filter)]);
  return { numbers: docs.map((doc) => doc.number), total };
}

describe('order search', () => {
  it.each<[string, RawOrderSearch, number[]]>([
    ['nothing asked: every listed order, newest first, hidden ones left out', {}, [21, 12, 3, 2, 1]],
    ['an order number', { q: '21' }, [21]],
    ['an order number with its hash', { q: '#3' }, [3]],
    ['digits that are a number and part of a tracking reference', { q: '12' }, [12, 3]],
    ['part of a name, any case', { q: 'lovelace' }, [1]],
    ['an e-mail address', { q: 'brewer@pub' }, [3]],
    ['a phone number typed without its spaces', { q: '0412345678' }, [3]],
    ['a phone number typed with other spaces', { q: '04 1234 5678' }, [3]],
    ['a suburb', { q: 'subiaco' }, [3]],
    ['a street', { q: 'rokeby rd' }, [3]],
    ['a postcode', { q: '6008' }, [3]],
    ['a tracking reference', { q: 'ap1234' }, [3]],
    ['a payment intent id', { q: 'pi_3Qabc' }, [21]],
    ['text with regular-expression characters, taken literally', { q: '(b) c.*' }, [21]],
    ['a hidden order is never found', { q: 'Dora' }, []],
    ['one status', { status: 'shipped' }, [3]],
    ['several statuses, repeated', { status: ['paid', 'cancelled'] }, [12, 2]],
    ['several statuses, comma-separated', { status: 'paid,shipped' }, [3, 2]],
    ['from a day, Perth time (midnight Perth is 4 pm UTC the day before)', { from: '2026-11-20' }, [21, 12, 3, 2]],
    ['to a day, inclusive, Perth time', { to: '2026-11-19' }, [1]],
    ['one day', { from: '2026-11-21', to: '2026-11-21' }, [3]],
    ['oldest first', { sort: 'createdAt' }, [1, 2, 3, 12, 21]],
    ['largest total first, ties by number', { sort: '-total' }, [3, 1, 21, 12, 2]],
    ['smallest total first, ties by number', { sort: 'total' }, [2, 12, 21, 1, 3]],
    ['filters together', { q: 'example.com', status: ['pending', 'paid'], sort: 'total' }, [2, 21, 1]],
    ['a line break, read as a space: two words, each found in its own field', { q: 'Subiaco\n6008' }, [3]],
    ['a word that is in no field, among words that are', { q: 'Subiaco 6000' }, []],
  ])('finds %s', async (_name, raw, expected) => {
    for (const kept of ['current', 'legacy'] as const) {
      const found = await search(raw, kept);
      expect([kept, found.numbers]).toEqual([kept, expected]);
      expect(found.total).toBe(expected.length);
    }
  });

  it('keeps what a search matches in one lower-case text, the phone in its canonical form, the street type spelt both ways', () => {
    expect(orderSearchText(ORDERS[2] as OrderDoc)).toBe(
      [
        'customer 3',
        'brewer@pub.example',
        '9 rokeby rd',
        '',
        'subiaco',
        '6008',
        'ap123456789',
        'pi_test_3',
        '',
        '0412345678',
        'rd road',
      ].join('\n'),
    );
    expect(orderSearchText({ ...(ORDERS[2] as OrderDoc), customerPhone: '+61 412 345 678' })).toContain('\n0412345678\n');
  });

  it('given a number that is an order and also in other orders, then that order heads the first page, and the pages still add up', async () => {
    const store = new MemoryDocumentStore();
    const orders = store.collection<OrderDoc>('orders');
    for (const doc of ORDERS) await orders.replaceOne({ ...doc, searchText: orderSearchText(doc) });
    const handler = new SearchOrdersHandler(store);
    const numbers = async (raw: RawOrderSearch) => {
      const page = await handler.execute(new SearchOrdersQuery(raw));
      return { numbers: page.items.map((item) => Number(item.id)), total: page.total };
    };
    // "2" is also in #12, #21 and #3's phone: #2 comes first, then the others newest first (or oldest first).
    expect(await numbers({ q: '2' })).toEqual({ numbers: [2, 21, 12, 3], total: 4 });
    expect(await numbers({ q: '2', sort: 'createdAt' })).toEqual({ numbers: [2, 3, 12, 21], total: 4 });
    // Nothing else asked: as before.
    expect(await numbers({})).toEqual({ numbers: [21, 12, 3, 2, 1], total: 5 });
  });

  it.each<[string, RawOrderSearch, number[]]>([
    ['collected at the cellar door', { fulfilment: 'pickup' }, [3]],
    ['posted (orders kept before pickups included)', { fulfilment: 'delivery' }, [21, 12, 2, 1]],
    ["one Saturday's pickups", { pickupDate: '2026-11-28' }, [3]],
    ['another Saturday', { pickupDate: '2026-12-05' }, []],
  ])('given orders posted and collected, a search for those %s finds them', async (_, raw, numbers) => {
    expect((await search(raw)).numbers).toEqual(numbers);
  });

  it('pages through the matches and counts them all', async () => {
    expect(await search({ pageSize: '25', page: '1' })).toEqual({ numbers: [21, 12, 3, 2, 1], total: 5 });
    expect(await search({ pageSize: '25', page: '2' })).toEqual({ numbers: [], total: 5 });
    expect(orderSearchQuery(parseOrderSearch({ page: '3', pageSize: '50' }))).toMatchObject({ skip: 100, limit: 50 });
  });

  it.each<[string, RawOrderSearch, string]>([
    ['an unknown status', { status: 'lost' }, 'status must be one of pending, paid, packed_awaiting_pickup, shipped, delivered, cancelled'],
    ['a date in another format', { from: '20/11/2026' }, 'from must be a date as YYYY-MM-DD (Perth time)'],
    ['a day that does not exist', { to: '2026-02-30' }, 'to must be a date as YYYY-MM-DD (Perth time)'],
    ['a month that does not exist', { to: '2026-13-01' }, 'to must be a date as YYYY-MM-DD (Perth time)'],
    ['from after to', { from: '2026-11-22', to: '2026-11-21' }, 'from must not be after to'],
    ['another sort', { sort: 'name' }, 'sort must be one of createdAt, -createdAt, total, -total'],
    ['another fulfilment', { fulfilment: 'drone' }, 'fulfilment must be one of delivery, pickup'],
    ['a pickup day in another format', { pickupDate: '5/12/2026' }, 'pickupDate must be a date as YYYY-MM-DD (Perth time)'],
    ['page 0', { page: '0' }, 'page must be 1 or more'],
    ['a page that is not a number', { page: 'two' }, 'page must be a whole number'],
    ['another page size', { pageSize: '10' }, 'pageSize must be one of 25, 50, 100'],
    ['q given twice', { q: ['a', 'b'] }, 'q must be given once'],
    ['a q longer than 100 characters', { q: 'x'.repeat(101) }, 'q must be at most 100 characters'],
    ['a status that is not text', { status: { $ne: 'x' } }, 'status must be text'],
  ])('refuses %s, saying what to send', (_name, raw, message) => {
    const attempt = () => parseOrderSearch(raw);
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(message);
  });
});

describe('order search as people type', () => {
  /** Customers with one surname, in suburbs and streets of their own, their phones written each their own way. */
  const SMITHS = [
    order(101, {
      customerName: 'Jo Smith',
      customerPhone: '+61 428 975 371',
      address: { addressLine1: '12 Rokeby Road', addressLine2: null, suburb: 'Subiaco', postCode: '6008', state: 'WA' },
      createdAt: '2026-11-20T01:00:00.000Z',
    }),
    order(102, {
      customerName: 'Sam Smith',
      customerPhone: '0428 111 222',
      address: { addressLine1: '3 Hay St', addressLine2: 'Unit 4', suburb: 'Perth', postCode: '6000', state: 'WA' },
      createdAt: '2026-11-21T01:00:00.000Z',
    }),
    order(103, {
      customerName: 'Alex Smith',
      customerPhone: '(08) 9321 1234',
      address: { addressLine1: '7 South Tce', addressLine2: null, suburb: 'Fremantle', postCode: '6160', state: 'WA' },
      createdAt: '2026-11-22T01:00:00.000Z',
    }),
    order(104, {
      customerName: 'Kim Nguyen',
      customerPhone: '61 8 9444 5555',
      address: { addressLine1: '1 Beaufort Street', addressLine2: null, suburb: 'Mount Lawley', postCode: '6050', state: 'WA' },
      createdAt: '2026-11-23T01:00:00.000Z',
    }),
  ];

  async function find(raw: RawOrderSearch, kept: 'current' | 'legacy' = 'current'): Promise<number[]> {
    const store = new MemoryDocumentStore();
    const orders = store.collection<OrderDoc>('orders');
    for (const doc of SMITHS) await orders.replaceOne(kept === 'legacy' ? doc : { ...doc, searchText: orderSearchText(doc) });
    const { filter, sort } = orderSearchQuery(parseOrderSearch(raw));
    return (await orders.find(filter, { sort })).map((doc) => doc.number);
  }

  it.each<[string, string, number[]]>([
    ['a mobile written +61, typed as shown', '+61 428 975 371', [101]],
    ['a mobile written +61, typed with its 0', '0428 975 371', [101]],
    ['a mobile written +61, typed 61 without the +', '61 428 975 371', [101]],
    ['a mobile written +61, typed without its 0', '428 975 371', [101]],
    ['a mobile written +61, typed with dashes', '0428-975-371', [101]],
    ['a mobile written +61, typed with dots', '0428.975.371', [101]],
    ['a mobile written with its 0, typed +61', '+61 428 111 222', [102]],
    ['a mobile written with its 0, typed 61', '61428111222', [102]],
    ['the start of two mobiles, newest first', '0428', [102, 101]],
    ['the start of a mobile, typed +61', '+61 428 9', [101]],
    ['the end of a mobile', '975 371', [101]],
    ['a landline written (08), typed +61', '+61 8 9321 1234', [103]],
    ['a landline written (08), typed 08 with spaces', '08 9321 1234', [103]],
    ['a landline written (08), typed without its area code', '9321 1234', [103]],
    ['a landline written 61 8, typed (08)', '(08) 9444 5555', [104]],
    ['a surname and a suburb', 'smith subiaco', [101]],
    ['a suburb and a surname, any case, either order', 'FREMANTLE Smith', [103]],
    ['a surname and a postcode', 'smith 6000', [102]],
    ['a street and its suburb', 'rokeby subiaco', [101]],
    ['a street typed with its type in full, kept abbreviated', 'south terrace', [103]],
    ['a street typed with its type abbreviated, kept in full', 'rokeby rd', [101]],
    ['a street by its type alone, either spelling', 'street', [104, 102]],
    ['a suburb of two words', 'mount lawley', [104]],
    ['the second address line', 'unit 4', [102]],
    ['a surname in a suburb where it is not', 'smith perth 6008', []],
  ])('finds %s (%s)', async (_name, q, numbers) => {
    expect(await find({ q })).toEqual(numbers);
  });

  it.each<[string, string, number[]]>([
    ['a phone typed +61', '+61 428 975 371', [101]],
    ['a phone typed with its 0', '0428 975 371', [101]],
    ['a landline typed +61', '+61 8 9321 1234', [103]],
    ['a surname and a suburb', 'smith subiaco', [101]],
  ])('on an order kept before it had its search text, still finds %s', async (_name, q, numbers) => {
    expect(await find({ q }, 'legacy')).toEqual(numbers);
  });

  it('narrows a common surname by day (Perth time) and by fulfilment', async () => {
    expect(await find({ q: 'smith' })).toEqual([103, 102, 101]);
    expect(await find({ q: 'smith', from: '2026-11-21', to: '2026-11-21' })).toEqual([102]);
    expect(await find({ q: 'smith', to: '2026-11-20' })).toEqual([101]);
    expect(await find({ q: 'smith', fulfilment: 'pickup' })).toEqual([]);
    expect(await find({ q: 'smith', fulfilment: 'delivery', from: '2026-11-22' })).toEqual([103]);
  });
});
