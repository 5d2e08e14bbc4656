import {
  jobKinds,
  reconcileJobs,
  recordScheduledJob,
  runInternalJob,
  runJob,
  type ApiDeps,
} from '@blogfleet/api';
import { QUEUE_SCHEMA } from '@blogfleet/db';
import type { FastifyBaseLogger } from 'fastify';

export interface WorkerSettings {
  /** Jobs of one kind this process runs at the same time. */
  concurrency: number;
  pollingIntervalSeconds: number;
  /** How often this process brings orphaned jobs (dead worker, time limit) in line with pg-boss. */
  reconcileIntervalMs: number;
}

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
  for (const kind of jobKinds()) {
    for (let i = 0; i < settings.concurrency; i++) {
      await boss.work<{ jobId?: string }>(
        kind.kind,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: settings.pollingIntervalSeconds },
        async ([job]) => {
          if (!job) return;
          const delivery = { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit };
          if (kind.internal) return runInternalJob(deps, kind, { ...delivery, data: job.data });
          // Deliveries from pg-boss's scheduler have no record of ours yet.
          if (!job.data?.jobId) await recordScheduledJob(deps, kind, job.id, job.data ?? {});
          try {
            await runJob(deps, kind, delivery);
          } catch (err) {
            log.warn({ err, job: job.id, kind: kind.kind }, 'job attempt failed');
            throw err;
          }
        },
      );
    }
  }
  const reconcile = setInterval(() => {
    reconcileJobs(deps.db, QUEUE_SCHEMA)
      .then((n) => n > 0 && log.warn({ jobs: n }, 'jobs whose worker stopped were retried or failed'))
      .catch((err) => log.warn({ err }, 'job reconciliation failed'));
  }, settings.reconcileIntervalMs);
  reconcile.unref();
  return {
    async stop() {
      clearInterval(reconcile);
      for (const kind of jobKinds()) await boss.offWork(kind.kind);
    },
  };
}
