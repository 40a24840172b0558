import { chooseEncoding } from '../../platform/http/prepared-response';
import { canonicalPath, decodedPath, hasAgeCookie, withoutDotSegments } from './shop-pages.service';

describe('shop pages: the request', () => {
  it.each([
    ['/', '/'],
    ['/shop', '/shop'],
    ['/Shop/', '/shop'],
    ['/shop/Quokka-Pale-Ale//', '/shop/quokka-pale-ale'],
  ])('the canonical form of %s is %s', (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
  });

  it.each([
    ['/admin/../admin', '/admin'],
    ['/shop/./quokka-pale-ale', '/shop/quokka-pale-ale'],
    ['/../../etc/passwd', '/etc/passwd'],
    ['/shop/%2e%2e/admin', '/admin'],
    ['/shop/%71uokka-pale-ale', '/shop/%71uokka-pale-ale'],
    ['//evil.example/shop/kings-park-kolsch', '//evil.example/shop/kings-park-kolsch'],
    ['/\\evil.example/shop', '//evil.example/shop'],
  ])('read as the router reads it, %s is %s', (path, resolved) => {
    expect(withoutDotSegments(path)).toBe(resolved);
  });

  it.each([
    ['/shop/%71uokka-pale-ale', '/shop/quokka-pale-ale'],
    ['/shop/%E0%A4%A', '/shop/%E0%A4%A'],
  ])('the path %s decodes to %s', (path, decoded) => {
    expect(decodedPath(path)).toBe(decoded);
  });

  it.each([
    [undefined, false],
    ['', false],
    ['age_verified=true', true],
    ['theme=dark; age_verified=true; other=1', true],
    ['age_verified=false', false],
    ['not_age_verified=true', false],
  ])('the cookie header %j says the visitor is 18 or older: %s', (header, expected) => {
    expect(hasAgeCookie(header)).toBe(expected);
  });

  it.each([
    [undefined, 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['gzip;q=0', 'identity'],
  ])('Accept-Encoding %j is answered with %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});
