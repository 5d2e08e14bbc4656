import {
  Badge,
  Button,
  DataTable,
  Select,
  Spinner,
  StatusBadge,
  toast,
  type ColumnDef,
  type PaginationState,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { Archive, ArchiveRestore, Pencil, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { formatUserDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { ListSearchBox } from '../shell/ListSearchBox';
import type { AiPoolSearch } from './ai-pool-search';
import { ExampleDialog, type Example } from './ExampleDialog';
import { PoolLoadError } from './PoolError';
import { plainText } from './text';
import { shortText } from '../../lib/format';

interface Props {
  search: AiPoolSearch;
  searchText: string;
  onSearchText(text: string): void;
  setSearch(patch: Partial<AiPoolSearch>): void;
}

const CONTENT_SHOWN = 140;
const KEYWORDS_SHOWN = 3;

/**
 * Content examples (doc2 §2 tab 4): searched in title and content, the active ones by default; added,
 * edited, archived (never shown to the generators again) and restored.
 */
export function ExamplesTab({ search, searchText, onSearchText, setSearch }: Props) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const status = search.status === 'archived' ? 'archived' : 'active';
  const [paging, setPaging] = useState<PaginationState>({ pageIndex: 0, pageSize: 20 });
  const [editing, setEditing] = useState<Example | 'new' | null>(null);
  useEffect(() => setPaging((p) => ({ ...p, pageIndex: 0 })), [search.search, status]);
  const examples = trpc.aiPool.examples.list.useQuery(
    {
      search: search.search || undefined,
      status,
      page: paging.pageIndex + 1,
      limit: paging.pageSize,
    },
    { placeholderData: keepPreviousData },
  );
  const setStatus = trpc.aiPool.examples.update.useMutation({
    onSuccess: (_data, input) => {
      toast.success(input.status === 'archived' ? t`Example archived` : t`Example restored`);
      void utils.aiPool.examples.invalidate();
    },
    onError: (err) => toastApiError(err, t`Failed to update the example`),
  });
  const busy = setStatus.isPending ? setStatus.variables?.id : undefined;

  const columns = useMemo(
    () =>
      [
        {
          accessorKey: 'title',
          header: t`Example`,
          meta: { stacked: 'title', className: 'max-w-md' },
          cell: ({ row: { original: e } }) => (
            <div className="min-w-0">
              <div className="font-medium break-words">{e.title}</div>
              <p className="line-clamp-2 text-muted-foreground">
                {shortText(plainText(e.content), CONTENT_SHOWN)}
              </p>
            </div>
          ),
        },
        {
          id: 'seo',
          header: t`SEO metadata`,
          meta: { className: 'max-w-sm' },
          cell: ({ row: { original: e } }) => <SeoSummary example={e} />,
        },
        {
          accessorKey: 'created_at',
          header: t`Added`,
          meta: { className: 'whitespace-nowrap text-muted-foreground' },
          cell: ({ row: { original: e } }) => formatUserDate(e.created_at),
        },
        {
          accessorKey: 'status',
          header: t`Status`,
          cell: ({ row: { original: e } }) => <StatusBadge status={e.status} />,
        },
        {
          id: 'actions',
          header: () => <span className="sr-only">{t`Actions`}</span>,
          meta: { align: 'right', label: t`Actions` },
          cell: ({ row: { original: e } }) => (
            <div className="flex flex-wrap justify-end gap-1 md:flex-nowrap">
              <Button
                size="sm"
                variant="outline"
                className="h-10 md:h-8"
                aria-label={t`Edit ${e.title}`}
                onClick={() => setEditing(e)}
              >
                <Pencil className="size-4" aria-hidden />
                <Trans>Edit</Trans>
              </Button>
              {e.status === 'active' ? (
                <Button
                  size="sm"
                  variant="outline"
                  className="h-10 md:h-8"
                  disabled={busy !== undefined}
                  loading={busy === e.id}
                  aria-label={t`Archive ${e.title}`}
                  onClick={() => setStatus.mutate({ id: e.id, status: 'archived' })}
                >
                  <Archive className="size-4" aria-hidden />
                  <Trans>Archive</Trans>
                </Button>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  className="h-10 md:h-8"
                  disabled={busy !== undefined}
                  loading={busy === e.id}
                  aria-label={t`Restore ${e.title}`}
                  onClick={() => setStatus.mutate({ id: e.id, status: 'active' })}
                >
                  <ArchiveRestore className="size-4" aria-hidden />
                  <Trans>Restore</Trans>
                </Button>
              )}
            </div>
          ),
        },
      ] satisfies ColumnDef<Example>[],
    [t, busy, setStatus],
  );

  const pagination = examples.data?.pagination;
  return (
    <div className="flex flex-col gap-4">
      {examples.isError && <PoolLoadError error={examples.error} fallback={t`Failed to load the examples`} />}
      <DataTable
        aria-label={t`Content examples`}
        columns={columns}
        data={examples.data?.examples ?? []}
        getRowId={(e) => String(e.id)}
        rowLabel={(e) => e.title}
        rowAttributes={(row) => ({ 'data-testid': `example-row-${row.original.id}` })}
        loading={examples.isLoading}
        enableSorting={false}
        manualPagination
        pagination={paging}
        onPaginationChange={setPaging}
        pageCount={pagination?.totalPages ?? -1}
        rowCount={pagination?.total}
        emptyMessage={
          search.search
            ? t`No examples found.`
            : status === 'archived'
              ? t`No archived examples.`
              : t`No examples yet. Add a piece written the way the generators should write.`
        }
        toolbar={
          <>
            <ListSearchBox
              value={searchText}
              onChange={onSearchText}
              placeholder={t`Search title and content`}
              label={t`Search examples`}
            />
            <div className="w-full sm:w-40">
              <Select
                aria-label={t`Status`}
                value={status}
                onValueChange={(v) => setSearch({ status: v === 'archived' ? 'archived' : undefined })}
                options={[
                  { value: 'active', label: t`Active` },
                  { value: 'archived', label: t`Archived` },
                ]}
              />
            </div>
            {examples.isFetching && !examples.isLoading && <Spinner size="sm" label={t`Loading…`} />}
            <Button className="h-10 w-full sm:ml-auto sm:w-auto md:h-9" onClick={() => setEditing('new')}>
              <Plus className="size-4" aria-hidden />
              <Trans>Add example</Trans>
            </Button>
          </>
        }
      />
      <ExampleDialog example={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </div>
  );
}

function SeoSummary({ example }: { example: Example }) {
  const { t } = useLingui();
  const m = example.metadata;
  const voice = [
    m.audience && t`Audience: ${m.audience}`,
    m.genre && t`Genre: ${m.genre}`,
    m.tone && t`Tone: ${m.tone}`,
  ].filter(Boolean);
  const shown = m.target_keywords.slice(0, KEYWORDS_SHOWN);
  const more = m.target_keywords.length - shown.length;
  const empty = !m.seo_title && !m.meta_description && shown.length === 0 && voice.length === 0;
  if (empty) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {m.seo_title && <div className="break-words">{m.seo_title}</div>}
      {m.meta_description && (
        <p className="line-clamp-2 text-xs text-muted-foreground" title={m.meta_description}>
          {m.meta_description}
        </p>
      )}
      {shown.length > 0 && (
        <div className="flex flex-wrap gap-1">
          {shown.map((k, i) => (
            <Badge key={`${i}-${k}`} variant="outline">
              {k}
            </Badge>
          ))}
          {more > 0 && <Badge variant="neutral">+{more}</Badge>}
        </div>
      )}
      {voice.length > 0 && <div className="text-xs text-muted-foreground">{voice.join(' · ')}</div>}
    </div>
  );
}
