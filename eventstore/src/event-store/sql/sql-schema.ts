import type { SqlExecutor } from './sql-executor';

/**
 * Every append takes this transaction-scoped advisory lock, so appends commit one at a time and in
 * position order: a reader that has seen position N can never later find a smaller one committing,
 * which is what lets subscriptions catch up by position without gaps.
 */
export const APPEND_LOCK_KEY = 7_205_411_933;

/** Channel on which the PostgreSQL server adapter announces committed appends. */
export const EVENTS_NOTIFY_CHANNEL = 'brewery_events_appended';

/**
 * SQLSTATEs raised by `brewery_append` (class `BR` is not used by PostgreSQL). The error's DETAIL is
 * JSON: `{ "actual": n | "no_stream" }` for a wrong expected revision, `{ "eventIds": [...] }` (and
 * `"streams"`, one per id, for ids stored elsewhere) for the two duplicate-id refusals.
 */
export const APPEND_SQLSTATE = {
  wrongExpectedRevision: 'BR001',
  eventIdInOtherStream: 'BR002',
  partOfBatchStored: 'BR003',
} as const;

/**
 * Whether a stream at revision `p_current` (-1: no stream) meets an expected revision as `brewery_append` takes
 * it: `any`, `no_stream`, `stream_exists` or a revision in decimal. Null for one it cannot read (`brewery_append`
 * refuses those first). One rule for the single append and the group commit's one-INSERT path.
 */
const EXPECTED_MET_FUNCTION = `CREATE OR REPLACE FUNCTION brewery_expected_met(p_expected text, p_current bigint)
  RETURNS boolean
  LANGUAGE sql IMMUTABLE
  AS $fn$
  SELECT CASE
           WHEN p_expected = 'any' THEN true
           WHEN p_expected = 'no_stream' THEN p_current = -1
           WHEN p_expected = 'stream_exists' THEN p_current <> -1
           WHEN p_expected ~ '^[0-9]{1,18}$' THEN p_expected::bigint = p_current
         END
$fn$`;

/**
 * One append, whole: the append lock, the idempotency check, the expected-revision check, the insert and, on
 * the server, NOTIFY, all in the caller's transaction (an autocommit statement commits them together). It is
 * the rule `brewery_append_batch` follows: called for each append of a batch that goes one by one, and the
 * model its one-INSERT path is tested against.
 *
 * `p_expected` is `no_stream`, `stream_exists`, `any` or a revision in decimal; `p_records` is a JSON
 * array of `{ id, type, data, metadata }` in stream order; `p_notify_channel` is NULL for no NOTIFY.
 * Returns one row: the stream's last revision, the position of its last event written (or, for an
 * idempotent retry or an empty batch, already stored; -1 for none) and whether anything was written.
 */
