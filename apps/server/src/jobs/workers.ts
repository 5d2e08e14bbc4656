import { setMaxListeners } from 'node:events';
import {
  jobKinds,
  reconcileJobs,
  recordScheduledJob,
  runInternalJob,
  runJob,
  type ApiDeps,
} from '@blogfleet/api';
import { QUEUE_SCHEMA, queueStatementsSettled, settledWithin } from '@blogfleet/db';
import { QUEUE_STOP_MS } from './queue';
import type { FastifyBaseLogger } from 'fastify';

export interface WorkerSettings {
  /** Jobs of one kind this process runs at the same time. */
  concurrency: number;
  pollingIntervalSeconds: number;
  /** How often this process brings orphaned jobs (dead worker, time limit) in line with pg-boss. */
  reconcileIntervalMs: number;
  /** On stop, how long running jobs may go on before they are told to stop. */
  shutdownGraceSeconds: number;
}

/** After the grace, how long a told handler has to return before the stop goes on without it. */
const STOP_WAIT_MS = 5_000;

export interface JobWorkers {
  stop(): Promise<void>;
}

/** Serves every registered job kind from this process, until `stop()`. */
export async function startJobWorkers(
  deps: ApiDeps,
  settings: WorkerSettings,
  log: FastifyBaseLogger,
): Promise<JobWorkers> {
  const boss = deps.queue;
  const shutdown = new AbortController();
  // Every running job listens to it: as many listeners as jobs run at once here, none leaked.
  setMaxListeners(0, shutdown.signal);
  const running = new Set<Promise<unknown>>();
  // pg-boss records a delivery's outcome after the handler returns, without waiting: every handler must
  // have returned before the database closes, or that write fails unseen.
  const tracked = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    void work.then(
      () => running.delete(work),
      () => running.delete(work),
    );
    return work;
  };
  for (const kind of jobKinds()) {
    for (let i = 0; i < settings.concurrency; i++) {
      await boss.work<{ jobId?: string }>(
        kind.kind,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: settings.pollingIntervalSeconds },
        async ([job]) => {
          if (!job) return;
          const delivery = { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit };
          if (kind.internal) {
            return tracked(runInternalJob(deps, kind, { ...delivery, data: job.data }, shutdown.signal));
          }
          return tracked(
            (async () => {
              // Deliveries from pg-boss's scheduler have no record of ours yet.
              if (!job.data?.jobId) await recordScheduledJob(deps, kind, job.id, job.data ?? {});
              try {
                await runJob(deps, kind, delivery, shutdown.signal);
              } catch (err) {
                log.warn({ err, job: job.id, kind: kind.kind }, 'job attempt failed');
                throw err;
              }
            })(),
          );
        },
      );
    }
  }
  let reconciling: Promise<unknown> | null = null;
  const reconcile = setInterval(() => {
    reconciling ??= reconcileJobs(deps.db, QUEUE_SCHEMA)
      .then((n) => n > 0 && log.warn({ jobs: n }, 'jobs whose worker stopped were retried or failed'))
      .catch((err) => log.warn({ err }, 'job reconciliation failed'))
      .finally(() => (reconciling = null));
  }, settings.reconcileIntervalMs);
  reconcile.unref();
  return {
    async stop() {
      clearInterval(reconcile);
      await reconciling;
      for (const kind of jobKinds()) await boss.offWork(kind.kind);
      // A fetch already sent still hands its jobs over; they count as running from then on.
      await queueStatementsSettled(boss, STOP_WAIT_MS);
      if (!(await settledWithin(running, settings.shutdownGraceSeconds * 1000))) {
        log.info({ jobs: running.size }, 'stopping the jobs still running; they are retried later');
        shutdown.abort();
        if (!(await settledWithin(running, STOP_WAIT_MS))) {
          log.warn({ jobs: running.size }, 'jobs did not stop; closing without them');
        }
      }
    },
  };
}

/**
 * How long a closing process may take before it exits anyway: the fetches in flight, the grace, the
 * stop, the queue's stop and last writes, and a margin for the rest (the database, hosted sites).
 */
export function shutdownDeadlineMs(jobs: Pick<WorkerSettings, 'shutdownGraceSeconds'>): number {
  return STOP_WAIT_MS + jobs.shutdownGraceSeconds * 1000 + STOP_WAIT_MS + QUEUE_STOP_MS + 10_000;
}
