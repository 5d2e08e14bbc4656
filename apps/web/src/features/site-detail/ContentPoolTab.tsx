import type { RouterOutputs } from '@blogfleet/api';
import { Alert, Button, Card, DataTable, Input, Select, StatusBadge, toast } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ColumnDef, PaginationState, RowSelectionState } from '@tanstack/react-table';
import { CalendarClock, Send, UploadCloud } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { formatUserDate, shortText } from '../../lib/format';
import { TenPointScore } from '../pool-posts/post-columns';
import { usePostStatus } from '../pool-posts/use-pool-posts';
import { trpc } from '../../lib/trpc';
import { announceBulkOutcome } from '../pool-ideas/bulk-outcome';

type PoolPost = RouterOutputs['aiPool']['posts']['list']['posts'][number];

/** Core §9: the content pool tab pages by 25. */
const PAGE_SIZE = 25;

/**
 * Content pool tab (core §2): the pool's posts this site can take (drafts and ready posts) and those
 * assigned to or published on it, with a keyword-group filter, "assign selected (n)", publishing an assigned post, and
 * the site's publishing cadence.
 */
export function ContentPoolTab({ siteId, domain }: { siteId: number; domain: string }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const [groupId, setGroupId] = useState<number | undefined>(undefined);
  const [paging, setPaging] = useState<PaginationState>({ pageIndex: 0, pageSize: PAGE_SIZE });
  const [selection, setSelection] = useState<RowSelectionState>({});
  const posts = trpc.aiPool.posts.list.useQuery(
    { assignable_to: siteId, group_id: groupId, page: paging.pageIndex + 1, limit: paging.pageSize },
    { placeholderData: keepPreviousData },
  );
  const groups = trpc.keywordGroups.list.useQuery({ limit: 100, sort: 'name', order: 'asc' });
  const refresh = () =>
    Promise.all([utils.aiPool.posts.invalidate(), utils.sitePool.cadence.invalidate({ id: siteId })]);

  const assign = trpc.sitePool.assign.useMutation({
    onSuccess: async (outcome) => {
      const titleOf = (id: number) => {
        const post = posts.data?.posts.find((p) => p.id === id);
        return post ? `“${shortText(post.title)}”` : t`Post ${id}`;
      };
      announceBulkOutcome(
        outcome,
        {
          done: (n) =>
            t({
              message: plural(n, {
                one: `# post assigned to ${domain}`,
                other: `# posts assigned to ${domain}`,
              }),
            }),
          failed: (n) =>
            t({
              message: plural(n, {
                one: '# post could not be assigned',
                other: '# posts could not be assigned',
              }),
            }),
        },
        titleOf,
      );
      setSelection({});
      await refresh();
    },
    onError: (err) => toast.error(userMessage(err, { fallback: t`Failed to assign posts` })),
  });
  const { setStatus, pendingId } = usePostStatus();
  // The pool's lists and the sites are refreshed by usePostStatus; the cadence's queue is this tab's.
  const publish = useCallback(
    (id: number) =>
      setStatus(id, 'published')
        .then(() => utils.sitePool.cadence.invalidate({ id: siteId }))
        .catch((err: unknown) => toast.error(userMessage(err, { fallback: t`Failed to update status` }))),
    [setStatus, utils, siteId, t],
  );

  const columns = useMemo<ColumnDef<PoolPost>[]>(
    () => [
      {
        accessorKey: 'title',
        header: t`Title`,
        enableSorting: false,
        meta: { stacked: 'title' },
        cell: ({ row: { original: p } }) => (
          <div className="min-w-0">
            <div className="font-medium break-words">{p.title}</div>
            {p.website && p.website.id !== siteId && (
              <div className="text-xs text-muted-foreground">
                <Trans>Written for {p.website.domain_name}</Trans>
              </div>
            )}
            {p.status === 'draft' && (
              <div className="text-xs text-muted-foreground">
                <Trans>A draft: mark it ready on the posts page to assign it</Trans>
              </div>
            )}
          </div>
        ),
      },
      {
        id: 'status',
        header: t`Status`,
        enableSorting: false,
        cell: ({ row: { original: p } }) => <StatusBadge status={p.status} />,
      },
      {
        id: 'quality',
        header: t`Quality`,
        enableSorting: false,
        cell: ({ row: { original: p } }) => <TenPointScore value={p.quality_score} />,
      },
      {
        id: 'seo',
        header: t`SEO`,
        enableSorting: false,
        cell: ({ row: { original: p } }) => <TenPointScore value={p.seo_score} />,
      },
      {
        id: 'readability',
        header: t`Readability`,
        enableSorting: false,
        cell: ({ row: { original: p } }) => <TenPointScore value={p.readability_score} />,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t`Actions`}</span>,
        enableSorting: false,
        meta: { align: 'right', label: t`Actions`, stacked: 'end' },
        cell: ({ row: { original: p } }) =>
          p.status === 'assigned' && p.website?.id === siteId ? (
            <Button
              size="sm"
              variant="outline"
              loading={pendingId === p.id}
              onClick={() => void publish(p.id)}
            >
              <UploadCloud className="size-4" aria-hidden />
              <Trans>Publish now</Trans>
            </Button>
          ) : null,
      },
    ],
    [t, siteId, publish, pendingId],
  );

  const selected = Object.keys(selection)
    .filter((k) => selection[k])
    .map(Number);
  const rows = posts.data?.posts ?? [];
  return (
    <div className="flex flex-col gap-6">
      <CadenceCard siteId={siteId} />
      <section className="flex flex-col gap-3" aria-labelledby="site-pool-title">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="site-pool-title" className="text-lg font-semibold">
            <Trans>Content pool posts</Trans>
          </h2>
          <Button variant="link" asChild>
            <Link to="/content-pool/posts">
              <Trans>All posts</Trans>
            </Link>
          </Button>
        </div>
        {posts.isError && <Alert>{userMessage(posts.error, { fallback: t`Failed to fetch posts` })}</Alert>}
        <DataTable
          aria-label={t`Content pool posts`}
          columns={columns}
          data={rows}
          getRowId={(p) => String(p.id)}
          rowLabel={(p) => p.title}
          rowAttributes={(row) => ({ 'data-testid': `pool-post-${row.original.id}` })}
          loading={posts.isLoading}
          selectable
          enableRowSelection={(row) =>
            row.original.status === 'ready' ||
            (row.original.status === 'assigned' && row.original.website?.id !== siteId)
          }
          rowSelection={selection}
          onRowSelectionChange={setSelection}
          manualPagination
          pagination={paging}
          onPaginationChange={(p) => {
            setPaging(p);
            setSelection({});
          }}
          rowCount={posts.data?.pagination.total ?? 0}
          pageSizeOptions={[10, 25, 50]}
          emptyMessage={
            groupId
              ? t`No posts of this keyword group are waiting.`
              : t`No posts are waiting. Promote approved ideas in the content pool to write some.`
          }
          toolbar={
            <div className="flex flex-wrap items-center gap-2">
              <Select
                aria-label={t`Keyword group`}
                value={groupId ? String(groupId) : 'all'}
                onValueChange={(v) => {
                  setGroupId(v === 'all' ? undefined : Number(v));
                  setPaging((p) => ({ ...p, pageIndex: 0 }));
                  setSelection({});
                }}
                options={[
                  { value: 'all', label: t`All keyword groups` },
                  ...(groups.data?.data ?? []).map((g) => ({ value: String(g.id), label: g.name })),
                ]}
              />
              <Button
                disabled={selected.length === 0}
                loading={assign.isPending}
                onClick={() => assign.mutate({ id: siteId, postIds: selected })}
              >
                <Send className="size-4" aria-hidden />
                <Trans>Assign selected ({selected.length})</Trans>
              </Button>
            </div>
          }
        />
      </section>
    </div>
  );
}

