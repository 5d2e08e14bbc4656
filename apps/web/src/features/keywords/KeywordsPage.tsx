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
  toast,
} from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import type { RowSelectionState } from '@tanstack/react-table';
import { ChevronDown, Download, Layers, Plus, Sparkles, Upload } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { useListUrl } from '../../lib/use-list-url';
import { ListSearchBox } from '../shell/ListSearchBox';
import { AssignGroupsDialog } from '../site-detail/AssignGroupsDialog';
import { useKeywordColumns } from './keyword-columns';
import { GenerateKeywordsDialog } from './GenerateKeywordsDialog';
import { ImportKeywordsDialog } from './ImportKeywordsDialog';
import { KeywordDialog } from './KeywordDialog';
import { keywordsQuery, type KeywordsSearch } from './keywords-search';
import { useKeywordJobs } from './use-keyword-jobs';
import { useKeywords, type KeywordRow } from './use-keywords';

const poolRoute = getRouteApi('/_app/content-pool/keywords');
const sitesRoute = getRouteApi('/_app/keywords');

type Pending = { kind: 'delete'; keyword: KeywordRow } | { kind: 'bulk-delete'; ids: number[] };

/**
 * The content pool's keywords page (doc2 §2): website, group and used filters, add/edit, generate,
 * import/export, bulk actions. `perSite` is the keywords screen (/keywords): the same list, with
 * assigning keyword groups to the website chosen in the filter.
 */
