import { ProductErrors } from '../domain/product.errors';

export { IMAGE_URL_INVALID } from '../domain/product.errors';

/**
 * Where a product's picture may come from: the shop itself (an uploaded picture, `/media/…`, or any path on
 * the site), or an origin IMAGE_HOSTS names. Any other address would be blocked by the site's security policy
 * and show a broken picture, so it is refused when the form is saved, saying what to do instead.
 */
export function assertImageHostAllowed(imageUrl: string, imageHosts: readonly string[]): void {
  const text = imageUrl.trim();
  // A browser reads `\` as `/` and skips tabs and line breaks, so `/\evil.example/x.png` would be another host.
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  if (/[\\\u0000-\u001f\u007f]/.test(text)) throw ProductErrors.imageUrlInvalid();
  if (/^\/(?!\/)/.test(text)) return;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw ProductErrors.imageUrlInvalid();
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw ProductErrors.imageUrlInvalid();
  const origin = url.origin;
  if (imageHosts.includes(origin)) return;
  throw ProductErrors.imageHostNotAllowed(origin, imageHosts);
}
