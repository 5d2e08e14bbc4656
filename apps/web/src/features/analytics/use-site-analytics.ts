import { toast } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { trpc } from '../../lib/trpc';
import { onJobFinished } from '../jobs/job-finish';
import { useTrackJob } from '../jobs/use-job-sync';
import { downloadPlugin } from './plugin-download';
import { lastDays, type RangeDays } from './range';

/** A site's analytics over a range, and its actions: read now (a job), install and download the plugin. */
export function useSiteAnalytics(siteId: number, range: RangeDays) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const trackJob = useTrackJob();
  const data = trpc.analytics.site.useQuery({ id: siteId, ...lastDays(range) });
  const pull = trpc.analytics.pull.useMutation({
    onSuccess: ({ job }) => trackJob(job),
    onError: (err) => toastApiError(err, t`Failed to read the analytics`),
  });
  const install = trpc.analytics.install.useMutation({
    onSuccess: () => {
      toast.success(t`Analytics plugin installed`);
      pull.mutate({ id: siteId });
    },
    onError: (err) => toastApiError(err, t`Failed to install the analytics plugin`),
  });
  useEffect(
    () =>
      onJobFinished('analytics.pull-site', (job) => {
        void utils.analytics.site.invalidate();
        if (job.status === 'completed') {
          const n = (job.result as { events?: number } | null)?.events ?? 0;
          toast.success(t`Analytics read: ${n} new events`);
        } else toast.error(t`Failed to read the analytics: ${job.error ?? ''}`);
      }),
    [t, utils],
  );
  return {
    data,
    readNow: () => pull.mutate({ id: siteId }),
    reading: pull.isPending,
    install: () => install.mutate({ id: siteId }),
    installing: install.isPending,
    download: () =>
      void downloadPlugin(utils).catch((err) => toastApiError(err, t`Failed to download the plugin`)),
  };
}
