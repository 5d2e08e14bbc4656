import type { RouterOutputs } from '@blogfleet/api';
import type { CreateDomainInput, ListDomainsQuery, UpdateDomainInput } from '@blogfleet/validators';
import { toast } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { userMessage } from '../../lib/api-errors';
import { toastApiError } from '../../lib/api-error-message';
import { trpc } from '../../lib/trpc';
import { onJobFinished } from '../jobs/job-finish';
import { useTrackJob } from '../jobs/use-job-sync';

export type DomainRow = RouterOutputs['domains']['list']['data'][number];

/** Everything the domains screen reads and changes, with the spec's messages (doc2 §8). */
export function useDomains(query: ListDomainsQuery) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const list = trpc.domains.list.useQuery(query, { placeholderData: keepPreviousData });
  const targets = trpc.domains.targets.useQuery();
  const refresh = () => Promise.all([utils.domains.list.invalidate(), utils.domains.targets.invalidate()]);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const duplicate = t`This domain already exists in your list.`;

  const create = trpc.domains.create.useMutation({
    onSuccess: async ({ domain }) => {
      toast.success(t`Domain ${domain.domain_name_unicode} added`);
      await refresh();
    },
  });
  const update = trpc.domains.update.useMutation({
    onSuccess: async ({ domain }) => {
      toast.success(t`Domain ${domain.domain_name_unicode} updated`);
      await refresh();
    },
  });
  const remove = trpc.domains.delete.useMutation({
    onSuccess: async () => {
      toast.success(t`Domain deleted`);
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to delete domain` })),
  });
  const purchase = trpc.domains.purchase.useMutation({
    onSuccess: async ({ domain }) => {
      toast.success(t`${domain.domain_name_unicode} purchased`);
      await refresh();
    },
    onError: async (err) => {
      toastApiError(err, t`Failed to purchase domain`);
      // A refusal may have changed the row (a name held elsewhere is marked taken).
      await refresh();
    },
  });
  const setupDns = trpc.cloudflare.setupDns.useMutation({
    onSuccess: async ({ domain, nameserversSet }) => {
      toast.success(
        nameserversSet
          ? t`DNS set up for ${domain.domain_name_unicode}; the registrar now points at Cloudflare`
          : t`DNS set up for ${domain.domain_name_unicode}`,
      );
      await refresh();
    },
    onError: (err) => toastApiError(err, t`Failed to setup DNS`),
  });
  const resetDns = trpc.cloudflare.resetDns.useMutation({
    onSuccess: async ({ domain }) => {
      toast.success(t`DNS configuration removed for ${domain.domain_name_unicode}`);
      await refresh();
    },
    onError: (err) => toastApiError(err, t`Failed to reset DNS`),
  });
  const trackJob = useTrackJob();
  const bulkPurchase = trpc.domains.bulkPurchase.useMutation({
    onSuccess: ({ job }) => trackJob(job),
    onError: (err) => toastApiError(err, t`Failed to buy some domains`),
  });
  // The list shows what the job bought once it ends; its error already names what it could not buy.
  useEffect(
    () =>
      onJobFinished('domains.bulk-purchase', (job) => {
        void refreshRef.current();
        if (job.status === 'completed') toast.success(t`Domains bought`);
        else if (job.status === 'failed') toast.error(job.error ?? t`Failed to buy some domains`);
      }),
    [t],
  );
  const bulkSetupDns = trpc.cloudflare.bulkSetupDns.useMutation({
    onSuccess: ({ job }) => trackJob(job),
    onError: (err) => toastApiError(err, t`Failed to setup DNS`),
  });
  const bulkResetDns = trpc.cloudflare.bulkResetDns.useMutation({
    onSuccess: ({ job }) => trackJob(job),
    onError: (err) => toastApiError(err, t`Failed to reset DNS`),
  });
  // The bulk DNS jobs name what they could not do; the list shows what they did.
  useEffect(() => {
    const offs = (['cloudflare.bulk-setup-dns', 'cloudflare.bulk-reset-dns'] as const).map((kind) =>
      onJobFinished(kind, (job) => {
        void refreshRef.current();
        if (job.status === 'completed') {
          toast.success(
            kind === 'cloudflare.bulk-setup-dns'
              ? t`DNS set up for the selected domains`
              : t`DNS removed for the selected domains`,
          );
        } else if (job.status === 'failed') toast.error(job.error ?? t`Failed to setup DNS`);
      }),
    );
    return () => offs.forEach((off) => off());
  }, [t]);
  const bulkDelete = trpc.domains.bulkDelete.useMutation({
    onSuccess: async ({ changed }) => {
      toast.success(t`${changed} domains deleted`);
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to delete domain` })),
  });

  return {
    list,
    targets,
    refresh,
    /** Resolves on success; on failure shows the toast and rethrows so the dialog stays open. */
    async save(id: number | null, input: CreateDomainInput | UpdateDomainInput) {
      try {
        if (id === null) await create.mutateAsync(input);
        else await update.mutateAsync({ id, ...input });
      } catch (err) {
        const fallback = id === null ? t`Failed to create domain` : t`Failed to update domain`;
        toast.error(userMessage(err, { fallback, duplicate }));
        throw err;
      }
    },
    remove: (id: number) => remove.mutateAsync({ id }),
    purchase: (id: number) => purchase.mutateAsync({ id }),
    pendingPurchaseId: purchase.isPending ? purchase.variables?.id : undefined,
    /** Stable across renders (react-query keeps `mutateAsync` stable). */
    setupDns: setupDns.mutateAsync,
    resetDns: (domainId: number) => resetDns.mutateAsync({ domainId }),
    pendingDnsId: setupDns.isPending
      ? setupDns.variables?.domainId
      : resetDns.isPending
        ? resetDns.variables?.domainId
        : undefined,
    bulkDelete: (domainIds: number[]) => bulkDelete.mutateAsync({ domainIds }),
    bulkPurchase: (domainIds: number[]) => bulkPurchase.mutateAsync({ domainIds }),
    bulkSetupDns: (domainIds: number[]) => bulkSetupDns.mutateAsync({ domainIds }),
    bulkResetDns: (domainIds: number[]) => bulkResetDns.mutateAsync({ domainIds }),
    bulkPending:
      bulkDelete.isPending || bulkPurchase.isPending || bulkSetupDns.isPending || bulkResetDns.isPending,
  };
}
