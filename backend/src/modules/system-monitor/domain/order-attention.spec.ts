import { attentionIssues, type OrderUnderWatch } from './order-attention';

const paidMondayMorning: OrderUnderWatch = {
  status: 'paid',
  invoiceNumber: 'INV-000001',
  needsReview: false,
  reviewReasons: [],
  paidAt: '2026-11-23T01:00:00.000Z',
};
const tuesday = new Date('2026-11-24T02:00:00.000Z');
const thursday = new Date('2026-11-26T02:00:00.000Z');

describe('orders needing attention', () => {
  it.each<[string, Partial<OrderUnderWatch>, Date, string[]]>([
    ['a paid order before its dispatch day', {}, tuesday, []],
    [
      'a paid order after its dispatch day',
      {},
      thursday,
      ['Not dispatched on Wed 25 Nov (the first dispatch day after payment); still Paid'],
    ],
    [
      'a packed order after its dispatch day',
      { status: 'packed_awaiting_pickup' },
      thursday,
      ['Not dispatched on Wed 25 Nov (the first dispatch day after payment); still Packed - Awaiting Pickup'],
    ],
    ['a shipped order long after', { status: 'shipped' }, thursday, []],
    ['a delivered order long after', { status: 'delivered' }, thursday, []],
    ['a cancelled order', { status: 'cancelled', invoiceNumber: null }, thursday, []],
    ['a pending order', { status: 'pending', invoiceNumber: null, paidAt: null }, thursday, []],
    ['a paid order without an invoice number', { invoiceNumber: null }, tuesday, ['Paid but no invoice number was issued']],
    [
      'a shipped order without an invoice number',
      { status: 'shipped', invoiceNumber: null },
      tuesday,
      ['Shipped but no invoice number was issued'],
    ],
    [
      'an order flagged for review',
      { status: 'pending', needsReview: true, reviewReasons: ['Paid twice', 'Amount differs'], paidAt: null },
      tuesday,
      ['Needs review: Paid twice | Amount differs'],
    ],
    [
      'everything at once',
      { invoiceNumber: null, needsReview: true, reviewReasons: ['stock short'] },
      thursday,
      [
        'Needs review: stock short',
        'Paid but no invoice number was issued',
        'Not dispatched on Wed 25 Nov (the first dispatch day after payment); still Paid',
      ],
    ],
  ])('%s', (_, changes, now, issues) => {
    expect(attentionIssues({ ...paidMondayMorning, ...changes }, now)).toEqual(issues);
  });
});
