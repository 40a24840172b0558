import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { matchesEtag } from '../../shared-kernel/etag';

export type Encoding = 'br' | 'gzip' | 'identity';

/** Smaller bodies go as they are: compressing them saves less than it costs (the compression middleware's rule). */
const COMPRESS_FROM_BYTES = 1024;

/**
 * A body made once and sent many times: its bytes, its strong tag, and its gzip and brotli forms, each made the
 * first time a client accepts it and kept while the body lives. Nothing about it is computed per request.
 */
export class PreparedBody {
  readonly etag: string;
  private readonly forms = new Map<Exclude<Encoding, 'identity'>, Buffer>();

  constructor(
    readonly bytes: Buffer,
    readonly contentType: string,
    etag?: string,
  ) {
    this.etag = etag ?? `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
  }

  static json(text: string, etag?: string): PreparedBody {
    return new PreparedBody(Buffer.from(text), 'application/json; charset=utf-8', etag);
  }

  /** The encoding this body goes in to a client sending `acceptEncoding`. */
  encodingFor(acceptEncoding: string | undefined): Encoding {
    return this.bytes.length < COMPRESS_FROM_BYTES ? 'identity' : chooseEncoding(acceptEncoding);
  }

  form(encoding: Encoding): Buffer {
    if (encoding === 'identity') return this.bytes;
    let form = this.forms.get(encoding);
    if (form === undefined) {
      form =
        encoding === 'br'
          ? brotliCompressSync(this.bytes, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: this.bytes.length },
            })
          : gzipSync(this.bytes, { level: 6 });
      this.forms.set(encoding, form);
    }
    return form;
  }
}

/** How a prepared body is answered: its status, caching and what else selects it. */
export interface PreparedAnswer {
  status: number;
  body: PreparedBody;
  /** `Vary`: what besides the address chose this representation (always Accept-Encoding). */
  vary: string;
  /** Each encoding its own representation with its own tag (the pages); otherwise one tag for all (the JSON). */
  tagPerEncoding: boolean;
}

/** What a request gets of a prepared answer: the encoding, its tag, and whether the client already has it. */
function representation(req: IncomingMessage, answer: PreparedAnswer): { encoding: Encoding; etag: string; notModified: boolean } {
  const { body } = answer;
  const encoding = body.encodingFor(header(req, 'accept-encoding'));
  const etag = !answer.tagPerEncoding || encoding === 'identity' ? body.etag : `${body.etag.slice(0, -1)}-${encoding}"`;
  const conditional = req.headers['if-none-match'];
  return { encoding, etag, notModified: answer.status === 200 && conditional !== undefined && matchesEtag(conditional, etag) };
}

/**
 * Sends a prepared answer on a response of the application (Express's), which already carries its security
 * headers and request id: revalidated every time (`no-cache`), 304 while the client's tag still matches, the
 * compressed form the client accepts, and no body to a HEAD.
 */
export function sendPrepared(req: IncomingMessage, res: ServerResponse, answer: PreparedAnswer): void {
  const { encoding, etag, notModified } = representation(req, answer);
  res.setHeader('Cache-Control', 'no-cache');
  res.setHeader('Vary', answer.vary);
  res.setHeader('ETag', etag);
  if (notModified) {
    res.writeHead(304);
    res.end();
    return;
  }
  const bytes = answer.body.form(encoding);
  res.setHeader('Content-Type', answer.body.contentType);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', bytes.length);
  res.writeHead(answer.status);
  if (req.method === 'HEAD') res.end();
  else res.end(bytes);
}

/** A header as the server sends it on every answer: name and value. */
export type FixedHeader = readonly [name: string, value: string];

/** Each prepared body's header lists, per form of answer, made the first time that form is sent. */
const headerLists = new WeakMap<PreparedBody, Map<string, { full: string[]; notModified: string[] }>>();

/**
 * The same answer on a bare Node response (the server's path for hot reads): the same headers as `sendPrepared`
 * gives after the application's (`fixed`, and the request id when there is one), written in one call from a
 * list made once per body and form, so a request costs a lookup and a write.
 */
export function writePrepared(
  req: IncomingMessage,
  res: ServerResponse,
  answer: PreparedAnswer,
  fixed: readonly FixedHeader[],
  requestId: string | null,
): void {
  const { encoding, etag, notModified } = representation(req, answer);
  const lists = headerListsOf(answer, encoding, etag, fixed);
  const withId = (list: string[]): string[] => (requestId === null ? list : [...list, 'x-request-id', requestId]);
  if (notModified) {
    res.writeHead(304, withId(lists.notModified));
    res.end();
    return;
  }
  res.writeHead(answer.status, withId(lists.full));
  if (req.method === 'HEAD') res.end();
  else res.end(answer.body.form(encoding));
}

function headerListsOf(
  answer: PreparedAnswer,
  encoding: Encoding,
  etag: string,
  fixed: readonly FixedHeader[],
): { full: string[]; notModified: string[] } {
  let lists = headerLists.get(answer.body);
  if (lists === undefined) {
    lists = new Map();
    headerLists.set(answer.body, lists);
  }
  const key = `${answer.status} ${answer.vary} ${encoding} ${etag}`;
  let found = lists.get(key);
  if (found === undefined) {
    const notModified = [...fixed.flat(), 'Cache-Control', 'no-cache', 'Vary', answer.vary, 'ETag', etag];
    const full = [
      ...notModified,
      'Content-Type',
      answer.body.contentType,
      ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
      'Content-Length',
      String(answer.body.form(encoding).length),
    ];
    found = { full, notModified };
    lists.set(key, found);
  }
  return found;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The encoding a prepared answer is sent in: `acceptedEncodings`' first, or none. */
export function chooseEncoding(header: string | undefined): Encoding {
  return acceptedEncodings(header)[0] ?? 'identity';
}

/**
 * The compressed encodings the client takes, the one it weighs highest first and, between equal weights, in the
 * shop's order (brotli, then gzip) whatever order the client lists them in: browsers list gzip first, and brotli
 * is a sixth smaller on the shop's scripts.
 */
export function acceptedEncodings(header: string | undefined): ('br' | 'gzip')[] {
  if (header === undefined || header === '') return [];
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const wildcard = accepted.get('*');
  const weight = (name: string) => accepted.get(name) ?? wildcard ?? 0;
  // A higher q first; between equal ones, the shop's order (the sort is stable).
  return (['br', 'gzip'] as const).filter((name) => weight(name) > 0).sort((a, b) => weight(b) - weight(a));
}
