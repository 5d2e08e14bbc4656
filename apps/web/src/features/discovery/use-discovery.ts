import type { RouterInputs, RouterOutputs } from '@blogfleet/api';
import { toast } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { userMessage } from '../../lib/api-errors';
import { toastApiError } from '../../lib/api-error-message';
import { trpc } from '../../lib/trpc';
import { useTrackJob } from '../jobs/use-job-sync';

export type DiscoverRequest = RouterInputs['domains']['discover'];
export type DiscoveryResult = RouterOutputs['domains']['discover'];
export type Idea = DiscoveryResult['allIdeas'][number];

/** Discovery's calls with the spec's messages (doc2 §8): discover, add selected, buy selected. */
export function useDiscovery() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const trackJob = useTrackJob();
  const discover = trpc.domains.discover.useMutation({
    onError: (err) =>
      toast.error(
        userMessage(err, {
          fallback: t`Failed to discover domains`,
        }),
      ),
  });
  const add = trpc.domains.addDiscovered.useMutation();
  const bulkPurchase = trpc.domains.bulkPurchase.useMutation();

  async function addSelected(targetWebsite: string, domains: string[]) {
    try {
      const res = await add.mutateAsync({ targetWebsite, domains });
      await Promise.all([utils.domains.list.invalidate(), utils.domains.targets.invalidate()]);
      if (res.added.length > 0) toast.success(t`${res.added.length} domains added to your list`);
      if (res.existing.length > 0) {
        const names = res.existing.join(', ');
        toast.info(t`Already in your list: ${names}`);
      }
      return res;
    } catch (err) {
      toastApiError(err, t`Failed to add domains`);
      throw err;
    }
  }

  return {
    discover: discover.mutateAsync,
    discovering: discover.isPending,
    result: discover.data,
    addSelected,
    adding: add.isPending,
    /** Adds the names, then buys the ones added in one bulk job the job panel follows. */
    async buySelected(targetWebsite: string, domains: string[]) {
      const res = await addSelected(targetWebsite, domains);
      if (res.added.length === 0) return;
      try {
        const { job } = await bulkPurchase.mutateAsync({ domainIds: res.added.map((d) => d.id) });
        trackJob(job);
      } catch (err) {
        toastApiError(err, t`Failed to purchase domain`);
      }
    },
    buying: bulkPurchase.isPending,
  };
}
