import { parcelWeightKg } from './parcel-weight';

describe('parcel weight', () => {
  it.each([
    [1, 0.55],
    [4, 2.2],
    [8, 4.4],
    [16, 8.8],
    [20, 11],
    [28, 15.4],
    [192, 105.6],
  ])('%i cans weigh about %p kg', (cans, kg) => {
    expect(parcelWeightKg(cans)).toBe(kg);
  });

  it.each([[0], [-4], [2.5]])('refuses %p cans', (cans) => {
    expect(() => parcelWeightKg(cans)).toThrow('at least one can');
  });
});
