import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '@/shared/browser/page-navigation';
import { apiGet, apiJson, apiRequest } from './api-client';
import { ApiError, errorMessage } from './api-error';
import { requestUrl } from '@/testing/fake-api';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function respondWith(status: number, body: string, statusText = ''): void {
  fetchMock.mockResolvedValue(new Response(body === '' ? null : body, { status, statusText }));
}

function sentRequest(): { url: string; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.calls[0];
  if (call === undefined) throw new Error('fetch was not called');
  const [url, init = {}] = call;
  return { url: requestUrl(url), init, headers: new Headers(init.headers) };
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.mocked(reloadPage).mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('error message: "<status>: <body text or status text>"', () => {
  it.each([
    {
      status: 400,
      body: '{"statusCode":400,"message":"Bad pack"}',
      statusText: 'Bad Request',
      expected: '400: {"statusCode":400,"message":"Bad pack"}',
    },
    { status: 500, body: 'boom', statusText: 'Internal Server Error', expected: '500: boom' },
    { status: 404, body: '', statusText: 'Not Found', expected: '404: Not Found' },
    { status: 503, body: '', statusText: 'Service Unavailable', expected: '503: Service Unavailable' },
  ])(
    'given a $status answer with body "$body", when requested, then it raises "$expected"',
    async ({ status, body, statusText, expected }) => {
      respondWith(status, body, statusText);
      await expect(apiRequest('GET', '/api/products')).rejects.toThrow(expected);
      respondWith(status, body, statusText);
      await expect(apiGet('/api/products')).rejects.toThrow(expected);
    },
  );

  it('keeps the status and offers the server message for toasts', async () => {
    respondWith(409, '{"statusCode":409,"message":"Insufficient stock for Quokka Pale Ale. Available: 3, Requested: 4"}', 'Conflict');
    const error: unknown = await apiRequest('POST', '/api/create-payment-intent', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect(errorMessage(error)).toBe('Insufficient stock for Quokka Pale Ale. Available: 3, Requested: 4');
  });
});

describe('refusal details: the body code and Retry-After', () => {
  it.each([
    { retryAfter: '12', seconds: 12 },
    { retryAfter: ' 0 ', seconds: 0 },
    { retryAfter: null, seconds: null },
    { retryAfter: 'soon', seconds: null },
  ])('given Retry-After $retryAfter, it offers $seconds seconds', async ({ retryAfter, seconds }) => {
    fetchMock.mockResolvedValue(
      new Response('{"statusCode":503,"message":"The shop is very busy right now.","code":"shop_busy"}', {
        status: 503,
        headers: retryAfter === null ? {} : { 'Retry-After': retryAfter },
      }),
    );
    const error = (await apiRequest('POST', '/api/create-payment-intent', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.retryAfterSeconds).toBe(seconds);
    expect(error.code).toBe('shop_busy');
    expect(error.serverMessage).toBe('The shop is very busy right now.');
  });

  it('reads an HTTP-date Retry-After as the seconds until then', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const error = new ApiError(429, '', 'Too Many Requests', new Headers({ 'Retry-After': 'Wed, 25 Nov 2026 12:00:30 GMT' }), now);
    expect(error.retryAfterSeconds).toBe(30);
    expect(error.code).toBeUndefined();
  });
});

describe('request shape', () => {
  it('given no body, when sent, then it carries credentials and no JSON content type', async () => {
    respondWith(200, '[]');
    await apiGet('/api/products');
    const { init, headers } = sentRequest();
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('given a body, when sent, then it is JSON with a JSON content type and credentials', async () => {
    respondWith(200, '{"clientSecret":"pi_1_secret_2"}');
    const answer = await apiJson<{ clientSecret: string }>('POST', '/api/create-payment-intent', { cartItems: [] });
    const { init, headers } = sentRequest();
    expect(answer.clientSecret).toBe('pi_1_secret_2');
    expect(init.credentials).toBe('include');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"cartItems":[]}');
  });

  it('parses an empty OK body as null', async () => {
    respondWith(200, '');
    await expect(apiGet('/api/admin/orders')).resolves.toBeNull();
  });
});

describe('bearer token only on admin paths', () => {
  it.each([
    { path: '/api/admin/orders', token: 'tok-1', expected: 'Bearer tok-1' },
    { path: '/api/admin/system-status', token: 'tok-2', expected: 'Bearer tok-2' },
    { path: '/api/admin/orders', token: null, expected: null },
    { path: '/api/products', token: 'tok-1', expected: null },
    { path: '/api/config', token: 'tok-1', expected: null },
    { path: '/api/create-payment-intent', token: 'tok-1', expected: null },
  ])('given token $token, when $path is requested, then Authorization is $expected', async ({ path, token, expected }) => {
    if (token !== null) localStorage.setItem('adminToken', token);
    respondWith(200, '{}');
    await apiRequest('GET', path);
    expect(sentRequest().headers.get('Authorization')).toBe(expected);
  });
});

describe('401 handling', () => {
  it('given a 401 on an admin path, the generic helper removes the token, reloads and raises "Authentication required"', async () => {
    localStorage.setItem('adminToken', 'expired');
    respondWith(401, '{"statusCode":401,"message":"Unauthorized"}', 'Unauthorized');
    await expect(apiRequest('POST', '/api/admin/auto-fix')).rejects.toThrow(/^Authentication required$/);
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('given a 401 on an admin path, the default reader removes the token, reloads and returns null', async () => {
    localStorage.setItem('adminToken', 'expired');
    respondWith(401, 'Unauthorized', 'Unauthorized');
    await expect(apiGet('/api/admin/orders')).resolves.toBeNull();
    expect(localStorage.getItem('adminToken')).toBeNull();
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('given a 401 on a shop path, it raises the status error and keeps any admin token', async () => {
    localStorage.setItem('adminToken', 'still-good');
    respondWith(401, 'Unauthorized', 'Unauthorized');
    await expect(apiGet('/api/products')).rejects.toThrow('401: Unauthorized');
    expect(localStorage.getItem('adminToken')).toBe('still-good');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('given a wrong admin password, the login answer reaches the form instead of reloading the page', async () => {
    respondWith(401, '{"statusCode":401,"message":"Invalid admin password"}', 'Unauthorized');
    const error: unknown = await apiRequest('POST', '/api/admin/login', { password: 'nope' }).catch((e: unknown) => e);
    expect(errorMessage(error)).toBe('Invalid admin password');
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

describe('read-your-writes: X-Shop-Position', () => {
  it('sends nothing until an answer carries a position, then sends back the highest one seen on every request', async () => {
    respondWith(200, '{}');
    await apiGet('/api/products');
    expect(sentRequest().headers.get('X-Shop-Position')).toBeNull();

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(new Response('{}', { status: 201, headers: { 'X-Shop-Position': '42' } }));
    await apiJson('POST', '/api/checkout', { items: [] });
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(new Response('{}', { status: 200, headers: { 'X-Shop-Position': '7' } }));
    await apiGet('/api/admin/orders');
    // An older position from another process does not lower it.
    expect(sentRequest().headers.get('X-Shop-Position')).toBe('42');

    fetchMock.mockReset();
    respondWith(200, '{}');
    await apiRequest('GET', '/api/products');
    expect(sentRequest().headers.get('X-Shop-Position')).toBe('42');
  });
});
