import { createContext, useContext } from 'react';

/**
 * The shop's public address (`PUBLIC_URL`) for canonical links and share cards. The server passes its own;
 * a page the browser draws alone uses the address it was loaded from.
 */
export const SiteOriginContext = createContext<string | null>(null);

export function useSiteOrigin(): string {
  const origin = useContext(SiteOriginContext);
  return origin ?? (typeof window === 'undefined' ? '' : window.location.origin);
}

/** An address on this site made absolute; one that already is stays as it is. */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, origin === '' ? 'http://localhost' : origin).toString();
  } catch {
    return pathOrUrl;
  }
}

export interface PageMetaProps {
  /** The whole `<title>`. */
  title: string;
  /** The search result's and share card's text, about 160 characters at most. */
  description?: string;
  /** The page's own path, for its canonical link; none for pages that are not to be indexed. */
  path?: string;
  /** Keep the page out of search results (checkout, the order result, the admin, a missing page). */
  noindex?: boolean;
  /** The share card's picture (a path on this site or an address). */
  image?: string;
  type?: 'website' | 'product';
}

/**
 * A page's title, description, canonical link and Open Graph and Twitter card tags. React puts them in the
 * document's head, both in the server's HTML and when the browser moves between pages.
 */
export function PageMeta({ title, description, path, noindex = false, image, type = 'website' }: PageMetaProps) {
  const origin = useSiteOrigin();
  const url = path === undefined ? undefined : absoluteUrl(origin, path);
  const imageUrl = image === undefined ? undefined : absoluteUrl(origin, image);
  return (
    <>
      <title>{title}</title>
      {description === undefined ? null : <meta name="description" content={description} />}
      {noindex ? <meta name="robots" content="noindex" /> : null}
      {url === undefined ? null : <link rel="canonical" href={url} />}
      {noindex ? null : (
        <>
          <meta property="og:type" content={type} />
          <meta property="og:title" content={title} />
          {description === undefined ? null : <meta property="og:description" content={description} />}
          {url === undefined ? null : <meta property="og:url" content={url} />}
          {imageUrl === undefined ? null : <meta property="og:image" content={imageUrl} />}
          <meta name="twitter:card" content={imageUrl === undefined ? 'summary' : 'summary_large_image'} />
          <meta name="twitter:title" content={title} />
          {description === undefined ? null : <meta name="twitter:description" content={description} />}
          {imageUrl === undefined ? null : <meta name="twitter:image" content={imageUrl} />}
        </>
      )}
    </>
  );
}

/** A description cut to about 160 characters at a word, for search results. */
export function summarise(text: string, limit = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[,;:.\s]+$/, '')}…`;
}
