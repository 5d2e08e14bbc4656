import { useLingui } from '@lingui/react/macro';
import { Ban, CircleCheck, CircleX, Clock, X } from 'lucide-react';
import { useId } from 'react';
import { cn, focusRing } from '../lib/cn';
import { clampProgress, jobBarTone, jobStripTone, type JobStatus, type PanelJob } from '../lib/jobs';
import { Progress } from './progress';
import { Spinner } from './spinner';

export interface JobProgressPanelLabels {
  /** aria-label of the panel region. */
  region: string;
  /** aria-label of a card's close button. */
  close: (title: string) => string;
  /** Text of the button that cancels a pending or running job. */
  cancel: string;
  status: Record<JobStatus, string>;
}

export interface JobProgressPanelProps {
  jobs: readonly PanelJob[];
  /** The user closed a job card. */
  onClose: (id: string) => void;
  /** When given, pending and running jobs get a Cancel button. */
  onCancel?: (id: string) => void;
  labels?: Partial<JobProgressPanelLabels>;
  className?: string;
}

const stripClasses = {
  yellow: 'bg-warning',
  blue: 'bg-info',
  green: 'bg-success',
  red: 'bg-danger',
  gray: 'bg-muted-foreground',
} as const;

function StatusIcon({ status }: { status: JobStatus }) {
  switch (status) {
    case 'pending':
      return <Clock className="size-4 text-warning-strong" aria-hidden="true" />;
    case 'running':
      return <Spinner size="sm" decorative className="text-info" />;
    case 'completed':
      return <CircleCheck className="size-4 text-success" aria-hidden="true" />;
    case 'failed':
      return <CircleX className="size-4 text-danger" aria-hidden="true" />;
    case 'cancelled':
      return <Ban className="size-4 text-muted-foreground" aria-hidden="true" />;
  }
}

function JobCard({
  job,
  onClose,
  onCancel,
  labels,
}: {
  job: PanelJob;
  onClose: (id: string) => void;
  onCancel?: (id: string) => void;
  labels: JobProgressPanelLabels;
}) {
  const titleId = useId();
  const progress = job.status === 'completed' ? 100 : clampProgress(job.progress);
  return (
    <article
      aria-labelledby={titleId}
      data-status={job.status}
      className="pointer-events-auto overflow-hidden rounded-lg border border-border bg-surface shadow-lg"
    >
      <div className="flex flex-col gap-2 p-3">
        <div className="flex items-start gap-2">
          <span className="mt-0.5">
            <StatusIcon status={job.status} />
          </span>
          <div className="min-w-0 flex-1">
            <h3 id={titleId} className="truncate text-sm font-semibold" title={job.title}>
              {job.title}
            </h3>
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {labels.status[job.status]}
              {job.message ? <> · {job.message}</> : null}
            </p>
          </div>
          <button
            type="button"
            onClick={() => onClose(job.id)}
            aria-label={labels.close(job.title)}
            className={cn(
              'inline-flex size-6 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground',
              focusRing,
            )}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
        <div className="flex items-center gap-2">
          <Progress value={progress} tone={jobBarTone(job.status)} size="sm" aria-labelledby={titleId} />
          <span className="w-9 text-right text-xs text-muted-foreground tabular-nums">
            {Math.round(progress)}%
          </span>
        </div>
        {job.status === 'failed' && job.error ? (
          <p className="text-xs break-words text-danger-strong" role="alert">
            {job.error}
          </p>
        ) : null}
        {onCancel && (job.status === 'pending' || job.status === 'running') ? (
          <button
            type="button"
            onClick={() => onCancel(job.id)}
            className={cn(
              'self-end rounded-md px-2 py-1 text-xs font-medium text-muted-foreground hover:bg-muted hover:text-foreground',
              focusRing,
            )}
          >
            {labels.cancel}
          </button>
        ) : null}
      </div>
      <div
        className={cn('h-1', stripClasses[jobStripTone(job.status)])}
        data-strip={jobStripTone(job.status)}
      />
    </article>
  );
}

/**
 * Floating job-progress panel at the bottom right (core §2, §4): one card per job with a progress bar
 * (red failed, green completed, blue otherwise) and a bottom strip that is yellow while pending.
 * Renders nothing when there are no jobs.
 */
export function JobProgressPanel({
  jobs,
  onClose,
  onCancel,
  labels: overrides,
  className,
}: JobProgressPanelProps) {
  const { t } = useLingui();
  if (jobs.length === 0) return null;
  const labels: JobProgressPanelLabels = {
    region: t`Background jobs`,
    close: (title) => t`Close ${title}`,
    cancel: t`Cancel job`,
    ...overrides,
    status: {
      pending: t`Pending`,
      running: t`Running`,
      completed: t`Completed`,
      failed: t`Failed`,
      cancelled: t`Cancelled`,
      ...overrides?.status,
    },
  };
  return (
    <section
      aria-label={labels.region}
      className={cn(
        'pointer-events-none fixed right-4 bottom-4 z-40 flex max-h-[70vh] w-80 max-w-[calc(100vw-2rem)] flex-col gap-2 overflow-y-auto',
        className,
      )}
    >
      {jobs.map((job) => (
        <JobCard key={job.id} job={job} onClose={onClose} onCancel={onCancel} labels={labels} />
      ))}
    </section>
  );
}
