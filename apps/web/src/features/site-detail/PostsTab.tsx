import type { RouterOutputs } from '@blogfleet/api';
import {
  Badge,
  Button,
  ConfirmDialog,
  DataTable,
  Dialog,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  Input,
  Stars,
  StatusBadge,
  toast,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import type { ColumnDef, RowSelectionState } from '@tanstack/react-table';
import { CalendarClock, History, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { apiError } from '../../lib/api-errors';
import { formatNumber } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { PostDialog, type PostFormValues } from './PostDialog';
import { PostRevisionsDialog } from './PostRevisionsDialog';

type Post = RouterOutputs['sites']['posts']['posts'][number];

/** Plain text of a post's HTML, for the 60-character preview. */
const plain = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function Preview({ post }: { post: Post }) {
  const [open, setOpen] = useState(false);
  const text = plain(post.content);
  if (text.length <= 60) return <span className="text-sm text-muted-foreground">{text}</span>;
  return (
    <button
      type="button"
      className="text-left text-sm text-muted-foreground"
      onClick={() => setOpen((o) => !o)}
    >
      {open ? text : `${text.slice(0, 60)}…`}
    </button>
  );
}

/** Posts tab (core §2): search, preview, status, words/views/score, create, edit, delete, schedule. */
export function PostsTab({
  siteId,
  createSignal,
  aiSignal,
}: {
  siteId: number;
  createSignal: number;
  /** "Generate AI content" of the side panel: the create dialog opens on its AI topic. */
  aiSignal: number;
}) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [page, setPage] = useState({ pageIndex: 0, pageSize: 20 });
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [editing, setEditing] = useState<Post | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [withAi, setWithAi] = useState(false);
  const [deleting, setDeleting] = useState<Post | null>(null);
  const [revisionsOf, setRevisionsOf] = useState<Post | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const [scheduleAt, setScheduleAt] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  useEffect(() => {
    if (createSignal > 0) {
      setEditing(null);
      setWithAi(false);
      setDialogOpen(true);
    }
  }, [createSignal]);
  useEffect(() => {
    if (aiSignal > 0) {
      setEditing(null);
      setWithAi(true);
      setDialogOpen(true);
    }
  }, [aiSignal]);
  const posts = trpc.sites.posts.useQuery(
    { id: siteId, search: debounced || undefined, page: page.pageIndex + 1, limit: page.pageSize },
    { placeholderData: keepPreviousData },
  );
  const refresh = () =>
    Promise.all([utils.sites.posts.invalidate(), utils.sites.get.invalidate({ id: siteId })]);
  const create = trpc.sites.createPost.useMutation();
  const update = trpc.sites.updatePost.useMutation();
  const remove = trpc.sites.deletePost.useMutation();
  const schedule = trpc.sites.schedulePosts.useMutation();
  const selectedIds = Object.keys(selection)
    .filter((k) => selection[k])
    .map(Number);

  // One object per post opened: a new one on every render would reset the form while it is edited.
  const initial = useMemo(
    () =>
      editing
        ? {
            id: editing.id,
            title: editing.title,
            content: editing.content,
            excerpt: editing.excerpt,
            status:
              editing.status === 'published' || editing.status === 'scheduled'
                ? editing.status
                : ('draft' as const),
            scheduled_date: editing.scheduled_date ?? undefined,
            category_ids: editing.category_ids,
            tag_ids: editing.tag_ids,
            featured_media_id: editing.featured_media_id,
          }
        : null,
    [editing],
  );

  const save = async (values: PostFormValues) => {
    try {
      const { post } = editing
        ? await update.mutateAsync({ ...values, id: siteId, postId: editing.id })
        : await create.mutateAsync({ ...values, id: siteId });
      if (post.needs_push) {
        toast.warning(
          t`Saved here, but WordPress did not answer. It is sent with the next WordPress push or sync.`,
        );
      } else toast.success(editing ? t`Post saved` : t`Post created successfully`);
      setDialogOpen(false);
      await refresh();
    } catch (err) {
      if (editing && apiError(err).code === 'SYNC_CONFLICT') {
        // WordPress's version is now the post; the edit waits in the revisions, shown straight away.
        toast.warning(apiError(err).message, { duration: 15_000 });
        setDialogOpen(false);
        setRevisionsOf(editing);
        await refresh();
        return;
      }
      toastApiError(err, editing ? t`Failed to save post` : t`Failed to create post`);
    }
  };

  const columns = useMemo(
    () =>
      [
        {
          accessorKey: 'title',
          header: t`Title`,
          enableSorting: false,
          meta: { stacked: 'title' },
          cell: ({ row: { original: p } }) => (
            <div className="flex min-w-56 flex-col gap-0.5">
              <span className="font-medium">{p.title}</span>
              <Preview post={p} />
            </div>
          ),
        },
        {
          accessorKey: 'status',
          header: t`Status`,
          enableSorting: false,
          cell: ({ row: { original: p } }) => (
            <div className="flex flex-wrap gap-1">
              <StatusBadge status={p.status} />
              {(p.needs_push || p.wp_post_id === null) && (
                <Badge variant="warning">
                  <Trans>Not on WordPress yet</Trans>
                </Badge>
              )}
            </div>
          ),
        },
        {
          id: 'metrics',
          header: t`Metrics`,
          enableSorting: false,
          cell: ({ row: { original: p } }) => (
            <div className="flex flex-col gap-0.5 text-sm whitespace-nowrap">
              <span>
                <Trans>{formatNumber(p.word_count)} words</Trans> ·{' '}
                <Trans>{formatNumber(p.views)} views</Trans>
              </span>
              <Stars value={Math.min(5, p.score / 20)} size="sm" />
            </div>
          ),
        },
        {
          id: 'actions',
          header: () => <span className="sr-only">{t`Actions`}</span>,
          enableSorting: false,
          meta: { align: 'right', stacked: 'end', label: t`Actions` },
          cell: ({ row: { original: p } }) => (
            <div className="flex justify-end gap-1">
              <Button
                size="icon"
                variant="ghost"
                aria-label={t`Edit ${p.title}`}
                onClick={() => {
                  setEditing(p);
                  setDialogOpen(true);
                }}
              >
                <Pencil className="size-4" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t`Revisions of ${p.title}`}
                onClick={() => setRevisionsOf(p)}
              >
                <History className="size-4" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t`Delete ${p.title}`}
                onClick={() => setDeleting(p)}
              >
                <Trash2 className="size-4 text-danger" />
              </Button>
            </div>
          ),
        },
      ] satisfies ColumnDef<Post>[],
    [t],
  );

  return (
    <div className="flex flex-col gap-4">
      <DataTable
        aria-label={t`Posts`}
        columns={columns}
        data={posts.data?.posts ?? []}
        getRowId={(p) => String(p.id)}
        rowLabel={(p) => p.title}
        loading={posts.isLoading}
        selectable
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        manualPagination
        pagination={page}
        onPaginationChange={setPage}
        pageCount={posts.data?.pagination.totalPages ?? -1}
        rowCount={posts.data?.pagination.total}
        emptyMessage={
          debounced
            ? t`No posts match this search.`
            : t`No posts yet. Pull them from WordPress or create one.`
        }
        toolbar={
          <>
            <div className="relative w-full sm:w-72">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                type="search"
                className="h-10 pl-9 md:h-9"
                aria-label={t`Search posts`}
                placeholder={t`Search title, content and excerpt`}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <Button
              variant="outline"
              className="h-10 md:h-9"
              disabled={selectedIds.length === 0}
              onClick={() => setScheduling(true)}
            >
              <CalendarClock className="size-4" aria-hidden />
              <Trans>Schedule selected ({selectedIds.length})</Trans>
            </Button>
            <Button
              className="h-10 md:h-9"
              onClick={() => {
                setEditing(null);
                setWithAi(false);
                setDialogOpen(true);
              }}
            >
              <Plus className="size-4" aria-hidden />
              <Trans>Create post</Trans>
            </Button>
          </>
        }
      />
      <PostDialog
        siteId={siteId}
        open={dialogOpen}
        startWithAi={withAi}
        initial={initial}
        saving={create.isPending || update.isPending}
        onOpenChange={setDialogOpen}
        onSave={save}
      />
      <PostRevisionsDialog
        siteId={siteId}
        post={revisionsOf}
        onOpenChange={(open) => !open && setRevisionsOf(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        closeOnConfirm={false}
        destructive
        title={t`Delete post?`}
        description={t`"${deleting?.title ?? ''}" is moved to WordPress's trash and removed here.`}
        confirmLabel={t`Delete`}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await remove.mutateAsync({ id: siteId, postId: deleting.id });
            toast.success(t`Post deleted`);
            setDeleting(null);
            await refresh();
          } catch (err) {
            toastApiError(err, t`Failed to delete post`);
          }
        }}
      />
      <Dialog open={scheduling} onOpenChange={setScheduling}>
        <DialogContent size="sm">
          <DialogHeader>
            <DialogTitle>
              <Trans>Schedule {selectedIds.length} posts</Trans>
            </DialogTitle>
          </DialogHeader>
          <FormField label={t`Publish at`} required>
            <Input type="datetime-local" value={scheduleAt} onChange={(e) => setScheduleAt(e.target.value)} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => setScheduling(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              disabled={!scheduleAt}
              loading={schedule.isPending}
              onClick={async () => {
                try {
                  const r = await schedule.mutateAsync({
                    id: siteId,
                    post_ids: selectedIds,
                    schedule_date: new Date(scheduleAt).toISOString(),
                  });
                  if (r.scheduled > 0) toast.success(t`${r.scheduled} posts scheduled successfully`);
                  if (r.failed.length > 0) {
                    const list = r.failed.map((f) => `${f.title} (${f.reason})`).join('; ');
                    toast.error(t`Failed to schedule posts: ${list}`);
                  }
                  setScheduling(false);
                  setSelection({});
                  await refresh();
                } catch (err) {
                  toastApiError(err, t`Failed to schedule posts`);
                }
              }}
            >
              <Trans>Schedule</Trans>
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
