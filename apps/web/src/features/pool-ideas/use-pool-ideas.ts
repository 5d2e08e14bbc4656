import type { RouterInputs, RouterOutputs } from '@blogfleet/api';
import { toast } from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { usePoolJobs } from '../ai-pool/use-pool-jobs';
import { announceBulkOutcome } from './bulk-outcome';
import { shortText } from '../../lib/format';
import type { IdeasQuery } from './ideas-search';

export type IdeaRow = RouterOutputs['aiPool']['ideas']['list']['ideas'][number];
export type IdeaStatus = IdeaRow['status'];
type GenerateInput = RouterInputs['aiPool']['ideas']['generate'];

/**
 * Everything the ideas page reads and changes (doc2 §2, §4). Generating, promoting and rewriting are jobs
 * on the job panel; when one ends the lists refresh and a toast says what happened (usePoolJobs).
 */
export function usePoolIdeas(query: IdeasQuery) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const trackJob = usePoolJobs();
  const list = trpc.aiPool.ideas.list.useQuery(query, { placeholderData: keepPreviousData });
  // A promotion writes a post; the pool's other screens (dashboard, posts) read the same data.
  const refresh = () => utils.aiPool.invalidate();
  const rows = list.data?.ideas ?? [];
  const nameOf = (id: number) => {
    const idea = rows.find((i) => i.id === id);
    return idea ? `“${shortText(idea.idea_text)}”` : t`Idea ${id}`;
  };

  const generate = trpc.aiPool.ideas.generate.useMutation({ onSuccess: ({ job }) => trackJob(job) });
  const setStatus = trpc.aiPool.ideas.setStatus.useMutation({
    onSuccess: async ({ idea, job }) => {
      if (job) trackJob(job);
      const text = shortText(idea.idea_text);
      if (idea.status === 'approved') toast.success(t`Approved: “${text}”`);
      else if (idea.status === 'rejected') toast.success(t`Rejected: “${text}”`);
      else if (idea.status === 'needs_rewrite') toast.success(t`Sent to the rewriter: “${text}”`);
      await refresh();
    },
  });
  const promote = trpc.aiPool.ideas.promote.useMutation({
    onSuccess: ({ job }) => {
      trackJob(job);
      void refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to promote the idea` })),
  });
  const bulkStatus = trpc.aiPool.ideas.bulkStatus.useMutation({
    onSuccess: async (outcome, { status }) => {
      announceBulkOutcome(
        outcome,
        status === 'approved'
          ? {
              done: (n) => t({ message: plural(n, { one: '# idea approved', other: '# ideas approved' }) }),
              failed: (n) =>
                t({
                  message: plural(n, {
                    one: '# idea could not be approved',
                    other: '# ideas could not be approved',
                  }),
                }),
            }
          : {
              done: (n) => t({ message: plural(n, { one: '# idea rejected', other: '# ideas rejected' }) }),
              failed: (n) =>
                t({
                  message: plural(n, {
                    one: '# idea could not be rejected',
                    other: '# ideas could not be rejected',
                  }),
                }),
            },
        nameOf,
      );
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to update status` })),
  });
  const bulkPromote = trpc.aiPool.ideas.bulkPromote.useMutation({
    onSuccess: async (outcome) => {
      announceBulkOutcome(
        outcome,
        {
          done: (n) =>
            t({
              message: plural(n, {
                one: '# idea is being written into a post',
                other: '# ideas are being written into posts',
              }),
            }),
          failed: (n) =>
            t({
              message: plural(n, {
                one: '# idea could not be promoted',
                other: '# ideas could not be promoted',
              }),
            }),
        },
        nameOf,
      );
      // The promotions are jobs: the panel shows them with the next poll, started now.
      await Promise.all([utils.jobs.list.invalidate(), refresh()]);
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to promote the idea` })),
  });

  const statusPending = setStatus.isPending ? setStatus.variables?.id : undefined;
  const promotePending = promote.isPending ? promote.variables?.id : undefined;
  return {
    list,
    /** Rejects (the form shows why) when the server refuses to start. */
    generate: (input: GenerateInput) => generate.mutateAsync(input),
    generating: generate.isPending,
    /** Rejects when refused; the caller says why (a toast, or the note dialog). */
    setStatus: (id: number, status: 'approved' | 'rejected' | 'needs_rewrite', note?: string) =>
      setStatus.mutateAsync({ id, status, note }),
    promote: (id: number) => promote.mutateAsync({ id }),
    /** The id whose single action is running, if any. */
    busyId: statusPending ?? promotePending,
    bulkStatus: (ids: number[], status: 'approved' | 'rejected') => bulkStatus.mutateAsync({ ids, status }),
    bulkPromote: (ids: number[]) => bulkPromote.mutateAsync({ ids }),
    bulkPending: bulkStatus.isPending || bulkPromote.isPending,
  };
}
