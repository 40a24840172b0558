import { Inject, Injectable, Logger } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { AGE_COOKIE, type Product } from '@brewery/shop-rules';
import { type AppConfig, APP_CONFIG } from '../../config/app-config';
import type { PageAnswer, ShopPageServer } from '../../platform/http/http-edge';
import { sendPrepared, PreparedBody, type PreparedAnswer } from '../../platform/http/prepared-response';
import { AdminBearer, adminSessionToken } from '../admin-auth';
import { FindBeerBySlugQuery, ShopListing } from '../catalog';
import { SearchOrdersQuery } from '../order-desk';
import { DomainError } from '../../shared-kernel/domain-error';
import { publicConfigOf } from '../system';
import { loadBuiltShop, type BuiltShop, type RenderedPage } from './ssr-bundle';

/** A page as it goes on the wire: the document with its tag and compressed forms, and the list it was drawn from. */
interface ShopDocument {
  listingEtag: string;
  status: number;
  body: PreparedBody;
}

function shopDocument(listingEtag: string, status: number, html: Buffer): ShopDocument {
  return { listingEtag, status, body: new PreparedBody(html, 'text/html; charset=utf-8') };
}

/** A page's answer: each encoding its own representation, chosen by the encodings and the cookies the client sends. */
function pageAnswer(document: ShopDocument): PreparedAnswer {
  return { status: document.status, body: document.body, vary: 'Accept-Encoding, Cookie', tagPerEncoding: true };
}

/** What the server does with a page address that is not the API, a picture or a built file. */

/**
 * The shop's public pages rendered on the server (`/`, `/shop`, each beer's page, the order result and the
 * "Page Not Found" page), so a phone paints the page from the HTML before any script arrives.
 *
 * A page is rendered once per change of what its markup shows (the product list with stock told only as
 * none, a few or plenty) and reused; the exact product list goes into the page as its state and is written
 * afresh, compressed once, whenever `GET /api/products` would answer differently. So a request for a page
 * costs no render, and a checkout reserving stock costs a string join, not a render.
 */
