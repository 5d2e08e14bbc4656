import {
  Alert,
  Button,
  ConfirmDialog,
  DataTable,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  Select,
  Spinner,
} from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import type { ExpandedState, RowSelectionState } from '@tanstack/react-table';
import { ChevronDown, Plus, Sparkles } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { useListUrl } from '../../lib/use-list-url';
import { ListSearchBox } from '../shell/ListSearchBox';
import { GroupKeywords } from './GroupKeywords';
import { useKeywordGroupColumns } from './keyword-group-columns';
import { KeywordGroupDialog } from './KeywordGroupDialog';
import { keywordGroupsQuery, type KeywordGroupsSearch } from './keyword-groups-search';
import { SuggestGroupsDialog } from './SuggestGroupsDialog';
import {
  useKeywordGroups,
  type KeywordGroupPriority,
  type KeywordGroupRow,
  type KeywordGroupStatus,
} from './use-keyword-groups';

const route = getRouteApi('/_app/content-pool/keyword-groups');

type Pending = { kind: 'delete'; group: KeywordGroupRow } | { kind: 'bulk-delete'; ids: number[] };

/** The keyword groups page (doc2 §2): status and priority filters, expandable rows, dialog, bulk menu. */
export function KeywordGroupsPage() {
  const { t } = useLingui();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const query = keywordGroupsQuery(search);
  const groups = useKeywordGroups(query);
  const websitesQuery = trpc.keywords.websites.useQuery();
  const [editing, setEditing] = useState<KeywordGroupRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [suggestOpen, setSuggestOpen] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const { setSearch, searchText, setSearchText, tableProps } = useListUrl(search, navigate);
  useEffect(() => {
    setSelection({});
    setExpanded({});
  }, [query.page, query.limit, query.search, query.status, query.priority, query.sort, query.order]);

  const rows = groups.list.data?.data ?? [];
  const pagination = groups.list.data?.meta.pagination;
  const selectedIds = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number);
  const actions = useMemo(
    () => ({
      onEdit: (group: KeywordGroupRow) => {
        setEditing(group);
        setDialogOpen(true);
      },
      onDelete: (group: KeywordGroupRow) => setPending({ kind: 'delete', group }),
    }),
    [],
  );
  const columns = useKeywordGroupColumns(actions);
  const websites = useMemo(
    () => (websitesQuery.data?.websites ?? []).map((w) => w.target_website),
    [websitesQuery.data],
  );
  const filtered = Boolean(search.search || search.status || search.priority);
  const statusOptions: { value: KeywordGroupStatus; label: string }[] = [
    { value: 'active', label: t`Active` },
    { value: 'pending', label: t`Pending` },
    { value: 'inactive', label: t`Inactive` },
    { value: 'used', label: t`Used` },
  ];
  const priorityOptions: { value: KeywordGroupPriority; label: string }[] = [
    { value: 'high', label: t`High` },
    { value: 'medium', label: t`Medium` },
    { value: 'low', label: t`Low` },
  ];
  const afterBulk = (p: Promise<unknown>) =>
    void p.then(
      () => setSelection({}),
      () => undefined,
    );

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'delete') await groups.remove(pending.group.id);
      else {
        await groups.bulkDelete(pending.ids);
        setSelection({});
      }
      setPending(null);
    } catch {
      // The mutation's toast explains the failure; the dialog stays for another try.
    }
  };
  const confirmation =
    pending?.kind === 'delete'
      ? {
          title: t`Delete keyword group?`,
          description: t`“${pending.group.name}” will be removed with its site assignments. Its keywords stay. This cannot be undone.`,
          confirmLabel: t`Delete`,
        }
      : pending?.kind === 'bulk-delete'
        ? {
            title: t({
              message: plural(pending.ids.length, {
                one: 'Delete # keyword group?',
                other: 'Delete # keyword groups?',
              }),
            }),
            description: t`They will be removed with their site assignments. Their keywords stay. This cannot be undone.`,
            confirmLabel: t`Delete`,
          }
        : { title: '', description: '', confirmLabel: '' };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">
          <Trans>Keyword groups</Trans>
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" className="h-10 md:h-9" onClick={() => setSuggestOpen(true)}>
            <Sparkles className="size-4" aria-hidden />
            <Trans>Suggest groups</Trans>
          </Button>
          <Button
            className="h-10 md:h-9"
            onClick={() => {
              setEditing(null);
              setDialogOpen(true);
            }}
          >
            <Plus className="size-4" aria-hidden />
            <Trans>New group</Trans>
          </Button>
        </div>
      </div>

      {groups.list.isError ? (
        <Alert>{userMessage(groups.list.error, { fallback: t`Failed to fetch keyword groups` })}</Alert>
      ) : null}

      <DataTable
        aria-label={t`Keyword groups`}
        columns={columns}
        data={rows}
        getRowId={(g) => String(g.id)}
        rowLabel={(g) => g.name}
        rowAttributes={(row) => ({ 'data-testid': `group-row-${row.original.id}` })}
        loading={groups.list.isLoading}
        selectable
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        expanded={expanded}
        onExpandedChange={setExpanded}
        renderExpanded={(row) => <GroupKeywords groupId={row.original.id} />}
        {...tableProps({ ...query, limit: query.limit ?? 10 }, pagination)}
        emptyMessage={
          filtered
            ? t`No keyword groups found.`
            : t`No keyword groups yet. Group keywords by topic, by hand or with suggestions.`
        }
        toolbar={
          <>
            <ListSearchBox
              value={searchText}
              onChange={setSearchText}
              placeholder={t`Search groups`}
              label={t`Search groups`}
            />
            <div className="w-[calc(50%-0.25rem)] sm:w-44">
              <Select
                aria-label={t`Status`}
                value={query.status ?? 'all'}
                onValueChange={(v) =>
                  void setSearch({ status: v === 'all' ? undefined : (v as KeywordGroupsSearch['status']) })
                }
                options={[{ value: 'all', label: t`All statuses` }, ...statusOptions]}
              />
            </div>
            <div className="w-[calc(50%-0.25rem)] sm:w-44">
              <Select
                aria-label={t`Priority`}
                value={query.priority ?? 'all'}
                onValueChange={(v) =>
                  void setSearch({
                    priority: v === 'all' ? undefined : (v as KeywordGroupsSearch['priority']),
                  })
                }
                options={[{ value: 'all', label: t`All priorities` }, ...priorityOptions]}
              />
            </div>
            {selectedIds.length > 0 && (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="outline" className="h-10 md:h-9" disabled={groups.bulkPending}>
                    <Trans>{selectedIds.length} selected</Trans>
                    <ChevronDown className="size-4" aria-hidden />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="start">
                  <DropdownMenuLabel>
                    <Trans>Set status</Trans>
                  </DropdownMenuLabel>
                  {statusOptions.map((o) => (
                    <DropdownMenuItem
                      key={o.value}
                      className="min-h-10"
                      onSelect={() => afterBulk(groups.bulkStatus(selectedIds, o.value))}
                    >
                      {o.label}
                    </DropdownMenuItem>
                  ))}
                  <DropdownMenuSeparator />
                  <DropdownMenuLabel>
                    <Trans>Set priority</Trans>
                  </DropdownMenuLabel>
                  {priorityOptions.map((o) => (
                    <DropdownMenuItem
                      key={o.value}
                      className="min-h-10"
                      onSelect={() => afterBulk(groups.bulkPriority(selectedIds, o.value))}
                    >
                      {o.label}
                    </DropdownMenuItem>
                  ))}
                  <DropdownMenuSeparator />
                  <DropdownMenuItem
                    className="min-h-10 text-danger-strong"
                    onSelect={() => setPending({ kind: 'bulk-delete', ids: selectedIds })}
                  >
                    <Trans>Delete</Trans>
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            )}
            {groups.list.isFetching && !groups.list.isLoading && <Spinner size="sm" label={t`Loading…`} />}
          </>
        }
      />

      <KeywordGroupDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        group={editing}
        websites={websites}
        onAdd={groups.add}
        onSave={groups.save}
        failedToSave={groups.failedToSave}
      />
      <SuggestGroupsDialog open={suggestOpen} onOpenChange={setSuggestOpen} websites={websites} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        closeOnConfirm={false}
        destructive
        {...confirmation}
        onConfirm={confirm}
      />
    </div>
  );
}
