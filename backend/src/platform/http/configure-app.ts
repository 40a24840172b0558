import { RequestMethod, ValidationPipe } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import type { EventStore } from '@brewery/eventstore';
import type { AppConfig } from '../../config/app-config';
import { POSITION_HEADER } from '../event-sourcing/written-position';
import { fixedHeadersOf, serveHotReads, type HotRead } from './hot-reads';
import { HttpEdge } from './http-edge';
import { ApiExceptionFilter } from './api-exception.filter';
import { jsonBodiesOnly } from './json-bodies-only';
import { jsonBodyParser } from './json-shape';
import { precompressedAssets } from './precompressed-assets';
import { requestContextMiddleware } from './request-context';
import { appliedHere, readYourWrites } from './read-your-writes';
import { ReadYourWritesInterceptor } from './read-your-writes.interceptor';
import { ProjectionRunner } from '../projections/projection-runner';
import { EVENT_STORE } from '../persistence/persistence.tokens';
import { shellInlineScriptHashes } from './inline-script-hashes';
import { storableTextOnly } from './storable-text';

/**
 * Everything about the HTTP edge in one place, shared by `main.ts` and the API tests: security headers,
 * validation, error shape, OpenAPI, and the built shop served from the same port with SPA fallback.
 */
export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  app.disable('x-powered-by');
  // The shell's inline script (the tap keeper) runs by its hash; no other inline script does.
  const inlineScripts = shellInlineScriptHashes(join(config.staticDir, 'index.html'));
  // Whose X-Forwarded-For to believe (TRUST_PROXY); by default none, so a client cannot choose its own address.
  app.set('trust proxy', config.http.trustProxy);
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'", ...inlineScripts, ...(config.stripe ? ['https://js.stripe.com'] : [])],
        'frame-src': ["'self'", ...(config.stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [])],
        'connect-src': ["'self'", ...(config.stripe ? ['https://api.stripe.com'] : [])],
        // Product pictures come from the shop itself, or from the hosts IMAGE_HOSTS names.
        'img-src': ["'self'", 'data:', 'blob:', ...config.imageHosts],
        'style-src': ["'self'", "'unsafe-inline'"],
        'frame-ancestors': ["'none'"],
        // The age gate's form answers "under 18" by sending the visitor to a search site.
        'form-action': ["'self'", 'https://www.google.com'],
        // The shop may be served over plain HTTP on a private network; TLS is the proxy's job.
        'upgrade-insecure-requests': null,
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.use(securityHeaders);
  // The shop's scripts and styles as the build compressed them, from memory, before anything an API request needs.
  app.use(precompressedAssets(config.staticDir));
  // gzip or brotli for whatever the client accepts: the shop's scripts shrink to about a third.
  app.use(compression({ threshold: 1024 }));
  app.use(requestContextMiddleware);
  const eventStore = app.get<EventStore>(EVENT_STORE);
  app.use(readYourWrites(app.get(ProjectionRunner), () => eventStore.headPosition()));
  app.use(jsonBodiesOnly);
  // JSON bodies up to 1 MB, refused for their shape before they are parsed (docs/architecture.md, "Request bodies").
  app.use(jsonBodyParser());
  app.use(storableTextOnly);
  // Product pictures are served beside the shop, not under the API (the storefront shows them without a token).
  // So are the sitemap and robots.txt, where crawlers look for them.
  app.setGlobalPrefix('api', {
    exclude: [
      { path: 'media/:file', method: RequestMethod.GET },
      { path: 'sitemap.xml', method: RequestMethod.GET },
      { path: 'robots.txt', method: RequestMethod.GET },
      { path: 'age-check', method: RequestMethod.POST },
    ],
  });
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true, stopAtFirstError: false }));
  app.useGlobalFilters(new ApiExceptionFilter());
  // Every request that wrote is answered once this process's read models show what it wrote.
  app.useGlobalInterceptors(new ReadYourWritesInterceptor(app.get(ProjectionRunner)));

  setUpApiDocs(app, config);

  // What the modules serve here they register as they start (after this runs): it is looked up per request.
  const edge = app.get(HttpEdge);
  serveShop(app, config.staticDir, edge);

  serveHotReads(app.getHttpServer(), hotReads(app, edge), fixedHeadersOf(securityHeaders));
}

