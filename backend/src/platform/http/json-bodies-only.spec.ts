import { callMiddleware } from './middleware-call.fixture';
import { jsonBodiesOnly } from './json-bodies-only';

const run = (path: string, headers: Record<string, string>) => callMiddleware(jsonBodiesOnly, { path, headers });

describe('jsonBodiesOnly', () => {
  it.each<[string, string, Record<string, string>]>([
    ['a JSON body', '/api/create-payment-intent', { 'content-type': 'application/json', 'content-length': '20' }],
    ['JSON with a charset', '/api/webhooks/stripe', { 'content-type': 'application/json; charset=utf-8', 'content-length': '20' }],
    ['a +json media type', '/api/admin/products', { 'content-type': 'application/merge-patch+json', 'content-length': '2' }],
    ['a POST without a body', '/api/admin/seed-products', { 'content-length': '0' }],
    ['a request without any length', '/api/admin/auto-fix', {}],
    ['a form post outside the API', '/shop', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '9' }],
  ])('lets through %s', (_, path, headers) => {
    const { res, next } = run(path, headers);
    expect(next).toHaveBeenCalledTimes(1);
    expect(res.statusCode).toBe(200);
  });

  it.each<[string, Record<string, string>]>([
    ['a form post', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '9' }],
    ['a multipart upload', { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '90' }],
    ['text/plain', { 'content-type': 'text/plain', 'content-length': '9' }],
    ['a body without a content type', { 'content-length': '9' }],
    ['a chunked body of another type', { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' }],
    ['a look-alike type', { 'content-type': 'application/jsonp', 'content-length': '9' }],
  ])('refuses %s to the API with 415 and never calls the handler', (_, headers) => {
    const { res, next } = run('/api/create-payment-intent', headers);
    expect(next).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(415);
    expect(res.sent).toEqual({
      statusCode: 415,
      message: 'Send the request body as JSON (Content-Type: application/json)',
      code: 'unsupported_media_type',
    });
  });
});
