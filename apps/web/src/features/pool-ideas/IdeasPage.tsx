import {
  Alert,
  Button,
  DataTable,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  Input,
  Select,
  Spinner,
  toast,
  useStatusLabel,
  type ExpandedState,
  type RowSelectionState,
} from '@blogfleet/ui';
import { IDEAS_PAGE_SIZE, ideaStatuses } from '@blogfleet/validators';
import { Trans, useLingui } from '@lingui/react/macro';
import { getRouteApi } from '@tanstack/react-router';
import { ChevronDown } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { userMessage } from '../../lib/api-errors';
import { trpc } from '../../lib/trpc';
import { URL_TEXT_MAX, useDebouncedUrlText } from '../../lib/use-debounced-url-text';
import { useListUrl } from '../../lib/use-list-url';
import { ListSearchBox } from '../shell/ListSearchBox';
import { GenerateIdeasForm } from './GenerateIdeasForm';
import { IdeaDetails } from './IdeaDetails';
import { useIdeaColumns } from './idea-columns';
import { ideasQuery, type IdeasSearch } from './ideas-search';
import { RewriteNoteDialog } from './RewriteNoteDialog';
import { usePoolIdeas, type IdeaRow } from './use-pool-ideas';

const route = getRouteApi('/_app/content-pool/ideas');

/**
 * The ideas page (doc2 §2): generate ideas for a website from keywords, filter them by website, keyword,
 * status and text, review them one by one or in bulk (approve, reject, promote to a post).
 */
export function IdeasPage() {
  const { t } = useLingui();
  const statusLabel = useStatusLabel();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const query = ideasQuery(search);
  const ideas = usePoolIdeas(query);
  const sites = trpc.sites.options.useQuery({});
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [rewriting, setRewriting] = useState<IdeaRow | null>(null);
  const { setSearch, searchText, setSearchText, tableProps } = useListUrl(search, navigate);
  // The keyword box goes into the URL like the search box.
  const [keywordText, setKeywordText] = useDebouncedUrlText(
    search.keyword ?? '',
    (next) => void setSearch({ keyword: next || undefined }),
  );
  useEffect(() => {
    setSelection({});
    setExpanded({});
  }, [
    query.page,
    query.limit,
    query.search,
    query.website_id,
    query.keyword,
    query.status,
    query.sort,
    query.order,
  ]);

  const rows = ideas.list.data?.ideas ?? [];
  const pagination = ideas.list.data?.pagination;
  const selectedIds = Object.keys(selection)
    .filter((id) => selection[id])
    .map(Number);
  const filtered = Boolean(search.search || search.website_id || search.keyword || search.status);

  const { setStatus, promote, busyId } = ideas;
  const actions = useMemo(() => {
    const review = (idea: IdeaRow, status: 'approved' | 'rejected') =>
      void setStatus(idea.id, status).catch((err: unknown) =>
        toast.error(userMessage(err, { fallback: t`Failed to update status` })),
      );
    return {
      onApprove: (idea: IdeaRow) => review(idea, 'approved'),
      onReject: (idea: IdeaRow) => review(idea, 'rejected'),
      onRewrite: setRewriting,
      onPromote: (idea: IdeaRow) => void promote(idea.id).catch(() => undefined),
      busyId,
    };
  }, [setStatus, promote, busyId, t]);
  const columns = useIdeaColumns(actions);

  const bulk = (run: () => Promise<unknown>) =>
    void run().then(
      () => setSelection({}),
      () => undefined,
    );

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">
        <Trans>Ideas management</Trans>
      </h1>

      <GenerateIdeasForm
        sites={sites.data?.sites ?? []}
        sitesLoading={sites.isLoading}
        defaultSiteId={query.website_id}
        onGenerate={ideas.generate}
        generating={ideas.generating}
      />

      {ideas.list.isError ? (
        <Alert>{userMessage(ideas.list.error, { fallback: t`Failed to fetch ideas` })}</Alert>
      ) : null}

      <DataTable
        aria-label={t`Ideas`}
        columns={columns}
        data={rows}
        getRowId={(i) => String(i.id)}
        rowLabel={(i) => i.idea_text}
        rowAttributes={(row) => ({ 'data-testid': `idea-row-${row.original.id}` })}
        loading={ideas.list.isLoading}
        selectable
        rowSelection={selection}
        onRowSelectionChange={setSelection}
        expanded={expanded}
        onExpandedChange={setExpanded}
        renderExpanded={(row) => <IdeaDetails idea={row.original} />}
        {...tableProps({ ...query, limit: query.limit ?? IDEAS_PAGE_SIZE }, pagination)}
        emptyMessage={
          filtered
            ? t`No ideas found.`
            : t`No ideas yet. Generate some for a website from its keywords above.`
        }
        toolbar={
          <>
            <ListSearchBox
              value={searchText}
              onChange={setSearchText}
              placeholder={t`Search ideas`}
              label={t`Search ideas`}
            />
            <div className="w-full sm:w-56">
              <Select
                aria-label={t`Website`}
                className="h-10 md:h-9"
                value={query.website_id ? String(query.website_id) : 'all'}
                onValueChange={(v) => void setSearch({ website_id: v === 'all' ? undefined : Number(v) })}
                options={[
                  { value: 'all', label: t`All websites` },
                  ...(sites.data?.sites ?? []).map((s) => ({ value: String(s.id), label: s.domain_name })),
                ]}
              />
            </div>
            <div className="w-[calc(50%-0.25rem)] sm:w-44">
              <Input
                type="search"
                className="h-10 md:h-9"
                aria-label={t`Keyword`}
                placeholder={t`Keyword`}
                value={keywordText}
                maxLength={URL_TEXT_MAX}
                onChange={(e) => setKeywordText(e.target.value)}
              />
            </div>
            <div className="w-[calc(50%-0.25rem)] sm:w-44">
              <Select
                aria-label={t`Status`}
                className="h-10 md:h-9"
                value={query.status ?? 'all'}
                onValueChange={(v) =>
                  void setSearch({ status: v === 'all' ? undefined : (v as IdeasSearch['status']) })
                }
                options={[
                  { value: 'all', label: t`All statuses` },
                  ...ideaStatuses.map((s) => ({
                    value: s,
                    label: s === 'rewritten' ? t`Rewritten` : statusLabel(s),
                  })),
                ]}
              />
            </div>
            {selectedIds.length > 0 && (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button variant="outline" className="h-10 md:h-9" loading={ideas.bulkPending}>
                    <Trans>{selectedIds.length} selected</Trans>
                    <ChevronDown className="size-4" aria-hidden />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="start">
                  <DropdownMenuItem
                    className="min-h-10"
                    onSelect={() => bulk(() => ideas.bulkStatus(selectedIds, 'approved'))}
                  >
                    <Trans>Approve</Trans>
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    className="min-h-10"
                    onSelect={() => bulk(() => ideas.bulkStatus(selectedIds, 'rejected'))}
                  >
                    <Trans>Reject</Trans>
                  </DropdownMenuItem>
                  <DropdownMenuItem
                    className="min-h-10"
                    onSelect={() => bulk(() => ideas.bulkPromote(selectedIds))}
                  >
                    <Trans>Promote to post</Trans>
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            )}
            {ideas.list.isFetching && !ideas.list.isLoading && <Spinner size="sm" label={t`Loading…`} />}
          </>
        }
      />

      <RewriteNoteDialog
        idea={rewriting}
        onOpenChange={(open) => !open && setRewriting(null)}
        onSubmit={(id, note) => ideas.setStatus(id, 'needs_rewrite', note)}
      />
    </div>
  );
}
