import PgBoss from 'pg-boss';
import type { DbHandle, ExecuteSql } from './create-db';
import { settledWithin } from './settled';

export type { PgBoss };

export interface JobQueueOptions {
  /** How often an idle worker looks for work (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often expired jobs (dead worker, time limit passed) are failed or retried. */
  maintenanceIntervalSeconds?: number;
  /** Run maintenance and cron scheduling in this process (off for a send-only queue). */
  supervise?: boolean;
  /** Told of each statement dropped after `endQueueStatements`. */
  onDroppedStatement?: (statement: string) => void;
}

export const QUEUE_SCHEMA = 'pgboss';

/** pg-boss's `db` option, over the given connection (the pool, or one transaction's). */
export function queueDb(executeSql: ExecuteSql): PgBoss.Db {
  return { executeSql: (text, values) => executeSql(text, values) };
}

/** What the queue's statements are doing: pg-boss sends some without waiting for them. */
interface Statements {
  running: Set<Promise<unknown>>;
  /** Set once the queue has stopped: later statements are dropped, not sent. */
  ended: boolean;
  onDropped?: (statement: string) => void;
}
const statementsOf = new WeakMap<PgBoss, Statements>();

/**
 * Resolves once none of the queue's statements is running, after what they set off has had its turn
 * (pg-boss records a delivery's outcome without waiting for the write, and a fetch answered meanwhile
 * hands its jobs to the workers), or when `timeoutMs` has passed; answers whether they settled.
 */
export function queueStatementsSettled(boss: PgBoss, timeoutMs = 10_000): Promise<boolean> {
  return settledWithin(statementsOf.get(boss)?.running ?? new Set(), timeoutMs);
}

/**
 * After the queue has stopped and its statements settled, before the database closes: a statement pg-boss
 * still sends (the outcome of a handler that outlived the stop) is dropped, answered with nothing; sent,
 * it would meet a closed database where nobody awaits it. pg-boss's stop has already failed that
 * delivery (retried while it may be).
 */
export function endQueueStatements(boss: PgBoss): void {
  const statements = statementsOf.get(boss);
  if (statements) statements.ended = true;
}

/**
 * pg-boss in Blogfleet's own database, on Blogfleet's own connections: the Postgres pool, or the
 * embedded PGlite (whose single session pg-boss then shares, through `db.executeSql`).
 */
export function createJobQueue(handle: DbHandle, opts: JobQueueOptions = {}): PgBoss {
  const supervise = opts.supervise ?? true;
  const statements: Statements = { running: new Set(), ended: false, onDropped: opts.onDroppedStatement };
  const boss = new PgBoss({
    db: queueDb((text, values) => {
      if (statements.ended) {
        statements.onDropped?.(text);
        // pg-boss reads no answer as nothing done (complete, fail) or no jobs (fetch).
        return Promise.resolve(undefined as unknown as { rows: Record<string, unknown>[] });
      }
      const statement = handle.executeSql(text, values);
      statements.running.add(statement);
      const forget = () => statements.running.delete(statement);
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
  statementsOf.set(boss, statements);
  return boss;
}
