import type { NextFunction, Request, Response } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';

/** The encodings the build writes beside an asset, in the order the shop prefers them. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * Sends a fingerprinted asset's brotli or gzip form, written beside it by the build (`frontend/vite.config.ts`),
 * to a browser that accepts it: nothing is compressed per request. Assets without such a form, and browsers that
 * accept neither, go on to the static files (compressed on the fly by the compression middleware, as before).
 * Which forms exist is read once at start: the built shop does not change under a running server.
 */
export function precompressedAssets(staticDir: string) {
  const assets = join(staticDir, 'assets');
  const present = new Set(existsSync(assets) ? readdirSync(assets) : []);
  const cacheControl = 'public, max-age=31536000, immutable';
  return (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/assets/')) return next();
    const name = req.path.slice('/assets/'.length);
    if (name.includes('/') || !present.has(name)) return next();
    const accepted = req.acceptsEncodings(ENCODINGS.map((encoding) => encoding.name));
    const encoding = ENCODINGS.find((candidate) => candidate.name === accepted && present.has(`${name}${candidate.suffix}`));
    res.vary('Accept-Encoding');
    if (encoding === undefined) return next();
    res.setHeader('Content-Encoding', encoding.name);
    res.setHeader('Cache-Control', cacheControl);
    // The original's type, not the compressed file's (send leaves a type already set alone).
    res.type(extname(name));
    res.sendFile(join(assets, `${name}${encoding.suffix}`), { cacheControl: false, dotfiles: 'deny' }, (error?: Error) => {
      if (error !== undefined && !res.headersSent) next(error);
    });
  };
}
