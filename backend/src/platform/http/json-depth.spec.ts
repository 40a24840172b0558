import { callMiddleware } from './middleware-call.fixture';
import { jsonDepth, jsonDepthLimit, MAX_JSON_DEPTH } from './json-depth';

function nestedObject(levels: number): unknown {
  return JSON.parse(`${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`);
}

function nestedArray(levels: number): unknown {
  return JSON.parse(`${'['.repeat(levels)}${']'.repeat(levels)}`);
}

describe('jsonDepth', () => {
  it.each<[string, number, unknown]>([
    ['a number', 0, 1],
    ['null', 0, null],
    ['a string', 0, 'x'],
    ['an empty object', 1, {}],
    ['a checkout body', 3, { cartItems: [{ productId: 'p', quantity: 4 }], customerInfo: { name: 'Ada' } }],
    ['an array of arrays', 3, [[1], [[2]]]],
    ['40 nested objects', 40, nestedObject(40)],
  ])('given %s, counts %i levels', (_, expected, value) => {
    expect(jsonDepth(value)).toBe(expected);
  });

  // Outside the table: Jest would print the value into the title, recursively.
  it('given 100,000 nested arrays, counts them without overflowing the stack', () => {
    expect(jsonDepth(nestedArray(100_000))).toBe(100_000);
  });

  it('stops counting once past the limit', () => {
    expect(jsonDepth(nestedArray(100_000), 5)).toBe(6);
  });
});

describe('jsonDepthLimit', () => {
  const run = (body: unknown) => callMiddleware(jsonDepthLimit, { body });

  it.each<[string, unknown]>([
    ['no body', undefined],
    ['a flat body', { password: 'x' }],
    [`a body exactly ${MAX_JSON_DEPTH} levels deep`, nestedObject(MAX_JSON_DEPTH)],
  ])('given %s, passes the request on', (_, body) => {
    const { res, next } = run(body);
    expect(next).toHaveBeenCalledTimes(1);
    expect(res.sent).toBeUndefined();
  });

  it.each<[string, () => unknown]>([
    [`${MAX_JSON_DEPTH + 1} nested objects`, () => nestedObject(MAX_JSON_DEPTH + 1)],
    ['20,000 nested objects', () => nestedObject(20_000)],
    ['60,000 nested arrays', () => nestedArray(60_000)],
  ])('given %s, answers 400 and stops the request', (_, body) => {
    const { res, next } = run(body());
    expect(next).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(400);
    expect(res.sent).toEqual({
      statusCode: 400,
      message: `The request body is nested more than ${MAX_JSON_DEPTH} levels deep`,
      code: 'body_too_deep',
    });
  });
});