/**
 * The reads answered before the application while their answer is made, as the modules registered them (the
 * catalogue and a beer's availability; the storefront's pages). A read that needs the client's own writes to show
 * is skipped for a client still waiting for one (`X-Shop-Position` not yet applied here): it goes the whole way,
 * which waits for it.
 */
function hotReads(app: NestExpressApplication, edge: HttpEdge): HotRead[] {
  const runner = app.get(ProjectionRunner);
  const seesItsWrites = (req: IncomingMessage): boolean =>
    appliedHere(req.headers[POSITION_HEADER.toLowerCase()] as string | undefined, runner);
  const registered: HotRead = (path, req) => {
    for (const { read, waitsForOwnWrites } of edge.hotReads()) {
      if (waitsForOwnWrites && !seesItsWrites(req)) continue;
      const answer = read(path, req);
      if (answer !== null) return answer;
    }
    return null;
  };
  return [registered];
}

function serveShop(app: NestExpressApplication, staticDir: string, edge: HttpEdge): void {
  const index = join(staticDir, 'index.html');
  const files = express.static(staticDir, {
    index: false,
    setHeaders: (res, path) => {
      // Vite fingerprints everything under assets/; the rest must be revalidated.
      res.setHeader('Cache-Control', path.includes(`${join(staticDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // The API never comes from disk: without this every API request paid for a stat() of a file that is not there.
  // Nor do the product pictures (`/media/`), which their own route serves from DATA_DIR, nor the sitemap and
  // robots.txt, which are made from the catalogue.
  const isApi = (req: Request) => /^\/(api|media)(\/|$)/i.test(req.path) || /^\/(sitemap\.xml|robots\.txt)$/i.test(req.path);
  // The template itself is not a page: `/index.html` is answered like any unknown address (404), and so is every
  // other spelling the static files would resolve to it (`/assets/../index.html`, `/assets/%2e%2e/index.html`,
  // `/%69ndex.html`, `/index.html/.`): the path read as they read it, percent-decoded and its dot segments resolved.
  const isTemplate = (req: Request): boolean => {
    let file: string;
    try {
      file = join('/', decodeURIComponent(req.path));
    } catch {
      return false; // Broken percent-encoding: the static files answer 400 themselves.
    }
    return /^[\\/]+index\.html[\\/]*$/i.test(file);
  };
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (isApi(req) || isTemplate(req)) next();
    else void files(req, res, next);
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApi(req)) return next();
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The shop has not been built yet: run `npm start` (or `npm run build`).');
      return;
    }
    // The public pages come rendered from the server; the checkout and the admin as the plain shell.
    (edge.shopPages()?.answer(req, res) ?? Promise.resolve({ kind: 'shell' as const })).then(
      (answer) => {
        if (answer.kind === 'sent') return;
        res.setHeader('Cache-Control', 'no-cache');
        res.sendFile(index);
      },
      (error: unknown) => next(error),
    );
  });
}

/**
 * The OpenAPI description (API_DOCS): for anyone (the page and its JSON), for the operator only (the JSON, with
 * the admin's bearer token; no page, which a browser could not open with a token), or not at all.
 */
function setUpApiDocs(app: NestExpressApplication, config: AppConfig): void {
  if (config.http.apiDocs === 'off') return;
  const openApi = new DocumentBuilder().setTitle(`${config.shop.brandName} API`).setVersion('1').addBearerAuth().build();
  const document = () => SwaggerModule.createDocument(app, openApi);
  if (config.http.apiDocs === 'public') {
    SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });
    return;
  }
  const edge = app.get(HttpEdge);
  app.use('/api/docs', (req: Request, res: Response, next: NextFunction) => {
    edge
      .operatorCheck()(req.header('authorization'))
      .then(
        (allowed) => {
          if (allowed) return next();
          res.setHeader('WWW-Authenticate', 'Bearer realm="admin"');
          res.status(401).json({ statusCode: 401, message: 'Authentication required', error: 'authentication_required' });
        },
        (error: unknown) => next(error),
      );
  });
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json', ui: false, raw: ['json'] });
}
