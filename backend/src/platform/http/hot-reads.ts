import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { writePrepared, type FixedHeader, type PreparedAnswer } from './prepared-response';
import { givenRequestId } from './request-context';

/**
 * A public read answered from bytes made before it was asked: the answer for this path, or null when it has to
 * go the whole way (nothing prepared, or not its address).
 */
export type HotRead = (path: string, req: IncomingMessage) => PreparedAnswer | null;

/**
 * The server's path for its hottest public reads (the catalogue, a beer's availability, the storefront's pages):
 * a GET or HEAD without a body whose answer is already made is sent straight from the Node server, with the
 * shop's security headers (the very ones the helmet middleware sets, read from it once), its request id, its
 * ETag and 304, and its compressed form, without passing through Express's router, the middleware chain and
 * Nest's pipeline, which a read of prepared bytes has no use for. Everything else, and these reads whenever
 * their answer is not prepared, goes on to the application as before. These reads are not written to the
 * request log (a proxy in front of the shop logs its traffic), so they make no request id of their own: one the
 * client sent (`x-request-id`) is sent back, as on every answer.
 */
export function serveHotReads(server: Server, reads: readonly HotRead[], headers: readonly FixedHeader[]): void {
  const application = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  const toApplication = (req: IncomingMessage, res: ServerResponse): void => {
    for (const listener of application) listener(req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const answer = hotAnswer(req, reads);
    if (answer === null) return toApplication(req, res);
    writePrepared(req, res, answer, headers, givenRequestId(req.headers['x-request-id']));
  });
}

function hotAnswer(req: IncomingMessage, reads: readonly HotRead[]): PreparedAnswer | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  // A body on a read is unusual enough to take the whole way (which says what it thinks of it).
  if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return null;
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  for (const read of reads) {
    const answer = read(path, req);
    if (answer !== null) return answer;
  }
  return null;
}

/**
 * The headers a middleware that only sets fixed headers (helmet, configured without per-request values) sets,
 * read by running it once against a recording response. Throws if it does anything else, so a configuration
 * that starts depending on the request cannot be copied wrongly.
 */
export function fixedHeadersOf(middleware: (req: never, res: never, next: (error?: unknown) => void) => void): FixedHeader[] {
  const headers = new Map<string, FixedHeader>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), [name, Array.isArray(value) ? value.join(', ') : String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader(name: string) {
      return headers.get(name.toLowerCase())?.[1];
    },
  };
  let done = false;
  middleware({ method: 'GET', url: '/', headers: {} } as never, recorder as never, (error?: unknown) => {
    if (error !== undefined) throw error instanceof Error ? error : new Error('The security headers middleware failed');
    done = true;
  });
  if (!done) throw new Error('The security headers middleware did not finish at once; its headers cannot be prepared');
  return [...headers.values()];
}
