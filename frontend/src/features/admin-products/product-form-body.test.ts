import { describe, expect, it } from 'vitest';
import { productFixture } from '@/testing/product-fixture';
import type { ProductFormValues } from './product-form-body';
import {
  EMPTY_PRODUCT_FORM,
  isImageUrl,
  limitPerOrderError,
  membersFromError,
  productFormValues,
  productRequestBody,
  releaseAtError,
} from './product-form-body';

const filled: ProductFormValues = {
  ...EMPTY_PRODUCT_FORM,
  name: ' Swan River Stout ',
  style: 'Oatmeal Stout',
  description: 'Roasty and smooth.',
  abv: '5.8',
  price: '7.50',
  imageUrl: '/cans/swan-river-stout.svg',
};

describe('Add Product form defaults (spec section 5)', () => {
  it('starts with inventory 0, live in the shop, not archived, no beer type and every pack off', () => {
    expect(EMPTY_PRODUCT_FORM).toMatchObject({
      inventory: '0',
      isActive: true,
      archived: false,
      beerType: 'none',
      enable4Pack: false,
      enable8Pack: false,
      enable16Pack: false,
    });
  });
});

describe('request body', () => {
  it.each([
    { price4Pack: '', price8Pack: '  ', price16Pack: '88', expected: { price4Pack: null, price8Pack: null, price16Pack: '88' } },
    { price4Pack: '24.00', price8Pack: '', price16Pack: '', expected: { price4Pack: '24.00', price8Pack: null, price16Pack: null } },
  ])('sends empty pack prices as null: $expected', ({ price4Pack, price8Pack, price16Pack, expected }) => {
    expect(productRequestBody({ ...filled, price4Pack, price8Pack, price16Pack })).toMatchObject(expected);
  });

  it.each([
    { beerType: 'none' as const, expected: null },
    { beerType: 'Limited Release' as const, expected: 'Limited Release' },
  ])('beer type $beerType is sent as $expected', ({ beerType, expected }) => {
    expect(productRequestBody({ ...filled, beerType }).beerType).toBe(expected);
  });

  it('trims text, sends abv and inventory as numbers and keeps the price string with its cents', () => {
    expect(productRequestBody({ ...filled, inventory: '24' })).toEqual({
      name: 'Swan River Stout',
      style: 'Oatmeal Stout',
      description: 'Roasty and smooth.',
      abv: 5.8,
      price: '7.50',
      price4Pack: null,
      price8Pack: null,
      price16Pack: null,
      inventory: 24,
      maxPerOrder: null,
      imageUrl: '/cans/swan-river-stout.svg',
      enable4Pack: false,
      enable8Pack: false,
      enable16Pack: false,
      beerType: null,
      isActive: true,
      archived: false,
      releaseAt: null,
      membersFrom: null,
    });
  });

  it('an emptied inventory counts as 0 cans', () => {
    expect(productRequestBody({ ...filled, inventory: '' }).inventory).toBe(0);
  });

  it.each([
    { maxPerOrder: null, expected: null },
    { maxPerOrder: 4, expected: 4 },
  ])('editing a product and saving it unchanged sends back what it was (limit $maxPerOrder)', ({ maxPerOrder, expected }) => {
    const product = productFixture({ beerType: null, price8Pack: null, enable8Pack: false, archived: true, maxPerOrder });
    const { id: _id, ...fields } = product;
    // The fixture has no release (nor early access): the form sends "none" as null.
    expect(productRequestBody(productFormValues(product))).toEqual({ ...fields, releaseAt: null, membersFrom: null });
    expect(productRequestBody(productFormValues(product)).maxPerOrder).toBe(expected);
  });
});

describe('limit per order', () => {
  it.each([
    { typed: '', sent: null },
    { typed: '   ', sent: null },
    { typed: '4', sent: 4 },
    { typed: ' 192 ', sent: 192 },
  ])('"$typed" is sent as maxPerOrder $sent', ({ typed, sent }) => {
    expect(limitPerOrderError(typed)).toBeNull();
    expect(productRequestBody({ ...filled, maxPerOrder: typed }).maxPerOrder).toBe(sent);
  });

  it.each(['0', '1.5', '193', '-4', '4e1', 'four'])('"%s" is refused with a message', (typed) => {
    expect(limitPerOrderError(typed)).toBe('Limit per order must be a whole number of cans from 1 to 192, or empty for no limit');
  });

  it('starts empty on a new product, and empty for a product without a limit', () => {
    expect(EMPTY_PRODUCT_FORM.maxPerOrder).toBe('');
    expect(productFormValues(productFixture()).maxPerOrder).toBe('');
    expect(productFormValues(productFixture({ maxPerOrder: 12 })).maxPerOrder).toBe('12');
  });
});

