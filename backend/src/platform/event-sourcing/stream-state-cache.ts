/** The folded state of one stream as of one revision, and the fold it was made with. */
export interface CachedStreamState {
  /** The decider that folded it: another decider of the same stream is another entry. */
  fold: object;
  state: unknown;
  /** Revision of the last event folded in. */
  revision: number;
}

/**
 * Folded stream states, most recently used last, at most `capacity` of them. An entry is never trusted on
 * its own: the pipeline reads the events after its revision before deciding, and appends with that revision
 * expected, so a state another process has moved past is caught up (or refused by the store) rather than used.
 * What the cache saves is the fold of everything before: a beer with 10,000 orders loads its few new events.
 */
export class StreamStateCache {
  private readonly entries = new Map<string, CachedStreamState>();

  constructor(private readonly capacity: number) {}

  get(streamName: string, fold: object): CachedStreamState | undefined {
    const entry = this.entries.get(streamName);
    if (entry === undefined || entry.fold !== fold) return undefined;
    // Re-inserting moves it to the end: the first key is always the least recently used.
    this.entries.delete(streamName);
    this.entries.set(streamName, entry);
    return entry;
  }

  set(streamName: string, entry: CachedStreamState): void {
    this.entries.delete(streamName);
    this.entries.set(streamName, entry);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
    }
  }

  delete(streamName: string): void {
    this.entries.delete(streamName);
  }
}
