import { callMiddleware } from './middleware-call.fixture';
import { JSON_SHAPE_LIMITS, jsonShapeLimit, jsonShapeProblem, type JsonShapeLimits } from './json-shape';

const { depth, keysPerObject, listItems, entries, textLength } = JSON_SHAPE_LIMITS;

function nestedObject(levels: number): unknown {
  return JSON.parse(`${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`);
}

function nestedArray(levels: number): unknown {
  return JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);
}

function objectOfKeys(n: number, prefix = 'k'): Record<string, number> {
  return Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, 1]));
}

const tooDeep = { code: 'body_too_deep', message: `The request body is nested more than ${depth} levels deep` };
const tooManyKeys = { code: 'body_too_complex', message: 'The request body has an object of more than 1,000 keys' };
const tooLongList = { code: 'body_too_complex', message: 'The request body has a list of more than 2,000 items' };
const tooManyEntries = { code: 'body_too_complex', message: 'The request body holds more than 20,000 keys and list items in all' };
const tooLongText = { code: 'body_too_complex', message: 'The request body has a text longer than 200,000 characters' };
const tooLongKey = { code: 'body_too_complex', message: 'The request body has a key longer than 200,000 characters' };

describe('jsonShapeProblem', () => {
  it.each<[string, unknown]>([
    ['a number', 1],
    ['null', null],
    ['an empty object', {}],
    ['a checkout body', { cartItems: [{ productId: 'p', quantity: 4 }], customerInfo: { name: 'Ada' } }],
    [`an object of exactly ${keysPerObject} keys`, objectOfKeys(keysPerObject)],
    [`a list of exactly ${listItems} items`, Array.from({ length: listItems }, (_, i) => i)],
    [`a text of exactly ${textLength} characters`, { emailContent: 'x'.repeat(textLength) }],
    [`a key of exactly ${textLength} characters`, { ['k'.repeat(textLength)]: 1 }],
    [
      `exactly ${entries} keys and list items in all`,
      // 20 keys holding 19 objects of 999 keys and a list of 999 items: 20 + 18,981 + 999.
      {
        ...Object.fromEntries(Array.from({ length: 19 }, (_, i) => [`o${i}`, objectOfKeys(999)])),
        list: Array.from({ length: 999 }, () => 0),
      },
    ],
  ])('given %s, finds nothing wrong', (_, value) => {
    expect(jsonShapeProblem(value)).toBeNull();
  });

  it('given exactly as deep as allowed, finds nothing wrong; one level more is too deep', () => {
    expect(jsonShapeProblem(nestedObject(depth))).toBeNull();
    expect(jsonShapeProblem(nestedObject(depth + 1))).toEqual(tooDeep);
    expect(jsonShapeProblem(nestedArray(depth + 1))).toEqual(tooDeep);
  });

  // Outside the tables: Jest would print the values into the titles.
  it('given 100,000 nested lists, refuses them without overflowing the stack', () => {
    expect(jsonShapeProblem(nestedArray(100_000))).toEqual(tooDeep);
  });

  it.each<[string, () => unknown, { code: string; message: string }]>([
    ['90,000 unknown keys in one object', () => objectOfKeys(90_000), tooManyKeys],
    [
      `an object of ${keysPerObject + 1} keys deep inside`,
      () => ({ cartItems: [{ extra: objectOfKeys(keysPerObject + 1) }] }),
      tooManyKeys,
    ],
    [`a list of ${listItems + 1} items`, () => ({ orderIds: Array.from({ length: listItems + 1 }, (_, i) => i) }), tooLongList],
    [
      `${entries + 1} keys and list items in all`,
      () => ({
        ...Object.fromEntries(Array.from({ length: 19 }, (_, i) => [`o${i}`, objectOfKeys(999)])),
        list: Array.from({ length: 1_000 }, () => 0),
      }),
      tooManyEntries,
    ],
    ['30 lists of 1,000 empty objects', () => Array.from({ length: 30 }, () => Array.from({ length: 1_000 }, () => ({}))), tooManyEntries],
    [`a text of ${textLength + 1} characters`, () => ({ description: 'x'.repeat(textLength + 1) }), tooLongText],
    [`a text of ${textLength + 1} characters in a list`, () => ({ orderIds: ['1', 'x'.repeat(textLength + 1)] }), tooLongText],
    [`a key of ${textLength + 1} characters`, () => ({ ['k'.repeat(textLength + 1)]: 1 }), tooLongKey],
  ])('given %s, says what is wrong', (_, value, problem) => {
    expect(jsonShapeProblem(value())).toEqual(problem);
  });

  it('takes other limits when given them', () => {
    const small: JsonShapeLimits = { depth: 2, keysPerObject: 2, listItems: 2, entries: 4, textLength: 3 };
    expect(jsonShapeProblem({ a: [1, 2], b: 'abc' }, small)).toBeNull();
    expect(jsonShapeProblem({ a: [[1]] }, small)).toEqual({
      code: 'body_too_deep',
      message: 'The request body is nested more than 2 levels deep',
    });
    expect(jsonShapeProblem({ a: 1, b: 2, c: 3 }, small)).toMatchObject({ message: 'The request body has an object of more than 2 keys' });
    expect(jsonShapeProblem({ a: [1, 2, 3] }, small)).toMatchObject({ message: 'The request body has a list of more than 2 items' });
    expect(jsonShapeProblem({ a: [1, 2], b: [3, 4] }, small)).toMatchObject({
      message: 'The request body holds more than 4 keys and list items in all',
    });
    expect(jsonShapeProblem({ a: 'abcd' }, small)).toMatchObject({ message: 'The request body has a text longer than 3 characters' });
  });
});

describe('jsonShapeLimit', () => {
  const run = (body: unknown) => callMiddleware(jsonShapeLimit, { body });

  it.each<[string, unknown]>([
    ['no body', undefined],
    ['a flat body', { password: 'x' }],
    [`a body exactly ${depth} levels deep`, nestedObject(depth)],
    [`a body of ${keysPerObject} keys`, objectOfKeys(keysPerObject)],
  ])('given %s, passes the request on', (_, body) => {
    const { res, next } = run(body);
    expect(next).toHaveBeenCalledTimes(1);
    expect(res.sent).toBeUndefined();
  });

  it.each<[string, () => unknown, { code: string; message: string }]>([
    [`${depth + 1} nested objects`, () => nestedObject(depth + 1), tooDeep],
    ['20,000 nested objects', () => nestedObject(20_000), tooDeep],
    ['60,000 nested arrays', () => nestedArray(60_000), tooDeep],
    ['90,000 unknown keys', () => objectOfKeys(90_000), tooManyKeys],
    ['a list of 100,000 numbers', () => Array.from({ length: 100_000 }, () => 1), tooLongList],
  ])('given %s, answers 400 with the code and stops the request', (_, body, problem) => {
    const { res, next } = run(body());
    expect(next).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(400);
    expect(res.sent).toEqual({ statusCode: 400, ...problem });
  });
});
