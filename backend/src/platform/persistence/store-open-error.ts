import { describe } from '../event-sourcing/store-writes';

/** A store that cannot be opened at start: the message names the setting and the cause, in one line. */
export class StoreOpenError extends Error {
  override readonly name = 'StoreOpenError';
}

/** Opens a store, or fails with a StoreOpenError naming `what` (e.g. `the event store at DATABASE_URL …`). */
export async function openingStore<T>(what: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    throw new StoreOpenError(`cannot open ${what}: ${describe(error)}`, { cause: error });
  }
}
