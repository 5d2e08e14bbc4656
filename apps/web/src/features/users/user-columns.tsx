import {
  Badge,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { MoreHorizontal, Pencil, Power, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { formatUserDate } from '../../lib/format';
import type { UserRow } from './use-users';

export interface UserActions {
  currentUserId: number;
  pendingStatusId?: number;
  onToggleStatus(user: UserRow): void;
  onEdit(user: UserRow): void;
  onDelete(user: UserRow): void;
}

/** The users table's columns; ids of sortable columns are the API's sort names. */
export function useUserColumns(actions: UserActions): ColumnDef<UserRow>[] {
  const { t } = useLingui();
  return useMemo(() => {
    const { currentUserId, pendingStatusId, onToggleStatus, onEdit, onDelete } = actions;
    const selfHint = t`You cannot change your own account from the list`;
    return [
      {
        // An accessor makes the column sortable (by the API's sort of the same name).
        accessorKey: 'username',
        header: t`User`,
        meta: { stacked: 'title' },
        cell: ({ row: { original: user }, table }) => (
          <div className="min-w-0">
            <div className="font-medium break-words">
              {user.username}
              {user.id === currentUserId && (
                <span className="ml-2 text-xs text-muted-foreground">
                  <Trans>(you)</Trans>
                </span>
              )}
            </div>
            {table.options.meta?.stacked && (
              <div className="break-all text-muted-foreground">{user.email}</div>
            )}
          </div>
        ),
      },
      {
        accessorKey: 'email',
        header: t`Email`,
        // Shown under the name on phones (the title column), so not again as a line of its own.
        meta: { stacked: 'skip' },
        cell: ({ row: { original: user } }) => <span className="break-all">{user.email}</span>,
      },
      {
        id: 'role',
        header: t`Role`,
        enableSorting: false,
        cell: ({ row: { original: user } }) => (
          <Badge variant={user.role === 'admin' ? 'info' : 'neutral'}>
            {user.role === 'admin' ? <Trans>Admin</Trans> : <Trans>User</Trans>}
          </Badge>
        ),
      },
      {
        id: 'status',
        header: t`Status`,
        enableSorting: false,
        cell: ({ row: { original: user } }) => {
          const self = user.id === currentUserId;
          return (
            <Button
              size="sm"
              variant={user.status === 'active' ? 'secondary' : 'outline'}
              className="h-10 md:h-8"
              disabled={self || pendingStatusId === user.id}
              loading={pendingStatusId === user.id}
              title={self ? selfHint : undefined}
              aria-label={
                user.status === 'active' ? t`Deactivate ${user.username}` : t`Activate ${user.username}`
              }
              onClick={() => onToggleStatus(user)}
            >
              <span
                aria-hidden
                className={`size-2 rounded-full ${user.status === 'active' ? 'bg-success' : 'bg-danger'}`}
              />
              {user.status === 'active' ? <Trans>Active</Trans> : <Trans>Inactive</Trans>}
            </Button>
          );
        },
      },
      {
        id: 'last_login',
        header: t`Last login`,
        enableSorting: false,
        meta: { className: 'whitespace-nowrap text-muted-foreground' },
        cell: ({ row: { original: user } }) =>
          user.last_login ? formatUserDate(user.last_login) : <Trans>Never logged in</Trans>,
      },
      {
        accessorKey: 'created_at',
        header: t`Created`,
        meta: { className: 'whitespace-nowrap text-muted-foreground' },
        cell: ({ row: { original: user } }) => formatUserDate(user.created_at),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t`Actions`}</span>,
        enableSorting: false,
        meta: { align: 'right', stacked: 'end', label: t`Actions` },
        cell: ({ row: { original: user }, table }) => {
          const self = user.id === currentUserId;
          if (table.options.meta?.stacked) {
            // Phones: one menu per card instead of a row of small icon buttons.
            return (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-10"
                    aria-label={t`Actions for ${user.username}`}
                  >
                    <MoreHorizontal className="size-5" aria-hidden />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  <DropdownMenuItem className="min-h-10" onSelect={() => onEdit(user)}>
                    <Pencil className="size-4" aria-hidden />
                    <Trans>Edit</Trans>
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    className="min-h-10"
                    disabled={self}
                    onSelect={() => onToggleStatus(user)}
                  >
                    <Power className="size-4" aria-hidden />
                    {user.status === 'active' ? <Trans>Deactivate</Trans> : <Trans>Activate</Trans>}
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    className="min-h-10 text-danger-strong"
                    disabled={self}
                    onSelect={() => onDelete(user)}
                  >
                    <Trash2 className="size-4" aria-hidden />
                    <Trans>Delete</Trans>
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            );
          }
          return (
            <div className="flex justify-end gap-1">
              <Button
                size="icon"
                variant="ghost"
                aria-label={t`Edit ${user.username}`}
                onClick={() => onEdit(user)}
              >
                <Pencil className="size-4" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                disabled={self}
                title={self ? selfHint : undefined}
                aria-label={t`Delete ${user.username}`}
                onClick={() => onDelete(user)}
              >
                <Trash2 className="size-4 text-danger" />
              </Button>
            </div>
          );
        },
      },
    ] satisfies ColumnDef<UserRow>[];
  }, [actions, t]);
}
