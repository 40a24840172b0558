import { aProduct } from './catalog.fixture';
import type { PackSize, Product } from './catalog.types';
import { priceCartLine, summariseOrder } from './order-pricing';
import { UnsupportedShippingStateError } from './shipping';
import { InvalidQuantityError } from './shop-rule.error';

describe('priceCartLine', () => {
  it.each<[string, Partial<Product>, PackSize, number, number, number, number]>([
    ['3 single cans', {}, 'single', 3, 650, 1950, 3],
    ['two 4-packs', {}, '4pack', 8, 2400, 4800, 2],
    ['one 8-pack', {}, '8pack', 8, 4600, 4600, 1],
    ['three 16-packs', {}, '16pack', 48, 8800, 26400, 3],
    ['a 4-pack without its own price', { price4Pack: null }, '4pack', 4, 2600, 2600, 1],
    ['two 16-packs without their own price', { price: '5.25', price16Pack: null }, '16pack', 32, 8400, 16800, 2],
  ])('given %s, prices the unit at %p cents', (_case, overrides, packSize, cans, unit, total, units) => {
    expect(priceCartLine(aProduct(overrides), packSize, cans)).toEqual({
      unitPriceCents: unit,
      lineTotalCents: total,
      packs: units,
    });
  });

  it.each<[PackSize, number]>([
    ['4pack', 6],
    ['8pack', 4],
    ['16pack', 8],
    ['single', 0],
    ['single', -1],
    ['single', 1.5],
    ['4pack', 0],
  ])('given a %p line of %p cans, refuses it', (packSize, cans) => {
    expect(() => priceCartLine(aProduct(), packSize, cans)).toThrow(InvalidQuantityError);
  });
});

describe('summariseOrder', () => {
  const stout = aProduct({ id: 'stout', name: 'Stout', price: '7.00', price8Pack: '50.00' });

  it('given a pickup on a Saturday, charges no shipping whatever the address, and says when to collect', () => {
    const summary = summariseOrder({
      lines: [{ product: stout, packSize: '8pack', quantity: 8 }],
      state: 'TAS',
      postCode: '7000',
      pickupDate: '2026-12-05',
    });
    expect({ shippingCents: summary.shippingCents, totalCents: summary.totalCents, shipping: summary.shipping }).toEqual({
      shippingCents: 0,
      totalCents: 5000,
      shipping: { cost: 0, estimatedDelivery: 'Saturday 5 December, 10am-4pm', isPerthMetro: true },
    });
  });

  it('given a 12-can order to Perth metro, totals the lines with $10 shipping and the GST inside', () => {
    const summary = summariseOrder({
      lines: [
        { product: aProduct(), packSize: '4pack', quantity: 4 },
        { product: stout, packSize: '8pack', quantity: 8 },
      ],
      state: 'WA',
      postCode: '6000',
    });
    expect(summary).toEqual({
      lines: [
        {
          productId: 'hazy-ipa',
          name: 'Hazy IPA',
          packSize: '4pack',
          quantity: 4,
          unitPriceCents: 2400,
          lineTotalCents: 2400,
          packs: 1,
        },
        {
          productId: 'stout',
          name: 'Stout',
          packSize: '8pack',
          quantity: 8,
          unitPriceCents: 5000,
          lineTotalCents: 5000,
          packs: 1,
        },
      ],
      subtotalCents: 7400,
      shippingCents: 1000,
      totalCents: 8400,
      gstCents: 764,
      totalCans: 12,
      shipping: { cost: 10, estimatedDelivery: '3-5 business days', isPerthMetro: true },
      pack: { totalCans: 12, isValid: false, nextTarget: 16, needed: 4, previousTarget: 8, excess: 4 },
    });
  });

  it('given a valid 20-can order to Sydney, ships at two boxes', () => {
    const summary = summariseOrder({
      lines: [
        { product: aProduct(), packSize: '16pack', quantity: 16 },
        { product: stout, packSize: 'single', quantity: 4 },
      ],
      state: 'NSW',
      postCode: '2000',
    });
    expect(summary.subtotalCents).toBe(8800 + 2800);
    expect(summary.shippingCents).toBe(3000);
    expect(summary.totalCents).toBe(14600);
    expect(summary.gstCents).toBe(1327);
    expect(summary.pack.isValid).toBe(true);
    expect(summary.shipping).toEqual({
      cost: 30,
      estimatedDelivery: '7-10 business days',
      isPerthMetro: false,
    });
  });

  it('given an unsupported state, refuses with the spec message', () => {
    expect(() =>
      summariseOrder({
        lines: [{ product: aProduct(), packSize: 'single', quantity: 4 }],
        state: 'NZ',
        postCode: '1010',
      }),
    ).toThrow(new UnsupportedShippingStateError('NZ'));
  });

  it('given a line that is not whole packs, refuses the order', () => {
    expect(() =>
      summariseOrder({
        lines: [{ product: aProduct(), packSize: '8pack', quantity: 4 }],
        state: 'VIC',
        postCode: '3000',
      }),
    ).toThrow(InvalidQuantityError);
  });
});
