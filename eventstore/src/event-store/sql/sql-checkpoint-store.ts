import type { CheckpointStore } from '../../read-models/document-store.port';
import type { SqlExecutor } from './sql-executor';
import { toSafeNumber } from './sql-values';

/** Checkpoints in the same database as the events, so a process manager's progress is as durable as the log. */
export class SqlCheckpointStore implements CheckpointStore {
  constructor(private readonly executor: SqlExecutor) {}

  async get(subscriberId: string): Promise<number | null> {
    const rows = await this.executor.query<{ position: unknown }>('SELECT position FROM checkpoints WHERE subscriber_id = $1', [
      subscriberId,
    ]);
    const row = rows[0];
    return row === undefined ? null : toSafeNumber(row.position, 'position');
  }

  async set(subscriberId: string, position: number): Promise<void> {
    if (!Number.isSafeInteger(position)) throw new RangeError(`Checkpoint position must be an integer, got ${position}`);
    await this.executor.query(
      `INSERT INTO checkpoints (subscriber_id, position) VALUES ($1, $2::bigint)
       ON CONFLICT (subscriber_id) DO UPDATE SET position = excluded.position`,
      [subscriberId, position],
    );
  }

  async reset(subscriberId: string): Promise<void> {
    await this.executor.query('DELETE FROM checkpoints WHERE subscriber_id = $1', [subscriberId]);
  }
}
