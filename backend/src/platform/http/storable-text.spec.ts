import { callMiddleware } from './middleware-call.fixture';
import { containsUnstorableText, isUnstorableText, storableTextOnly } from './storable-text';

describe('isUnstorableText', () => {
  it.each<[string, string, boolean]>([
    ['plain text', 'Quokka Pale Ale', false],
    ['accents and emoji (whole surrogate pairs)', 'Brasserie Dupont 🍺 café', false],
    ['line breaks and tabs', 'UPDATE STOCK\n\tKolsch: 48', false],
    ['a NUL', 'pi_\u0000', true],
    ['a lone high surrogate', 'abc\ud83c', true],
    ['a lone low surrogate', '\udfffabc', true],
    ['a low surrogate before its high one', '\udf7a\ud83c', true],
  ])('given %s, answers %s', (_, text, expected) => {
    expect(isUnstorableText(text)).toBe(expected);
  });
});

describe('containsUnstorableText', () => {
  it.each<[string, unknown, boolean]>([
    ['no body', undefined, false],
    ['a checkout body', { cartItems: [{ productId: 'seed-kolsch', quantity: 4 }], customerInfo: { name: 'Zoë' } }, false],
    ['a NUL deep in an array', { cartItems: [{ productId: 'seed-\u0000' }] }, true],
    ['a lone surrogate in a key', { ['na\ud800me']: 'x' }, true],
    ['a lone surrogate as the whole body', '\udc00', true],
    ['numbers, booleans and nulls', { a: [1, true, null, { b: 2.5 }] }, false],
  ])('given %s, answers %s', (_, value, expected) => {
    expect(containsUnstorableText(value)).toBe(expected);
  });
});

describe('storableTextOnly', () => {
  const run = (path: string, body: unknown) => callMiddleware(storableTextOnly, { path, body });

  it.each<[string, string, unknown]>([
    ['an ordinary request', '/api/admin/orders/12/history', { status: 'shipped' }],
    ['an encoded space and slash in the path', '/api/products/a%20b%2Fc', undefined],
    ['broken percent-encoding (the router refuses it)', '/api/products/%zz', undefined],
    ['an encoded percent sign before 00', '/api/products/%2500', undefined],
  ])('given %s, passes the request on', (_, path, body) => {
    const { res, next } = run(path, body);
    expect(next).toHaveBeenCalledTimes(1);
    expect(res.sent).toBeUndefined();
  });

  it.each<[string, string, unknown]>([
    ['a NUL in the path', '/api/admin/orders/%00/history', undefined],
    ['a NUL in the body', '/api/admin/recover-order', { paymentIntentId: 'pi_\u0000' }],
    ['a lone surrogate in the body', '/api/admin/products/x', { style: 'Hazy \udfff' }],
  ])('given %s, answers 400 and stops the request', (_, path, body) => {
    const { res, next } = run(path, body);
    expect(next).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(400);
    expect(res.sent).toMatchObject({ statusCode: 400, code: 'unstorable_text' });
  });
});
