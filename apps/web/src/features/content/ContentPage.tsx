import { Alert, Button, ConfirmDialog, DataTable, Select, Spinner } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import type { ExpandedState } from '@tanstack/react-table';
import { Sparkles } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { useListUrl } from '../../lib/use-list-url';
import { ListSearchBox } from '../shell/ListSearchBox';
import { ContentDialog } from './ContentDialog';
import { useContentColumns, useContentTypeLabel } from './content-columns';
import { contentQuery, type ContentSearch } from './content-search';
import { GenerateContentDialog } from './GenerateContentDialog';
import { SeoChecks } from './SeoChecks';
import { useContent, type ContentRow } from './use-content';

const route = getRouteApi('/_app/content');

/**
 * Content management (doc2 §2): pieces written from keyword groups for a site, with type, status, word
 * count, SEO score and created date; generate, publish (disabled once published), edit and delete.
 */
export function ContentPage() {
  const { t } = useLingui();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const query = contentQuery(search);
  const content = useContent(query);
  const sites = trpc.sites.options.useQuery({});
  const typeLabel = useContentTypeLabel();
  const [generateOpen, setGenerateOpen] = useState(false);
  const [editing, setEditing] = useState<ContentRow | null>(null);
  const [deleting, setDeleting] = useState<ContentRow | null>(null);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const { setSearch, searchText, setSearchText, tableProps } = useListUrl(search, navigate);
  useEffect(() => {
    setExpanded({});
  }, [
    query.page,
    query.limit,
    query.search,
    query.siteId,
    query.status,
    query.type,
    query.sort,
    query.order,
  ]);

  const { publish, publishing } = content;
  const actions = useMemo(
    () => ({
      onEdit: setEditing,
      onDelete: setDeleting,
      onPublish: (item: ContentRow) => void publish(item.id).catch(() => undefined),
      publishing,
    }),
    [publish, publishing],
  );
  const columns = useContentColumns(actions);
  const rows = content.list.data?.content ?? [];
  const pagination = content.list.data?.pagination;
  const filtered = Boolean(search.search || search.siteId || search.status || search.type);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await content.remove(deleting.id);
      setDeleting(null);
    } catch {
      // The mutation's toast says why; the dialog stays for another try.
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">
          <Trans>Content management</Trans>
        </h1>
        <Button className="h-10 md:h-9" onClick={() => setGenerateOpen(true)}>
          <Sparkles className="size-4" aria-hidden />
          <Trans>Generate content</Trans>
        </Button>
      </div>

      {content.list.isError ? (
        <Alert>{userMessage(content.list.error, { fallback: t`Error loading data` })}</Alert>
      ) : null}

      <DataTable
        aria-label={t`Content`}
        columns={columns}
        data={rows}
        getRowId={(c) => String(c.id)}
        rowLabel={(c) => c.title}
        rowAttributes={(row) => ({ 'data-testid': `content-row-${row.original.id}` })}
        loading={content.list.isLoading}
        expanded={expanded}
        onExpandedChange={setExpanded}
        renderExpanded={(row) => <SeoChecks item={row.original} />}
        {...tableProps({ ...query, limit: query.limit ?? 20 }, pagination)}
        emptyMessage={
          filtered
            ? t`No content found.`
            : t`No content yet. Generate a piece for a site from one of its keyword groups.`
        }
        toolbar={
          <>
            <ListSearchBox
              value={searchText}
              onChange={setSearchText}
              placeholder={t`Search titles`}
              label={t`Search titles`}
            />
            <div className="w-full sm:w-56">
              <Select
                aria-label={t`Site`}
                value={query.siteId ? String(query.siteId) : 'all'}
                onValueChange={(v) => void setSearch({ siteId: v === 'all' ? undefined : Number(v) })}
                options={[
                  { value: 'all', label: t`All sites` },
                  ...(sites.data?.sites ?? []).map((s) => ({ value: String(s.id), label: s.domain_name })),
                ]}
              />
            </div>
            <div className="w-[calc(50%-0.25rem)] sm:w-40">
              <Select
                aria-label={t`Status`}
                value={query.status ?? 'all'}
                onValueChange={(v) =>
                  void setSearch({ status: v === 'all' ? undefined : (v as ContentSearch['status']) })
                }
                options={[
                  { value: 'all', label: t`All statuses` },
                  { value: 'draft', label: t`Draft` },
                  { value: 'pending', label: t`Pending` },
                  { value: 'published', label: t`Published` },
                ]}
              />
            </div>
            <div className="w-[calc(50%-0.25rem)] sm:w-40">
              <Select
                aria-label={t`Type`}
                value={query.type ?? 'all'}
                onValueChange={(v) =>
                  void setSearch({ type: v === 'all' ? undefined : (v as ContentSearch['type']) })
                }
                options={[
                  { value: 'all', label: t`All types` },
                  ...(['article', 'post', 'page'] as const).map((v) => ({ value: v, label: typeLabel(v) })),
                ]}
              />
            </div>
            {content.list.isFetching && !content.list.isLoading && <Spinner size="sm" label={t`Loading…`} />}
          </>
        }
      />

      <GenerateContentDialog
        open={generateOpen}
        onOpenChange={setGenerateOpen}
        defaultSiteId={query.siteId}
        onGenerate={content.generate}
      />
      <ContentDialog
        item={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        onSave={content.save}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        closeOnConfirm={false}
        destructive
        title={t`Delete content?`}
        description={
          deleting?.status === 'published'
            ? t`“${deleting.title}” is removed from this list. It stays published on ${deleting.site?.domain_name ?? 'its site'}.`
            : t`“${deleting?.title ?? ''}” is removed with its draft on the site (moved to WordPress’s trash). This cannot be undone.`
        }
        confirmLabel={t`Delete`}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
