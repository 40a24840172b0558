import { vi } from 'vitest';

type Answer = { status?: number; body: unknown } | (() => Promise<Response>);

/**
 * Replaces fetch with a table of answers by path ("GET /api/products"); an unlisted call fails the test
 * loudly instead of hanging. Returns the mock to inspect calls.
 */
export function stubApi(answers: Record<string, Answer>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const method = init?.method ?? 'GET';
    const key = `${method} ${requestUrl(input)}`;
    const answer = answers[key];
    if (answer === undefined) throw new Error(`Unexpected request in test: ${key}`);
    if (typeof answer === 'function') return answer();
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A response that never arrives, to look at loading states. */
export function never(): Promise<Response> {
  return new Promise<Response>(() => undefined);
}

export function requestUrl(input: string | URL | Request): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}
