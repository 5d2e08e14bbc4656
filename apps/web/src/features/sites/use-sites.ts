import type { RouterOutputs } from '@blogfleet/api';
import type { ListSitesQuery } from '@blogfleet/validators';
import { toast } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { trpc } from '../../lib/trpc';
import { onJobFinished } from '../jobs/job-finish';
import { useTrackJob } from '../jobs/use-job-sync';

export type SiteRow = RouterOutputs['sites']['list']['data'][number];

/** Everything the sites screen reads and changes, with the spec's messages (core §8). */
export function useSites(query: ListSitesQuery) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const list = trpc.sites.list.useQuery(query, { placeholderData: keepPreviousData });
  const refresh = () => utils.sites.list.invalidate();
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const trackJob = useTrackJob();

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
  const bulkTest = trpc.sites.bulkTestConnection.useMutation({
    onSuccess: ({ job }) => trackJob(job),
    onError: (err) => toastApiError(err, t`WordPress connection test failed`),
  });
  useEffect(
    () =>
      onJobFinished('sites.bulk-test-connection', (job) => {
        void refreshRef.current();
        if (job.status === 'completed') toast.success(t`Every selected site is connected`);
        else if (job.status === 'failed') toast.error(job.error ?? t`WordPress connection test failed`);
      }),
    [t],
  );
  const bulkStatus = trpc.sites.bulkStatus.useMutation({
    onSuccess: async ({ changed }) => {
      toast.success(t`${changed} sites updated`);
      await refresh();
    },
    onError: (err) => toastApiError(err, t`Failed to update sites`),
  });
  const bulkDelete = trpc.sites.bulkDelete.useMutation({
    onSuccess: async ({ changed }) => {
      toast.success(t`${changed} sites deleted`);
      await refresh();
    },
    onError: (err) => toastApiError(err, t`Failed to delete sites`),
  });

  return {
    list,
    refresh,
    test: test.mutate,
    testingId: test.isPending ? test.variables?.id : undefined,
    bulkTest: (siteIds: number[]) => bulkTest.mutateAsync({ siteIds }),
    bulkStatus: (siteIds: number[], status: 'active' | 'inactive' | 'setup') =>
      bulkStatus.mutateAsync({ siteIds, status }),
    bulkDelete: (siteIds: number[]) => bulkDelete.mutateAsync({ siteIds }),
    bulkPending: bulkTest.isPending || bulkStatus.isPending || bulkDelete.isPending,
  };
}