@Injectable()
export class ShopPages implements ShopPageServer {
  private readonly logger = new Logger('ShopPages');
  private built: Promise<BuiltShop | null> | null = null;
  private readonly renders = new Map<string, { signature: string; page: Promise<RenderedPage> }>();
  private readonly documents = new Map<string, ShopDocument>();
  private readonly shells = new Map<string, ShopDocument>();
  private signatureOf: { listingEtag: string; signature: string } | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly listing: ShopListing,
    private readonly queries: QueryBus,
    private readonly bearer: AdminBearer,
  ) {}

  /**
   * Loads the bundle now rather than at the first page asked for: the server calls this once it listens, so the
   * first visitor after a start (a deploy, a restart) does not wait the few hundred milliseconds it takes.
   */
  warm(): void {
    void this.builtShop();
  }

  private builtShop(): Promise<BuiltShop | null> {
    this.built ??= loadBuiltShop(this.config.staticDir).catch((error: unknown) => {
      this.logger.error(`The server-rendering bundle could not be loaded; pages are drawn in the browser: ${String(error)}`);
      return null;
    });
    return this.built;
  }

  /** Answers a GET or HEAD for a page: the rendered page, a redirect, or `shell` for the plain `index.html`. */
  async answer(req: Request, res: Response): Promise<PageAnswer> {
    const built = await this.builtShop();
    if (built === null) return { kind: 'shell' };
    // As the router reads it (`/admin/../admin` is `/admin`); a request sent with dot segments is redirected below.
    const pathname = withoutDotSegments(req.path);
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    const listing = await this.listing.current();
    const products = listing.products as Product[];
    const kind = built.bundle.pageKind(pathname, products);
    if (kind === 'client') {
      const drawn = await this.drawnAdmin(req, built, `${pathname}${query}`, products);
      if (drawn !== null) {
        sendPrivate(req, res, drawn);
        return { kind: 'sent' };
      }
      // The admin's shell names its code for the browser to fetch at once; the checkout's is the plain one.
      const shell = built.bundle.adminShell(built.template, `${pathname}${query}`, built.manifest, publicConfigOf(this.config));
      if (shell === null) return { kind: 'shell' };
      this.send(req, res, this.shellDocument(shell));
      return { kind: 'sent' };
    }

    // One address per page: `/Shop/` and `/shop/%71uokka-pale-ale` are `/shop` and `/shop/quokka-pale-ale`.
    const canonical = canonicalPath(decodedPath(pathname));
    if (kind === 'page' && canonical !== req.path) return this.redirect(res, `${canonical}${query}`);
    if (kind === 'not-found') {
      const moved = await this.movedBeer(canonical);
      if (moved !== null && moved !== pathname) return this.redirect(res, `${moved}${query}`);
    }

    const ageVerified = hasAgeCookie(req.header('cookie'));
    // Pages drawn from their query (a payment, an order's signed link): never cached, never shared.
    const isResult = canonical === '/order-success' || canonical === '/order-status';
    // A missing page's markup is the same whatever was asked for, so it is drawn from a fixed address of its kind,
    // never from the one asked (whose pieces could spell another page): a cached rendering is keyed by exactly
    // what decided its content. The order result depends on its query and is not kept.
    const missing = kind === 'not-found' ? (canonical.startsWith('/shop/') ? 'beer' : 'other') : null;
    const key = isResult ? null : missing !== null ? `404 ${missing} ${ageVerified}` : `${canonical} ${ageVerified}`;
    const url = isResult ? `${canonical}${query}` : missing !== null ? MISSING_PAGE_URL[missing] : canonical;
    let document: ShopDocument;
    try {
      document = await this.document(built, key, url, missing === null ? 200 : 404, listing.etag, products, ageVerified);
    } catch (error) {
      // The page still works drawn by the browser; the failure is for the operator's log.
      this.logger.error(`Rendering ${url} failed; the browser draws it instead: ${describe(error)}`);
      return { kind: 'shell' };
    }
    this.send(req, res, document);
    return { kind: 'sent' };
  }

  /**
   * The admin's order tab drawn for the operator whose session cookie holds a live token (signed, unexpired,
   * issued under the current password, not logged out: what the API's guard checks), from the first page of
   * orders its address asks for. Null, for the plain shell, without such a cookie, for another tab, or when the
   * address's filters are not valid (the browser then shows the server's message as usual).
   */
  private async drawnAdmin(req: Request, built: BuiltShop, url: string, products: Product[]): Promise<string | null> {
    const path = built.bundle.adminFirstPagePath(url);
    if (path === null) return null;
    const token = adminSessionToken(req.header('cookie'));
    if (token === null || !(await this.bearer.allows(`Bearer ${token}`, 'orders.view'))) return null;
    try {
      const firstPage = await this.queries.execute(new SearchOrdersQuery(rawQuery(path)));
      return await built.bundle.renderAdminPage({
        template: built.template,
        url,
        manifest: built.manifest,
        config: publicConfigOf(this.config),
        products,
        ageVerified: hasAgeCookie(req.header('cookie')),
        origin: this.origin(),
        firstPage,
      });
    } catch (error) {
      if (error instanceof DomainError) return null;
      this.logger.error(`Drawing ${url} failed; the browser draws it instead: ${describe(error)}`);
      return null;
    }
  }

  private async document(
    built: BuiltShop,
    key: string | null,
    url: string,
    status: 200 | 404,
    listingEtag: string,
    products: Product[],
    ageVerified: boolean,
  ): Promise<ShopDocument> {
    const cached = key === null ? undefined : this.documents.get(key);
    if (cached !== undefined && cached.listingEtag === listingEtag) return cached;
    const page = await this.page(built, key, url, listingEtag, products, ageVerified);
    // The server and the renderer read the address alike; if they ever did not, nothing is sent or kept.
    if (page.status !== status) throw new Error(`${url} was classed ${status} but rendered ${page.status}`);
    const config = publicConfigOf(this.config);
    const html = Buffer.from(built.bundle.shopDocument(built.template, page, { products, config, ageVerified, origin: this.origin() }));
    const document = shopDocument(listingEtag, page.status, html);
    if (key !== null) this.documents.set(key, document);
    return document;
  }

  /** A shell as it goes on the wire, made once for each of its few forms (one per admin tab). */
  private shellDocument(html: string): ShopDocument {
    const cached = this.shells.get(html);
    if (cached !== undefined) return cached;
    const document = shopDocument('', 200, Buffer.from(html));
    this.shells.set(html, document);
    return document;
  }

  /** The rendered page for the key, rendered again only when what its markup shows changed. */
  private page(
    built: BuiltShop,
    key: string | null,
    url: string,
    listingEtag: string,
    products: Product[],
    ageVerified: boolean,
  ): Promise<RenderedPage> {
    const shown = built.bundle.markupProducts(products);
    if (this.signatureOf?.listingEtag !== listingEtag) this.signatureOf = { listingEtag, signature: JSON.stringify(shown) };
    const signature = this.signatureOf.signature;
    const kept = key === null ? undefined : this.renders.get(key);
    if (kept !== undefined && kept.signature === signature) return kept.page;
    const page = built.bundle.renderShopPage({
      url,
      products: shown,
      config: publicConfigOf(this.config),
      ageVerified,
      origin: this.origin(),
      manifest: built.manifest,
    });
    if (key !== null) {
      this.renders.set(key, { signature, page });
      // A render that failed is not kept: the next request tries again.
      page.catch(() => {
        if (this.renders.get(key)?.page === page) this.renders.delete(key);
      });
    }
    return page;
  }

  /** A beer renamed since the link was made: its page now, by the slug it had. */
  private async movedBeer(pathname: string): Promise<string | null> {
    const match = /^\/shop\/([^/]+)$/.exec(pathname);
    if (match?.[1] === undefined) return null;
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]).toLowerCase();
    } catch {
      return null;
    }
    const found = await this.queries.execute(new FindBeerBySlugQuery(slug));
    return found === null ? null : `/shop/${found.slug}`;
  }

  private redirect(res: Response, location: string): PageAnswer {
    res.setHeader('Cache-Control', 'no-cache');
    res.redirect(301, location);
    return { kind: 'sent' };
  }

  private send(req: Request, res: Response, document: ShopDocument): void {
    sendPrepared(req, res, pageAnswer(document));
  }

  /**
   * The page kept for this address, while it is still the page (the product list it was drawn from is the
   * current one), for the server's path for hot reads; null when it must be answered by `answer` (a first
   * visit, a changed list, an address that is not a page's own). Only a page's canonical address has a kept
   * page, so an address that would be redirected never matches one.
   */
  preparedPage(path: string, cookie: string | undefined): PreparedAnswer | null {
    const listing = this.listing.fresh();
    if (listing === null) return null;
    const document = this.documents.get(`${path} ${hasAgeCookie(cookie)}`);
    if (document === undefined || document.listingEtag !== listing.etag) return null;
    return pageAnswer(document);
  }

  private origin(): string {
    return this.config.shop.publicUrl.replace(/\/+$/, '');
  }
}

