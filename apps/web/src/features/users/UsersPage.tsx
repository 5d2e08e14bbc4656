import { Button, ConfirmDialog, EmptyState, Input, Select, Spinner } from '@blogfleet/ui';
import { USERS_PAGE_SIZE } from '@blogfleet/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Search, Users } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { useCurrentUser } from '../../lib/auth';
import { UserDialog } from './UserDialog';
import { UsersTable } from './UsersTable';
import { UserStats } from './UserStats';
import { useUsers, type UserRow } from './use-users';

type RoleFilter = 'all' | 'admin' | 'user';

export function UsersPage() {
  const { t } = useLingui();
  const me = useCurrentUser();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<RoleFilter>('all');
  const [page, setPage] = useState(1);
  const deferredSearch = useDeferredValue(search.trim());
  const users = useUsers({ page, limit: USERS_PAGE_SIZE, search: deferredSearch || undefined, role });
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<UserRow | null>(null);

  const rows = users.list.data?.users ?? [];
  const pagination = users.list.data?.pagination;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">
          <Trans>Users</Trans>
        </h1>
        <Button
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

      <div className="flex flex-wrap items-center gap-3">
        <div className="relative w-full max-w-sm">
          <Search className="absolute top-2.5 left-3 size-4 text-slate-400" aria-hidden />
          <Input
            type="search"
            className="pl-9"
            placeholder={t`Search by username or email`}
            aria-label={t`Search users`}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div className="w-40">
          <Select
            aria-label={t`Role`}
            value={role}
            onValueChange={(v) => {
              setRole(v as RoleFilter);
              setPage(1);
            }}
            options={[
              { value: 'all', label: t`All roles` },
              { value: 'admin', label: t`Admin` },
              { value: 'user', label: t`User` },
            ]}
          />
        </div>
        {users.list.isFetching && <Spinner size="sm" label={t`Loading…`} />}
      </div>

      {users.list.isError ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {userMessage(users.list.error, { fallback: t`Failed to fetch users` })}
        </div>
      ) : users.list.isLoading ? (
        <div className="grid place-items-center py-16">
          <Spinner label={t`Loading…`} />
        </div>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<Users className="size-10" aria-hidden />}
          title={t`No users found`}
          description={deferredSearch || role !== 'all' ? t`Try another search or role.` : undefined}
        />
      ) : (
        <UsersTable
          users={rows}
          currentUserId={me.id}
          pendingStatusId={users.pendingStatusId}
          onToggleStatus={users.toggleStatus}
          onEdit={(u) => {
            setEditing(u);
            setDialogOpen(true);
          }}
          onDelete={setDeleting}
        />
      )}

      {pagination && (
        <nav className="flex items-center justify-between gap-3" aria-label={t`Pagination`}>
          <Button
            variant="outline"
            size="sm"
            disabled={!pagination.hasPrev}
            onClick={() => setPage((p) => p - 1)}
          >
            <Trans>Previous</Trans>
          </Button>
          {pagination.totalPages > 1 && (
            <span className="text-sm text-slate-600">
              <Trans>
                Page {pagination.page} of {pagination.totalPages}
              </Trans>
            </span>
          )}
          <Button
            variant="outline"
            size="sm"
            disabled={!pagination.hasNext}
            onClick={() => setPage((p) => p + 1)}
          >
            <Trans>Next</Trans>
          </Button>
        </nav>
      )}

      <UserDialog open={dialogOpen} onOpenChange={setDialogOpen} user={editing} onSave={users.save} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete user?`}
        description={
          deleting
            ? t`${deleting.username} (${deleting.email}) will be deleted and signed out everywhere.`
            : ''
        }
        confirmLabel={t`Delete`}
        destructive
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await users.remove(deleting.id);
            setDeleting(null);
          } catch {
            // The mutation's toast explains the failure.
          }
        }}
      />
    </div>
  );
}
