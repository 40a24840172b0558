import { ADMIN_BOOT_DATA_ID, type AdminBoot } from '@/shared/api/early-requests';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { scriptJson } from '@/shared/format/script-json';
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

/** What a page's route needs beyond what `index.html` already loads: its scripts and its stylesheets. */
export interface RouteFiles {
  scripts: string[];
  styles: string[];
}

/**
 * The chunks (and their static imports, transitively) of the given source modules and their CSS, less what
 * the entry already loads. The CSS must come with the HTML: the markup is there before the route's code.
 */
export function chunksOf(manifest: ViteManifest, sources: readonly string[]): RouteFiles {
  const walk = (key: string, scripts: Set<string>, styles: Set<string>) => {
    const chunk = manifest[key];
    if (chunk === undefined || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) walk(imported, scripts, styles);
  };
  const entryScripts = new Set<string>();
  const entryStyles = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry === true) walk(key, entryScripts, entryStyles);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const source of sources) walk(source, scripts, styles);
  return { scripts: [...scripts].filter((file) => !entryScripts.has(file)), styles: [...styles].filter((file) => !entryStyles.has(file)) };
}

/**
 * The template as it is (its scripts load at once: a page drawn in the browser), with the given files asked
 * for beside them: scripts as module preloads, stylesheets as preloads (the page's code links them when it runs).
 */
export function withPreloads(template: string, files: RouteFiles): string {
  const links =
    files.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('') +
    files.styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`).join('');
  return template.replace('</head>', () => `${links}</head>`);
}

/**
 * The admin shell's data (`#admin-boot`): the requests for `/admin-boot.js` to make as soon as the HTML is read
 * (with the stored token, if any, read under the key the shop's code keeps it under), and the shop's public
 * configuration, which the header and footer draw from; the script goes before the shop's own (deferred scripts
 * run in the order they come).
 */
export function withAdminBoot(template: string, boot: Omit<AdminBoot, 'tokenKey'>): string {
  const data: AdminBoot = { tokenKey: STORAGE_KEYS.adminToken, ...boot };
  const tags =
    `<script type="application/json" id="${ADMIN_BOOT_DATA_ID}">${scriptJson(data)}</script>` +
    '<script src="/admin-boot.js" defer></script>';
  const entry = /<script type="module"[^>]*><\/script>/.exec(template);
  if (entry === null) return template.replace('</head>', () => `${tags}</head>`);
  return `${template.slice(0, entry.index)}${tags}${template.slice(entry.index)}`;
}

/**
 * The admin's shell with a page the server drew in it: antd's theme variables and the page's stylesheets in
 * the head (the markup is there before any script), the markup in `#root`. The shell's scripts stay as they are:
 * they load at once, and the browser hydrates this markup (it takes it over, rather than drawing it again).
 */
export function drawnAdminDocument(shell: string, parts: { head: string; styles: string; body: string; stylesheets: string[] }): string {
  const stylesheets = parts.stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
  let html = shell;
  if (/<title>/.test(parts.head)) html = html.replace(/\s*<title>[^<]*<\/title>/, '');
  // Function replacements: the page's text may hold `$&` and the like, which a replacement string would expand.
  html = html.replace(/<meta charset="[^"]*"\s*\/?>/i, (charset) => `${charset}${parts.styles}`);
  html = html.replace('</head>', () => `${parts.head}${stylesheets}</head>`);
  return html.replace('<div id="root"></div>', () => `<div id="root">${parts.body}</div>`);
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
  /** The route's own files (under the site's root): scripts to preload, stylesheets to link. */
  route: RouteFiles;
}

/** The id of the JSON that tells `/boot.js` which scripts to load after the first paint. */
export const BOOT_DATA_ID = 'shop-boot';

/**
 * The template with the page in it. The template's own title and description give way to the page's. Its
 * scripts are fetched with the HTML (module preloads, which run nothing: the page paints from its HTML and CSS
 * alone) and run once the page has painted: `/boot.js` (deferred, a few hundred bytes) starts the entry then.
 */
export function fillTemplate(template: string, parts: DocumentParts): string {
  let html = template;
  const entries: string[] = [];
  const preloads: string[] = [];
  html = html.replace(/\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g, (_tag, src: string) => {
    entries.push(src);
    return '';
  });
  html = html.replace(/\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g, (_tag, href: string) => {
    preloads.push(href);
    return '';
  });
  const [entry] = entries;
  if (entry === undefined) throw new Error('The built index.html has no module script.');
  const boot = { entry };
  const code = [entry, ...preloads, ...parts.route.scripts.map((file) => `/${file}`)];

  if (/<title>/.test(parts.head)) html = html.replace(/\s*<title>[^<]*<\/title>/, '');
  if (/<meta name="description"/.test(parts.head)) html = html.replace(/\s*<meta\s+name="description"[^>]*>/, '');
  // Function replacements: a page's text may hold `$&` and the like, which a replacement string would expand.
  // antd's styles first, as its client puts them, so that the shop's own stylesheets can override them; the
  // route's stylesheets after the shop's, in the order the browser's code would add them.
  html = html.replace(/<meta charset="[^"]*"\s*\/?>/i, (charset) => `${charset}${parts.styles}`);
  const routeStyles = parts.route.styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
  // The code is fetched beside the page's stylesheets (a preload runs nothing): it arrives while the page paints.
  const codePreloads = code.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('');
  html = html.replace('</head>', () => `${parts.head}${routeStyles}${codePreloads}</head>`);
  html = html.replace('<div id="root"></div>', () => `<div id="root">${parts.body}</div>`);
  html = html.replace(
    '</body>',
    () =>
      `<script type="application/json" id="shop-state">${parts.state}</script>` +
      `<script type="application/json" id="${BOOT_DATA_ID}">${scriptJson(boot)}</script>` +
      `<script src="/boot.js" defer></script></body>`,
  );
  return html;
}
