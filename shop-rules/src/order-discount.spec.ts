import { beerDiscountCents, discountAmountText, discountLabel, orderDiscountView } from './order-discount';

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
