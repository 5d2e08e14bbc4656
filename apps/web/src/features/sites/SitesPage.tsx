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
  useStatusLabel,
} from '@blogfleet/ui';
import { siteStatuses } from '@blogfleet/validators/constants';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import type { RowSelectionState } from '@tanstack/react-table';
import { ChevronDown, Plus, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { useListUrl } from '../../lib/use-list-url';
import { ListSearchBox } from '../shell/ListSearchBox';
import { AddSiteDialog } from './AddSiteDialog';
import { useSiteColumns } from './site-columns';
import { sitesQuery, type SitesSearch } from './sites-search';
import { useSites } from './use-sites';

const route = getRouteApi('/_app/sites/');

/** /sites (core §2): the sites with their post statistics, filters in the URL, bulk actions. */
export function SitesPage() {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const query = sitesQuery(search);
  const sites = useSites(query);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const { setSearch, searchText, setSearchText, tableProps } = useListUrl(search, navigate);
  useEffect(
    () => setSelection({}),
    [query.page, query.limit, query.search, query.status, query.targeted_language, query.sort, query.order],
  );

  const rows = sites.list.data?.data ?? [];
  const pagination = sites.list.data?.meta.pagination;
  const selectedIds = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number);
  const { test } = sites;
  const columns = useSiteColumns({ testingId: sites.testingId, onTest: (s) => test({ id: s.id }) });
  const filtered = Boolean(search.search || search.status || search.targeted_language);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">
          <Trans>Sites</Trans>
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            className="h-10 md:h-9"
            loading={sites.syncing}
            onClick={() => void sites.syncAll().catch(() => undefined)}
          >
            <RefreshCw className="size-4" aria-hidden />
            <Trans>Sync all sites</Trans>
          </Button>
          <Button className="h-10 md:h-9" onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden />
            <Trans>Add site</Trans>
          </Button>
        </div>
      </div>
      {sites.list.isError ? (
        <Alert>{userMessage(sites.list.error, { fallback: t`Failed to fetch sites` })}</Alert>
      ) : null}
      <DataTable
        aria-label={t`Sites`}
        columns={columns}
        data={rows}
        getRowId={(s) => String(s.id)}
        rowLabel={(s) => s.site_title}
        rowAttributes={(row) => ({ 'data-testid': `site-row-${row.original.domain_name}` })}
        loading={sites.list.isLoading}
        selectable
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        {...tableProps({ ...query, limit: query.limit ?? 20 }, pagination)}
        emptyMessage={
          filtered ? t`No sites match these filters.` : t`No sites yet. Add one, or create one from a domain.`
        }
        toolbar={
          <>
            <ListSearchBox
              value={searchText}
              onChange={setSearchText}
              placeholder={t`Search by title or domain`}
              label={t`Search sites`}
            />
            <div className="w-[calc(50%-0.25rem)] sm:w-40">
              <Select
                aria-label={t`Status`}
                value={query.status ?? 'all'}
                onValueChange={(v) =>
                  void setSearch({ status: v === 'all' ? undefined : (v as SitesSearch['status']) })
                }
                options={[
                  { value: 'all', label: t`All statuses` },
                  ...siteStatuses.map((s) => ({ value: s, label: statusLabel(s) })),
                ]}
              />
            </div>
            <div className="w-[calc(50%-0.25rem)] sm:w-40">
              <Select
                aria-label={t`Language`}
                value={query.targeted_language ?? 'all'}
                onValueChange={(v) =>
                  void setSearch({
                    targeted_language: v === 'all' ? undefined : (v as SitesSearch['targeted_language']),
                  })
                }
                options={[
                  { value: 'all', label: t`All languages` },
                  { value: 'en', label: 'EN' },
                  { value: 'tr', label: 'TR' },
                  { value: 'es', label: 'ES' },
                ]}
              />
            </div>
            {selectedIds.length > 0 && (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="outline" className="h-10 md:h-9" disabled={sites.bulkPending}>
                    <Trans>{selectedIds.length} selected</Trans>
                    <ChevronDown className="size-4" aria-hidden />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="start">
                  <DropdownMenuItem
                    className="min-h-10"
                    onSelect={() => void sites.bulkTest(selectedIds).catch(() => undefined)}
                  >
                    <Trans>Test connection</Trans>
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    className="min-h-10"
                    onSelect={() => void sites.syncAll(selectedIds).catch(() => undefined)}
                  >
                    <Trans>Sync</Trans>
                  </DropdownMenuItem>
                  {siteStatuses.map((status) => (
                    <DropdownMenuItem
                      key={status}
                      className="min-h-10"
                      onSelect={() =>
                        void sites.bulkStatus(selectedIds, status).then(
                          () => setSelection({}),
                          () => undefined,
                        )
                      }
                    >
                      <Trans>Set status: {statusLabel(status)}</Trans>
                    </DropdownMenuItem>
                  ))}
                  <DropdownMenuItem
                    className="min-h-10 text-danger-strong"
                    onSelect={() => setDeleting(selectedIds)}
                  >
                    <Trans>Delete</Trans>
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            )}
            {sites.list.isFetching && !sites.list.isLoading && <Spinner size="sm" label={t`Loading…`} />}
          </>
        }
      />
      <AddSiteDialog open={adding} onOpenChange={setAdding} onAdded={sites.refresh} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        closeOnConfirm={false}
        destructive
        title={t({
          message: plural(deleting?.length ?? 0, { one: 'Delete # site?', other: 'Delete # sites?' }),
        })}
        description={t`Their records in Blogfleet and the local copies of their posts, categories, tags and media are deleted; their domains become free. The WordPress sites themselves stay (Delete WP removes one Blogfleet hosts). This cannot be undone.`}
        confirmLabel={t`Delete`}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await sites.bulkDelete(deleting);
            setSelection({});
            setDeleting(null);
          } catch {
            // The toast says why; the dialog stays.
          }
        }}
      />
    </div>
  );
}
