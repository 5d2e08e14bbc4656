import type { RouterOutputs } from '@blogfleet/api';
import type { z } from 'zod';
import type { createSiteInput } from '@blogfleet/validators';
import { toast } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { trpc } from '../../lib/trpc';
import { onJobFinished } from '../jobs/job-finish';
import { useTrackJob } from '../jobs/use-job-sync';

export type SiteCredentials = NonNullable<RouterOutputs['creator']['jobStatus']['credentials']>;
export type CreateSitePayload = z.input<typeof createSiteInput>;

/**
 * WordPress creation and deletion from the domains screen (core §4): both run as jobs in the job panel;
 * when a creation ends, its status is read once, which hands over the credentials for their dialog.
 */
export function useSiteCreation(onChanged: () => Promise<unknown>) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const trackJob = useTrackJob();
  const [credentials, setCredentials] = useState<SiteCredentials | null>(null);
  /** Whose credentials an admin revealed (null: a new site's, shown once). */
  const [revealedFor, setRevealedFor] = useState<string | null>(null);
  const reveal = trpc.domains.revealCredentials.useMutation({
    onError: (err) => toastApiError(err, t`Could not read the credentials`),
  });
  const changed = useRef(onChanged);
  changed.current = onChanged;

  const create = trpc.creator.create.useMutation({
    onSuccess: ({ job, domain }) => {
      trackJob(job);
      toast.info(t`WordPress site creation started for ${domain}. It takes about 30–60 seconds.`);
    },
  });
  const remove = trpc.creator.delete.useMutation({
    onSuccess: ({ job }) => trackJob(job),
    onError: (err) => toastApiError(err, t`Failed to delete WordPress site`),
  });
  const generate = trpc.creator.generateContent.useMutation({
    onError: (err) => toastApiError(err, t`Failed to generate content`),
  });

  const { mutateAsync: revealMutate } = reveal;
  /** Admins: reads them again (audited) and opens the same dialog. */
  const revealCredentials = useCallback(
    async (domainId: number, domainName: string) => {
      const { credentials: revealed } = await revealMutate({ id: domainId });
      setRevealedFor(domainName);
      setCredentials(revealed);
    },
    [revealMutate],
  );

  useEffect(() => {
    const offCreate = onJobFinished('creator.create-site', (job) => {
      void changed.current();
      void utils.creator.jobStatus
        .fetch({ jobId: job.id }, { staleTime: 0 })
        .then((status) => {
          if (status.status === 'completed') {
            toast.success(t`WordPress site created for ${status.domain}`);
            if (status.credentials) {
              setRevealedFor(null);
              setCredentials(status.credentials);
            }
          } else if (status.status === 'failed') {
            const error = status.error ?? '';
            toast.error(t`WordPress site creation failed for ${status.domain}: ${error}`);
          }
        })
        .catch(() => toast.error(t`Failed to get job status`));
    });
    const offDelete = onJobFinished('creator.delete-site', (job) => {
      void changed.current();
      if (job.status === 'completed') toast.success(t`WordPress site deleted`);
      else if (job.status === 'failed') {
        const error = job.error ?? '';
        toast.error(t`Failed to delete WordPress site: ${error}`);
      }
    });
    return () => {
      offCreate();
      offDelete();
    };
  }, [t, utils]);

  return {
    /** Resolves when the job started; on failure shows the toast and rethrows (the dialog stays). */
    async create(payload: CreateSitePayload) {
      try {
        await create.mutateAsync(payload);
      } catch (err) {
        toastApiError(err, t`Failed to create WordPress site`);
        throw err;
      }
    },
    creating: create.isPending,
    remove: (domain: string) => remove.mutateAsync({ domain }),
    generate: (domain: string, language: 'en' | 'tr' | 'es') => generate.mutateAsync({ domain, language }),
    generating: generate.isPending,
    credentials,
    revealedFor,
    closeCredentials: () => setCredentials(null),
    revealCredentials,
  };
}