export function KeywordsPage({ perSite = false }: { perSite?: boolean }) {
  const { t } = useLingui();
  const route = perSite ? sitesRoute : poolRoute;
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const query = keywordsQuery(search);
  const keywords = useKeywords(query);
  const sites = trpc.sites.list.useQuery({ limit: 500, sort: 'domain_name', order: 'asc' });
  const groups = trpc.keywordGroups.list.useQuery({ limit: 500, sort: 'name', order: 'asc' });
  const jobs = useKeywordJobs();
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState<KeywordRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [generateOpen, setGenerateOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const { setSearch, searchText, setSearchText, tableProps } = useListUrl(search, navigate);
  useEffect(
    () => setSelection({}),
    [
      query.page,
      query.limit,
      query.search,
      query.status,
      query.targetWebsite,
      query.groupId,
      query.sort,
      query.order,
    ],
  );

  const rows = keywords.list.data?.data ?? [];
  const pagination = keywords.list.data?.pagination;
  const selectedIds = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number);
  const actions = useMemo(
    () => ({
      onEdit: (keyword: KeywordRow) => {
        setEditing(keyword);
        setDialogOpen(true);
      },
      onDelete: (keyword: KeywordRow) => setPending({ kind: 'delete', keyword }),
    }),
    [],
  );
  const columns = useKeywordColumns(actions);

  const websiteCounts = keywords.websites.data?.websites ?? [];
  const websites = [
    ...new Set([
      ...websiteCounts.map((w) => w.target_website),
      ...(sites.data?.data ?? []).map((s) => s.domain_name),
    ]),
  ].sort();
  const siteOfFilter = (sites.data?.data ?? []).find((s) => s.domain_name === query.targetWebsite);
  const filtered = Boolean(search.search || search.status || search.targetWebsite || search.groupId);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _page, limit: _limit, ...filters } = query;
      const file = await utils.keywords.export.fetch(filters);
      const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `keywords-${query.targetWebsite ?? 'all'}-${new Date().toISOString().slice(0, 10)}.csv`;
      link.click();
      URL.revokeObjectURL(url);
      if (file.truncated)
        toast.warning(
          t({
            message: plural(file.rows, {
              one: 'Only the first # keyword was exported; filter to export the rest.',
              other: 'Only the first # keywords were exported; filter to export the rest.',
            }),
          }),
        );
    } catch (err) {
      toast.error(userMessage(err, { fallback: t`Failed to fetch keywords` }));
    } finally {
      setExporting(false);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'delete') await keywords.remove(pending.keyword.id);
      else {
        await keywords.bulkDelete(pending.ids);
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
          title: t`Delete keyword?`,
          description: t`“${pending.keyword.keyword_text}” will be removed, with its place in groups and its site assignments. This cannot be undone.`,
          confirmLabel: t`Delete`,
        }
      : pending?.kind === 'bulk-delete'
        ? {
            title: t({
              message: plural(pending.ids.length, { one: 'Delete # keyword?', other: 'Delete # keywords?' }),
            }),
            description: t`They will be removed, with their places in groups and their site assignments. This cannot be undone.`,
            confirmLabel: t`Delete`,
          }
        : { title: '', description: '', confirmLabel: '' };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">
          {perSite ? <Trans>Keywords</Trans> : <Trans>Keyword management</Trans>}
        </h1>
        <div className="flex flex-wrap gap-2">
          {perSite && (
            <Button
              variant="outline"
              className="h-10 md:h-9"
              disabled={!siteOfFilter}
              title={siteOfFilter ? undefined : t`Choose one of your sites in the website filter first`}
              onClick={() => setAssignOpen(true)}
            >
              <Layers className="size-4" aria-hidden />
              <Trans>Assign keyword groups</Trans>
            </Button>
          )}
          <Button variant="outline" className="h-10 md:h-9" onClick={() => setImportOpen(true)}>
            <Upload className="size-4" aria-hidden />
            <Trans>Import</Trans>
          </Button>
          <Button
            variant="outline"
            className="h-10 md:h-9"
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            <Download className="size-4" aria-hidden />
            <Trans>Export</Trans>
          </Button>
          <Button variant="outline" className="h-10 md:h-9" onClick={() => setGenerateOpen(true)}>
            <Sparkles className="size-4" aria-hidden />
            <Trans>Generate keywords</Trans>
          </Button>
          <Button
            className="h-10 md:h-9"
            onClick={() => {
              setEditing(null);
              setDialogOpen(true);
            }}
          >
            <Plus className="size-4" aria-hidden />
            <Trans>Add keyword</Trans>
          </Button>
        </div>
      </div>

      {keywords.list.isError ? (
        <Alert>{userMessage(keywords.list.error, { fallback: t`Failed to fetch keywords` })}</Alert>
      ) : null}

      <DataTable
        aria-label={t`Keywords`}
        columns={columns}
        data={rows}
        getRowId={(k) => String(k.id)}
        rowLabel={(k) => k.keyword_text}
        rowAttributes={(row) => ({ 'data-testid': `keyword-row-${row.original.id}` })}
        loading={keywords.list.isLoading}
        selectable
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        {...tableProps({ ...query, limit: query.limit ?? 20 }, pagination)}
        emptyMessage={
          filtered
            ? t`No keywords found.`
            : t`No keywords yet. Add the search terms your websites should rank for.`
        }
        toolbar={
          <>
            <ListSearchBox
              value={searchText}
              onChange={setSearchText}
              placeholder={t`Search keywords`}
              label={t`Search keywords`}
            />
            <div className="w-[calc(50%-0.25rem)] sm:w-56">
              <Select
                aria-label={t`Website`}
                value={query.targetWebsite ?? 'all'}
                onValueChange={(v) => void setSearch({ targetWebsite: v === 'all' ? undefined : v })}
                options={[
                  { value: 'all', label: t`All websites` },
                  ...websites.map((w) => {
                    const n = websiteCounts.find((x) => x.target_website === w)?.keywords ?? 0;
                    return { value: w, label: `${w} (${n})` };
                  }),
                  ...(query.targetWebsite && !websites.includes(query.targetWebsite)
                    ? [{ value: query.targetWebsite, label: query.targetWebsite }]
                    : []),
                ]}
              />
            </div>
            <div className="w-[calc(50%-0.25rem)] sm:w-52">
              <Select
                aria-label={t`Group`}
                value={query.groupId === undefined ? 'all' : String(query.groupId)}
                onValueChange={(v) => void setSearch({ groupId: v === 'all' ? undefined : Number(v) })}
                options={[
                  { value: 'all', label: t`All groups` },
                  ...(groups.data?.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
                  ...(query.groupId !== undefined &&
                  !(groups.data?.data ?? []).some((g) => g.id === query.groupId)
                    ? [{ value: String(query.groupId), label: t`Group ${query.groupId}` }]
                    : []),
                ]}
              />
            </div>
            <div className="w-[calc(50%-0.25rem)] sm:w-52">
              <Select
                aria-label={t`Used`}
                value={query.status ?? 'all'}
                onValueChange={(v) =>
                  void setSearch({ status: v === 'all' ? undefined : (v as KeywordsSearch['status']) })
                }
                options={[
                  { value: 'all', label: t`Used and unused` },
                  { value: 'used', label: t`Used` },
                  { value: 'unused', label: t`Unused` },
                ]}
              />
            </div>
            {selectedIds.length > 0 && (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="outline" className="h-10 md:h-9" disabled={keywords.bulkPending}>
                    <Trans>{selectedIds.length} selected</Trans>
                    <ChevronDown className="size-4" aria-hidden />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="start">
                  <DropdownMenuItem
                    className="min-h-10"
                    onSelect={() =>
                      void keywords.bulkMark(selectedIds, true).then(
                        () => setSelection({}),
                        () => undefined,
                      )
                    }
                  >
                    <Trans>Mark used</Trans>
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    className="min-h-10"
                    onSelect={() =>
                      void keywords.bulkMark(selectedIds, false).then(
                        () => setSelection({}),
                        () => undefined,
                      )
                    }
                  >
                    <Trans>Mark unused</Trans>
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    className="min-h-10"
                    onSelect={() =>
                      void jobs.refreshMetrics(selectedIds).then(
                        () => setSelection({}),
                        () => undefined,
                      )
                    }
                  >
                    <Trans>Refresh metrics</Trans>
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    className="min-h-10 text-danger-strong"
                    onSelect={() => setPending({ kind: 'bulk-delete', ids: selectedIds })}
                  >
                    <Trans>Delete</Trans>
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            )}
            {keywords.list.isFetching && !keywords.list.isLoading && (
              <Spinner size="sm" label={t`Loading…`} />
            )}
          </>
        }
      />

      <KeywordDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        keyword={editing}
        websites={websites}
        defaultWebsite={query.targetWebsite}
        onAdd={keywords.add}
        onSave={keywords.save}
      />
      <GenerateKeywordsDialog
        open={generateOpen}
        onOpenChange={setGenerateOpen}
        websites={websites}
        defaultWebsite={query.targetWebsite}
        onGenerate={jobs.generate}
      />
      {siteOfFilter && (
        <AssignGroupsDialog
          siteId={siteOfFilter.id}
          domain={siteOfFilter.domain_name}
          open={assignOpen}
          onOpenChange={setAssignOpen}
        />
      )}
      <ImportKeywordsDialog
        open={importOpen}
        onOpenChange={setImportOpen}
        websites={websites}
        defaultWebsite={query.targetWebsite}
      />
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
