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

/** Each queue's statements still running: pg-boss sends some without waiting for them. */
const inFlight = new WeakMap<PgBoss, Set<Promise<unknown>>>();

/**
 * Resolves once none of the queue's statements is running, after what they set off has had its turn:
 * pg-boss records a delivery's outcome without waiting for the write, and a fetch answered meanwhile
 * hands its jobs to the workers. Await it before the database closes under the queue.
 */
export async function queueStatementsSettled(boss: PgBoss): Promise<void> {
  const running = inFlight.get(boss);
  do {
    if (running?.size) await Promise.allSettled([...running]);
    await new Promise((resolve) => setImmediate(resolve));
  } while (running?.size);
}

/**
 * pg-boss in Blogfleet's own database, on Blogfleet's own connections: the Postgres pool, or the
 * embedded PGlite (whose single session pg-boss then shares, through `db.executeSql`).
 */
export function createJobQueue(handle: DbHandle, opts: JobQueueOptions = {}): PgBoss {
  const supervise = opts.supervise ?? true;
  const running = new Set<Promise<unknown>>();
  const boss = new PgBoss({
    db: queueDb((text, values) => {
      const statement = handle.executeSql(text, values);
      running.add(statement);
      const forget = () => running.delete(statement);
      statement.then(forget, forget);
      return statement;
    }),
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
  inFlight.set(boss, running);
  return boss;
}
