import {
  Badge,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  StatusBadge,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { Archive, CheckCheck, Eye, MoreHorizontal, Pencil, Send } from 'lucide-react';
import { useMemo } from 'react';
import { formatNumber, formatUserDate } from '../../lib/format';
import { tenPointVariant } from '../../lib/score';
import { KeywordBadges } from '../pool-ideas/idea-columns';
import { canArchive, canMarkReady, canPublish, type PoolPost } from './use-pool-posts';

export interface PostActions {
  onPreview(post: PoolPost): void;
  onEdit(post: PoolPost): void;
  /** Also for a post without a site: the caller says why it cannot be published. */
  onPublish(post: PoolPost): void;
  onArchive(post: PoolPost): void;
  onMarkReady(post: PoolPost): void;
  /** The post whose status is changing, if any. */
  pendingId: number | undefined;
}

/** A 0–10 score as a coloured badge (doc2 §9: good from 7, medium from 5), or a dash. */
export function TenPointScore({ value }: { value: number | null }) {
  if (value === null) return <span className="text-muted-foreground">—</span>;
  return (
    <Badge variant={tenPointVariant(value)} className="tabular-nums">
      {formatNumber(value, { maximumFractionDigits: 1 })}/10
    </Badge>
  );
}

/**
 * The posts table's columns (doc2 §2): title (with its website), status, quality / SEO / readability
 * (0–10), target keywords (2 + N), created date, and preview, edit, publish, archive.
 */
export function usePostColumns(actions: PostActions): ColumnDef<PoolPost>[] {
  const { t } = useLingui();
  return useMemo(() => {
    const { onPreview, onEdit, onPublish, onArchive, onMarkReady, pendingId } = actions;
    const busy = pendingId !== undefined;
    const noSite = t`This post has no site to be published on`;
    return [
      {
        id: 'title',
        header: t`Title`,
        meta: { stacked: 'title', className: 'min-w-56 max-w-md' },
        cell: ({ row: { original: p }, table }) => (
          <div className="min-w-0">
            <div className="font-medium break-words">{p.title}</div>
            <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              {table.options.meta?.stacked && <StatusBadge status={p.status} />}
              {p.website ? (
                <span className="break-all text-muted-foreground" title={p.website.site_title}>
                  {p.website.domain_name}
                </span>
              ) : (
                <span className="text-muted-foreground" title={noSite}>
                  <Trans>No site</Trans>
                </span>
              )}
            </div>
          </div>
        ),
      },
      {
        id: 'status',
        header: t`Status`,
        meta: { stacked: 'skip' },
        cell: ({ row: { original: p } }) => <StatusBadge status={p.status} />,
      },
      {
        id: 'scores',
        header: t`Scores`,
        cell: ({ row: { original: p } }) => (
          <dl className="grid w-fit grid-cols-[auto_auto] items-center gap-x-2 gap-y-0.5 text-xs">
            <dt className="text-muted-foreground">{t`Quality`}</dt>
            <dd>
              <TenPointScore value={p.quality_score} />
            </dd>
            <dt className="text-muted-foreground">{t`SEO`}</dt>
            <dd>
              <TenPointScore value={p.seo_score} />
            </dd>
            <dt className="text-muted-foreground">{t`Readability`}</dt>
            <dd>
              <TenPointScore value={p.readability_score} />
            </dd>
          </dl>
        ),
      },
      {
        id: 'target_keywords',
        header: t`Keywords`,
        cell: ({ row: { original: p } }) => <KeywordBadges keywords={p.target_keywords} />,
      },
      {
        id: 'created_at',
        header: t`Created`,
        meta: { className: 'whitespace-nowrap text-muted-foreground' },
        cell: ({ row: { original: p } }) => formatUserDate(p.created_at),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t`Actions`}</span>,
        meta: { align: 'right', stacked: 'end', label: t`Actions` },
        cell: ({ row: { original: p }, table }) =>
          table.options.meta?.stacked ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button size="icon" variant="ghost" aria-label={t`Actions for ${p.title}`}>
                  <MoreHorizontal className="size-4" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem className="min-h-10" onSelect={() => onPreview(p)}>
                  <Eye className="size-4" aria-hidden />
                  <Trans>Preview</Trans>
                </DropdownMenuItem>
                <DropdownMenuItem className="min-h-10" onSelect={() => onEdit(p)}>
                  <Pencil className="size-4" aria-hidden />
                  <Trans>Edit</Trans>
                </DropdownMenuItem>
                {(canPublish(p) || canArchive(p)) && <DropdownMenuSeparator />}
                {canMarkReady(p) && (
                  <DropdownMenuItem className="min-h-10" disabled={busy} onSelect={() => onMarkReady(p)}>
                    <CheckCheck className="size-4" aria-hidden />
                    <Trans>Mark ready</Trans>
                  </DropdownMenuItem>
                )}
                {canPublish(p) && (
                  <DropdownMenuItem className="min-h-10" disabled={busy} onSelect={() => onPublish(p)}>
                    <Send className="size-4" aria-hidden />
                    <Trans>Publish</Trans>
                  </DropdownMenuItem>
                )}
                {canArchive(p) && (
                  <DropdownMenuItem className="min-h-10" disabled={busy} onSelect={() => onArchive(p)}>
                    <Archive className="size-4" aria-hidden />
                    <Trans>Archive</Trans>
                  </DropdownMenuItem>
                )}
              </DropdownMenuContent>
            </DropdownMenu>
          ) : (
            <div className="flex items-center justify-end gap-1">
              <Button
                size="icon"
                variant="ghost"
                aria-label={t`Preview ${p.title}`}
                onClick={() => onPreview(p)}
              >
                <Eye className="size-4" />
              </Button>
              <Button size="icon" variant="ghost" aria-label={t`Edit “${p.title}”`} onClick={() => onEdit(p)}>
                <Pencil className="size-4" />
              </Button>
              {canMarkReady(p) && (
                <Button
                  size="icon"
                  variant="ghost"
                  disabled={busy}
                  aria-label={t`Mark ${p.title} ready`}
                  title={t`Mark ready`}
                  onClick={() => onMarkReady(p)}
                >
                  <CheckCheck className="size-4" />
                </Button>
              )}
              {canPublish(p) && (
                <Button
                  size="sm"
                  variant="outline"
                  className="h-8"
                  disabled={busy}
                  loading={pendingId === p.id}
                  aria-label={t`Publish ${p.title}`}
                  title={p.website === null ? noSite : undefined}
                  onClick={() => onPublish(p)}
                >
                  <Send className="size-4" aria-hidden />
                  <Trans>Publish</Trans>
                </Button>
              )}
              {canArchive(p) && (
                <Button
                  size="icon"
                  variant="ghost"
                  disabled={busy}
                  aria-label={t`Archive ${p.title}`}
                  title={t`Archive`}
                  onClick={() => onArchive(p)}
                >
                  <Archive className="size-4" />
                </Button>
              )}
            </div>
          ),
      },
    ] satisfies ColumnDef<PoolPost>[];
  }, [actions, t]);
}
