/** The least two SQL engines must offer to host the event log: PGlite in-process and a pg Pool. */
export interface SqlQueryable {
  /** Runs one parameterised statement ($1, $2, ...) and returns its rows. */
  query<Row>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface SqlExecutor extends SqlQueryable {
  /** Runs `work` inside BEGIN/COMMIT on one connection; rolls back when it throws. */
  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T>;
}
