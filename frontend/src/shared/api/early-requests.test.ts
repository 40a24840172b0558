import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bootScript from '../../../public/admin-boot.js?raw';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { withAdminBoot } from '@/ssr/shop-document';
import { requestUrl } from '@/testing/fake-api';
import { apiGet } from './api-client';
import { readAdminBoot, takeEarlyResponse } from './early-requests';

vi.mock('@/shared/browser/page-navigation', () => ({ reloadPage: vi.fn(), leaveSite: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

/** `/admin-boot.js` run as the browser runs it: a plain script, as it is. */
function runBootScript(): void {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call -- the file itself, not a string made here
  new Function(bootScript)();
}

/** The admin shell's boot data, as the server writes it, then its boot script. */
function bootWith(requests: unknown[]): void {
  document.body.innerHTML = withAdminBoot('</head>', { requests: requests as string[] });
  runBootScript();
}

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => new Response(JSON.stringify({ from: 'boot', url: requestUrl(input) })));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  delete window.__shopEarlyRequests;
  document.body.innerHTML = '';
});

describe('/admin-boot.js', () => {
  it('given a stored token, asks for each admin request the shell lists, with the token, and nothing else', () => {
    localStorage.setItem('adminToken', 'kept');
    bootWith(['/api/admin/verify', '/api/admin/orders/search?status=pending', '/api/products', 'https://evil.example/api/admin/x', 42]);
    expect(fetchMock.mock.calls.map(([input]) => requestUrl(input))).toEqual([
      '/api/admin/verify',
      '/api/admin/orders/search?status=pending',
    ]);
    for (const [, init] of fetchMock.mock.calls) {
      expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer kept');
      expect(init?.credentials).toBe('include');
    }
    expect(window.__shopEarlyRequests?.token).toBe('kept');
  });

  it('given no stored token (the login page), asks nothing', () => {
    localStorage.removeItem('adminToken');
    bootWith(['/api/admin/verify']);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.__shopEarlyRequests).toBeUndefined();
  });

  it('given a page without the boot data, asks nothing', () => {
    localStorage.setItem('adminToken', 'kept');
    runBootScript();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads the token under the key the boot data names, the one the shop keeps it under', () => {
    bootWith([]);
    expect(readAdminBoot(document)?.tokenKey).toBe(STORAGE_KEYS.adminToken);
    localStorage.setItem('adminToken', 'kept');
    localStorage.setItem('otherKey', 'other');
    document.body.innerHTML = `<script type="application/json" id="admin-boot">${JSON.stringify({ tokenKey: 'otherKey', requests: ['/api/admin/verify'] })}</script>`;
    runBootScript();
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer other');
  });

  it('given boot data that names no key, asks nothing', () => {
    localStorage.setItem('adminToken', 'kept');
    document.body.innerHTML = `<script type="application/json" id="admin-boot">${JSON.stringify({ requests: ['/api/admin/verify'] })}</script>`;
    runBootScript();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('taking an early answer', () => {
  it('given the boot asked for a path, apiGet takes its answer instead of asking again, once', async () => {
    localStorage.setItem('adminToken', 'kept');
    bootWith(['/api/admin/verify']);
    expect(await apiGet('/api/admin/verify')).toEqual({ from: 'boot', url: '/api/admin/verify' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The next one asks the server
    await apiGet('/api/admin/verify');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('given the token changed since (another login), the early answer is not used', () => {
    localStorage.setItem('adminToken', 'old');
    bootWith(['/api/admin/verify']);
    localStorage.setItem('adminToken', 'new');
    expect(takeEarlyResponse('/api/admin/verify')).toBeUndefined();
  });

  it('given a path the boot did not ask for, there is no early answer', () => {
    localStorage.setItem('adminToken', 'kept');
    bootWith(['/api/admin/verify']);
    expect(takeEarlyResponse('/api/admin/orders/search?status=paid')).toBeUndefined();
    expect(takeEarlyResponse('/api/admin/verify')).toBeDefined();
  });
});

describe("the admin shell's data", () => {
  it.each([
    [
      '<script type="application/json" id="admin-boot">{"requests":["/api/admin/verify"],"config":{"brandName":"Swan"}}</script>',
      { requests: ['/api/admin/verify'], config: { brandName: 'Swan' } },
    ],
    ['<script type="application/json" id="admin-boot">{not json</script>', null],
    ['<p>a shop page</p>', null],
  ])('given %s, reads %j', (markup, expected) => {
    document.body.innerHTML = markup;
    expect(readAdminBoot(document)).toEqual(expected);
  });
});
