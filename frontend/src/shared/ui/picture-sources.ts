/** An uploaded picture's address: `/media/{hash}-{width}.webp`, one file per width the shop serves. */
const UPLOADED = /^\/media\/([0-9a-f]{32})-\d+\.webp$/;

/** The widths the server makes of every uploaded picture. */
export const PICTURE_WIDTHS = [128, 256, 512] as const;

/**
 * The `srcset` of a picture uploaded to the shop (each width it is served at), so a phone's screen fetches the
 * size it shows rather than the largest; undefined for any other address (a path on the site, an allowed host).
 */
export function pictureSrcSet(url: string | null | undefined): string | undefined {
  const match = UPLOADED.exec(url ?? '');
  if (match === null) return undefined;
  return PICTURE_WIDTHS.map((width) => `/media/${match[1]}-${width}.webp ${width}w`).join(', ');
}
