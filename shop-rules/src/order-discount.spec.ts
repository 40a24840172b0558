import { beerDiscountCents, discountAmountText, discountLabel, orderDiscountView } from './order-discount';
import { linesAsPaid } from './discount-codes';

describe("an order's discount as its papers and pages show it", () => {
  const tenPercent = { code: 'CLUB10', kind: 'percent' as const, cents: 480, description: '10% off' };

  it('labels the line with the code and the offer in words', () => {
    expect(discountLabel(tenPercent)).toBe('Discount (CLUB10, 10% off)');
    expect(discountLabel({ code: 'SHIPFREE', description: 'Free shipping' })).toBe('Discount (SHIPFREE, Free shipping)');
  });

  it('writes what it took off as money taken away', () => {
    expect(discountAmountText(480)).toBe('-$4.80');
    expect(discountAmountText(-480)).toBe('-$4.80');
    expect(discountAmountText(0)).toBe('$0.00');
  });

  it('answers the discount in dollars, and null for an order without one (orders placed before codes too)', () => {
    expect(orderDiscountView(tenPercent)).toEqual({ code: 'CLUB10', kind: 'percent', description: '10% off', amount: '4.80' });
    expect(orderDiscountView(undefined)).toBeNull();
    expect(orderDiscountView(null)).toBeNull();
  });

  it.each([
    { given: 'a percentage off the beers', discount: tenPercent, beer: 480 },
    { given: 'dollars off the beers', discount: { kind: 'amount' as const, cents: 500 }, beer: 500 },
    { given: 'free shipping (off the shipping only)', discount: { kind: 'free_shipping' as const, cents: 1000 }, beer: 0 },
    { given: 'no discount', discount: undefined, beer: 0 },
  ])('given $given, then $beer cents came off the beer', ({ discount, beer }) => {
    expect(beerDiscountCents(discount)).toBe(beer);
  });
});

describe('lines at what was paid for them (linesAsPaid)', () => {
  const lines = [
    { productId: 'a', lineTotalCents: 2200 },
    { productId: 'b', lineTotalCents: 1000 },
    { productId: 'c', lineTotalCents: 333 },
  ];
  const off = (cents: number, kind: 'percent' | 'amount' | 'free_shipping' = 'percent', productIds?: string[]) => ({
    code: 'X',
    kind,
    cents,
    description: '',
    ...(productIds === undefined ? {} : { productIds }),
  });
  const totals = (list: readonly { lineTotalCents: number }[]) => list.map((line) => line.lineTotalCents);

  it.each([
    ['no code', null, [2200, 1000, 333]],
    ['free shipping (off the shipping only)', off(1500, 'free_shipping'), [2200, 1000, 333]],
    ['$10.00 over $35.33 of beers: shared by price, what is left over off the last', off(1000), [2200 - 622, 1000 - 283, 333 - 95]],
    ['$5.00 off beer b only', off(500, 'amount', ['b']), [2200, 500, 333]],
    ['$5.00 off beers a and c', off(500, 'amount', ['a', 'c']), [2200 - 434, 1000, 333 - 66]],
  ] as const)('%s', (_, discount, expected) => {
    const paid = linesAsPaid(lines, discount);
    expect(totals(paid)).toEqual(expected);
    const full = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
    const beerOff = discount === null || discount.kind === 'free_shipping' ? 0 : discount.cents;
    expect(totals(paid).reduce((sum, cents) => sum + cents, 0)).toBe(full - beerOff);
  });
});
