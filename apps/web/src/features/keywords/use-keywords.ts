import type { RouterOutputs } from '@blogfleet/api';
import type { CreateKeywordInput, ListKeywordsQuery, UpdateKeywordInput } from '@blogfleet/validators';
import { toast } from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';

export type KeywordRow = RouterOutputs['keywords']['list']['data'][number];

/** Everything the keywords page reads and changes, with the spec's messages (doc2 §8). */
export function useKeywords(query: ListKeywordsQuery) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const list = trpc.keywords.list.useQuery(query, { placeholderData: keepPreviousData });
  const websites = trpc.keywords.websites.useQuery();
  const refresh = () => Promise.all([utils.keywords.list.invalidate(), utils.keywords.websites.invalidate()]);
  const duplicate = t`This keyword already exists for this website.`;

  const create = trpc.keywords.create.useMutation({
    onSuccess: async () => {
      toast.success(t`Keyword added`);
      await refresh();
    },
  });
  const update = trpc.keywords.update.useMutation({
    onSuccess: async ({ keyword }) => {
      toast.success(t`Keyword ${keyword.keyword_text} saved`);
      await refresh();
    },
  });
  const remove = trpc.keywords.delete.useMutation({
    onSuccess: async () => {
      toast.success(t`Keyword deleted`);
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to delete keyword` })),
  });
  const bulkDelete = trpc.keywords.bulkDelete.useMutation({
    onSuccess: async ({ changed }) => {
      toast.success(
        t({ message: plural(changed, { one: '# keyword deleted', other: '# keywords deleted' }) }),
      );
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to delete keyword` })),
  });
  const bulkMark = trpc.keywords.bulkMark.useMutation({
    onSuccess: async ({ changed }, { used }) => {
      toast.success(
        used
          ? t({ message: plural(changed, { one: '# keyword marked used', other: '# keywords marked used' }) })
          : t({
              message: plural(changed, { one: '# keyword marked unused', other: '# keywords marked unused' }),
            }),
      );
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to save keyword` })),
  });

  return {
    list,
    websites,
    /** Resolves on success; on failure shows the toast and rethrows so the dialog stays open. */
    async add(input: CreateKeywordInput) {
      try {
        await create.mutateAsync(input);
      } catch (err) {
        toast.error(userMessage(err, { fallback: t`Failed to add keyword`, duplicate }));
        throw err;
      }
    },
    async save(input: UpdateKeywordInput) {
      try {
        await update.mutateAsync(input);
      } catch (err) {
        toast.error(userMessage(err, { fallback: t`Failed to save keyword`, duplicate }));
        throw err;
      }
    },
    remove: (id: number) => remove.mutateAsync({ id }),
    bulkDelete: (keywordIds: number[]) => bulkDelete.mutateAsync({ keywordIds }),
    bulkMark: (keywordIds: number[], used: boolean) => bulkMark.mutateAsync({ keywordIds, used }),
    bulkPending: bulkDelete.isPending || bulkMark.isPending,
  };
}
