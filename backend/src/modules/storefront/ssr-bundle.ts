import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Product, PublicConfig } from '@brewery/shop-rules';

/** What the server-rendering bundle (`frontend/dist-ssr/entry-server.js`, built by `npm run build`) exports. */
export interface SsrBundle {
  pageKind(pathname: string, products: readonly Product[]): 'page' | 'not-found' | 'client';
  markupProducts(products: readonly Product[]): Product[];
  renderShopPage(input: {
    url: string;
    products: Product[];
    config: PublicConfig;
    ageVerified: boolean;
    origin: string;
    manifest?: unknown;
  }): Promise<RenderedPage>;
  /** The shell of `/admin`, its code preloaded and the shop's configuration in it; null for any other address. */
  adminShell(template: string, url: string, manifest?: unknown, config?: PublicConfig): string | null;
  /** The order search the admin in this address shows first (`/api/admin/orders/search?…`); null if no order tab. */
  adminFirstPagePath(url: string): string | null;
  /** The admin's order tab drawn from its first page, for an operator whose session was checked; null if no order tab. */
  renderAdminPage(input: {
    template: string;
    url: string;
    manifest?: unknown;
    config: PublicConfig;
    products: Product[];
    ageVerified: boolean;
    origin: string;
    firstPage: unknown;
  }): Promise<string | null>;
  shopDocument(
    template: string,
    page: RenderedPage,
    state: { products: readonly Product[]; config: PublicConfig; ageVerified: boolean; origin: string },
  ): string;
}

/** A rendered page, as the bundle hands it back for `shopDocument`; opaque here apart from its status. */
export interface RenderedPage {
  status: number;
}

/** The built shop as the server renders it: the bundle, the `index.html` template and Vite's manifest. */
export interface BuiltShop {
  bundle: SsrBundle;
  template: string;
  manifest: unknown;
}

/** Where the bundle is: beside the browser's build (`STATIC_DIR`), in `dist-ssr`. */
export function ssrBundlePath(staticDir: string): string {
  return join(staticDir, '..', 'dist-ssr', 'entry-server.js');
}

/**
 * Loads the built shop for server rendering, or null when it is not built (the browser then draws every page
 * from the plain `index.html`, as before there was server rendering).
 */
export async function loadBuiltShop(staticDir: string): Promise<BuiltShop | null> {
  const bundlePath = ssrBundlePath(staticDir);
  const templatePath = join(staticDir, 'index.html');
  if (!existsSync(bundlePath) || !existsSync(templatePath)) return null;
  const bundle = (await import(pathToFileURL(bundlePath).href)) as SsrBundle;
  const manifestPath = join(staticDir, '.vite', 'manifest.json');
  const manifest: unknown = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : undefined;
  return { bundle, template: readFileSync(templatePath, 'utf8'), manifest };
}
