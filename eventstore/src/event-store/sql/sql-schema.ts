import type { SqlExecutor } from './sql-executor';

/**
 * Every append takes this transaction-scoped advisory lock, so appends commit one at a time and in
 * position order: a reader that has seen position N can never later find a smaller one committing,
 * which is what lets subscriptions catch up by position without gaps.
 */
export const APPEND_LOCK_KEY = 7_205_411_933;

/** Channel on which the PostgreSQL server adapter announces committed appends. */
export const EVENTS_NOTIFY_CHANNEL = 'brewery_events_appended';

const SCHEMA_STATEMENTS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS events (
     global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     stream_name text NOT NULL,
     stream_revision bigint NOT NULL,
     event_id uuid NOT NULL UNIQUE,
     type text NOT NULL,
     data jsonb NOT NULL,
     metadata jsonb NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     CONSTRAINT events_stream_revision_unique UNIQUE (stream_name, stream_revision)
   )`,
  `CREATE TABLE IF NOT EXISTS checkpoints (
     subscriber_id text PRIMARY KEY,
     position bigint NOT NULL
   )`,
];

/** Creates the tables if missing. Serialised by the append lock so two processes starting at once do not race. */
export async function ensureSqlSchema(executor: SqlExecutor): Promise<void> {
  await executor.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${APPEND_LOCK_KEY})`);
    for (const statement of SCHEMA_STATEMENTS) await tx.query(statement);
  });
}
