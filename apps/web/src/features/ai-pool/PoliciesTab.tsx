import { Button, DataTable, Select, Spinner, StatusBadge, toast, type ColumnDef } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { Archive, Check, Eye, Plus, Wand2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toastApiError } from '../../lib/api-error-message';
import { formatUserDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useTrackJob } from '../jobs/use-job-sync';
import { ListSearchBox } from '../shell/ListSearchBox';
import type { AiPoolSearch } from './ai-pool-search';
import { PolicyDetailsDialog, type Policy } from './PolicyDetailsDialog';
import { PolicyDialog } from './PolicyDialog';
import { PoolLoadError } from './PoolError';
import { LOG_PAGE, ShowMore } from './ShowMore';

interface Props {
  search: AiPoolSearch;
  searchText: string;
  onSearchText(text: string): void;
  setSearch(patch: Partial<AiPoolSearch>): void;
}

/**
 * The policy library (doc2 §2 tab 3): policies by trait and principle, approved or archived from
 * pending review, added by hand, or synthesized from new feedback by the policy library agent (a job).
 */
export function PoliciesTab({ search, searchText, onSearchText, setSearch }: Props) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const trackJob = useTrackJob();
  const [limit, setLimit] = useState(LOG_PAGE);
  const [adding, setAdding] = useState(false);
  const [details, setDetails] = useState<Policy | null>(null);
  const policies = trpc.aiPool.policies.list.useQuery(
    { search: search.search || undefined, status: search.status, limit },
    { placeholderData: keepPreviousData },
  );
  const setStatus = trpc.aiPool.policies.setStatus.useMutation({
    onSuccess: ({ policy }) => {
      toast.success(
        policy.status === 'active'
          ? t`Policy “${policy.trait}” approved: the agents follow it from their next run`
          : t`Policy “${policy.trait}” archived`,
      );
      void utils.aiPool.policies.invalidate();
    },
    onError: (err) => toastApiError(err, t`Failed to update the policy`),
  });
  const synthesize = trpc.aiPool.policies.synthesize.useMutation({
    onSuccess: ({ job }) => {
      trackJob(job);
      toast.info(t`Synthesizing policies from new feedback… the job panel shows the progress`);
    },
    onError: (err) => toastApiError(err, t`Failed to synthesize policies`),
  });
  const busy = setStatus.isPending ? setStatus.variables?.id : undefined;

  const columns = useMemo(
    () =>
      [
        {
          accessorKey: 'trait',
          header: t`Trait`,
          meta: { stacked: 'title' },
          cell: ({ row: { original: p } }) => <span className="font-medium break-words">{p.trait}</span>,
        },
        {
          accessorKey: 'guiding_principle',
          header: t`Guiding principle`,
          meta: { className: 'max-w-xl' },
          cell: ({ row: { original: p } }) => (
            <p className="line-clamp-3 break-words" title={p.guiding_principle}>
              {p.guiding_principle}
            </p>
          ),
        },
        {
          accessorKey: 'status',
          header: t`Status`,
          cell: ({ row: { original: p } }) => <StatusBadge status={p.status} />,
        },
        {
          accessorKey: 'created_at',
          header: t`Created`,
          meta: { className: 'whitespace-nowrap text-muted-foreground' },
          cell: ({ row: { original: p } }) => formatUserDate(p.created_at),
        },
        {
          id: 'actions',
          header: () => <span className="sr-only">{t`Actions`}</span>,
          meta: { align: 'right', label: t`Actions` },
          cell: ({ row: { original: p } }) => (
            <div className="flex flex-wrap justify-end gap-1 md:flex-nowrap">
              {p.status === 'pending_review' && (
                <>
                  <Button
                    size="sm"
                    variant="outline"
                    className="h-10 md:h-8"
                    disabled={busy !== undefined}
                    loading={busy === p.id && setStatus.variables?.status === 'active'}
                    aria-label={t`Approve ${p.trait}`}
                    onClick={() => setStatus.mutate({ id: p.id, status: 'active' })}
                  >
                    <Check className="size-4 text-success" aria-hidden />
                    <Trans>Approve</Trans>
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    className="h-10 md:h-8"
                    disabled={busy !== undefined}
                    loading={busy === p.id && setStatus.variables?.status === 'archived'}
                    aria-label={t`Archive ${p.trait}`}
                    onClick={() => setStatus.mutate({ id: p.id, status: 'archived' })}
                  >
                    <Archive className="size-4" aria-hidden />
                    <Trans>Archive</Trans>
                  </Button>
                </>
              )}
              <Button
                size="sm"
                variant="ghost"
                className="h-10 md:h-8"
                aria-label={t`Details of ${p.trait}`}
                onClick={() => setDetails(p)}
              >
                <Eye className="size-4" aria-hidden />
                <Trans>Details</Trans>
              </Button>
            </div>
          ),
        },
      ] satisfies ColumnDef<Policy>[],
    [t, busy, setStatus],
  );

  const rows = policies.data?.policies ?? [];
  const filtered = Boolean(search.search || search.status);
  return (
    <div className="flex flex-col gap-4">
      {policies.isError && <PoolLoadError error={policies.error} fallback={t`Failed to load the policies`} />}
      <DataTable
        aria-label={t`Policies`}
        columns={columns}
        data={rows}
        getRowId={(p) => String(p.id)}
        rowLabel={(p) => p.trait}
        rowAttributes={(row) => ({ 'data-testid': `policy-row-${row.original.id}` })}
        loading={policies.isLoading}
        enableSorting={false}
        hidePagination
        pageSizeOptions={[LOG_PAGE * 4]}
        emptyMessage={
          filtered
            ? t`No policies found.`
            : t`No policies yet. Add one, or synthesize them from the feedback log.`
        }
        toolbar={
          <>
            <ListSearchBox
              value={searchText}
              onChange={onSearchText}
              placeholder={t`Search trait or principle`}
              label={t`Search policies`}
            />
            <div className="w-full sm:w-48">
              <Select
                aria-label={t`Status`}
                value={search.status ?? 'all'}
                onValueChange={(v) =>
                  setSearch({ status: v === 'all' ? undefined : (v as AiPoolSearch['status']) })
                }
                options={[
                  { value: 'all', label: t`All statuses` },
                  { value: 'pending_review', label: t`Pending review` },
                  { value: 'active', label: t`Active` },
                  { value: 'archived', label: t`Archived` },
                ]}
              />
            </div>
            {policies.isFetching && !policies.isLoading && <Spinner size="sm" label={t`Loading…`} />}
            <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
              <Button
                variant="outline"
                className="h-10 flex-1 md:h-9"
                loading={synthesize.isPending}
                onClick={() => synthesize.mutate({})}
              >
                <Wand2 className="size-4" aria-hidden />
                <Trans>Synthesize</Trans>
              </Button>
              <Button className="h-10 flex-1 md:h-9" onClick={() => setAdding(true)}>
                <Plus className="size-4" aria-hidden />
                <Trans>Add policy</Trans>
              </Button>
            </div>
          </>
        }
      />
      <ShowMore
        shown={rows.length}
        limit={limit}
        loading={policies.isFetching}
        onMore={() => setLimit((l) => l + LOG_PAGE)}
      />
      <PolicyDialog open={adding} onOpenChange={setAdding} />
      <PolicyDetailsDialog policy={details} onOpenChange={(open) => !open && setDetails(null)} />
    </div>
  );
}
