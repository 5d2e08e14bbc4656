import type { z } from 'zod';
import type { ApiDeps } from '../context';

/** What a handler gets for one attempt of one job. */
export interface JobRun<P> {
  id: string;
  /** 1 for the first attempt; a retry after a failure or a dead worker counts up. */
  attempt: number;
  payload: P;
  createdBy: number | null;
  deps: ApiDeps;
  /** Aborted when the job is cancelled or its time limit passes; long steps should pass it on. */
  signal: AbortSignal;
  /**
   * Records progress (0–100) and a message the job panel shows. Throws JobStopped when the job was
   * cancelled or another attempt took over, so the handler stops at its next step.
   */
  progress(percent: number, message?: string): Promise<void>;
}

/**
 * One kind of background work. Every step of `run` must be safe to repeat: an attempt can die half-way
 * (process killed, time limit) and the next attempt starts from the top.
 */
export interface JobKind<P = unknown, R = unknown> {
  /** Also the pg-boss queue name, e.g. `domains.purchase`. */
  kind: string;
  payload: z.ZodType<P>;
  /** Attempts after the first one that failed (0 = never retried). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Double the delay after each failure. */
  retryBackoff?: boolean;
  /** An attempt running longer is aborted and counts as failed (then retried if attempts remain). */
  timeLimitSeconds: number;
  /** What the job panel calls it. */
  title(payload: P): string;
  /**
   * Periodic housekeeping nobody asked for: runs without a record in the jobs table (pg-boss keeps
   * its own), so the jobs list shows only work people started.
   */
  internal?: boolean;
  run(job: JobRun<P>): Promise<R>;
}

export function defineJobKind<P, R>(kind: JobKind<P, R>): JobKind<P, R> {
  return kind;
}

/** A failure that another attempt cannot fix (bad input, refused by the provider): no retry. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** The job was cancelled, or a later attempt owns it now; the handler should just stop. */
export class JobStopped extends Error {
  override name = 'JobStopped';
}

/** No request behind a job: its audit entries say so. */
export const JOB_REQUEST = { ip: 'job', userAgent: null, accessToken: null } as const;

/** The services' context for a job, acting (and audited) as the user who started it. */
export function jobContext(job: Pick<JobRun<unknown>, 'deps' | 'createdBy'>) {
  return { ...job.deps, req: JOB_REQUEST, user: job.createdBy ? { id: job.createdBy } : null };
}
