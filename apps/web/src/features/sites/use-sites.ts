import type { RouterOutputs } from '@blogfleet/api';
import type { ListSitesQuery } from '@blogfleet/validators';
import { toast } from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { trpc } from '../../lib/trpc';
import { onJobFinished } from '../jobs/job-finish';
import { useTrackJob } from '../jobs/use-job-sync';

export type SiteRow = RouterOutputs['sites']['list']['data'][number];

/** What a finished "sync all sites" job holds (packages/api/src/jobs/sites.ts). */
interface SyncAllResult {
  total: number;
  synced: number;
  failed: number;
  results: { domain: string; ok: boolean; error: string | null }[];
}

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
  const syncAll = trpc.sites.syncAll.useMutation({
    onSuccess: ({ job }) => trackJob(job),
    onError: (err) => toastApiError(err, t`Sync failed`),
  });
  useEffect(
    () =>
      onJobFinished('sites.sync-all', (job) => {
        void refreshRef.current();
        if (job.status !== 'completed') {
          if (job.status === 'failed') toast.error(t`Sync failed: ${job.error ?? ''}`);
          return;
        }
        const r = job.result as unknown as SyncAllResult;
        const { synced, total } = r;
        if (r.failed === 0) {
          toast.success(
            t({
              message: plural(total, {
                one: `${synced} of # site synced`,
                other: `${synced} of # sites synced`,
              }),
            }),
          );
          return;
        }
        const failures = r.results.filter((x) => !x.ok);
        const named = failures
          .slice(0, 5)
          .map((x) => `${x.domain} (${x.error ?? ''})`)
          .join('; ');
        const more = failures.length > 5 ? t`and ${failures.length - 5} more` : '';
        toast.warning(
          t({
            message: plural(total, {
              one: `${synced} of # site synced. Failed: ${named} ${more}`,
              other: `${synced} of # sites synced. Failed: ${named} ${more}`,
            }),
          }),
          { duration: 15_000 },
        );
      }),
    [t],
  );
  const bulkStatus = trpc.sites.bulkStatus.useMutation({
    onSuccess: async ({ changed }) => {
      toast.success(t({ message: plural(changed, { one: '# site updated', other: '# sites updated' }) }));
      await refresh();
    },
    onError: (err) => toastApiError(err, t`Failed to update sites`),
  });
  const bulkDelete = trpc.sites.bulkDelete.useMutation({
    onSuccess: async ({ changed }) => {
      toast.success(t({ message: plural(changed, { one: '# site deleted', other: '# sites deleted' }) }));
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
    /** Every active site, or these. */
    syncAll: (siteIds?: number[]) => syncAll.mutateAsync(siteIds ? { siteIds } : {}),
    syncing: syncAll.isPending,
    bulkPending: bulkTest.isPending || bulkStatus.isPending || bulkDelete.isPending || syncAll.isPending,
  };
}
