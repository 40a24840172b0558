import { DomainError } from '../../../shared-kernel/domain-error';
import { IMAGE_URL_INVALID, assertImageHostAllowed } from './image-hosts';

describe('assertImageHostAllowed (pictures from the shop, or from a host IMAGE_HOSTS names)', () => {
  it.each<[string, string, readonly string[]]>([
    ['an uploaded picture', '/media/0123456789abcdef0123456789abcdef-512.webp', []],
    ['a path on the site', '/cans/quokka-pale-ale.svg', []],
    ['a named https host', 'https://cdn.example.com/can.png', ['https://cdn.example.com']],
    ['a named host among several', 'https://img.example.org/a.webp', ['https://cdn.example.com', 'https://img.example.org']],
  ])('accepts %s', (_case, url, hosts) => {
    expect(() => assertImageHostAllowed(url, hosts)).not.toThrow();
  });

  it.each<[string, string, readonly string[], string]>([
    [
      'any outside host when none is named',
      'https://cdn.example.com/can.png',
      [],
      'imageUrl on https://cdn.example.com would not show: upload the picture instead (or name that host in IMAGE_HOSTS)',
    ],
    [
      'a host not named',
      'https://evil.example.net/can.png',
      ['https://cdn.example.com'],
      'imageUrl on https://evil.example.net would not show: upload the picture instead, or use https://cdn.example.com (IMAGE_HOSTS)',
    ],
    [
      'the named host over plain http',
      'http://cdn.example.com/can.png',
      ['https://cdn.example.com'],
      'imageUrl on http://cdn.example.com would not show: upload the picture instead, or use https://cdn.example.com (IMAGE_HOSTS)',
    ],
  ])('refuses %s, saying what to do', (_case, url, hosts, message) => {
    expect(() => assertImageHostAllowed(url, hosts)).toThrow(new DomainError('image_host_not_allowed', message));
  });

  it.each([
    ['a backslash after the slash (a browser reads it as //)', '/\\evil.example/x.png'],
    ['two backslashes', '\\\\evil.example/x.png'],
    ['a protocol-relative address', '//evil.example/x.png'],
    ['a tab inside the slashes', '/\t/evil.example/x.png'],
    ['a script address', 'javascript:alert(1)'],
    ['a data address', 'data:image/png;base64,AAAA'],
    ['a named host under another scheme', 'ftp://cdn.example.com/can.png'],
    ['no scheme and no leading slash', 'evil.example/x.png'],
  ])('refuses %s, whatever IMAGE_HOSTS names', (_case, url) => {
    const refused = (() => {
      try {
        assertImageHostAllowed(url, ['https://cdn.example.com', 'https://evil.example']);
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toMatch(/^image_(url_invalid|host_not_allowed)$/);
    if ((refused as DomainError).code === 'image_url_invalid') expect((refused as DomainError).message).toBe(IMAGE_URL_INVALID);
  });
});
