import { isJobActive, isJobFinished, JOB_POLL_INTERVAL_MS, useJobPanel, type PanelJob } from '@blogfleet/ui';
import { useLingui } from '@lingui/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useCurrentUser } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { handledJobs } from './handled-jobs';
import { jobMessage } from './job-message';
import { jobTitle } from './job-title';
import { announceFinishedJob } from './job-finish';
import type { JobRow } from './types';

/** Jobs that ended longer ago than this are not brought back into the panel. */
const LIST = { sinceHours: 1, limit: 20 } as const;
const IDLE_POLL_INTERVAL_MS = 30_000;

function toPanel(job: JobRow): PanelJob {
  return {
    id: job.id,
    title: jobTitle(job),
    status: job.status,
    progress: job.progress,
    message: job.message ? jobMessage(job.message) : undefined,
    error: job.error ?? undefined,
  };
}

/**
 * Feeds the job panel from the server (core §4): the caller's unfinished and just-finished jobs,
 * polled every 5 s while one is pending or running, so jobs survive a reload. Each finished job is
 * announced once per browser; closed or expired cards are not brought back.
 */
export function useJobSync() {
  const user = useCurrentUser();
  const panel = useJobPanel();
  const utils = trpc.useUtils();
  const handled = useMemo(() => handledJobs(user.id), [user.id]);
  // Cards of running jobs the user closed stay closed while this page lives.
  const closed = useRef(new Set<string>());
  const { data } = trpc.jobs.list.useQuery(LIST, {
    // Every 5 s while a job is pending or running (core §9); slowly otherwise, to notice jobs started
    // in another tab or by another process.
    refetchInterval: (q) =>
      q.state.data?.jobs.some((j) => isJobActive(j.status)) ? JOB_POLL_INTERVAL_MS : IDLE_POLL_INTERVAL_MS,
  });
  const cancel = trpc.jobs.cancel.useMutation({ onSettled: () => utils.jobs.list.invalidate() });

  const shown = useMemo(() => new Set(panel.jobs.map((j) => j.id)), [panel.jobs]);
  useEffect(() => {
    for (const job of data?.jobs ?? []) {
      const finished = isJobFinished(job.status);
      if (finished && handled.has(job.id)) {
        // Already announced: update a card still on screen, never bring one back.
        if (shown.has(job.id)) panel.update(job.id, toPanel(job));
        continue;
      }
      if (shown.has(job.id)) panel.update(job.id, toPanel(job));
      else if (!closed.current.has(job.id)) panel.add(toPanel(job));
      if (finished) {
        handled.add(job.id);
        announceFinishedJob(job);
      }
    }
    // Only new data drives this; panel changes come from here or the user closing a card.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);

  // Cards already shown take the new language's titles (finished ones get no newer data to bring it).
  const { i18n } = useLingui();
  useEffect(() => {
    for (const job of data?.jobs ?? []) if (shown.has(job.id)) panel.update(job.id, toPanel(job));
    // Only the language drives this; the data effect above keeps cards current otherwise.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.locale]);

  const close = useCallback(
    (id: string) => {
      const job = panel.jobs.find((j) => j.id === id);
      if (job && isJobFinished(job.status)) handled.add(id);
      else closed.current.add(id);
      panel.remove(id);
    },
    [panel, handled],
  );

  return { close, cancel: (id: string) => cancel.mutate({ id }) };
}

/** For screens that start a job: shows it at once and polls it until it ends. */
export function useTrackJob() {
  const panel = useJobPanel();
  const utils = trpc.useUtils();
  return useCallback(
    (job: JobRow) => {
      panel.add(toPanel(job));
      void utils.jobs.list.invalidate();
    },
    [panel, utils],
  );
}
