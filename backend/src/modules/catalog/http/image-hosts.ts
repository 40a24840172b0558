import { DomainError } from '../../../shared-kernel/domain-error';

export const IMAGE_URL_INVALID = 'imageUrl must be a path on the shop (/media/…) or an https:// address';

/**
 * Where a product's picture may come from: the shop itself (an uploaded picture, `/media/…`, or any path on
 * the site), or an origin IMAGE_HOSTS names. Any other address would be blocked by the site's security policy
 * and show a broken picture, so it is refused when the form is saved, saying what to do instead.
 */
export function assertImageHostAllowed(imageUrl: string, imageHosts: readonly string[]): void {
  const text = imageUrl.trim();
  // A browser reads `\` as `/` and skips tabs and line breaks, so `/\evil.example/x.png` would be another host.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(text)) throw new DomainError('image_url_invalid', IMAGE_URL_INVALID);
  if (/^\/(?!\/)/.test(text)) return;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DomainError('image_url_invalid', IMAGE_URL_INVALID);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new DomainError('image_url_invalid', IMAGE_URL_INVALID);
  const origin = url.origin;
  if (imageHosts.includes(origin)) return;
  throw new DomainError(
    'image_host_not_allowed',
    imageHosts.length === 0
      ? `imageUrl on ${origin} would not show: upload the picture instead (or name that host in IMAGE_HOSTS)`
      : `imageUrl on ${origin} would not show: upload the picture instead, or use ${imageHosts.join(', ')} (IMAGE_HOSTS)`,
  );
}
