import helmet from 'helmet';
import { fixedHeadersOf } from './hot-reads';

describe('the fixed headers the hot-reads path copies from a middleware', () => {
  it('given helmet, they are every header it sets, with its values, and none it removes', () => {
    const headers = new Map(fixedHeadersOf(helmet({ referrerPolicy: { policy: 'strict-origin-when-cross-origin' } })));
    expect(headers.get('Content-Security-Policy')).toContain("default-src 'self'");
    expect(headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Strict-Transport-Security')).toMatch(/^max-age=\d+/);
    expect([...headers.keys()].map((name) => name.toLowerCase())).not.toContain('x-powered-by');
  });

  it.each([
    ['finishes later', (_req: never, _res: never, next: () => void) => void setTimeout(next, 0)],
    ['fails', (_req: never, _res: never, next: (error?: unknown) => void) => next(new Error('no'))],
  ])('given a middleware that %s, it refuses to copy it', (_, middleware) => {
    expect(() => fixedHeadersOf(middleware)).toThrow();
  });
});
