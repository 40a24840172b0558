import { PRESERVED_COLLECTIONS } from '../preserved-collections';

export const DEFAULT_DATABASE_NAME = 'brewery-shop';

/** The database named in a connection string's path (`mongodb://host/shop?…` gives `shop`), if any. */
export function databaseNameFromUrl(url: string): string | undefined {
  const match = /^mongodb(?:\+srv)?:\/\/[^/?]*\/([^?]*)/.exec(url);
  const name = match?.[1] ? decodeURIComponent(match[1]) : '';
  return name === '' ? undefined : name;
}

/** MongoDB's rules for database names, checked before connecting so a typo fails with a clear message. */
export function assertDatabaseName(name: string): void {
  if (name === '' || /[/\\. "$*<>:|?\0]/.test(name) || Buffer.byteLength(name) >= 64) {
    throw new TypeError(`Invalid MongoDB database name: '${name}'`);
  }
}

/** A connection string fit for logs and error messages: the password is never shown. */
export function redactMongoUrl(url: string): string {
  return url.replace(/^(mongodb(?:\+srv)?:\/\/)([^@/]*)@/, (_whole, scheme: string, credentials: string) => {
    const user = credentials.split(':')[0] ?? '';
    return `${scheme}${user === '' ? '' : `${user}:***`}@`;
  });
}

/** What `dropAll()` removes: every collection of the read-model database but MongoDB's own and the preserved ones. */
export function collectionsToDrop(names: readonly string[]): string[] {
  return names.filter((name) => !name.startsWith('system.') && !PRESERVED_COLLECTIONS.includes(name));
}
