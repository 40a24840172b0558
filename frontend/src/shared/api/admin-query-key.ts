/**
 * Every admin query's key starts here: a change by the operator invalidates them all at once (the admin
 * screens read one another's data), and logging out removes them all.
 */
export const ADMIN_QUERY_KEY = ['admin'] as const;

/** An admin endpoint's query key: `['admin', …parts]`. */
export function adminQueryKey<const P extends readonly unknown[]>(...parts: P): readonly ['admin', ...P] {
  return [...ADMIN_QUERY_KEY, ...parts] as const;
}
