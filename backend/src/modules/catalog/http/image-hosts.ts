import { DomainError } from '../../../shared-kernel/domain-error';

/**
 * Where a product's picture may come from: the shop itself (an uploaded picture, `/media/…`, or any path on
 * the site), or an origin IMAGE_HOSTS names. Any other address would be blocked by the site's security policy
 * and show a broken picture, so it is refused when the form is saved, saying what to do instead.
 */
export function assertImageHostAllowed(imageUrl: string, imageHosts: readonly string[]): void {
  const text = imageUrl.trim();
  if (text.startsWith('/') && !text.startsWith('//')) return;
  let origin: string;
  try {
    origin = new URL(text).origin;
  } catch {
    return; // the form's own check names a malformed address
  }
  if (imageHosts.includes(origin)) return;
  throw new DomainError(
    'image_host_not_allowed',
    imageHosts.length === 0
      ? `imageUrl on ${origin} would not show: upload the picture instead (or name that host in IMAGE_HOSTS)`
      : `imageUrl on ${origin} would not show: upload the picture instead, or use ${imageHosts.join(', ')} (IMAGE_HOSTS)`,
  );
}
