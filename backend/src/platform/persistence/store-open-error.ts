import { describe } from '../event-sourcing/store-writes';

/** A store that cannot be opened at start: the message names the setting and the cause, in one line. */
export class StoreOpenError extends Error {
  override readonly name = 'StoreOpenError';
}

/**
 * A connection URL as an operator may see it in a log: the password left out. Read as text, not as a URL, so a
 * cluster's list of hosts (`mongodb://u:p@a:27017,b:27017/…`) is shown as well.
 */
export function withoutPassword(url: string): string {
  const parts = /^([a-z][a-z0-9+.-]*:\/\/)(?:([^@/?#]*)@)?(.*)$/i.exec(url);
  if (parts === null) return '(an unreadable URL)';
  const [, scheme = '', userinfo, rest = ''] = parts;
  if (userinfo === undefined) return `${scheme}${rest}`;
  const colon = userinfo.indexOf(':');
  return `${scheme}${colon === -1 ? userinfo : `${userinfo.slice(0, colon)}:***`}@${rest}`;
}

/** Opens a store, or fails with a StoreOpenError naming `what` (e.g. `the event store at DATABASE_URL …`). */
export async function openingStore<T>(what: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    throw new StoreOpenError(`cannot open ${what}: ${describe(error)}`, { cause: error });
  }
}
