/** Job states (core §4), plus `cancelled` for a job stopped on request. */
export type JobStatus = 'pending' | 'running' | 'completed' | 'failed' | 'cancelled';

export interface PanelJob {
  id: string;
  title: string;
  status: JobStatus;
  /** 0–100. */
  progress: number;
  message?: string;
  error?: string;
  /** Epoch ms when the job reached completed or failed; set by the job panel when missing. */
  endedAt?: number;
}

/** The web app polls a job this often while it is pending or running (core §9). */
export const JOB_POLL_INTERVAL_MS = 5000;
/** A finished job leaves the panel once more than this has passed since its end (core §4, §9). */
export const JOB_REMOVE_AFTER_MS = 10_000;
/** How often the panel checks for finished jobs to remove (core §9). */
export const JOB_SWEEP_INTERVAL_MS = 1000;

export function isJobFinished(status: JobStatus): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** Pending and running jobs are the ones to poll. */
export function isJobActive(status: JobStatus): boolean {
  return status === 'pending' || status === 'running';
}

/** Progress bar colour: red when failed, green when completed, grey when cancelled, blue otherwise (core §4). */
export function jobBarTone(status: JobStatus): 'red' | 'green' | 'blue' | 'gray' {
  if (status === 'failed') return 'red';
  if (status === 'completed') return 'green';
  if (status === 'cancelled') return 'gray';
  return 'blue';
}

/** Bottom strip of a job card: yellow while pending, otherwise the bar's colour (core §4). */
export function jobStripTone(status: JobStatus): 'yellow' | 'red' | 'green' | 'blue' | 'gray' {
  return status === 'pending' ? 'yellow' : jobBarTone(status);
}

/** Clamps a progress value to 0–100 (NaN counts as 0). */
export function clampProgress(value: number | null | undefined): number {
  if (value == null || Number.isNaN(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** Finished jobs whose end lies more than `removeAfterMs` before `now`: the ones the panel drops. */
export function expiredJobs<J extends Pick<PanelJob, 'status' | 'endedAt'>>(
  jobs: readonly J[],
  now: number,
  removeAfterMs: number = JOB_REMOVE_AFTER_MS,
): J[] {
  return jobs.filter(
    (job) => isJobFinished(job.status) && job.endedAt != null && now - job.endedAt > removeAfterMs,
  );
}

/** Stamps `endedAt` on a finished job that lacks one; leaves other jobs untouched. */
function stampEnd(job: PanelJob, now: number): PanelJob {
  if (isJobFinished(job.status) && job.endedAt == null) return { ...job, endedAt: now };
  if (!isJobFinished(job.status) && job.endedAt != null) return { ...job, endedAt: undefined };
  return job;
}

/** Adds a job, or replaces the one with the same id (keeping its list position). */
export function addJob(jobs: readonly PanelJob[], job: PanelJob, now: number): PanelJob[] {
  const next = stampEnd(job, now);
  const index = jobs.findIndex((j) => j.id === job.id);
  if (index === -1) return [...jobs, next];
  const copy = jobs.slice();
  copy[index] = next;
  return copy;
}

/** Applies a patch to one job; a job that becomes finished gets its end time. Unknown ids change nothing. */
export function updateJob(
  jobs: readonly PanelJob[],
  id: string,
  patch: Partial<Omit<PanelJob, 'id'>>,
  now: number,
): PanelJob[] {
  const index = jobs.findIndex((j) => j.id === id);
  const current = jobs[index];
  if (!current) return jobs as PanelJob[];
  const copy = jobs.slice();
  copy[index] = stampEnd({ ...current, ...patch, id }, now);
  return copy;
}

/** Drops the expired jobs; returns the same array when nothing expired (so React skips a render). */
export function sweepJobs(
  jobs: readonly PanelJob[],
  now: number,
  removeAfterMs: number = JOB_REMOVE_AFTER_MS,
): PanelJob[] {
  const expired = new Set(expiredJobs(jobs, now, removeAfterMs));
  return expired.size === 0 ? (jobs as PanelJob[]) : jobs.filter((j) => !expired.has(j));
}
