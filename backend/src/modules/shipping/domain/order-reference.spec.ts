import { orderIdFrom } from './order-reference';

describe('order id from a route or a form', () => {
  it.each([
    ['12', '12'],
    [12, '12'],
    [' 12 ', '12'],
    ['#12', '12'],
    ['0012', '12'],
    ['99999999', '99999999'],
  ] as const)('%j reads as order %s', (raw, expected) => {
    expect(orderIdFrom(raw)).toBe(expected);
  });

  it.each([[''], ['0'], ['-1'], ['1.5'], [1.5], ['12a'], ['abc'], ['100000000'], [null], [undefined], [{}], [['12']], ['../12'], ['1e3']])(
    '%j is no order id',
    (raw) => {
      expect(orderIdFrom(raw)).toBeNull();
    },
  );
});
