import type { NextFunction, Request, Response } from 'express';
import { positionRecorder } from '../event-sourcing/written-position';
import { readYourWrites, type ReadModelsProgress } from './read-your-writes';

/** Read models at `applied`, moving to `later` after `afterMs` (another process's write arriving). */
function progress(applied: number, later?: { position: number; afterMs: number }): ReadModelsProgress & { waited: number[] } {
  let position = applied;
  if (later) setTimeout(() => (position = later.position), later.afterMs);
  const waited: number[] = [];
  return {
    waited,
    readModelsPosition: () => position,
    waitForReadModels: async (target, timeoutMs) => {
      waited.push(target);
      const deadline = Date.now() + timeoutMs;
      while (position < target && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      return position >= target;
    },
  };
}

function request(path: string, presented?: string): Request {
  const headers: Record<string, string> = presented === undefined ? {} : { 'x-shop-position': presented };
  return { path, header: (name: string) => headers[name.toLowerCase()] } as unknown as Request;
}

function response(): Response & { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  return { headers, headersSent: false, setHeader: (name: string, value: string) => (headers[name] = value) } as never;
}

/** Runs the middleware; resolves when it passes the request on, with how long that took. */
function pass(middleware: ReturnType<typeof readYourWrites>, req: Request, res: Response, inside?: () => void): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    middleware(req, res, (() => {
      inside?.();
      resolve(Date.now() - started);
    }) as NextFunction);
  });
}

describe('read-your-writes middleware', () => {
  it('given no position presented, when an API request comes, then it is passed on at once', async () => {
    const read = progress(10);
    await pass(
      readYourWrites(read, () => Promise.resolve(10)),
      request('/api/products'),
      response(),
    );
    expect(read.waited).toEqual([]);
  });

  it('given a position the read models have applied, then it is passed on without waiting', async () => {
    const read = progress(10);
    await pass(
      readYourWrites(read, () => Promise.resolve(10)),
      request('/api/products', '10'),
      response(),
    );
    expect(read.waited).toEqual([]);
  });

  it('given a position written through another process, then the request waits until this process has applied it', async () => {
    const read = progress(10, { position: 12, afterMs: 60 });
    const ms = await pass(
      readYourWrites(read, () => Promise.resolve(12)),
      request('/api/orders/x', '12'),
      response(),
    );
    expect(read.waited).toEqual([12]);
    expect(ms).toBeGreaterThanOrEqual(50);
  });

  it('given a position the read models never reach, then the request goes on after the bound', async () => {
    const read = progress(10);
    const ms = await pass(
      readYourWrites(read, () => Promise.resolve(20), 80),
      request('/api/products', '20'),
      response(),
    );
    expect(ms).toBeGreaterThanOrEqual(70);
  });

  it('given a position beyond the head of the log (a store since emptied), then nothing is waited for', async () => {
    const read = progress(10);
    await pass(
      readYourWrites(read, () => Promise.resolve(10)),
      request('/api/products', '999'),
      response(),
    );
    expect(read.waited).toEqual([]);
  });

  it('given positions far past the head again and again, then the head is read once a second, not once a request', async () => {
    let reads = 0;
    const middleware = readYourWrites(progress(10), () => {
      reads += 1;
      return Promise.resolve(10);
    });
    for (let i = 0; i < 20; i++) await pass(middleware, request('/api/products', '999999999999999'), response());
    expect(reads).toBe(1);
    // A position just past the head may be a write another process has just made: it is always looked at.
    await pass(middleware, request('/api/products', '12'), response());
    expect(reads).toBe(2);
  });

  it.each(['-1', 'abc', '1e3', '12345678901234567890', ''])('given a malformed position %p, then it is ignored', async (presented) => {
    const read = progress(10);
    await pass(
      readYourWrites(read, () => Promise.resolve(10)),
      request('/api/products', presented),
      response(),
    );
    expect(read.waited).toEqual([]);
  });

  it('given a request that writes, then its response carries the highest position written, in X-Shop-Position', async () => {
    const res = response();
    await pass(
      readYourWrites(progress(10), () => Promise.resolve(10)),
      request('/api/checkout'),
      res,
      () => {
        const first = positionRecorder();
        const second = positionRecorder();
        first(15);
        second(null);
        second(14);
      },
    );
    expect(res.headers['X-Shop-Position']).toBe('15');
  });

  it('outside a request, recording a position does nothing', () => {
    expect(() => positionRecorder()(5)).not.toThrow();
  });
});
