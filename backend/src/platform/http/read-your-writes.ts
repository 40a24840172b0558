import type { NextFunction, Request, Response } from 'express';
import { POSITION_HEADER, presentedPosition, withWrittenPosition } from '../event-sourcing/written-position';

/** The longest an API request waits for its process's read models to reach the position it presents. */
export const READ_YOUR_WRITES_WAIT_MS = 3000;

/** How long the head last read is trusted to tell a position far past it. */
const HEAD_KEPT_MS = 1000;
/** Further past the head than any second of writes goes (events on SQL, bytes on KurrentDB). */
const FAR_PAST_THE_HEAD = 10_000_000;

export interface ReadModelsProgress {
  /** The global position the read models this process reads have applied. */
  readModelsPosition(): number;
  /** Resolves true once they have applied `position`, false after `timeoutMs`. */
  waitForReadModels(position: number, timeoutMs: number): Promise<boolean>;
}

/** Whether a request's presented position (`X-Shop-Position`), if any, is already applied here: it need not wait. */
export function appliedHere(header: string | undefined, progress: Pick<ReadModelsProgress, 'readModelsPosition'>): boolean {
  const presented = presentedPosition(header);
  return presented === null || presented <= progress.readModelsPosition();
}

/**
 * Read-your-writes for API requests. A request that presents a position (`X-Shop-Position`, the highest its
 * client has been answered with) waits, at most three seconds, until this process's read models have applied
 * it: the client then reads what it wrote through any process. A position beyond the log's head (a client of
 * a store since emptied) is not waited for. Every API request also gets somewhere to record the position of
 * what it writes, which its response then carries in the same header.
 */
export function readYourWrites(progress: ReadModelsProgress, headPosition: () => Promise<number>, waitMs = READ_YOUR_WRITES_WAIT_MS) {
  // The head last read, to send a position far past it on without a query (a client's nonsense, not a write).
  let known = { head: -1, at: -Infinity };
  const readHead = async (): Promise<number> => {
    const head = await headPosition();
    known = { head, at: Date.now() };
    return head;
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    const go = (): void => withWrittenPosition(res, next);
    if (!req.path.startsWith('/api/')) return go();
    if (appliedHere(req.header(POSITION_HEADER), progress)) return go();
    const presented = Number(req.header(POSITION_HEADER));
    if (presented > known.head + FAR_PAST_THE_HEAD && Date.now() - known.at < HEAD_KEPT_MS) return go();
    readHead()
      .then((head) => (presented > head ? true : progress.waitForReadModels(presented, waitMs)))
      .then(go, go);
  };
}
