import { Badge, Button, DataTable, StatusBadge, type ColumnDef } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { Pencil, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useCurrentUser } from '../../lib/auth';
import { trpc } from '../../lib/trpc';
import { ListSearchBox } from '../shell/ListSearchBox';
import { AgentDialog, type Agent } from './AgentDialog';
import { usePoolLabels } from './labels';
import { PoolLoadError } from './PoolError';

interface Props {
  searchText: string;
  onSearchText(text: string): void;
  /** The search as applied (debounced into the URL). */
  search: string | undefined;
}

/** Agents (doc2 §2 tab 2): searched by name, description or what they do; edited or added. */
export function AgentsTab({ searchText, onSearchText, search }: Props) {
  const { t } = useLingui();
  const labels = usePoolLabels();
  const user = useCurrentUser();
  const agents = trpc.aiPool.agents.list.useQuery();
  const [editing, setEditing] = useState<Agent | 'new' | null>(null);

  const rows = useMemo(() => {
    const all = agents.data?.agents ?? [];
    const term = search?.trim().toLowerCase();
    if (!term) return all;
    return all.filter((a) =>
      [a.name, a.description, labels.actionType(a.action_type), labels.trigger(a.trigger)].some((v) =>
        v.toLowerCase().includes(term),
      ),
    );
  }, [agents.data, search, labels]);

  const columns = useMemo(
    () =>
      [
        {
          accessorKey: 'name',
          header: t`Name`,
          meta: { stacked: 'title' },
          cell: ({ row: { original: a } }) => (
            <div className="min-w-0">
              <div className="font-medium break-words">{a.name}</div>
              {a.model && (
                <div className="font-mono text-xs text-muted-foreground" title={t`Model`}>
                  {a.model}
                </div>
              )}
            </div>
          ),
        },
        {
          accessorKey: 'description',
          header: t`Description`,
          enableSorting: false,
          meta: { className: 'max-w-md' },
          cell: ({ row: { original: a } }) =>
            a.description ? (
              <p className="line-clamp-2 text-muted-foreground" title={a.description}>
                {a.description}
              </p>
            ) : (
              <span className="text-muted-foreground">—</span>
            ),
        },
        {
          id: 'capabilities',
          header: t`Capabilities`,
          enableSorting: false,
          cell: ({ row: { original: a } }) => (
            <div className="flex flex-wrap items-center gap-1">
              <Badge variant="primary">{labels.actionType(a.action_type)}</Badge>
              <Badge variant="outline">{labels.trigger(a.trigger)}</Badge>
            </div>
          ),
        },
        {
          accessorKey: 'is_active',
          header: t`Status`,
          cell: ({ row: { original: a } }) => <StatusBadge status={a.is_active ? 'active' : 'inactive'} />,
        },
        {
          id: 'actions',
          header: () => <span className="sr-only">{t`Actions`}</span>,
          enableSorting: false,
          meta: { align: 'right', stacked: 'end', label: t`Actions` },
          cell: ({ row: { original: a } }) => (
            <Button
              size="sm"
              variant="outline"
              className="h-10 md:h-8"
              aria-label={t`Edit ${a.name}`}
              onClick={() => setEditing(a)}
            >
              <Pencil className="size-4" aria-hidden />
              <Trans>Edit</Trans>
            </Button>
          ),
        },
      ] satisfies ColumnDef<Agent>[],
    [t, labels],
  );

  return (
    <div className="flex flex-col gap-4">
      {agents.isError && <PoolLoadError error={agents.error} fallback={t`Failed to load the agents`} />}
      <DataTable
        aria-label={t`Agents`}
        columns={columns}
        data={rows}
        getRowId={(a) => String(a.id)}
        rowLabel={(a) => a.name}
        rowAttributes={(row) => ({ 'data-testid': `agent-row-${row.original.id}` })}
        loading={agents.isLoading}
        initialPageSize={20}
        emptyMessage={search ? t`No agents found.` : t`No agents yet.`}
        toolbar={
          <>
            <ListSearchBox
              value={searchText}
              onChange={onSearchText}
              placeholder={t`Search agents`}
              label={t`Search agents`}
            />
            <Button className="h-10 sm:ml-auto md:h-9" onClick={() => setEditing('new')}>
              <Plus className="size-4" aria-hidden />
              <Trans>New agent</Trans>
            </Button>
          </>
        }
      />
      <AgentDialog
        agent={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        isAdmin={user.role === 'admin'}
      />
    </div>
  );
}
