import type { RouterOutputs } from '@blogfleet/api';
import type { CreateUserInput, ListUsersQuery, UpdateUserInput } from '@blogfleet/validators';
import { toast } from '@blogfleet/ui';
import { useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';

export type UserRow = RouterOutputs['users']['list']['users'][number];

/** Everything the users screen reads and changes, with the spec's messages (core §8 Users page). */
export function useUsers(query: ListUsersQuery) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const list = trpc.users.list.useQuery(query, { placeholderData: keepPreviousData });
  const stats = trpc.users.stats.useQuery();
  const refresh = () => Promise.all([utils.users.list.invalidate(), utils.users.stats.invalidate()]);
  const duplicate = t`A user with this username or email already exists.`;

  const create = trpc.users.create.useMutation({
    onSuccess: async ({ user }) => {
      toast.success(t`User ${user.username} created`);
      await refresh();
    },
  });
  const update = trpc.users.update.useMutation({
    onSuccess: async ({ user }) => {
      toast.success(t`User ${user.username} updated`);
      await refresh();
    },
  });
  const setStatus = trpc.users.setStatus.useMutation({
    onSuccess: async ({ user }) => {
      toast.success(
        user.status === 'active' ? t`${user.username} is now active` : t`${user.username} is now inactive`,
      );
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to update user status` })),
  });
  const bulkStatus = trpc.users.bulkSetStatus.useMutation({
    onSuccess: async ({ changed }, { status }) => {
      toast.success(status === 'active' ? t`${changed} users activated` : t`${changed} users deactivated`);
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to update user status` })),
  });
  const bulkDelete = trpc.users.bulkDelete.useMutation({
    onSuccess: async ({ changed }) => {
      toast.success(t`${changed} users deleted`);
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to delete users` })),
  });
  const remove = trpc.users.delete.useMutation({
    onSuccess: async () => {
      toast.success(t`User deleted`);
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to delete user` })),
  });

  return {
    list,
    stats,
    /** Resolves on success; on failure shows the toast and rethrows so the dialog stays open. */
    async save(id: number | null, input: CreateUserInput | UpdateUserInput) {
      try {
        if (id === null) await create.mutateAsync(input as CreateUserInput);
        else await update.mutateAsync({ id, ...input });
      } catch (err) {
        toast.error(userMessage(err, { fallback: t`Failed to save user`, duplicate }));
        throw err;
      }
    },
    toggleStatus: (user: UserRow) =>
      setStatus.mutateAsync({ id: user.id, status: user.status === 'active' ? 'inactive' : 'active' }),
    bulkSetStatus: (userIds: number[], status: 'active' | 'inactive') =>
      bulkStatus.mutateAsync({ userIds, status }),
    bulkDelete: (userIds: number[]) => bulkDelete.mutateAsync({ userIds }),
    bulkPending: bulkStatus.isPending || bulkDelete.isPending,
    remove: (id: number) => remove.mutateAsync({ id }),
    pendingStatusId: setStatus.isPending ? setStatus.variables?.id : undefined,
  };
}
