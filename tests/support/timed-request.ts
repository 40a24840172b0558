import type { ShopServer } from './shop-server';

/** What came back, and how long it took: no status when the request got no answer (refused, aborted). */
export interface Answer {
  status: number | null;
  body: { code?: string; message?: string; orderId?: string; paymentIntentId?: string; clientSecret?: string } & Record<string, unknown>;
  headers: Headers | null;
  ms: number;
}

/** A request as a browser (or a bot) sends it: from a client address of its own, with its cookie if it has one. */
export async function send(
  server: Pick<ShopServer, 'url'>,
  method: string,
  path: string,
  options: { body?: unknown; client?: string; cookie?: string; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.client === undefined ? {} : { 'x-forwarded-for': options.client }),
        ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
      signal: options.signal,
    });
    const text = await res.text();
    return {
      status: res.status,
      body: text === '' ? {} : (JSON.parse(text) as Answer['body']),
      headers: res.headers,
      ms: performance.now() - started,
    };
  } catch {
    return { status: null, body: {}, headers: null, ms: performance.now() - started };
  }
}
