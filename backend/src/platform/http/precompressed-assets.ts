import type { NextFunction, Request, Response } from 'express';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { acceptedEncodings } from './prepared-response';

/** The encodings the build writes beside an asset, in the order the shop prefers them. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The types of what the build compresses ahead (`frontend/vite.config.ts`). */
const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

interface CompressedForm {
  encoding: (typeof ENCODINGS)[number]['name'];
  /** The bytes, read once at start. */
  bytes: Buffer;
}

/**
 * Sends a fingerprinted asset's brotli or gzip form, written beside it by the build (`frontend/vite.config.ts`),
 * to a browser that accepts it: nothing is compressed per request. The forms are read into memory once at start
 * (the built shop does not change under a running server, and its compressed scripts weigh about 1.5 MB), so a
 * first visit's burst of fifty scripts costs the server no file system call (45 ms of the server's time for the
 * admin's 52 files when each was opened and streamed from disk, 30 ms from memory).
 * Assets without such a form, and browsers that accept neither, go on to the static files (compressed on the fly
 * by the compression middleware).
 */
export function precompressedAssets(staticDir: string) {
  const forms = readCompressedForms(join(staticDir, 'assets'));
  return (req: Request, res: Response, next: NextFunction): void => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.path.startsWith('/assets/')) return next();
    const name = req.path.slice('/assets/'.length);
    const available = forms.get(name);
    if (available === undefined) return next();
    // The shop's order of preference, not the browser's (which lists gzip first): brotli wherever it is taken.
    const form = acceptedEncodings(req.headers['accept-encoding'])
      .map((encoding) => available.find((candidate) => candidate.encoding === encoding))
      .find((candidate) => candidate !== undefined);
    res.vary('Accept-Encoding');
    if (form === undefined) return next();
    res.setHeader('Content-Encoding', form.encoding);
    res.setHeader('Cache-Control', CACHE_CONTROL);
    // The original's type, not the compressed file's.
    res.setHeader('Content-Type', TYPES[extname(name)] ?? 'application/octet-stream');
    res.setHeader('Content-Length', form.bytes.length);
    res.status(200);
    if (req.method === 'HEAD') res.end();
    else res.end(form.bytes);
  };
}

/** Each asset name with a compressed form beside it, and its forms in the shop's order of preference. */
function readCompressedForms(assets: string): Map<string, CompressedForm[]> {
  const forms = new Map<string, CompressedForm[]>();
  if (!existsSync(assets)) return forms;
  const present = new Set(readdirSync(assets));
  for (const name of present) {
    if (!(extname(name) in TYPES)) continue;
    const found: CompressedForm[] = [];
    for (const { name: encoding, suffix } of ENCODINGS) {
      if (!present.has(`${name}${suffix}`)) continue;
      found.push({ encoding, bytes: readFileSync(join(assets, `${name}${suffix}`)) });
    }
    if (found.length > 0) forms.set(name, found);
  }
  return forms;
}