const APPEND_FUNCTION = `CREATE OR REPLACE FUNCTION brewery_append(
    p_stream text, p_expected text, p_records jsonb, p_notify_channel text DEFAULT NULL)
  RETURNS TABLE (next_revision bigint, last_position bigint, written boolean)
  LANGUAGE plpgsql VOLATILE
  AS $fn$
#variable_conflict error
DECLARE
  v_ids uuid[];
  v_count integer;
  v_stored integer;
  v_current bigint;
  v_other_ids jsonb;
  v_other_streams jsonb;
  v_revision bigint;
  v_position bigint;
  v_satisfied boolean;
BEGIN
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK_KEY});

  SELECT coalesce(array_agg((r.value ->> 'id')::uuid ORDER BY r.ord), '{}')
    INTO v_ids
    FROM jsonb_array_elements(p_records) WITH ORDINALITY AS r(value, ord);
  v_count := cardinality(v_ids);

  IF v_count > 0 THEN
    SELECT count(*),
           jsonb_agg(e.event_id::text ORDER BY e.global_position) FILTER (WHERE e.stream_name <> p_stream),
           jsonb_agg(e.stream_name ORDER BY e.global_position) FILTER (WHERE e.stream_name <> p_stream),
           max(e.global_position)
      INTO v_stored, v_other_ids, v_other_streams, v_position
      FROM events e
     WHERE e.event_id = ANY (v_ids);
    IF v_other_ids IS NOT NULL THEN
      RAISE EXCEPTION USING ERRCODE = '${APPEND_SQLSTATE.eventIdInOtherStream}',
        MESSAGE = format('Cannot append to %s: event ids already stored in another stream', p_stream),
        DETAIL = jsonb_build_object('eventIds', v_other_ids, 'streams', v_other_streams)::text;
    END IF;
    IF v_stored > 0 AND v_stored <> v_count THEN
      RAISE EXCEPTION USING ERRCODE = '${APPEND_SQLSTATE.partOfBatchStored}',
        MESSAGE = format('Cannot append to %s: only part of the batch is already stored', p_stream),
        DETAIL = jsonb_build_object('eventIds', (
          SELECT jsonb_agg(i.id::text ORDER BY i.ord)
            FROM unnest(v_ids) WITH ORDINALITY AS i(id, ord)
           WHERE EXISTS (SELECT 1 FROM events e WHERE e.event_id = i.id)))::text;
    END IF;
    IF v_stored = v_count THEN
      -- An idempotent retry: the same ids, all in this stream. Report what is stored.
      SELECT e.stream_revision INTO v_revision FROM events e WHERE e.global_position = v_position;
      RETURN QUERY SELECT v_revision, v_position, false;
      RETURN;
    END IF;
  END IF;

  SELECT coalesce(max(e.stream_revision), -1) INTO v_current FROM events e WHERE e.stream_name = p_stream;
  IF p_expected NOT IN ('any', 'no_stream', 'stream_exists') AND p_expected !~ '^[0-9]{1,18}$' THEN
    RAISE EXCEPTION USING ERRCODE = '22023', MESSAGE = format('Invalid expected revision: %s', p_expected);
  END IF;
  v_satisfied := brewery_expected_met(p_expected, v_current);
  IF NOT v_satisfied THEN
    RAISE EXCEPTION USING ERRCODE = '${APPEND_SQLSTATE.wrongExpectedRevision}',
      MESSAGE = format('Wrong expected revision on %s: expected %s, actual %s', p_stream, p_expected,
                       CASE WHEN v_current = -1 THEN 'no_stream' ELSE v_current::text END),
      DETAIL = jsonb_build_object('actual', CASE WHEN v_current = -1 THEN to_jsonb('no_stream'::text) ELSE to_jsonb(v_current) END)::text;
  END IF;

  IF v_count = 0 THEN
    SELECT coalesce(max(e.global_position), -1) INTO v_position FROM events e WHERE e.stream_name = p_stream;
    RETURN QUERY SELECT v_current, v_position, false;
    RETURN;
  END IF;

  WITH inserted AS (
    INSERT INTO events (stream_name, stream_revision, event_id, type, data, metadata)
    SELECT p_stream, v_current + r.ord, r.id, r.type, coalesce(r.data, 'null'::jsonb), r.metadata
      FROM ROWS FROM (jsonb_to_recordset(p_records) AS (id uuid, type text, data jsonb, metadata jsonb))
           WITH ORDINALITY AS r(id, type, data, metadata, ord)
     ORDER BY r.ord
    RETURNING global_position
  )
  SELECT max(inserted.global_position) INTO v_position FROM inserted;

  IF p_notify_channel IS NOT NULL THEN
    PERFORM pg_notify(p_notify_channel, v_position::text);
  END IF;
  RETURN QUERY SELECT v_current + v_count, v_position, true;
END
$fn$`;

/**
 * Several appends in one statement and one transaction (group commit): what a busy process has queued
 * while its previous append ran costs one round trip and one commit instead of one each.
 *
 * `p_appends` is a JSON array of `{ stream, expected, records }`, each as `brewery_append` takes them, done
 * in array order. Returns one row per append, in order. On the server, one NOTIFY carries the last position
 * written.
 *
 * The usual batch (every event id new, every expected revision met, counting the batch's earlier appends
 * to the same stream, every append with events) is written by one INSERT: what `brewery_append` would
 * check item by item is checked once for all, and the rows go in in array order, so positions and
 * revisions are those the one-by-one path gives. Anything else (a wrong expected revision, an id already
 * stored or repeated, an empty append, a malformed item, or any error while inserting, which rolls the
 * attempt back) takes that one-by-one path: each append through `brewery_append` in its own
 * subtransaction, so a refused one rolls back alone and comes back as `error_code` (its SQLSTATE),
 * `error_message` and `error_detail`, while the others are written.
 */
