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
import { ExternalLink, MoreHorizontal, Pencil, Send, Trash2 } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { formatNumber, formatUserDate } from '../../lib/format';
import { tenPointVariant } from '../../lib/score';
import type { ContentRow } from './use-content';

export interface ContentActions {
  onEdit(item: ContentRow): void;
  onPublish(item: ContentRow): void;
  onDelete(item: ContentRow): void;
  /** The id being published, if any. */
  publishing: number | undefined;
}

export function useContentTypeLabel() {
  const { t } = useLingui();
  return useCallback(
    (type: ContentRow['type']) => (type === 'article' ? t`Article` : type === 'page' ? t`Page` : t`Post`),
    [t],
  );
}

/** The content table's columns (doc2 §2): title, type, status, words, SEO score (0–10), created, actions. */
export function useContentColumns(actions: ContentActions): ColumnDef<ContentRow>[] {
  const { t } = useLingui();
  const typeLabel = useContentTypeLabel();
  return useMemo(() => {
    const { onEdit, onPublish, onDelete, publishing } = actions;
    const published = (c: ContentRow) => c.status === 'published';
    return [
      {
        accessorKey: 'title',
        header: t`Title`,
        meta: { stacked: 'title' },
        cell: ({ row: { original: c } }) => (
          <div className="min-w-0">
            <div className="font-medium break-words">{c.title}</div>
            <div className="flex flex-wrap items-center gap-x-2 text-muted-foreground">
              {c.site && <span className="break-all">{c.site.domain_name}</span>}
              {c.keyword_group && (
                <span>
                  <Trans>Group: {c.keyword_group.name}</Trans>
                </span>
              )}
            </div>
          </div>
        ),
      },
      {
        accessorKey: 'type',
        header: t`Type`,
        enableSorting: false,
        cell: ({ row: { original: c } }) => <Badge variant="outline">{typeLabel(c.type)}</Badge>,
      },
      {
        accessorKey: 'status',
        header: t`Status`,
        enableSorting: false,
        cell: ({ row: { original: c } }) => <StatusBadge status={c.status} />,
      },
      {
        accessorKey: 'word_count',
        header: t`Words`,
        meta: { align: 'right' },
        cell: ({ row: { original: c } }) => (
          <span className="tabular-nums">{formatNumber(c.word_count)}</span>
        ),
      },
      {
        accessorKey: 'seo_score',
        header: t`SEO score`,
        cell: ({ row: { original: c } }) =>
          c.seo_score === null ? (
            <span className="text-muted-foreground">—</span>
          ) : (
            <Badge variant={tenPointVariant(c.seo_score)} className="tabular-nums">
              {formatNumber(c.seo_score, { maximumFractionDigits: 1 })}/10
            </Badge>
          ),
      },
      {
        accessorKey: 'created_at',
        header: t`Created`,
        meta: { className: 'whitespace-nowrap text-muted-foreground' },
        cell: ({ row: { original: c } }) => formatUserDate(c.created_at),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t`Actions`}</span>,
        enableSorting: false,
        meta: { align: 'right', stacked: 'end', label: t`Actions` },
        cell: ({ row: { original: c }, table }) => (
          <div className="flex items-center justify-end gap-1">
            {/* On a phone card the status already says published: no disabled button takes the room. */}
            {table.options.meta?.stacked && published(c) ? null : (
              <Button
                size="sm"
                variant={published(c) ? 'ghost' : 'outline'}
                className="h-10 md:h-8"
                disabled={published(c) || c.site === null || publishing !== undefined}
                loading={publishing === c.id}
                aria-label={t`Publish ${c.title}`}
                title={
                  published(c) ? t`Already published` : c.site === null ? t`Its site was deleted` : undefined
                }
                onClick={() => onPublish(c)}
              >
                <Send className="size-4" aria-hidden />
                {published(c) ? <Trans>Published</Trans> : <Trans>Publish</Trans>}
              </Button>
            )}
            {table.options.meta?.stacked ? (
              <DropdownMenu>
                <DropdownMenuTrigger asChild>
                  <Button size="icon" variant="ghost" aria-label={t`Actions for ${c.title}`}>
                    <MoreHorizontal className="size-4" />
                  </Button>
                </DropdownMenuTrigger>
                <DropdownMenuContent align="end">
                  <DropdownMenuItem className="min-h-10" onSelect={() => onEdit(c)}>
                    <Trans>Edit</Trans>
                  </DropdownMenuItem>
                  {c.link && (
                    <DropdownMenuItem className="min-h-10" asChild>
                      <a href={c.link} target="_blank" rel="noreferrer">
                        <Trans>View on site</Trans>
                      </a>
                    </DropdownMenuItem>
                  )}
                  <DropdownMenuSeparator />
                  <DropdownMenuItem className="min-h-10 text-danger-strong" onSelect={() => onDelete(c)}>
                    <Trans>Delete</Trans>
                  </DropdownMenuItem>
                </DropdownMenuContent>
              </DropdownMenu>
            ) : (
              <>
                {c.link ? (
                  <Button size="icon" variant="ghost" asChild>
                    <a
                      href={c.link}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={t`View ${c.title} on the site`}
                    >
                      <ExternalLink className="size-4" />
                    </a>
                  </Button>
                ) : null}
                <Button size="icon" variant="ghost" aria-label={t`Edit ${c.title}`} onClick={() => onEdit(c)}>
                  <Pencil className="size-4" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={t`Delete ${c.title}`}
                  onClick={() => onDelete(c)}
                >
                  <Trash2 className="size-4 text-danger" />
                </Button>
              </>
            )}
          </div>
        ),
      },
    ] satisfies ColumnDef<ContentRow>[];
  }, [actions, t, typeLabel]);
}
