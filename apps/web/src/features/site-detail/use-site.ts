import type { RouterOutputs } from '@blogfleet/api';
import { toast } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { trpc } from '../../lib/trpc';
import { onJobFinished } from '../jobs/job-finish';
import { useTrackJob } from '../jobs/use-job-sync';

export type SiteDetail = RouterOutputs['sites']['get']['site'];

/** One site and its side-panel actions, with the spec's messages (core §8). */
export function useSite(id: number) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const site = trpc.sites.get.useQuery({ id });
  const trackJob = useTrackJob();
  const refreshAll = () =>
    Promise.all([
      utils.sites.get.invalidate({ id }),
      utils.sites.posts.invalidate(),
      utils.sites.categories.invalidate({ id }),
      utils.sites.tags.invalidate({ id }),
      utils.sites.media.invalidate({ id }),
      utils.sites.activity.invalidate({ id }),
    ]);
  const test = trpc.sites.runConnectionTest.useMutation({
    onSuccess: (r) => {
      if (r.connected) toast.success(t`WordPress connection test successful`);
      else {
        const error = r.reason ?? '';
        toast.error(t`WordPress connection test failed: ${error}`);
      }
    },
    onError: (err) => toastApiError(err, t`WordPress connection test failed`),
  });
  const pull = trpc.sites.pull.useMutation({
    onSuccess: ({ job }) => trackJob(job),
    onError: (err) => toastApiError(err, t`WordPress pull failed`),
  });
  useEffect(
    () =>
      onJobFinished('sites.pull', (job) => {
        void utils.sites.get.invalidate();
        void utils.sites.posts.invalidate();
        void utils.sites.categories.invalidate();
        void utils.sites.tags.invalidate();
        void utils.sites.media.invalidate();
        void utils.sites.activity.invalidate();
        const r = (job.result ?? {}) as { posts?: number };
        if (job.status === 'completed') {
          const message = t`${r.posts ?? 0} posts`;
          toast.success(t`WordPress pull successful: ${message}`);
        } else if (job.status === 'failed') {
          const error = job.error ?? '';
          toast.error(t`WordPress pull failed: ${error}`);
        }
      }),
    [t, utils],
  );
  return {
    site,
    refreshAll,
    test: () => test.mutate({ id }),
    testing: test.isPending,
    pull: () => pull.mutate({ id }),
    pulling: pull.isPending,
  };
}
