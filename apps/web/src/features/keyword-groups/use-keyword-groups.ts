import type { RouterOutputs } from '@blogfleet/api';
import type {
  CreateKeywordGroupInput,
  ListKeywordGroupsQuery,
  UpdateKeywordGroupInput,
} from '@blogfleet/validators';
import { toast } from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';

export type KeywordGroupRow = RouterOutputs['keywordGroups']['list']['data'][number];
export type KeywordGroupStatus = KeywordGroupRow['status'];
export type KeywordGroupPriority = KeywordGroupRow['priority'];

/** Everything the keyword groups page reads and changes, with the spec's messages (doc2 §8). */
export function useKeywordGroups(query: ListKeywordGroupsQuery) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const list = trpc.keywordGroups.list.useQuery(query, { placeholderData: keepPreviousData });
  // A group's members change keywords' places in groups (the keywords page's group filter).
  const refresh = () => Promise.all([utils.keywordGroups.invalidate(), utils.keywords.list.invalidate()]);
  const failedToSave = t`Failed to save keyword group`;
  const failedToDelete = t`Failed to delete keyword group`;

  const create = trpc.keywordGroups.create.useMutation({
    onSuccess: async ({ group }) => {
      toast.success(t`Keyword group ${group.name} created`);
      await refresh();
    },
  });
  const update = trpc.keywordGroups.update.useMutation({
    onSuccess: async ({ group }) => {
      toast.success(t`Keyword group ${group.name} saved`);
      await refresh();
    },
  });
  const remove = trpc.keywordGroups.delete.useMutation({
    onSuccess: async () => {
      toast.success(t`Keyword group deleted`);
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: failedToDelete })),
  });
  const bulkDelete = trpc.keywordGroups.bulkDelete.useMutation({
    onSuccess: async ({ changed }) => {
      toast.success(
        t({
          message: plural(changed, { one: '# keyword group deleted', other: '# keyword groups deleted' }),
        }),
      );
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: failedToDelete })),
  });
  const bulkStatus = trpc.keywordGroups.bulkStatus.useMutation({
    onSuccess: async ({ changed }) => {
      toast.success(
        t({
          message: plural(changed, { one: '# keyword group updated', other: '# keyword groups updated' }),
        }),
      );
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: failedToSave })),
  });
  const bulkPriority = trpc.keywordGroups.bulkPriority.useMutation({
    onSuccess: async ({ changed }) => {
      toast.success(
        t({
          message: plural(changed, { one: '# keyword group updated', other: '# keyword groups updated' }),
        }),
      );
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: failedToSave })),
  });

  return {
    list,
    /** Resolve on success; on failure they rethrow so the dialog stays open and shows the message. */
    add: (input: CreateKeywordGroupInput) => create.mutateAsync(input),
    save: (input: UpdateKeywordGroupInput) => update.mutateAsync(input),
    failedToSave,
    remove: (id: number) => remove.mutateAsync({ id }),
    bulkDelete: (groupIds: number[]) => bulkDelete.mutateAsync({ groupIds }),
    bulkStatus: (groupIds: number[], status: KeywordGroupStatus) =>
      bulkStatus.mutateAsync({ groupIds, status }),
    bulkPriority: (groupIds: number[], priority: KeywordGroupPriority) =>
      bulkPriority.mutateAsync({ groupIds, priority }),
    bulkPending: bulkDelete.isPending || bulkStatus.isPending || bulkPriority.isPending,
  };
}
