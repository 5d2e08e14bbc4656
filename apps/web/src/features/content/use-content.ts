import type { RouterInputs, RouterOutputs } from '@blogfleet/api';
import type { ListContentQuery } from '@blogfleet/validators';
import { toast } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { onJobFinished } from '../jobs/job-finish';
import { useTrackJob } from '../jobs/use-job-sync';

export type ContentRow = RouterOutputs['content']['list']['content'][number];
export type ContentDetail = RouterOutputs['content']['get']['content'];
type GenerateInput = RouterInputs['content']['generate'];
type UpdateInput = RouterInputs['content']['update'];

interface GeneratedResult {
  contentId: number;
  title: string;
  seoScore: number;
  wordCount: number;
  draftError: string | null;
}

/**
 * Everything the content page reads and changes. Generation is a job on the job panel; when it ends the
 * list refreshes and a toast names the piece (doc2 §8 'Failed to generate content' when it failed).
 */
export function useContent(query: ListContentQuery) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const trackJob = useTrackJob();
  const list = trpc.content.list.useQuery(query, { placeholderData: keepPreviousData });
  const refresh = useRef(() => Promise.resolve());
  // Site posts and keywords change with a piece (its draft post; its keywords become used).
  refresh.current = async () => {
    await Promise.all([utils.content.invalidate(), utils.sites.invalidate(), utils.keywords.invalidate()]);
  };

  useEffect(
    () =>
      onJobFinished('content.generate', (job) => {
        void refresh.current();
        if (job.status === 'failed') {
          toast.error(t`Failed to generate content: ${job.error ?? ''}`);
        } else if (job.status === 'completed') {
          const r = job.result as unknown as GeneratedResult;
          const title = r.title;
          const reason = r.draftError;
          if (reason)
            toast.warning(
              t`“${title}” is written, but its site refused the draft: ${reason}. Publish tries again.`,
            );
          else toast.success(t`“${title}” is written and saved as a draft on its site`);
        }
      }),
    [t],
  );

  const generate = trpc.content.generate.useMutation({ onSuccess: ({ job }) => trackJob(job) });
  const update = trpc.content.update.useMutation({
    onSuccess: async ({ content }) => {
      toast.success(t`“${content.title}” saved`);
      await refresh.current();
    },
  });
  const publish = trpc.content.publish.useMutation({
    onSuccess: async ({ content, pending_push }) => {
      const site = content.site?.domain_name ?? '';
      if (pending_push) {
        toast.warning(t`${site} did not answer; the post is published with the site's next push`);
      } else toast.success(t`“${content.title}” is published on ${site}`);
      await refresh.current();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to publish content` })),
  });
  const remove = trpc.content.delete.useMutation({
    onSuccess: async ({ kept_on_site }) => {
      toast.success(
        kept_on_site ? t`Content deleted; the published post stays on its site` : t`Content deleted`,
      );
      await refresh.current();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to delete content` })),
  });

  return {
    list,
    /** Rejects (the dialog shows why) when the server refuses to start. */
    generate: (input: GenerateInput) => generate.mutateAsync(input),
    save: (input: UpdateInput) => update.mutateAsync(input),
    publish: (id: number) => publish.mutateAsync({ id }),
    publishing: publish.isPending ? publish.variables?.id : undefined,
    remove: (id: number) => remove.mutateAsync({ id }),
  };
}
