import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import type { Product, PublicConfig } from '@brewery/shop-rules';
import { PACK_QUANTITY, findBeerBySlug } from '@brewery/shop-rules';
import type { QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { paths } from '@/app/paths';
import { routes } from '@/app/router';
import { ServerAgeAnswerContext } from '@/features/layout/age-answer';
import { configQueryOptions } from '@/shared/api/config/get-config';
import { productsQueryOptions } from '@/shared/api/products/get-products';
import { createQueryClient } from '@/shared/api/query-client';
import { SiteOriginContext } from '@/shared/ui/page-meta';
import type { ServerState } from './server-state';
import { serializeServerState } from './server-state';
import type { DocumentParts, ViteManifest } from './shop-document';
import { firstPageSearchPath } from '@/features/admin-orders/prefetch-order-tab';
import { ADMIN_TABS, adminTab } from '@/app/routes/admin-tabs';
import { chunksOf, drawnAdminDocument, fillTemplate, splitHoisted, withAdminBoot, withPreloads } from './shop-document';
import { seedOrderTab } from '@/features/admin-orders/prefetch-order-tab';
import type { OrderSearchPage } from '@/features/admin-orders/api/search-admin-orders';
import { VERIFY_ADMIN_PATH, verifyAdminQueryOptions } from '@/shared/api/admin-verify/verify-admin';
import { ServerAdminSession } from '@/shared/admin-access/server-admin-session';
import type { AdminBoot } from '@/shared/api/early-requests';

export type { ViteManifest } from './shop-document';
export type { ServerState } from './server-state';

/**
 * What the server does with an address: render the page (`page`), render the "Page Not Found" page with
 * status 404 (`not-found`), or send the plain shell for the browser to draw (`client`: the checkout, the admin
 * and the admin's e-mailed links, which are private to one visitor and load their own data).
 */
export type PageKind = 'page' | 'not-found' | 'client';

interface PageRoute {
  kind: PageKind;
  /** The route module whose chunk the page needs (the key of Vite's manifest). */
  module?: string;
}

const ROUTE_MODULES = {
  home: 'src/app/routes/home.route.tsx',
  shop: 'src/app/routes/shop.route.tsx',
  beer: 'src/app/routes/beer.route.tsx',
  orderSuccess: 'src/app/routes/order-success.route.tsx',
  orderStatus: 'src/app/routes/order-status.route.tsx',
  delivery: 'src/app/routes/delivery.route.tsx',
  returns: 'src/app/routes/returns.route.tsx',
  privacy: 'src/app/routes/privacy.route.tsx',
  club: 'src/app/routes/club.route.tsx',
  notFound: 'src/app/routes/not-found.route.tsx',
} as const;

/** The layout of the pages drawn with antd (`app/router.tsx`): its chunk comes with theirs. */
const ANTD_PAGES_MODULE = 'src/app/routes/antd-pages.route.tsx';
const ANTD_PAGE_MODULES: ReadonlySet<string> = new Set([ROUTE_MODULES.orderSuccess, ROUTE_MODULES.orderStatus, ROUTE_MODULES.club]);

/** The chunks a page's route needs: its own, and the antd pages' layout for a page drawn with antd. */
const routeModules = (module: string): string[] => (ANTD_PAGE_MODULES.has(module) ? [ANTD_PAGES_MODULE, module] : [module]);

function pageRoute(pathname: string, products: readonly Product[]): PageRoute {
  // react-router matches without regard to case or a trailing slash; so does this.
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (path === '/') return { kind: 'page', module: ROUTE_MODULES.home };
  if (path === '/shop') return { kind: 'page', module: ROUTE_MODULES.shop };
  if (path === '/order-success') return { kind: 'page', module: ROUTE_MODULES.orderSuccess };
  if (path === '/order-status') return { kind: 'page', module: ROUTE_MODULES.orderStatus };
  if (path === '/delivery') return { kind: 'page', module: ROUTE_MODULES.delivery };
  if (path === '/returns') return { kind: 'page', module: ROUTE_MODULES.returns };
  if (path === '/privacy') return { kind: 'page', module: ROUTE_MODULES.privacy };
  // The club's plans page is drawn whole but for the plans, which the browser asks for; a member's own page is theirs.
  if (path === paths.club.path) return { kind: 'page', module: ROUTE_MODULES.club };
  if (path === paths.clubManage.path) return { kind: 'client' };
  if (path === '/checkout' || path === '/admin') return { kind: 'client' };
  // An e-mailed link's page (an invitation, a password reset): one person's token, drawn by the browser like the admin.
  if (path === paths.acceptInvite.path || path === paths.resetPassword.path) return { kind: 'client' };
  const beer = /^\/shop\/([^/]+)$/.exec(pathname.replace(/\/+$/, ''));
  if (beer?.[1] !== undefined) {
    let slug: string;
    try {
      slug = decodeURIComponent(beer[1]);
    } catch {
      return { kind: 'not-found', module: ROUTE_MODULES.beer };
    }
    return { kind: findBeerBySlug(products, slug) === null ? 'not-found' : 'page', module: ROUTE_MODULES.beer };
  }
  return { kind: 'not-found', module: ROUTE_MODULES.notFound };
}

/** The admin page's code, as a key of Vite's manifest (each tab's is in the tabs' table). */
const ADMIN_PAGE_MODULE = 'src/app/routes/admin.route.tsx';

/** Every module the admin shell may preload. */
export const ADMIN_SHELL_MODULES: readonly string[] = [ADMIN_PAGE_MODULE, ...new Set(ADMIN_TABS.map((tab) => tab.module))];

/**
 * The shell the browser draws `/admin` from, with the admin page's code and the code of the tab in its address
 * preloaded: a returning operator's browser fetches them beside the shop's own scripts instead of after those
 * have run (some forty small files, six at a time). It also lists the requests a returning operator's page
 * makes first (the token's check, an order tab's first page) for `/admin-boot.js` to make as soon as the HTML
 * is read, and the shop's public configuration for the header and footer. Null for any other address; without
 * a manifest, nothing is preloaded.
 */
export function adminShell(
  template: string,
  url: string,
  manifest?: ViteManifest,
  config?: PublicConfig,
  drawn?: AdminBoot['drawn'],
): string | null {
  const address = new URL(url, 'http://shop.invalid');
  if (!isAdminPath(address.pathname)) return null;
  const firstPage = firstPageSearchPath(address.searchParams);
  // A drawn page carries its first page of orders: only the stored token's check is asked for.
  const booted = withAdminBoot(template, {
    requests: firstPage === null || drawn !== undefined ? [VERIFY_ADMIN_PATH] : [VERIFY_ADMIN_PATH, firstPage],
    ...(config === undefined ? {} : { config }),
    ...(drawn === undefined ? {} : { drawn }),
  });
  return manifest === undefined ? booted : withPreloads(booted, adminChunks(manifest, address.searchParams));
}

const isAdminPath = (pathname: string) => (pathname.toLowerCase().replace(/\/+$/, '') || '/') === '/admin';

/** The admin page's chunks and those of the tab in the address (Products for a tab it does not know, as the admin). */
function adminChunks(manifest: ViteManifest, searchParams: URLSearchParams) {
  return chunksOf(manifest, [ADMIN_PAGE_MODULE, adminTab(searchParams.get('tab')).module]);
}

/**
 * The path of the first page of orders the admin in this address shows (`GET /api/admin/orders/search?…`, its
 * filters, sort and page as the tab reads them), or null when the address is not an order tab of the admin.
 */
export function adminFirstPagePath(url: string): string | null {
  const address = new URL(url, 'http://shop.invalid');
  return isAdminPath(address.pathname) ? firstPageSearchPath(address.searchParams) : null;
}

export interface AdminRenderInput {
  template: string;
  /** Path and query of the page: `/admin?tab=active-orders…`. */
  url: string;
  manifest?: ViteManifest;
  config: PublicConfig;
  products: Product[];
  ageVerified: boolean;
  origin: string;
  /** The answer to `adminFirstPagePath(url)`, asked by the server for the operator whose session it checked. */
  firstPage: unknown;
}

/** antd's theme variables for the drawn admin pages: their own, apart from the public pages' styles. */
const adminStyleCache = createCache();

/**
 * The admin's order tab drawn on the server for an operator whose session cookie the server checked: the first
 * page of orders shows as soon as the HTML and its stylesheets are in, before the admin's code (a megabyte of
 * script on a first visit) has arrived and run. Once that code is in and the stored token checked, the browser
 * hydrates this markup (the same page from the same first page of orders) and it is live; a token the browser
 * does not hold draws the login instead. Null for an address that is not an order tab.
 */
export async function renderAdminPage(input: AdminRenderInput): Promise<string | null> {
  const address = new URL(input.url, 'http://shop.invalid');
  if (adminFirstPagePath(input.url) === null) return null;
  const { preloadAdminTab } = await import('@/app/routes/admin.route');
  await preloadAdminTab(address.searchParams.get('tab'));
  const markup = await renderRoutes(
    address,
    { cache: adminStyleCache, origin: input.origin, ageVerified: input.ageVerified, adminSession: true },
    (queryClient) => {
      queryClient.setQueryData(productsQueryOptions().queryKey, input.products);
      queryClient.setQueryData(configQueryOptions().queryKey, input.config);
      queryClient.setQueryData(verifyAdminQueryOptions().queryKey, true);
      seedOrderTab(queryClient, address.searchParams, input.firstPage as OrderSearchPage);
    },
  );
  const shell = adminShell(input.template, input.url, input.manifest, input.config, {
    firstPage: input.firstPage,
    ageVerified: input.ageVerified,
    origin: input.origin,
  });
  if (shell === null) return null;
  const { hoisted, body } = splitHoisted(markup);
  return drawnAdminDocument(shell, {
    head: hoisted,
    styles: extractStyle(adminStyleCache),
    body,
    stylesheets: input.manifest === undefined ? [] : adminChunks(input.manifest, address.searchParams).styles,
  });
}

/** Which kind of page an address is, for the server to decide before rendering (and caching). */
export function pageKind(pathname: string, products: readonly Product[]): PageKind {
  return pageRoute(pathname, products).kind;
}

/**
 * The product list as far as a page's markup depends on it. What a customer can buy now moves with every
 * checkout, but the markup only tells whether there is none, a few (LOW STOCK) and enough for each pack size
 * (a 16-pack at most): a render is reused while this stays the same, and only the page's state (the exact
 * list) is written afresh.
 */
export function markupProducts(products: readonly Product[]): Product[] {
  return products.map((product) => ({ ...product, inventory: Math.min(Math.max(product.inventory, 0), LARGEST_PACK) }));
}

const LARGEST_PACK = Math.max(...Object.values(PACK_QUANTITY));

export interface ShopRenderInput {
  /** Path and query of the page, e.g. `/shop`. */
  url: string;
  /** The shop's product list, as `GET /api/products` answers it (or as `markupProducts` gives it). */
  products: Product[];
  config: PublicConfig;
  /** The visitor already said they are 18 or older (the `age_verified` cookie): no gate in the HTML. */
  ageVerified: boolean;
  /** The shop's public address (`PUBLIC_URL`), for canonical links and share cards. */
  origin: string;
  /** The built `.vite/manifest.json`, to preload the page's own chunks; none preloads nothing. */
  manifest?: ViteManifest;
}

export interface RenderedPage {
  /** 200, or 404 for an unknown address or a beer not on sale. */
  status: number;
  /** The page's parts, less its state; `shopDocument` puts them and the state into the template. */
  parts: Omit<DocumentParts, 'state'>;
}

/**
 * The shop's routes at this address rendered to a string, as the browser's `App` draws them, from a query cache
 * the caller fills; antd's styles go into the given cache.
 */
async function renderRoutes(
  url: URL,
  page: { cache: ReturnType<typeof createCache>; origin: string; ageVerified: boolean; adminSession: boolean },
  seed: (queryClient: QueryClient) => void,
): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`The page ${url.pathname}${url.search} answered a redirect while rendering.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient();
  seed(queryClient);
  return renderToString(
    <StyleProvider cache={page.cache}>
      <SiteOriginContext value={page.origin}>
        <ServerAgeAnswerContext value={page.ageVerified}>
          <ServerAdminSession value={page.adminSession}>
            <AppProvider queryClient={queryClient}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </AppProvider>
          </ServerAdminSession>
        </ServerAgeAnswerContext>
      </SiteOriginContext>
    </StyleProvider>,
  );
}

/**
 * antd's styles of a render, or nothing when it drew no antd component (the cache then gives only the empty
 * map of its paths, which the browser would read for nothing).
 */
function pageStyles(cache: ReturnType<typeof createCache>): string {
  const styles = extractStyle(cache);
  return styles.includes('data-css-hash') ? styles : '';
}

/** Renders a public page of the shop: its markup, head tags and styles, for the browser's code to hydrate. */
export async function renderShopPage(input: ShopRenderInput): Promise<RenderedPage> {
  // A path on this shop, never an address: relative to a base, `//evil.example/shop` would name another host.
  if (!/^\/(?![/\\])/.test(input.url)) throw new Error(`${input.url} is not a path on the shop.`);
  const url = new URL(`http://shop.invalid${input.url}`);
  const route = pageRoute(url.pathname, input.products);
  if (route.kind === 'client') throw new Error(`${url.pathname} is drawn in the browser; the server sends the plain shell.`);

  // antd's styles of this page only: the pages a customer lands on use none (their CSS is the entry's stylesheet,
  // cached by the browser), and the few drawn with antd (the order pages, the club's) inline just their own.
  const cache = createCache();
  const markup = await renderRoutes(
    url,
    { cache, origin: input.origin, ageVerified: input.ageVerified, adminSession: false },
    (queryClient) => {
      queryClient.setQueryData(productsQueryOptions().queryKey, input.products);
      queryClient.setQueryData(configQueryOptions().queryKey, input.config);
    },
  );
  const { hoisted, body } = splitHoisted(markup);
  return {
    status: route.kind === 'not-found' ? 404 : 200,
    parts: {
      head: hoisted,
      styles: pageStyles(cache),
      body,
      route:
        input.manifest === undefined || route.module === undefined
          ? { scripts: [], styles: [] }
          : chunksOf(input.manifest, routeModules(route.module)),
    },
  };
}

/** The whole document: the built `index.html` with the rendered page and the state it hydrates from. */
export function shopDocument(template: string, page: RenderedPage, state: ServerState): string {
  return fillTemplate(template, { ...page.parts, state: serializeServerState(state) });
}
