/**
 * Putting a server-rendered page into the built `index.html`: its head tags and styles, its markup in
 * `#root`, its state for hydration, and preloads for the route's code. Pure string work, so it is tested
 * on its own and costs little next to the render.
 */

/** Vite's `dist/.vite/manifest.json`, as far as it is read here. */
export type ViteManifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/**
 * React writes the tags it hoists (`<title>`, `<meta>`, `<link>`) at the start of a page rendered to a string;
 * they belong in the head, where the browser's React looks for them when it hydrates.
 */
export function splitHoisted(markup: string): { hoisted: string; body: string } {
  const hoisted = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/.exec(markup);
  if (hoisted === null) return { hoisted: '', body: markup };
  return { hoisted: hoisted[0], body: markup.slice(hoisted[0].length) };
}

/** The chunks (and their imports, transitively) of the given source modules, less those the entry already loads. */
export function chunksOf(manifest: ViteManifest, sources: readonly string[]): string[] {
  const entryChunks = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (chunk === undefined || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry === true) walk(key, entryChunks);
  const needed = new Set<string>();
  for (const source of sources) walk(source, needed);
  return [...needed].filter((file) => !entryChunks.has(file));
}

export interface DocumentParts {
  /** Tags for the head: the page's title, description, canonical link, share tags. */
  head: string;
  /** antd's `<style>` elements for the markup. */
  styles: string;
  /** The markup of `#root`. */
  body: string;
  /** The JSON of the page's state, safe inside a script element. */
  state: string;
  /** Chunk files (under the site's root) to preload. */
  preload: readonly string[];
}

/** The template with the page in it. The template's own title and description give way to the page's. */
export function fillTemplate(template: string, parts: DocumentParts): string {
  const preloads = parts.preload.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  let html = template;
  if (/<title>/.test(parts.head)) html = html.replace(/\s*<title>[^<]*<\/title>/, '');
  if (/<meta name="description"/.test(parts.head)) html = html.replace(/\s*<meta\s+name="description"[^>]*>/, '');
  // Function replacements: a page's text may hold `$&` and the like, which a replacement string would expand.
  // antd's styles first, as its client puts them, so that the shop's own stylesheet can override them.
  html = html.replace(/<meta charset="[^"]*"\s*\/?>/i, (charset) => `${charset}${parts.styles}`);
  html = html.replace('</head>', () => `${parts.head}${preloads}</head>`);
  html = html.replace('<div id="root"></div>', () => `<div id="root">${parts.body}</div>`);
  html = html.replace('</body>', () => `<script type="application/json" id="shop-state">${parts.state}</script></body>`);
  return html;
}
