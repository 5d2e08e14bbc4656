import { toast } from '@blogfleet/ui';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { jobTitle } from './job-title';
import type { JobRow } from './types';

type FinishHandler = (job: JobRow) => void;

/** What happens when a job of a kind ends; kinds without their own get a toast. */
const handlers = new Map<string, FinishHandler>();

/** A screen that needs more than a toast (e.g. site creation's credentials dialog) registers here. */
export function onJobFinished(kind: string, handler: FinishHandler): () => void {
  handlers.set(kind, handler);
  return () => {
    if (handlers.get(kind) === handler) handlers.delete(kind);
  };
}

/** Told of every finished job, whatever its kind, besides its handler or toast (the bell's count). */
const watchers = new Set<FinishHandler>();

export function onAnyJobFinished(handler: FinishHandler): () => void {
  watchers.add(handler);
  return () => void watchers.delete(handler);
}

export function announceFinishedJob(job: JobRow) {
  watchers.forEach((watch) => watch(job));
  const own = handlers.get(job.kind);
  if (own) return own(job);
  const title = jobTitle(job);
  const error = job.error ?? '';
  if (job.status === 'completed') toast.success(i18n._(msg`${title}: completed`));
  else if (job.status === 'failed') toast.error(i18n._(msg`${title} failed: ${error}`));
  else if (job.status === 'cancelled') toast.info(i18n._(msg`${title}: cancelled`));
}