describe('release at (Perth time)', () => {
  it.each([
    { typed: '', sent: null },
    { typed: '  ', sent: null },
    { typed: '2026-12-05T10:00', sent: '2026-12-05T02:00:00.000Z' },
    // Just after midnight in Perth is the evening before in UTC.
    { typed: '2026-12-05T00:30', sent: '2026-12-04T16:30:00.000Z' },
  ])('"$typed" is sent as releaseAt $sent', ({ typed, sent }) => {
    expect(releaseAtError(typed)).toBeNull();
    expect(productRequestBody({ ...filled, releaseAt: typed }).releaseAt).toBe(sent);
  });

  it.each(['5 Dec 10am', '2026-12-05', '2026-13-05T10:00'])('"%s" is refused with a message', (typed) => {
    expect(releaseAtError(typed)).toBe('Release at must be a date and a time, or empty to sell it as soon as it is live');
  });

  it('a stored release is shown in Perth time, and saved unchanged goes back as the same instant', () => {
    const product = productFixture({ releaseAt: '2026-12-05T02:00:00.000Z' });
    expect(productFormValues(product).releaseAt).toBe('2026-12-05T10:00');
    expect(productRequestBody(productFormValues(product)).releaseAt).toBe('2026-12-05T02:00:00.000Z');
  });

  it('starts empty on a new product, and empty for a product with no release', () => {
    expect(EMPTY_PRODUCT_FORM.releaseAt).toBe('');
    expect(productFormValues(productFixture({ releaseAt: null })).releaseAt).toBe('');
    expect(productFormValues(productFixture()).releaseAt).toBe('');
  });
});

describe('image URL', () => {
  it.each([
    { value: '/cans/quokka-pale-ale.svg', ok: true },
    { value: 'https://cdn.example.com/can.png', ok: true },
    { value: 'http://127.0.0.1:3000/cans/x.svg', ok: true },
    { value: '//evil.example/can.png', ok: false },
    { value: 'cans/x.svg', ok: false },
    { value: 'ftp://example.com/can.png', ok: false },
    { value: 'javascript:alert(1)', ok: false },
    { value: '/cans/with space.svg', ok: false },
  ])('"$value" is accepted: $ok', ({ value, ok }) => {
    expect(isImageUrl(value)).toBe(ok);
  });
});

describe('club members from (Perth time)', () => {
  const released = { ...filled, releaseAt: '2026-12-05T10:00' };

  it.each([
    { typed: '', sent: null },
    { typed: '  ', sent: null },
    { typed: '2026-12-03T10:00', sent: '2026-12-03T02:00:00.000Z' },
    // A minute before the release is still before it.
    { typed: '2026-12-05T09:59', sent: '2026-12-05T01:59:00.000Z' },
  ])('given a release, "$typed" is sent as membersFrom $sent, beside releaseAt, converted as it is', ({ typed, sent }) => {
    expect(membersFromError(typed, released.releaseAt)).toBeNull();
    expect(productRequestBody({ ...released, membersFrom: typed })).toMatchObject({
      releaseAt: '2026-12-05T02:00:00.000Z',
      membersFrom: sent,
    });
  });

  it.each(['2026-12-05T10:00', '2026-12-06T08:00'])('"%s", not before the release, is refused with a message', (typed) => {
    expect(membersFromError(typed, released.releaseAt)).toBe('Club members from must be before the release, or empty for no early access');
  });

  it.each(['3 Dec 10am', '2026-12-03'])('"%s" is refused as no date and time', (typed) => {
    expect(membersFromError(typed, released.releaseAt)).toBe('Club members from must be a date and a time, or empty for no early access');
  });

  it('given no release, a time left in the field is neither checked nor sent: there is no early access without a release', () => {
    expect(membersFromError('2026-12-03T10:00', '')).toBeNull();
    expect(productRequestBody({ ...filled, releaseAt: '', membersFrom: '2026-12-03T10:00' })).toMatchObject({
      releaseAt: null,
      membersFrom: null,
    });
  });

  it('a stored early access is shown in Perth time, and saved unchanged goes back as the same instant', () => {
    const product = productFixture({ releaseAt: '2026-12-05T02:00:00.000Z', membersFrom: '2026-12-03T02:00:00.000Z' });
    expect(productFormValues(product).membersFrom).toBe('2026-12-03T10:00');
    expect(productRequestBody(productFormValues(product)).membersFrom).toBe('2026-12-03T02:00:00.000Z');
  });

  it('starts empty on a new product, and empty for a product without early access', () => {
    expect(EMPTY_PRODUCT_FORM.membersFrom).toBe('');
    expect(productFormValues(productFixture({ releaseAt: '2026-12-05T02:00:00.000Z' })).membersFrom).toBe('');
    expect(productFormValues(productFixture({ membersFrom: null })).membersFrom).toBe('');
  });
});
