import {
  Alert,
  Button,
  DataTable,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  Input,
  Pagination,
  Select,
  Spinner,
  useStatusLabel,
  type RowSelectionState,
} from '@blogfleet/ui';
import { POSTS_PAGE_SIZE, postStatuses } from '@blogfleet/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { ChevronDown } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { useListUrl } from '../../lib/use-list-url';
import { ListSearchBox } from '../shell/ListSearchBox';
import { usePostColumns } from './post-columns';
import { PostEditDialog } from './PostEditDialog';
import { PostPreviewDialog } from './PostPreviewDialog';
import { postsQuery, type PostsSearch } from './posts-search';
import { usePoolPosts, type PoolPost } from './use-pool-posts';

const route = getRouteApi('/_app/content-pool/posts');

/**
 * The posts page (doc2 §2): posts written from promoted ideas, filtered by status, creation dates and
 * title; preview, edit, publish to the post's site, archive, one by one or in bulk. Ten a page, fixed.
 * Failures show in a red banner with the server's message (doc2 §8).
 */
export function PostsPage() {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const query = postsQuery(search);
  const page = search.page ?? 1;
  const posts = usePoolPosts(query);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [previewing, setPreviewing] = useState<PoolPost | null>(null);
  const [editing, setEditing] = useState<PoolPost | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { setSearch, searchText, setSearchText } = useListUrl(search, navigate);
  useEffect(
    () => setSelection({}),
    [query.page, query.search, query.status, query.start_date, query.end_date],
  );

  const rows = posts.list.data?.posts ?? [];
  const pagination = posts.list.data?.pagination;
  const selectedIds = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number);
  const filtered = Boolean(search.search || search.status || search.start_date || search.end_date);
  const badRange = Boolean(search.start_date && search.end_date && search.end_date < search.start_date);

  const { setStatus, pendingId } = posts;
  const actions = useMemo(() => {
    const change = (post: PoolPost, status: 'ready' | 'published' | 'archived') => {
      setFailure(null);
      void setStatus(post.id, status).catch((err: unknown) =>
        setFailure(userMessage(err, { fallback: t`Failed to update status` })),
      );
    };
    return {
      onPreview: setPreviewing,
      onEdit: setEditing,
      onPublish: (post: PoolPost) => {
        if (post.website === null) {
          setFailure(t`“${post.title}” has no site yet: assign it to a site before publishing it.`);
          return;
        }
        change(post, 'published');
      },
      onArchive: (post: PoolPost) => change(post, 'archived'),
      onMarkReady: (post: PoolPost) => change(post, 'ready'),
      pendingId,
    };
  }, [setStatus, pendingId, t]);
  const columns = usePostColumns(actions);

  const bulk = (target: 'ready' | 'published' | 'archived') => {
    setFailure(null);
    void posts.bulkStatus(selectedIds, target).then(
      () => setSelection({}),
      (err: unknown) => setFailure(userMessage(err, { fallback: t`Failed to update status` })),
    );
  };

  const listError = posts.list.isError
    ? userMessage(posts.list.error, { fallback: t`Failed to fetch posts` })
    : null;

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">
        <Trans>Posts management</Trans>
      </h1>

      {listError && <Alert>{listError}</Alert>}
      {failure && (
        <Alert className="items-center" data-testid="posts-failure">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 break-words">{failure}</span>
            <Button size="sm" variant="ghost" className="h-8" onClick={() => setFailure(null)}>
              <Trans>Dismiss</Trans>
            </Button>
          </div>
        </Alert>
      )}

      <div className="flex flex-col gap-3">
        {badRange && (
          <p role="alert" className="text-sm text-danger-strong">
            <Trans>The end date is before the start date.</Trans>
          </p>
        )}
        <DataTable
          aria-label={t`Posts`}
          columns={columns}
          data={rows}
          getRowId={(p) => String(p.id)}
          rowLabel={(p) => p.title}
          rowAttributes={(row) => ({ 'data-testid': `post-row-${row.original.id}` })}
          loading={posts.list.isLoading}
          enableSorting={false}
          manualPagination
          hidePagination
          selectable
          rowSelection={selection}
          onRowSelectionChange={setSelection}
          emptyMessage={
            filtered ? t`No posts found.` : t`No posts yet. Promote an approved idea to write one.`
          }
          toolbar={
            <>
              <ListSearchBox
                value={searchText}
                onChange={setSearchText}
                placeholder={t`Search titles`}
                label={t`Search titles`}
              />
              <div className="w-full sm:w-44">
                <Select
                  aria-label={t`Status`}
                  className="h-10 md:h-9"
                  value={query.status ?? 'all'}
                  onValueChange={(v) =>
                    void setSearch({ status: v === 'all' ? undefined : (v as PostsSearch['status']) })
                  }
                  options={[
                    { value: 'all', label: t`All statuses` },
                    ...postStatuses.map((s) => ({ value: s, label: statusLabel(s) })),
                  ]}
                />
              </div>
              <label className="flex w-[calc(50%-0.25rem)] flex-col gap-0.5 text-xs text-muted-foreground sm:w-40">
                <Trans>Created from</Trans>
                <Input
                  type="date"
                  className="h-10 text-foreground md:h-9"
                  value={search.start_date ?? ''}
                  max={search.end_date}
                  onChange={(e) => void setSearch({ start_date: e.target.value || undefined })}
                />
              </label>
              <label className="flex w-[calc(50%-0.25rem)] flex-col gap-0.5 text-xs text-muted-foreground sm:w-40">
                <Trans>Created until</Trans>
                <Input
                  type="date"
                  className="h-10 text-foreground md:h-9"
                  value={search.end_date ?? ''}
                  min={search.start_date}
                  onChange={(e) => void setSearch({ end_date: e.target.value || undefined })}
                />
              </label>
              {selectedIds.length > 0 && (
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button variant="outline" className="h-10 self-end md:h-9" loading={posts.bulkPending}>
                      <Trans>{selectedIds.length} selected</Trans>
                      <ChevronDown className="size-4" aria-hidden />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="start">
                    <DropdownMenuItem className="min-h-10" onSelect={() => bulk('ready')}>
                      <Trans>Mark ready</Trans>
                    </DropdownMenuItem>
                    <DropdownMenuItem className="min-h-10" onSelect={() => bulk('published')}>
                      <Trans>Publish</Trans>
                    </DropdownMenuItem>
                    <DropdownMenuItem className="min-h-10" onSelect={() => bulk('archived')}>
                      <Trans>Archive</Trans>
                    </DropdownMenuItem>
                  </DropdownMenuContent>
                </DropdownMenu>
              )}
              {posts.list.isFetching && !posts.list.isLoading && <Spinner size="sm" label={t`Loading…`} />}
            </>
          }
        />
        <Pagination
          variant="simple"
          pageIndex={page - 1}
          pageCount={pagination?.totalPages ?? page}
          pageSize={POSTS_PAGE_SIZE}
          totalRows={pagination?.total}
          disabled={posts.list.isLoading}
          onPageChange={(index) => void setSearch({ page: index > 0 ? index + 1 : undefined }, true)}
        />
      </div>

      <PostPreviewDialog
        post={previewing}
        onOpenChange={(open) => !open && setPreviewing(null)}
        onEdit={() => {
          setEditing(previewing);
          setPreviewing(null);
        }}
      />
      <PostEditDialog post={editing} onOpenChange={(open) => !open && setEditing(null)} />
    </div>
  );
}
