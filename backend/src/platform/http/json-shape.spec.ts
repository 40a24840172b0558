import { JSON_SHAPE_LIMITS, jsonShapeProblem, type JsonShapeLimits } from './json-shape';

const { depth, keysPerObject, listItems, entries, textLength } = JSON_SHAPE_LIMITS;

/** The shape check of a value as a client sends it. */
const ofValue = (value: unknown, limits?: JsonShapeLimits) => jsonShapeProblem(JSON.stringify(value), limits);

const nestedObjects = (levels: number): string => `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
const nestedLists = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;

function objectOfKeys(n: number): Record<string, number> {
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 1]));
}

/**
 * An object holding exactly `n` keys and list items in all, no object or list past its own limit: its keys each hold
 * an object (or a list) of as many keys (or items) as the limit allows, the last one the rest.
 */
function ofEntries(n: number, holding: 'objects' | 'lists' = 'objects'): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (let left = n, i = 0; left > 0; i++) {
    const inside = Math.min(left - 1, holding === 'objects' ? keysPerObject : listItems);
    value[`o${i}`] = holding === 'objects' ? objectOfKeys(inside) : Array.from({ length: inside }, () => 0);
    left -= 1 + inside;
  }
  return value;
}

const tooDeep = { code: 'body_too_deep', message: `The request body is nested more than ${depth} levels deep` };
const tooManyKeys = { code: 'body_too_complex', message: 'The request body has an object of more than 200 keys' };
const tooLongList = { code: 'body_too_complex', message: 'The request body has a list of more than 500 items' };
const tooManyEntries = { code: 'body_too_complex', message: 'The request body holds more than 2,500 keys and list items in all' };
const tooLongText = { code: 'body_too_complex', message: 'The request body has a key or text longer than 200,000 characters' };

describe('jsonShapeProblem', () => {
  it.each<[string, unknown]>([
    ['a number', 1],
    ['null', null],
    ['an empty object', {}],
    ['a checkout body', { cartItems: [{ productId: 'p', quantity: 4 }], customerInfo: { name: 'Ada' } }],
    [`an object of exactly ${keysPerObject} keys`, objectOfKeys(keysPerObject)],
    [`a list of exactly ${listItems} items`, Array.from({ length: listItems }, (_, i) => i)],
    [`a list of exactly ${listItems} empty objects`, Array.from({ length: listItems }, () => ({}))],
    [`a text of exactly ${textLength} characters`, { emailContent: 'x'.repeat(textLength) }],
    [`a key of exactly ${textLength} characters`, { ['k'.repeat(textLength)]: 1 }],
    [`exactly ${entries} keys and list items in all`, ofEntries(entries)],
    [`exactly ${entries} keys and list items in all, in lists`, ofEntries(entries, 'lists')],
  ])('given %s, finds nothing wrong', (_, value) => {
    expect(ofValue(value)).toBeNull();
  });

  it('given exactly as deep as allowed, finds nothing wrong; one level more is too deep', () => {
    expect(jsonShapeProblem(nestedObjects(depth))).toBeNull();
    expect(jsonShapeProblem(nestedLists(depth))).toBeNull();
    expect(jsonShapeProblem(nestedObjects(depth + 1))).toEqual(tooDeep);
    expect(jsonShapeProblem(nestedLists(depth + 1))).toEqual(tooDeep);
  });

  // Outside the tables: Jest would print the values into the titles.
  it.each([
    ['100,000 nested lists', nestedLists(100_000)],
    ['20,000 nested objects', nestedObjects(20_000)],
  ])('given %s, finds them too deep', (_, text) => {
    expect(jsonShapeProblem(text)).toEqual(tooDeep);
  });

  it.each<[string, () => unknown, { code: string; message: string }]>([
    ['90,000 unknown keys in one object', () => objectOfKeys(90_000), tooManyKeys],
    [
      `an object of ${keysPerObject + 1} keys deep inside`,
      () => ({ cartItems: [{ extra: objectOfKeys(keysPerObject + 1) }] }),
      tooManyKeys,
    ],
    [`a list of ${listItems + 1} items`, () => ({ orderIds: Array.from({ length: listItems + 1 }, (_, i) => i) }), tooLongList],
    [`a list of ${listItems + 1} empty lists`, () => Array.from({ length: listItems + 1 }, () => []), tooLongList],
    [`${entries + 1} keys and list items in all`, () => ofEntries(entries + 1), tooManyEntries],
    [`${entries + 1} keys and list items in all, in lists`, () => ofEntries(entries + 1, 'lists'), tooManyEntries],
    ['30 lists of 100 empty objects', () => Array.from({ length: 30 }, () => Array.from({ length: 100 }, () => ({}))), tooManyEntries],
    [`a text of ${textLength + 1} characters`, () => ({ description: 'x'.repeat(textLength + 1) }), tooLongText],
    [`a text of ${textLength + 1} characters in a list`, () => ({ orderIds: ['1', 'x'.repeat(textLength + 1)] }), tooLongText],
    [`a key of ${textLength + 1} characters`, () => ({ ['k'.repeat(textLength + 1)]: 1 }), tooLongText],
  ])('given %s, says what is wrong', (_, value, problem) => {
    expect(ofValue(value())).toEqual(problem);
  });

  describe('reads the text as JSON', () => {
    const small: JsonShapeLimits = { depth: 2, keysPerObject: 2, listItems: 2, entries: 4, textLength: 3 };

    it('takes the limits it is given', () => {
      expect(ofValue({ a: [1, 2], b: 'abc' }, small)).toBeNull();
      expect(ofValue({ a: [[1]] }, small)).toEqual({
        code: 'body_too_deep',
        message: 'The request body is nested more than 2 levels deep',
      });
      expect(ofValue({ a: 1, b: 2, c: 3 }, small)).toMatchObject({ message: 'The request body has an object of more than 2 keys' });
      expect(ofValue({ a: [1, 2, 3] }, small)).toMatchObject({ message: 'The request body has a list of more than 2 items' });
      expect(ofValue({ a: [1, 2], b: [3, 4] }, small)).toMatchObject({
        message: 'The request body holds more than 4 keys and list items in all',
      });
      expect(ofValue({ a: 'abcd' }, small)).toMatchObject({ message: 'The request body has a key or text longer than 3 characters' });
    });

    it('counts nothing inside a text: braces, brackets, commas and escaped quotes are characters there', () => {
      expect(jsonShapeProblem('{"a":"[{,"}', small)).toBeNull();
      expect(jsonShapeProblem('{"a":"\\",,"}', small)).toBeNull();
      expect(jsonShapeProblem('["\\\\", ",", 1]', small)).toMatchObject({ message: 'The request body has a list of more than 2 items' });
    });

    it('counts characters as the parsed text holds them: an escape is one, a character beyond the first plane two', () => {
      expect(jsonShapeProblem('["\\u00e9\\n\\""]', small)).toBeNull();
      expect(jsonShapeProblem('["\\u00e9\\n\\"x"]', small)).toEqual(tooLongFor(small));
      expect(jsonShapeProblem('["é😀"]', small)).toBeNull();
      expect(jsonShapeProblem('["😀😀"]', small)).toEqual(tooLongFor(small));
    });

    it('reads spaced and indented JSON as the same JSON', () => {
      const value = { a: [1, null], c: 'xyz' };
      expect(jsonShapeProblem(JSON.stringify(value, null, 2), small)).toBeNull();
      expect(jsonShapeProblem(' \n{ "a" : [ 1 , 2 , 3 ] }\r\n', small)).toMatchObject({
        message: 'The request body has a list of more than 2 items',
      });
    });

    it('counts empty objects and lists as no keys or items', () => {
      expect(ofValue({ a: {}, b: [] }, small)).toBeNull();
      expect(ofValue([[], {}], { ...small, entries: 2 })).toBeNull();
    });
  });
});

function tooLongFor(limits: JsonShapeLimits) {
  return { code: 'body_too_complex', message: `The request body has a key or text longer than ${limits.textLength} characters` };
}