/** Publish N of the assigned posts a week: the queue, the next turn, and the setting. */
function CadenceCard({ siteId }: { siteId: number }) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const cadence = trpc.sitePool.cadence.useQuery({ id: siteId });
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const saved = cadence.data?.posts_per_week;
  useEffect(() => {
    if (saved !== undefined) setValue(String(saved));
  }, [saved]);
  const save = trpc.sitePool.setCadence.useMutation({
    onSuccess: async (data) => {
      setError(null);
      toast.success(
        data.posts_per_week === 0
          ? t`Publishing cadence turned off`
          : t({
              message: plural(data.posts_per_week, {
                one: 'This site publishes # assigned post a week',
                other: 'This site publishes # assigned posts a week',
              }),
            }),
      );
      await utils.sitePool.cadence.invalidate({ id: siteId });
    },
    onError: (err) => setError(userMessage(err, { fallback: t`Failed to save` })),
  });
  const submit = () => {
    const n = Number(value);
    if (value.trim() === '' || !Number.isInteger(n) || n < 0 || n > 50) {
      setError(t`Between 0 and 50 posts a week`);
      return;
    }
    save.mutate({ id: siteId, posts_per_week: n });
  };
  const c = cadence.data;
  return (
    <Card className="gap-3 p-4">
      <div className="flex items-center gap-2">
        <CalendarClock className="size-5 text-muted-foreground" aria-hidden />
        <h2 className="text-lg font-semibold">
          <Trans>Publishing cadence</Trans>
        </h2>
      </div>
      {cadence.isError ? (
        <Alert>{userMessage(cadence.error, { fallback: t`Failed to load some data` })}</Alert>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {c
              ? c.posts_per_week === 0 && c.queued === 0
                ? t`Off. Posts assigned here wait for you to publish them.`
                : c.posts_per_week === 0
                  ? t({
                      message: plural(c.queued, {
                        one: 'Off. # assigned post is waiting to be published by hand.',
                        other: 'Off. # assigned posts are waiting to be published by hand.',
                      }),
                    })
                  : c.next_publish_at
                    ? t({
                        message: plural(c.queued, {
                          one: `# assigned post in line; the next goes out ${formatUserDate(c.next_publish_at)}.`,
                          other: `# assigned posts in line; the next goes out ${formatUserDate(c.next_publish_at)}.`,
                        }),
                      })
                    : !c.site_active && c.queued > 0
                      ? t`The site is not active, so its cadence waits.`
                      : t`Nothing is in line: assign posts below, and they go out one by one.`
              : ''}
          </p>
          {c?.last_error && (
            <Alert>
              <Trans>The last turn published nothing: {c.last_error}</Trans>
            </Alert>
          )}
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <label className="flex flex-col gap-1 text-sm">
              <span>
                <Trans>Posts a week (0: off)</Trans>
              </span>
              <Input
                type="number"
                min={0}
                max={50}
                inputMode="numeric"
                className="w-32"
                value={value}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'cadence-error' : undefined}
                onChange={(e) => setValue(e.target.value)}
              />
            </label>
            <Button type="submit" variant="outline" loading={save.isPending}>
              <Trans>Save</Trans>
            </Button>
          </form>
          {error && (
            <p id="cadence-error" role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </>
      )}
    </Card>
  );
}
