import { defineJobKind, PermanentJobError } from '@blogfleet/api';
import { sql } from '@blogfleet/db';
import { z } from 'zod';

/** Test-only job kinds; tests register them with registerJobKinds before workers start. */

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(signal.reason);
    });
  });

export const EFFECTS_TABLE_SQL = `CREATE TABLE IF NOT EXISTS test_job_effects (
  job_id uuid NOT NULL, step int NOT NULL, attempt int NOT NULL, pid int NOT NULL, worker text NOT NULL,
  started_at timestamptz NOT NULL, ended_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (job_id, step))`;

/** Steps that each record an effect once (a repeated step changes nothing) and report progress. */
export const stepsJob = defineJobKind({
  kind: 'test.steps',
  payload: z.object({ steps: z.number().int().min(1), stepMs: z.number().int().min(0) }),
  retryLimit: 2,
  retryDelaySeconds: 0,
  timeLimitSeconds: 4,
  title: (p) => `Test: ${p.steps} steps`,
  run: async ({ id, attempt, payload, deps, signal, progress }) => {
    const worker = process.env.TEST_WORKER_TAG ?? 'in-process';
    for (let step = 1; step <= payload.steps; step++) {
      const started = new Date();
      await sleep(payload.stepMs, signal);
      await sql`INSERT INTO test_job_effects (job_id, step, attempt, pid, worker, started_at)
        VALUES (${id}, ${step}, ${attempt}, ${process.pid}, ${worker}, ${started})
        ON CONFLICT (job_id, step) DO NOTHING`.execute(deps.db);
      await progress((step / payload.steps) * 100, `Step ${step} of ${payload.steps}`);
    }
    return { steps: payload.steps, worker, pid: process.pid };
  },
});

/** Fails its first `failures` attempts, then succeeds. */
export const flakyJob = defineJobKind({
  kind: 'test.flaky',
  payload: z.object({ failures: z.number().int().min(0), permanent: z.boolean().default(false) }),
  retryLimit: 2,
  retryDelaySeconds: 0,
  timeLimitSeconds: 10,
  title: () => 'Test: flaky',
  run: async ({ attempt, payload, progress }) => {
    await progress(50, `Attempt ${attempt}`);
    if (payload.permanent) throw new PermanentJobError('The input can never work');
    if (attempt <= payload.failures) throw new Error(`Provider refused attempt ${attempt}`);
    return { attempt };
  },
});

/** Runs until cancelled or past its 2 s time limit. */
export const endlessJob = defineJobKind({
  kind: 'test.endless',
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 2,
  title: () => 'Test: endless',
  run: async ({ signal, progress }) => {
    await progress(10, 'Working');
    await sleep(60_000, signal);
  },
});

/** What each test.slow or test.stubborn run did, by job id: the tests read whether its handler returned. */
export const slowRuns = new Map<string, { attempt: number; ended: 'finished' | 'stopped' | null }>();

/**
 * Sleeps `ms` (`againMs` from its second attempt on) unless stopped, then throws (or, `quiet`, returns
 * as if done); never retried after a failure.
 */
export const slowJob = defineJobKind({
  kind: 'test.slow',
  payload: z.object({
    ms: z.number().int().min(0),
    againMs: z.number().int().min(0).optional(),
    quiet: z.boolean().default(false),
  }),
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 120,
  title: () => 'Test: slow',
  run: async ({ id, attempt, payload, signal, progress }) => {
    const run = { attempt, ended: null as 'finished' | 'stopped' | null };
    slowRuns.set(id, run);
    await progress(10, 'Working');
    try {
      await sleep(attempt > 1 ? (payload.againMs ?? payload.ms) : payload.ms, signal);
      run.ended = 'finished';
    } catch (e) {
      run.ended = 'stopped';
      if (!payload.quiet) throw e;
    }
  },
});

/** Sleeps `ms` whatever it is told, then reports progress (a handler that ignores its signal). */
export const stubbornJob = defineJobKind({
  kind: 'test.stubborn',
  payload: z.object({ ms: z.number().int().min(0) }),
  retryLimit: 1,
  retryDelaySeconds: 0,
  timeLimitSeconds: 120,
  title: () => 'Test: stubborn',
  run: async ({ id, attempt, payload, progress }) => {
    const run = { attempt, ended: null as 'finished' | 'stopped' | null };
    slowRuns.set(id, run);
    await sleep(payload.ms);
    run.ended = 'finished';
    await progress(90, 'Almost');
  },
});

export const testJobKinds = [stepsJob, flakyJob, endlessJob, slowJob, stubbornJob];
