import { AsyncLocalStorage } from 'node:async_hooks';
import type { Response } from 'express';

/**
 * Read-your-writes across shop processes. Every response to a request that wrote events carries the global
 * position of its last event in this header; a client that sends the highest position it has seen back (the
 * shop's own pages do, on every API call) is answered only once the process serving it has applied that
 * position to its read models, however the load balancer spreads its requests.
 */
export const POSITION_HEADER = 'X-Shop-Position';

interface WrittenPosition {
  res: Response;
  position: number;
}

const requests = new AsyncLocalStorage<WrittenPosition>();

/** What each response's request has written: the position of its last event, kept beside the response. */
const written = new WeakMap<Response, WrittenPosition>();

/** Runs the rest of a request with somewhere to record what it writes. */
export function withWrittenPosition(res: Response, next: () => void): void {
  const request: WrittenPosition = { res, position: -1 };
  written.set(res, request);
  requests.run(request, next);
}

/** The position of the last event written for the request `res` answers, or null when it wrote nothing. */
export function writtenPosition(res: Response): number | null {
  const position = written.get(res)?.position ?? -1;
  return position < 0 ? null : position;
}

/** The position of the last event the request now running has written so far, or null (nothing yet, or no request). */
export function positionWrittenSoFar(): number | null {
  const position = requests.getStore()?.position ?? -1;
  return position < 0 ? null : position;
}

/**
 * A recorder for the request now running (none outside one): call it with the position a command was appended
 * at. Taken when the command starts, since the pipeline may append it together with other requests' commands.
 */
export function positionRecorder(): (position: number | null) => void {
  const current = requests.getStore();
  if (current === undefined) return () => undefined;
  return (position) => {
    if (position === null || position <= current.position) return;
    current.position = position;
    if (!current.res.headersSent) current.res.setHeader(POSITION_HEADER, String(position));
  };
}

/** The position a request presents in the header, or null when it presents none or nonsense. */
export function presentedPosition(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}
