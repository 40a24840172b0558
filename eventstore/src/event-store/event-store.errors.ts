/**
 * Some ids of an append are already stored but not as that exact batch in that stream: neither a
 * fresh append nor an idempotent retry, so writing it would either duplicate or drop facts.
 */
export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
  constructor(
    readonly streamName: string,
    readonly eventIds: readonly string[],
    reason: string,
  ) {
    super(`Cannot append to ${streamName}: ${reason} (event ids ${eventIds.join(', ')})`);
  }
}

/** An append larger than any store takes at once (see `MAX_APPEND_BYTES`): nothing of it is written. */
export class AppendTooLargeError extends Error {
  override readonly name = 'AppendTooLargeError';
  constructor(
    readonly streamName: string,
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(`Cannot append ${bytes} bytes to ${streamName}: one append carries at most ${limit} bytes`);
  }
}

/** A second process tried to open a PGlite data directory that a live process already writes to. */
export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
    /**
     * Null when the holder is seen running. Otherwise it runs where this process cannot see it (another
     * container on the same volume) and still touches its lock; this many ms without a touch frees it.
     */
    readonly freedAfterSilenceMs: number | null = null,
  ) {
    super(
      freedAfterSilenceMs === null
        ? `Event store data directory ${dataDir} is in use by process ${ownerPid}; ` +
            'PGlite allows a single writer. Stop that process or point DATA_DIR elsewhere.'
        : `Event store data directory ${dataDir} is in use by process ${ownerPid} of another container or host, which ` +
            `still touches its lock; it is taken over ${freedAfterSilenceMs / 1000} s after that stops. PGlite allows a single writer.`,
    );
  }
}
