import { MAX_ORDER_NUMBER, orderNumberFrom } from './order-number';
import { MAX_CONSIGNABLE_ORDER } from '../modules/shipping/domain/consignment-number';

describe('an order number from a route, a form, a search or an e-mail', () => {
  it.each([
    ['12', '12'],
    [12, '12'],
    [' 12 ', '12'],
    ['#12', '12'],
    ['0012', '12'],
    ['99999999', '99999999'],
  ] as const)('%j reads as order %s', (raw, expected) => {
    expect(orderNumberFrom(raw)).toBe(expected);
  });

  it.each([[''], ['0'], ['-1'], ['1.5'], [1.5], ['12a'], ['abc'], ['100000000'], [null], [undefined], [{}], [['12']], ['../12'], ['1e3']])(
    '%j is no order id',
    (raw) => {
      expect(orderNumberFrom(raw)).toBeNull();
    },
  );
});

it('every order number the shop gives can be put on a consignment', () => {
  expect(MAX_ORDER_NUMBER).toBeLessThanOrEqual(MAX_CONSIGNABLE_ORDER);
});
