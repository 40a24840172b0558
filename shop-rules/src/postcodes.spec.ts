import { SHIPPING_STATES, type ShippingState } from './catalog.types';
import { isPerthMetroPostcode, postcodeBelongsToState } from './postcodes';

describe('isPerthMetroPostcode', () => {
  it.each([
    ['5999', false],
    ['6000', true],
    ['6100', true],
    ['6214', true],
    ['6215', false],
    ['6500', false],
    ['6799', false],
    ['6800', true],
    ['6997', true],
    ['6998', false],
    ['2000', false],
    [' 6000 ', true],
    ['600', false],
    ['60000', false],
    ['6O00', false],
    ['6000a', false],
    ['', false],
  ])('given %p, Perth metro is %p', (postCode, expected) => {
    expect(isPerthMetroPostcode(postCode)).toBe(expected);
  });
});

describe('postcodeBelongsToState', () => {
  // Each range edge from Australia Post's list and the code just outside it; null: no state.
  const cases: [string, ShippingState | null][] = [
    ['0199', null],
    ['0200', 'ACT'],
    ['0299', 'ACT'],
    ['0300', null],
    ['0799', null],
    ['0800', 'NT'],
    ['0999', 'NT'],
    ['1000', 'NSW'],
    ['1999', 'NSW'],
    ['2000', 'NSW'],
    ['2599', 'NSW'],
    ['2600', 'ACT'],
    ['2618', 'ACT'],
    ['2619', 'NSW'],
    ['2899', 'NSW'],
    ['2900', 'ACT'],
    ['2920', 'ACT'],
    ['2921', 'NSW'],
    ['2999', 'NSW'],
    ['3000', 'VIC'],
    ['3999', 'VIC'],
    ['4000', 'QLD'],
    ['4999', 'QLD'],
    ['5000', 'SA'],
    ['5999', 'SA'],
    ['6000', 'WA'],
    ['6999', 'WA'],
    ['7000', 'TAS'],
    ['7999', 'TAS'],
    ['8000', 'VIC'],
    ['8999', 'VIC'],
    ['9000', 'QLD'],
    ['9999', 'QLD'],
    ['800', null],
    ['08000', null],
    ['abcd', null],
  ];

  it.each(cases.flatMap(([postCode, owner]) => SHIPPING_STATES.map((state) => [postCode, state, state === owner] as const)))(
    'given %p and %p, it belongs: %p',
    (postCode, state, expected) => {
      expect(postcodeBelongsToState(postCode, state)).toBe(expected);
    },
  );

  it('given every four-digit code, no code belongs to two states', () => {
    const codes = Array.from({ length: 10000 }, (_, n) => String(n).padStart(4, '0'));
    const shared = codes.filter((code) => SHIPPING_STATES.filter((s) => postcodeBelongsToState(code, s)).length > 1);
    expect(shared).toEqual([]);
  });
});
