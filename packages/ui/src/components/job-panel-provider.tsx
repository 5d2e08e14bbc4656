import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  addJob,
  isJobFinished,
  JOB_REMOVE_AFTER_MS,
  JOB_SWEEP_INTERVAL_MS,
  sweepJobs,
  updateJob,
  type PanelJob,
} from '../lib/jobs';
import { JobProgressPanel, type JobProgressPanelLabels } from './job-progress-panel';

/** A job to add; progress defaults to 0. */
export type NewPanelJob = Omit<PanelJob, 'progress'> & { progress?: number };
export type PanelJobPatch = Partial<Omit<PanelJob, 'id'>>;

export interface JobPanelApi {
  jobs: PanelJob[];
  /** Adds a job (or replaces the one with the same id). */
  add: (job: NewPanelJob) => void;
  /** Patches a job; reaching completed/failed stamps its end time. Unknown ids are ignored. */
  update: (id: string, patch: PanelJobPatch) => void;
  remove: (id: string) => void;
  clear: () => void;
}

const JobPanelContext = createContext<JobPanelApi | null>(null);

export interface JobPanelProviderProps {
  children?: ReactNode;
  /** Also render the JobProgressPanel here (default false: place <JobProgressPanel> yourself). */
  panel?: boolean;
  panelLabels?: Partial<JobProgressPanelLabels>;
  /** Finished jobs disappear once more than this has passed since they ended (default 10 000 ms). */
  removeAfterMs?: number;
  /** How often finished jobs are checked (default 1000 ms). */
  sweepIntervalMs?: number;
  initialJobs?: PanelJob[];
}

/** Holds the jobs shown in the panel and drops finished ones after JOB_REMOVE_AFTER_MS (core §4, §9). */
export function JobPanelProvider({
  children,
  panel = false,
  panelLabels,
  removeAfterMs = JOB_REMOVE_AFTER_MS,
  sweepIntervalMs = JOB_SWEEP_INTERVAL_MS,
  initialJobs = [],
}: JobPanelProviderProps) {
  const [jobs, setJobs] = useState<PanelJob[]>(initialJobs);

  const add = useCallback(
    (job: NewPanelJob) =>
      setJobs((list) => addJob(list, { ...job, progress: job.progress ?? 0 }, Date.now())),
    [],
  );
  const update = useCallback(
    (id: string, patch: PanelJobPatch) => setJobs((list) => updateJob(list, id, patch, Date.now())),
    [],
  );
  const remove = useCallback((id: string) => setJobs((list) => list.filter((job) => job.id !== id)), []);
  const clear = useCallback(() => setJobs([]), []);

  const hasFinished = jobs.some((job) => isJobFinished(job.status));
  useEffect(() => {
    if (!hasFinished) return;
    const interval = setInterval(
      () => setJobs((list) => sweepJobs(list, Date.now(), removeAfterMs)),
      sweepIntervalMs,
    );
    return () => clearInterval(interval);
  }, [hasFinished, removeAfterMs, sweepIntervalMs]);

  const api = useMemo<JobPanelApi>(
    () => ({ jobs, add, update, remove, clear }),
    [jobs, add, update, remove, clear],
  );

  return (
    <JobPanelContext.Provider value={api}>
      {children}
      {panel ? <JobProgressPanel jobs={jobs} onClose={remove} labels={panelLabels} /> : null}
    </JobPanelContext.Provider>
  );
}

/** The job list and its actions; must be used under a JobPanelProvider. */
export function useJobPanel(): JobPanelApi {
  const api = useContext(JobPanelContext);
  if (!api) throw new Error('useJobPanel() must be used inside <JobPanelProvider>.');
  return api;
}
