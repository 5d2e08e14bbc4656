import {
  Badge,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { formatNumber, formatUserDate } from '../../lib/format';
import type { KeywordRow } from './use-keywords';

export interface KeywordActions {
  onEdit(keyword: KeywordRow): void;
  onDelete(keyword: KeywordRow): void;
}

/** A metric nobody measured is shown as "—", never as 0. */
const known = (n: number | null, options?: Intl.NumberFormatOptions) =>
  n === null ? '—' : formatNumber(n, options);

/** The keywords table's columns; ids of sortable columns are the API's sort names. */
export function useKeywordColumns(actions: KeywordActions): ColumnDef<KeywordRow>[] {
  const { t } = useLingui();
  return useMemo(() => {
    const { onEdit, onDelete } = actions;
    const competition = (k: KeywordRow) =>
      k.competition_level === 'low'
        ? t`Low`
        : k.competition_level === 'medium'
          ? t`Medium`
          : k.competition_level === 'high'
            ? t`High`
            : '—';
    return [
      {
        accessorKey: 'keyword_text',
        header: t`Keyword`,
        meta: { stacked: 'title' },
        cell: ({ row: { original: k }, table }) => (
          <div className="min-w-0">
            <div className="font-medium break-words">{k.keyword_text}</div>
            {table.options.meta?.stacked && <div className="text-muted-foreground">{k.target_website}</div>}
          </div>
        ),
      },
      {
        id: 'target_website',
        header: t`Website`,
        enableSorting: false,
        meta: { stacked: 'skip' },
        cell: ({ row: { original: k } }) => <span className="break-all">{k.target_website}</span>,
      },
      {
        accessorKey: 'search_volume',
        header: t`Volume`,
        cell: ({ row: { original: k } }) => <span className="tabular-nums">{known(k.search_volume)}</span>,
      },
      {
        accessorKey: 'competition',
        header: t`Competition`,
        cell: ({ row: { original: k } }) => competition(k),
      },
      {
        id: 'cpc',
        header: t`CPC`,
        enableSorting: false,
        cell: ({ row: { original: k } }) => (
          <span className="tabular-nums">{known(k.cpc, { style: 'currency', currency: 'USD' })}</span>
        ),
      },
      {
        accessorKey: 'score',
        header: t`Score`,
        cell: ({ row: { original: k } }) => (
          <span
            className="tabular-nums"
            title={k.score_set_by_hand ? t`Set by hand` : t`From volume, competition and intent`}
          >
            {formatNumber(k.score, { maximumFractionDigits: 2 })}
            {k.score_set_by_hand && <span aria-hidden>*</span>}
          </span>
        ),
      },
      {
        id: 'is_used',
        header: t`Used`,
        enableSorting: false,
        cell: ({ row: { original: k } }) =>
          k.is_used ? (
            <Badge variant="success">
              <Trans>Used</Trans>
            </Badge>
          ) : (
            <Badge variant="neutral">
              <Trans>Unused</Trans>
            </Badge>
          ),
      },
      {
        accessorKey: 'created_at',
        header: t`Added`,
        meta: { className: 'whitespace-nowrap text-muted-foreground' },
        cell: ({ row: { original: k } }) => formatUserDate(k.created_at),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t`Actions`}</span>,
        enableSorting: false,
        meta: { align: 'right', stacked: 'end', label: t`Actions` },
        cell: ({ row: { original: k }, table }) =>
          table.options.meta?.stacked ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button size="icon" variant="ghost" aria-label={t`Actions for ${k.keyword_text}`}>
                  <MoreHorizontal className="size-4" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem className="min-h-10" onSelect={() => onEdit(k)}>
                  <Trans>Edit</Trans>
                </DropdownMenuItem>
                <DropdownMenuItem className="min-h-10 text-danger-strong" onSelect={() => onDelete(k)}>
                  <Trans>Delete</Trans>
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          ) : (
            <div className="flex justify-end gap-1">
              <Button
                size="icon"
                variant="ghost"
                aria-label={t`Edit ${k.keyword_text}`}
                onClick={() => onEdit(k)}
              >
                <Pencil className="size-4" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t`Delete ${k.keyword_text}`}
                onClick={() => onDelete(k)}
              >
                <Trash2 className="size-4 text-danger" />
              </Button>
            </div>
          ),
      },
    ] satisfies ColumnDef<KeywordRow>[];
  }, [actions, t]);
}
