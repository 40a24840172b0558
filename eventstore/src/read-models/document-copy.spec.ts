import { describe, expect, it } from '@jest/globals';
import { copyDocument } from './document-copy';

describe('copyDocument', () => {
  it('given nested data, when copied, then the copy is equal and shares no object with the original', () => {
    const original = {
      _id: 'o1',
      items: [{ productId: 'p-1', tags: ['a'] }],
      customer: { address: { postcode: '6000' } },
      at: new Date('2026-03-01T00:00:00Z'),
    };
    const copy = copyDocument(original);
    expect(copy).toEqual(original);
    expect(copy.items).not.toBe(original.items);
    expect(copy.items[0]).not.toBe(original.items[0]);
    expect(copy.items[0]?.tags).not.toBe(original.items[0]?.tags);
    expect(copy.customer.address).not.toBe(original.customer.address);
    expect(copy.at).not.toBe(original.at);
    expect(copy.at.getTime()).toBe(original.at.getTime());
  });

  it.each<[string, unknown]>([
    ['a string', 'Pale Ale 🍺'],
    ['a number', 6.5],
    ['a boolean', false],
    ['null', null],
    ['an empty object', {}],
    ['an empty array', []],
  ])('given %s, when copied, then it is equal', (_name, value) => {
    expect(copyDocument(value)).toEqual(value);
  });

  it('given object properties set to undefined, when copied, then they are dropped (as MongoDB stores them)', () => {
    const copy = copyDocument({ a: 1, b: undefined, nested: { c: undefined, d: 2 } });
    expect(Object.keys(copy)).toEqual(['a', 'nested']);
    expect(Object.keys(copy.nested)).toEqual(['d']);
  });

  it('given other structured values, when copied, then structuredClone copies them', () => {
    const original = { pattern: /^märzen/i, bytes: new Uint8Array([1, 2]), counts: new Map([['a', 1]]) };
    const copy = copyDocument(original);
    expect(copy).toEqual(original);
    expect(copy.bytes).not.toBe(original.bytes);
    expect(copy.counts).not.toBe(original.counts);
  });
});
