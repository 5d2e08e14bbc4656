import {
  Badge,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  StatusBadge,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { Check, FilePlus2, MoreHorizontal, PenLine, X } from 'lucide-react';
import { useMemo } from 'react';
import { formatUserDate } from '../../lib/format';
import { ScoreBars } from './scores';
import type { IdeaRow } from './use-pool-ideas';

export interface IdeaActions {
  onApprove(idea: IdeaRow): void;
  onReject(idea: IdeaRow): void;
  onRewrite(idea: IdeaRow): void;
  onPromote(idea: IdeaRow): void;
  /** The idea whose action is running, if any. */
  busyId: number | undefined;
}

/** doc2 §9: at most 2 source keywords per row, then a +N badge. */
const KEYWORDS_SHOWN = 2;

/** doc2 §4: what a reviewer may do with an idea in each status. */
export const reviewable = (idea: IdeaRow) => idea.status === 'pending_review' || idea.status === 'rewritten';
export const promotable = (idea: IdeaRow) => idea.status === 'approved';

export function IdeaStatusBadge({ idea }: { idea: IdeaRow }) {
  const { t } = useLingui();
  return <StatusBadge status={idea.status} label={idea.status === 'rewritten' ? t`Rewritten` : undefined} />;
}

export function KeywordBadges({ keywords, shown = KEYWORDS_SHOWN }: { keywords: string[]; shown?: number }) {
  const first = keywords.slice(0, shown);
  const more = keywords.length - first.length;
  if (keywords.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <div className="flex flex-wrap items-center gap-1">
      {first.map((k, i) => (
        <Badge key={`${i}-${k}`} variant="outline" className="max-w-48 truncate" title={k}>
          {k}
        </Badge>
      ))}
      {more > 0 && (
        <Badge variant="neutral" title={keywords.slice(shown).join(', ')}>
          <Trans>+{more} more</Trans>
        </Badge>
      )}
    </div>
  );
}

/** The ideas table's columns (doc2 §2): idea (with its website), status, scores, keywords, created, actions. */
export function useIdeaColumns(actions: IdeaActions): ColumnDef<IdeaRow>[] {
  const { t } = useLingui();
  return useMemo(() => {
    const { onApprove, onReject, onRewrite, onPromote, busyId } = actions;
    return [
      {
        id: 'idea_text',
        header: t`Idea`,
        enableSorting: false,
        meta: { stacked: 'title', className: 'min-w-64 max-w-md' },
        cell: ({ row: { original: i }, table }) => (
          <div className="min-w-0">
            <div className="font-medium break-words">{i.idea_text}</div>
            <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              {table.options.meta?.stacked && <IdeaStatusBadge idea={i} />}
              <span className="break-all text-muted-foreground" title={i.website?.site_title}>
                {i.website?.domain_name ?? t`No site`}
              </span>
              {i.generated_offline && (
                <Badge variant="neutral" title={t`Offline generator (no model configured)`}>
                  <Trans>Offline</Trans>
                </Badge>
              )}
            </div>
          </div>
        ),
      },
      {
        id: 'status',
        header: t`Status`,
        enableSorting: false,
        meta: { stacked: 'skip' },
        cell: ({ row: { original: i } }) => <IdeaStatusBadge idea={i} />,
      },
      {
        id: 'scores',
        header: t`Scores`,
        enableSorting: false,
        cell: ({ row: { original: i } }) => (
          <ScoreBars
            scores={[
              { label: t`Quality`, value: i.quality_score },
              { label: t`SEO`, value: i.seo_score },
              { label: t`Relevance`, value: i.relevance_score },
            ]}
          />
        ),
      },
      {
        id: 'source_keywords',
        header: t`Keywords`,
        enableSorting: false,
        cell: ({ row: { original: i } }) => <KeywordBadges keywords={i.source_keywords} />,
      },
      {
        accessorKey: 'created_at',
        header: t`Created`,
        meta: { className: 'whitespace-nowrap text-muted-foreground' },
        cell: ({ row: { original: i } }) => formatUserDate(i.created_at),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t`Actions`}</span>,
        enableSorting: false,
        meta: { align: 'right', stacked: 'end', label: t`Actions` },
        cell: ({ row: { original: i }, table }) => {
          const busy = busyId !== undefined;
          if (!reviewable(i) && !promotable(i)) return null;
          if (table.options.meta?.stacked)
            return (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button size="icon" variant="ghost" aria-label={t`Actions for “${i.idea_text}”`}>
                    <MoreHorizontal className="size-4" />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  {reviewable(i) ? (
                    <>
                      <DropdownMenuItem className="min-h-10" disabled={busy} onSelect={() => onApprove(i)}>
                        <Check className="size-4" aria-hidden />
                        <Trans>Approve</Trans>
                      </DropdownMenuItem>
                      <DropdownMenuItem className="min-h-10" disabled={busy} onSelect={() => onReject(i)}>
                        <X className="size-4" aria-hidden />
                        <Trans>Reject</Trans>
                      </DropdownMenuItem>
                      <DropdownMenuItem className="min-h-10" disabled={busy} onSelect={() => onRewrite(i)}>
                        <PenLine className="size-4" aria-hidden />
                        <Trans>Needs rewrite</Trans>
                      </DropdownMenuItem>
                    </>
                  ) : (
                    <DropdownMenuItem className="min-h-10" disabled={busy} onSelect={() => onPromote(i)}>
                      <FilePlus2 className="size-4" aria-hidden />
                      <Trans>Promote to post</Trans>
                    </DropdownMenuItem>
                  )}
                </DropdownMenuContent>
              </DropdownMenu>
            );
          return reviewable(i) ? (
            <div className="flex items-center justify-end gap-1">
              <Button
                size="sm"
                variant="outline"
                className="h-8"
                disabled={busy}
                loading={busyId === i.id}
                onClick={() => onApprove(i)}
              >
                <Check className="size-4 text-success" aria-hidden />
                <Trans>Approve</Trans>
              </Button>
              <Button
                size="icon"
                variant="ghost"
                disabled={busy}
                aria-label={t`Reject`}
                title={t`Reject`}
                onClick={() => onReject(i)}
              >
                <X className="size-4 text-danger" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                disabled={busy}
                aria-label={t`Needs rewrite`}
                title={t`Needs rewrite`}
                onClick={() => onRewrite(i)}
              >
                <PenLine className="size-4" />
              </Button>
            </div>
          ) : (
            <div className="flex justify-end">
              <Button
                size="sm"
                variant="outline"
                className="h-8"
                disabled={busy}
                loading={busyId === i.id}
                onClick={() => onPromote(i)}
              >
                <FilePlus2 className="size-4" aria-hidden />
                <Trans>Promote to post</Trans>
              </Button>
            </div>
          );
        },
      },
    ] satisfies ColumnDef<IdeaRow>[];
  }, [actions, t]);
}