const APPEND_BATCH_FUNCTION = `CREATE OR REPLACE FUNCTION brewery_append_batch(p_appends jsonb, p_notify_channel text DEFAULT NULL)
  RETURNS TABLE (next_revision bigint, last_position bigint, written boolean,
                 error_code text, error_message text, error_detail text)
  LANGUAGE plpgsql VOLATILE
  AS $fn$
#variable_conflict error
DECLARE
  v_item jsonb;
  v_revision bigint;
  v_position bigint;
  v_written boolean;
  v_code text;
  v_message text;
  v_detail text;
  v_last_written bigint;
  v_stream text;
  v_count integer;
  v_current bigint;
  v_heads jsonb;
  v_firsts bigint[] := '{}';
  v_lasts bigint[] := '{}';
  v_ends integer[] := '{}';
  v_written_positions bigint[];
  v_together boolean := false;
BEGIN
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK_KEY});

  BEGIN
    -- Each stream's revision, read once for the whole batch (each the last entry of its index).
    SELECT jsonb_object_agg(s.stream, h.revision) INTO v_heads
      FROM (SELECT DISTINCT a.value ->> 'stream' AS stream FROM jsonb_array_elements(p_appends) AS a(value)) AS s
     CROSS JOIN LATERAL (SELECT coalesce(max(e.stream_revision), -1) AS revision
                           FROM events e WHERE e.stream_name = s.stream) AS h;
    v_together := v_heads IS NOT NULL;
    IF v_together THEN
      FOR v_item IN SELECT a.value FROM jsonb_array_elements(p_appends) WITH ORDINALITY AS a(value, ord) ORDER BY a.ord LOOP
        v_stream := v_item ->> 'stream';
        v_count := jsonb_array_length(v_item -> 'records');
        v_current := (v_heads ->> v_stream)::bigint;
        v_together := coalesce(v_count > 0 AND brewery_expected_met(v_item ->> 'expected', v_current), false);
        EXIT WHEN NOT v_together;
        v_firsts := v_firsts || (v_current + 1);
        v_lasts := v_lasts || (v_current + v_count);
        v_ends := v_ends || (coalesce(v_ends[cardinality(v_ends)], 0) + v_count);
        v_heads := jsonb_set(v_heads, ARRAY[v_stream], to_jsonb(v_current + v_count));
      END LOOP;
    END IF;
    IF v_together THEN
      -- An event id already stored, or repeated in the batch, breaks the unique index here: the attempt is rolled
      -- back and the batch goes one by one, which says which.
      WITH inserted AS (
        INSERT INTO events (stream_name, stream_revision, event_id, type, data, metadata)
        SELECT a.value ->> 'stream', v_firsts[a.ord] + r.ord - 1, (r.value ->> 'id')::uuid, r.value ->> 'type',
               coalesce(r.value -> 'data', 'null'::jsonb), nullif(r.value -> 'metadata', 'null'::jsonb)
          FROM jsonb_array_elements(p_appends) WITH ORDINALITY AS a(value, ord)
         CROSS JOIN LATERAL jsonb_array_elements(a.value -> 'records') WITH ORDINALITY AS r(value, ord)
         ORDER BY a.ord, r.ord
        RETURNING events.global_position
      )
      SELECT array_agg(inserted.global_position ORDER BY inserted.global_position) INTO v_written_positions FROM inserted;
    END IF;
  EXCEPTION WHEN OTHERS THEN
    v_together := false;
  END;

  IF v_together THEN
    -- Rows go in in batch order, so append i's last event is the v_ends[i]-th written.
    RETURN QUERY SELECT v_lasts[i], v_written_positions[v_ends[i]], true, NULL::text, NULL::text, NULL::text
                   FROM generate_subscripts(v_lasts, 1) AS i ORDER BY i;
    v_last_written := v_written_positions[cardinality(v_written_positions)];
  ELSE
    FOR v_item IN SELECT a.value FROM jsonb_array_elements(p_appends) WITH ORDINALITY AS a(value, ord) ORDER BY a.ord LOOP
      BEGIN
        SELECT b.next_revision, b.last_position, b.written INTO v_revision, v_position, v_written
          FROM brewery_append(v_item ->> 'stream', v_item ->> 'expected', v_item -> 'records', NULL) AS b;
        IF v_written THEN
          v_last_written := v_position;
        END IF;
        RETURN QUERY SELECT v_revision, v_position, v_written, NULL::text, NULL::text, NULL::text;
      EXCEPTION WHEN OTHERS THEN
        GET STACKED DIAGNOSTICS v_code = RETURNED_SQLSTATE, v_message = MESSAGE_TEXT, v_detail = PG_EXCEPTION_DETAIL;
        RETURN QUERY SELECT NULL::bigint, NULL::bigint, false, v_code, v_message, nullif(v_detail, '');
      END;
    END LOOP;
  END IF;
  IF p_notify_channel IS NOT NULL AND v_last_written IS NOT NULL THEN
    PERFORM pg_notify(p_notify_channel, v_last_written::text);
  END IF;
END
$fn$`;

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
  EXPECTED_MET_FUNCTION,
  APPEND_FUNCTION,
  APPEND_BATCH_FUNCTION,
];

/**
 * Creates the tables if missing and (re)defines the append functions. Serialised by the append lock,
 * so two processes starting at once neither race on CREATE TABLE nor on replacing the function.
 */
export async function ensureSqlSchema(executor: SqlExecutor): Promise<void> {
  await executor.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${APPEND_LOCK_KEY})`);
    for (const statement of SCHEMA_STATEMENTS) await tx.query(statement);
  });
}
