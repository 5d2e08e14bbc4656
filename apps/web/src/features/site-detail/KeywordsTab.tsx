import type { RouterOutputs } from '@blogfleet/api';
import {
  Alert,
  Badge,
  Button,
  Card,
  DataTable,
  EmptyState,
  Spinner,
  StatusBadge,
  toast,
} from '@blogfleet/ui';
import { KEYWORDS_PAGE_SIZE } from '@blogfleet/validators/constants';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import type { ColumnDef, PaginationState } from '@tanstack/react-table';
import { Layers, Plus, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { formatNumber } from '../../lib/format';
import { tenPointVariant } from '../../lib/score';
import { trpc } from '../../lib/trpc';
import { ListSearchBox } from '../shell/ListSearchBox';
import { AssignGroupsDialog } from './AssignGroupsDialog';
import { AssignKeywordsDialog } from './AssignKeywordsDialog';

type SiteKeyword = RouterOutputs['sites']['keywords']['data'][number];

/**
 * Keywords tab (core §2): the keyword groups and keywords assigned to the site, the dialogs that assign
 * more, and taking one off.
 */
export function KeywordsTab({ siteId, domain }: { siteId: number; domain: string }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [paging, setPaging] = useState<PaginationState>({ pageIndex: 0, pageSize: KEYWORDS_PAGE_SIZE });
  const [assigning, setAssigning] = useState<'keywords' | 'groups' | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(text.trim());
      setPaging((p) => ({ ...p, pageIndex: 0 }));
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);

  const keywords = trpc.sites.keywords.useQuery(
    {
      id: siteId,
      page: paging.pageIndex + 1,
      limit: paging.pageSize,
      search: search || undefined,
      sort: 'score',
      order: 'desc',
    },
    { placeholderData: keepPreviousData },
  );
  const groups = trpc.keywordGroups.list.useQuery({ siteId, limit: 100, sort: 'name', order: 'asc' });
  const refresh = () =>
    Promise.all([
      utils.sites.keywords.invalidate({ id: siteId }),
      utils.keywordGroups.invalidate(),
      utils.keywords.list.invalidate(),
    ]);
  const unassignKeyword = trpc.sites.unassignKeyword.useMutation({
    onSuccess: async () => {
      toast.success(t`Keyword taken off ${domain}`);
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Error assigning keywords` })),
  });
  const unassignGroup = trpc.keywordGroups.unassign.useMutation({
    onSuccess: async ({ group }) => {
      toast.success(t`Keyword group ${group.name} taken off ${domain}`);
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Error assigning keyword groups` })),
  });

  const columns = useMemo<ColumnDef<SiteKeyword>[]>(
    () => [
      {
        accessorKey: 'keyword_text',
        header: t`Keyword`,
        enableSorting: false,
        meta: { stacked: 'title' },
        cell: ({ row: { original: k } }) => <span className="font-medium break-words">{k.keyword_text}</span>,
      },
      {
        id: 'volume',
        header: t`Volume`,
        enableSorting: false,
        cell: ({ row: { original: k } }) => (
          <span className="tabular-nums">
            {k.search_volume === null ? '—' : formatNumber(k.search_volume)}
          </span>
        ),
      },
      {
        id: 'competition',
        header: t`Competition`,
        enableSorting: false,
        cell: ({ row: { original: k } }) =>
          k.competition_level === 'low'
            ? t`Low`
            : k.competition_level === 'medium'
              ? t`Medium`
              : k.competition_level === 'high'
                ? t`High`
                : '—',
      },
      {
        id: 'score',
        header: t`Score`,
        enableSorting: false,
        cell: ({ row: { original: k } }) => (
          <span className="tabular-nums">{formatNumber(k.score, { maximumFractionDigits: 1 })}</span>
        ),
      },
      {
        id: 'status',
        header: t`Status`,
        enableSorting: false,
        cell: ({ row: { original: k } }) => <StatusBadge status={k.assignment_status} />,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t`Actions`}</span>,
        enableSorting: false,
        meta: { align: 'right', stacked: 'end', label: t`Actions` },
        cell: ({ row: { original: k } }) => (
          <Button
            size="icon"
            variant="ghost"
            aria-label={t`Take ${k.keyword_text} off this site`}
            onClick={() => unassignKeyword.mutate({ id: siteId, keywordId: k.id })}
          >
            <X className="size-4" />
          </Button>
        ),
      },
    ],
    [t, siteId, unassignKeyword],
  );

  const assignedGroups = groups.data?.data ?? [];
  return (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-3" aria-labelledby="site-groups-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="site-groups-title" className="text-lg font-semibold">
            <Trans>Keyword groups</Trans>
          </h2>
          <Button variant="outline" className="h-10 md:h-9" onClick={() => setAssigning('groups')}>
            <Layers className="size-4" aria-hidden />
            <Trans>Assign keyword groups</Trans>
          </Button>
        </div>
        {groups.isLoading ? (
          <Spinner size="sm" label={t`Loading…`} />
        ) : groups.isError ? (
          <Alert>{userMessage(groups.error, { fallback: t`Failed to fetch keyword groups` })}</Alert>
        ) : assignedGroups.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            <Trans>No keyword groups are assigned to this site.</Trans>
          </p>
        ) : (
          <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3" aria-label={t`Assigned keyword groups`}>
            {assignedGroups.map((g) => {
              const status = g.sites.find((s) => s.id === siteId)?.status ?? 'active';
              return (
                <li key={g.id}>
                  <Card className="flex-row items-start justify-between gap-2 p-3">
                    <div className="min-w-0">
                      <div className="font-medium break-words">{g.name}</div>
                      <div className="mt-1 flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
                        <Plural value={g.keyword_count} one="# keyword" other="# keywords" />
                        <Badge variant={tenPointVariant(g.score)} className="tabular-nums">
                          {formatNumber(g.score, { maximumFractionDigits: 1 })}/10
                        </Badge>
                        <StatusBadge status={status} />
                      </div>
                    </div>
                    <Button
                      size="icon"
                      variant="ghost"
                      aria-label={t`Take ${g.name} off this site`}
                      onClick={() => unassignGroup.mutate({ id: g.id, websiteId: siteId })}
                    >
                      <X className="size-4" />
                    </Button>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <section className="flex flex-col gap-3" aria-labelledby="site-keywords-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="site-keywords-title" className="text-lg font-semibold">
            <Trans>Keywords</Trans>
          </h2>
          <Button className="h-10 md:h-9" onClick={() => setAssigning('keywords')}>
            <Plus className="size-4" aria-hidden />
            <Trans>Assign keywords</Trans>
          </Button>
        </div>
        {keywords.isError ? (
          <Alert>{userMessage(keywords.error, { fallback: t`Failed to fetch keywords` })}</Alert>
        ) : keywords.data?.pagination.total === 0 && !search ? (
          <EmptyState
            title={t`No keywords are assigned to this site.`}
            description={t`Assign keywords or keyword groups so content for this site is written around them.`}
          />
        ) : (
          <DataTable
            aria-label={t`Keywords of this site`}
            columns={columns}
            data={keywords.data?.data ?? []}
            getRowId={(k) => String(k.id)}
            rowAttributes={(row) => ({ 'data-testid': `site-keyword-${row.original.id}` })}
            loading={keywords.isLoading}
            manualPagination
            pagination={paging}
            onPaginationChange={setPaging}
            rowCount={keywords.data?.pagination.total}
            pageCount={keywords.data?.pagination.totalPages ?? 1}
            emptyMessage={t`No keywords found.`}
            toolbar={
              <ListSearchBox
                value={text}
                onChange={setText}
                placeholder={t`Search keywords`}
                label={t`Search keywords`}
              />
            }
          />
        )}
      </section>

      <AssignKeywordsDialog
        siteId={siteId}
        domain={domain}
        open={assigning === 'keywords'}
        onOpenChange={(open) => setAssigning(open ? 'keywords' : null)}
      />
      <AssignGroupsDialog
        siteId={siteId}
        domain={domain}
        open={assigning === 'groups'}
        onOpenChange={(open) => setAssigning(open ? 'groups' : null)}
      />
    </div>
  );
}