/**
 * A page holding one operator's orders: never stored by a cache on the way or by the browser, compressed by the
 * compression middleware as it goes.
 */
function sendPrivate(req: Request, res: Response, html: string): void {
  res.status(200);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Vary', 'Accept-Encoding, Cookie');
  if (req.method === 'HEAD') res.end();
  else res.end(html);
}

/** An error for the operator's log: its stack where it has one. */
function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** A path's query string as Express reads one: a repeated parameter is an array. */
function rawQuery(path: string): Record<string, string | string[]> {
  const params = new URL(path, 'http://shop.invalid').searchParams;
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    raw[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return raw;
}

/**
 * The addresses a missing page is drawn from: no beer's slug and no page's path can be either (a slug is lower-case
 * letters, digits and dashes).
 */
const MISSING_PAGE_URL = { beer: '/shop/~missing', other: '/~missing' } as const;

/**
 * The path with its `.` and `..` segments resolved, as a browser and the router read it. Read as a path, never as
 * an address: `//evil.example/shop` stays a path on this shop (relative to a base, it would name another host).
 */
export function withoutDotSegments(pathname: string): string {
  return new URL(`http://shop.invalid${pathname.startsWith('/') ? '' : '/'}${pathname}`).pathname;
}

/** The path with its percent-escapes decoded, or as it came when they are not valid. */
export function decodedPath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** Lower case, no trailing slash (but `/` itself). Beer slugs are lower case too. */
export function canonicalPath(pathname: string): string {
  return pathname.toLowerCase().replace(/\/+$/, '') || '/';
}

export function hasAgeCookie(header: string | undefined): boolean {
  return header !== undefined && header.split(';').some((pair) => pair.trim() === `${AGE_COOKIE}=true`);
}
