import { JOB_SCHEDULES, jobKinds, queueOptions } from '@blogfleet/api';
import {
  createJobQueue,
  endQueueStatements,
  queueStatementsSettled,
  type DbHandle,
  type PgBoss,
} from '@blogfleet/db';
import type { FastifyBaseLogger } from 'fastify';

export interface QueueSettings {
  pollingIntervalSeconds: number;
  maintenanceIntervalSeconds: number;
}

/**
 * Starts pg-boss (creating or upgrading its schema) and one queue per registered job kind, and
 * schedules the periodic maintenance jobs. Any process that enqueues or works jobs starts this first.
 */
export async function startQueue(
  dbHandle: DbHandle,
  settings: QueueSettings,
  log: FastifyBaseLogger,
): Promise<PgBoss> {
  const boss = createJobQueue(dbHandle, {
    ...settings,
    onDroppedStatement: (statement) =>
      log.warn(
        { statement: statement.trim().slice(0, 60) },
        'a job queue write came after the queue stopped (from a job that did not stop in time); dropped',
      ),
  });
  boss.on('error', (err) => log.warn({ err }, 'job queue error'));
  await boss.start();
  for (const kind of jobKinds()) {
    await boss.createQueue(kind.kind, { name: kind.kind, ...queueOptions(kind) });
  }
  for (const { kind, cron } of JOB_SCHEDULES) await boss.schedule(kind, cron, {}, { tz: 'UTC' });
  return boss;
}

const QUEUE_SETTLE_MS = 5_000;
/** How long stopping the queue may take: its own stop, then its last writes. */
export const QUEUE_STOP_MS = 1_500 + QUEUE_SETTLE_MS;

/**
 * Stops the queue's timers and waits for its last writes (pg-boss records a delivery's outcome without
 * waiting), so the database can close after it. The workers are stopped before this: pg-boss's own wait
 * for running handlers is only for one that did not stop.
 */
export async function stopQueue(boss: PgBoss): Promise<void> {
  await boss.stop({ graceful: true, wait: true, timeout: 1_000, close: false });
  await queueStatementsSettled(boss, QUEUE_SETTLE_MS);
  endQueueStatements(boss);
}
