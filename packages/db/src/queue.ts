import PgBoss from 'pg-boss';
import type { DbHandle, ExecuteSql } from './create-db';

export type { PgBoss };

export interface JobQueueOptions {
  /** How often an idle worker looks for work (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often expired jobs (dead worker, time limit passed) are failed or retried. */
  maintenanceIntervalSeconds?: number;
  /** Run maintenance and cron scheduling in this process (off for a send-only queue). */
  supervise?: boolean;
}

export const QUEUE_SCHEMA = 'pgboss';

/** pg-boss's `db` option, over the given connection (the pool, or one transaction's). */
export function queueDb(executeSql: ExecuteSql): PgBoss.Db {
  return { executeSql: (text, values) => executeSql(text, values) };
}

/**
 * pg-boss in Blogfleet's own database, on Blogfleet's own connections: the Postgres pool, or the
 * embedded PGlite (whose single session pg-boss then shares, through `db.executeSql`).
 */
export function createJobQueue(handle: DbHandle, opts: JobQueueOptions = {}): PgBoss {
  const supervise = opts.supervise ?? true;
  return new PgBoss({
    db: queueDb(handle.executeSql),
    schema: QUEUE_SCHEMA,
    supervise,
    schedule: supervise,
    migrate: true,
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2,
    maintenanceIntervalSeconds: opts.maintenanceIntervalSeconds ?? 30,
    // Finished pg-boss rows move to its archive after a day and leave it after a week; our jobs table
    // keeps the history the UI shows.
    archiveCompletedAfterSeconds: 24 * 3600,
    deleteAfterDays: 7,
  });
}
