import { toast } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { trpc } from '../../lib/trpc';
import { onJobFinished } from '../jobs/job-finish';
import { useTrackJob } from '../jobs/use-job-sync';

/** Take screenshot and performance test of the side panel: jobs, with the spec's messages (core §8). */
export function useSiteChecks(id: number) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const trackJob = useTrackJob();
  const screenshot = trpc.sites.takeScreenshot.useMutation({
    onSuccess: ({ job }) => trackJob(job),
    onError: (err) => toastApiError(err, t`Failed to take screenshot`),
  });
  const performance = trpc.sites.runPerformanceTest.useMutation({
    onSuccess: ({ job }) => trackJob(job),
    onError: (err) => toastApiError(err, t`Performance test failed`),
  });
  useEffect(() => {
    const offs = [
      onJobFinished('sites.screenshot', (job) => {
        void utils.sites.get.invalidate();
        void utils.sites.screenshots.invalidate();
        void utils.sites.list.invalidate();
        void utils.sites.activity.invalidate();
        if (job.status === 'completed') toast.success(t`Screenshot taken successfully`);
        else if (job.status === 'failed') toast.error(t`Failed to take screenshot: ${job.error ?? ''}`);
      }),
      onJobFinished('sites.performance-test', (job) => {
        void utils.sites.performanceTests.invalidate();
        void utils.sites.activity.invalidate();
        if (job.status === 'completed') toast.success(t`Performance test finished`);
        else if (job.status === 'failed') toast.error(t`Performance test failed: ${job.error ?? ''}`);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [t, utils]);
  return {
    takeScreenshot: () => screenshot.mutate({ id }),
    screenshotting: screenshot.isPending,
    runPerformanceTest: () => performance.mutate({ id }),
    testing: performance.isPending,
  };
}
