import { Badge, Button } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Trash2 } from 'lucide-react';
import { formatUserDate } from '../../lib/format';
import type { UserRow } from './use-users';

interface Props {
  users: UserRow[];
  currentUserId: number;
  pendingStatusId?: number;
  onToggleStatus(user: UserRow): void;
  onEdit(user: UserRow): void;
  onDelete(user: UserRow): void;
}

export function UsersTable({
  users,
  currentUserId,
  pendingStatusId,
  onToggleStatus,
  onEdit,
  onDelete,
}: Props) {
  const { t } = useLingui();
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-3">
              <Trans>User</Trans>
            </th>
            <th scope="col" className="px-4 py-3">
              <Trans>Role</Trans>
            </th>
            <th scope="col" className="px-4 py-3">
              <Trans>Status</Trans>
            </th>
            <th scope="col" className="px-4 py-3">
              <Trans>Last login</Trans>
            </th>
            <th scope="col" className="px-4 py-3 text-right">
              <Trans>Actions</Trans>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => {
            const self = user.id === currentUserId;
            const selfHint = self ? t`You cannot change your own account from the list` : undefined;
            return (
              <tr key={user.id} data-testid={`user-row-${user.username}`}>
                <td className="px-4 py-3">
                  <div className="font-medium">
                    {user.username}
                    {self && (
                      <span className="ml-2 text-xs text-slate-500">
                        <Trans>(you)</Trans>
                      </span>
                    )}
                  </div>
                  <div className="text-slate-500">{user.email}</div>
                </td>
                <td className="px-4 py-3">
                  <Badge variant={user.role === 'admin' ? 'info' : 'neutral'}>
                    {user.role === 'admin' ? <Trans>Admin</Trans> : <Trans>User</Trans>}
                  </Badge>
                </td>
                <td className="px-4 py-3">
                  <Button
                    size="sm"
                    variant={user.status === 'active' ? 'secondary' : 'outline'}
                    disabled={self || pendingStatusId === user.id}
                    loading={pendingStatusId === user.id}
                    title={selfHint}
                    aria-label={
                      user.status === 'active' ? t`Deactivate ${user.username}` : t`Activate ${user.username}`
                    }
                    onClick={() => onToggleStatus(user)}
                  >
                    <span
                      aria-hidden
                      className={`size-2 rounded-full ${user.status === 'active' ? 'bg-green-500' : 'bg-red-500'}`}
                    />
                    {user.status === 'active' ? <Trans>Active</Trans> : <Trans>Inactive</Trans>}
                  </Button>
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-600">
                  {user.last_login ? formatUserDate(user.last_login) : <Trans>Never logged in</Trans>}
                </td>
                <td className="px-4 py-3">
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
                      title={selfHint}
                      aria-label={t`Delete ${user.username}`}
                      onClick={() => onDelete(user)}
                    >
                      <Trash2 className="size-4 text-red-600" />
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
