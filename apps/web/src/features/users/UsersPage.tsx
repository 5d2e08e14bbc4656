import {
  Alert,
  Button,
  ConfirmDialog,
  DataTable,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  Select,
  Spinner,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import type { RowSelectionState } from '@tanstack/react-table';
import { ChevronDown, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { useListUrl } from '../../lib/use-list-url';
import { ListSearchBox } from '../shell/ListSearchBox';
import { useCurrentUser } from '../../lib/auth';
import { useUserColumns } from './user-columns';
import { UserDialog } from './UserDialog';
import { UserStats } from './UserStats';
import { useUsers, type UserRow } from './use-users';
import { usersQuery } from './users-search';

const route = getRouteApi('/_app/users');

/** A confirmation waiting for the user: one row's status, or a bulk action on the selection. */
type Pending =
  | { kind: 'status'; user: UserRow }
  | { kind: 'delete'; user: UserRow }
  | { kind: 'bulk-status'; status: 'active' | 'inactive'; ids: number[] }
  | { kind: 'bulk-delete'; ids: number[] };

export function UsersPage() {
  const { t } = useLingui();
  const me = useCurrentUser();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const query = usersQuery(search);
  const users = useUsers(query);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [selection, setSelection] = useState<RowSelectionState>({});

  const { setSearch, searchText, setSearchText, tableProps } = useListUrl(search, navigate);
  // A re-sorted, re-paged or re-filtered list is a new selection: bulk actions never reach rows not shown.
  useEffect(
    () => setSelection({}),
    [query.page, query.limit, query.search, query.role, query.status, query.sort, query.order],
  );

  const rows = users.list.data?.users ?? [];
  const pagination = users.list.data?.pagination;
  const selectedIds = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number);
  const selectedOthers = selectedIds.filter((id) => id !== me.id);

  const actions = useMemo(
    () => ({
      currentUserId: me.id,
      pendingStatusId: users.pendingStatusId,
      onToggleStatus: (user: UserRow) => setPending({ kind: 'status', user }),
      onEdit: (user: UserRow) => {
        setEditing(user);
        setDialogOpen(true);
      },
      onDelete: (user: UserRow) => setPending({ kind: 'delete', user }),
    }),
    [me.id, users.pendingStatusId],
  );
  const columns = useUserColumns(actions);

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'status') await users.toggleStatus(pending.user);
      else if (pending.kind === 'delete') await users.remove(pending.user.id);
      else if (pending.kind === 'bulk-status') await users.bulkSetStatus(pending.ids, pending.status);
      else await users.bulkDelete(pending.ids);
      if (pending.kind.startsWith('bulk')) setSelection({});
      setPending(null);
    } catch {
      // The mutation's toast explains the failure; the dialog stays for another try.
    }
  };

  /** Title, text and button of each confirmation; bulk ones state the count. */
  const confirmation = (p: Pending | null): { title: string; description: string; confirmLabel: string } => {
    if (!p) return { title: '', description: '', confirmLabel: '' };
    switch (p.kind) {
      case 'status':
        return p.user.status === 'active'
          ? {
              title: t`Deactivate ${p.user.username}?`,
              description: t`${p.user.username} will be signed out everywhere and cannot sign in until activated again.`,
              confirmLabel: t`Deactivate`,
            }
          : {
              title: t`Activate ${p.user.username}?`,
              description: t`${p.user.username} will be able to sign in again.`,
              confirmLabel: t`Activate`,
            };
      case 'delete':
        return {
          title: t`Delete user?`,
          description: t`${p.user.username} (${p.user.email}) will be deleted and signed out everywhere.`,
          confirmLabel: t`Delete`,
        };
      case 'bulk-status': {
        const count = p.ids.length;
        return p.status === 'active'
          ? {
              title: t`Activate ${count} users?`,
              description: t`They will be able to sign in again.`,
              confirmLabel: t`Activate`,
            }
          : {
              title: t`Deactivate ${count} users?`,
              description: t`They will be signed out everywhere. Your own account is never included.`,
              confirmLabel: t`Deactivate`,
            };
      }
      case 'bulk-delete': {
        const count = p.ids.length;
        return {
          title: t`Delete ${count} users?`,
          description: t`They will be deleted and signed out everywhere. This cannot be undone.`,
          confirmLabel: t`Delete`,
        };
      }
    }
  };

  const bulkMenu =
    selectedIds.length > 0 ? (
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" className="h-10 md:h-9" disabled={users.bulkPending}>
            <Trans>{selectedIds.length} selected</Trans>
            <ChevronDown className="size-4" aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start">
          <DropdownMenuItem
            className="min-h-10"
            onSelect={() => setPending({ kind: 'bulk-status', status: 'active', ids: selectedIds })}
          >
            <Trans>Activate</Trans>
          </DropdownMenuItem>
          <DropdownMenuItem
            className="min-h-10"
            disabled={selectedOthers.length === 0}
            onSelect={() => setPending({ kind: 'bulk-status', status: 'inactive', ids: selectedOthers })}
          >
            <Trans>Deactivate</Trans>
          </DropdownMenuItem>
          <DropdownMenuItem
            className="min-h-10 text-danger-strong"
            disabled={selectedOthers.length === 0}
            onSelect={() => setPending({ kind: 'bulk-delete', ids: selectedOthers })}
          >
            <Trans>Delete</Trans>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    ) : null;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">
          <Trans>Users</Trans>
        </h1>
        <Button
          className="h-10 md:h-9"
          onClick={() => {
            setEditing(null);
            setDialogOpen(true);
          }}
        >
          <Plus className="size-4" aria-hidden />
          <Trans>Add user</Trans>
        </Button>
      </div>

      <UserStats stats={users.stats.data} />

      {users.list.isError ? (
        <Alert>{userMessage(users.list.error, { fallback: t`Failed to fetch users` })}</Alert>
      ) : null}

      <DataTable
        aria-label={t`Users`}
        columns={columns}
        data={rows}
        getRowId={(u) => String(u.id)}
        rowLabel={(u) => u.username}
        rowAttributes={(row) => ({ 'data-testid': `user-row-${row.original.username}` })}
        loading={users.list.isLoading}
        selectable
        enableRowSelection={(row) => row.original.id !== me.id}
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        {...tableProps({ ...query, limit: query.limit ?? 10 }, pagination)}
        emptyMessage={
          search.search || search.role || search.status ? t`No users match these filters.` : t`No users found`
        }
        toolbar={
          <>
            <ListSearchBox
              value={searchText}
              onChange={setSearchText}
              placeholder={t`Search by username or email`}
              label={t`Search users`}
            />
            <div className="w-[calc(50%-0.25rem)] sm:w-40">
              <Select
                aria-label={t`Role`}
                value={query.role ?? 'all'}
                onValueChange={(v) =>
                  void setSearch({ role: v === 'all' ? undefined : (v as 'admin' | 'user') })
                }
                options={[
                  { value: 'all', label: t`All roles` },
                  { value: 'admin', label: t`Admin` },
                  { value: 'user', label: t`User` },
                ]}
              />
            </div>
            <div className="w-[calc(50%-0.25rem)] sm:w-40">
              <Select
                aria-label={t`Status`}
                value={query.status ?? 'all'}
                onValueChange={(v) =>
                  void setSearch({ status: v === 'all' ? undefined : (v as 'active' | 'inactive') })
                }
                options={[
                  { value: 'all', label: t`All statuses` },
                  { value: 'active', label: t`Active` },
                  { value: 'inactive', label: t`Inactive` },
                ]}
              />
            </div>
            {bulkMenu}
            {users.list.isFetching && !users.list.isLoading && <Spinner size="sm" label={t`Loading…`} />}
          </>
        }
      />

      <UserDialog open={dialogOpen} onOpenChange={setDialogOpen} user={editing} onSave={users.save} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        closeOnConfirm={false}
        destructive={pending?.kind === 'delete' || pending?.kind === 'bulk-delete' || isDeactivation(pending)}
        {...confirmation(pending)}
        onConfirm={confirm}
      />
    </div>
  );
}

function isDeactivation(p: Pending | null): boolean {
  if (!p) return false;
  if (p.kind === 'status') return p.user.status === 'active';
  return p.kind === 'bulk-status' && p.status === 'inactive';
}
