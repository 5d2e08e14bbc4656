import {
  Badge,
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  StatusBadge,
} from '@blogfleet/ui';
import { GROUP_ROW_SECONDARY_SHOWN } from '@blogfleet/validators/constants';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { formatNumber, formatUserDate } from '../../lib/format';
import { tenPointVariant } from '../../lib/score';
import type { KeywordGroupRow } from './use-keyword-groups';

export interface KeywordGroupActions {
  onEdit(group: KeywordGroupRow): void;
  onDelete(group: KeywordGroupRow): void;
}

/** doc2 §2: a group row cuts its description at 40 characters. */
const DESCRIPTION_SHOWN = 40;
const cut = (text: string) =>
  text.length > DESCRIPTION_SHOWN ? `${text.slice(0, DESCRIPTION_SHOWN).trimEnd()}…` : text;

/** The groups table's columns; ids of sortable columns are the API's sort names. */
export function useKeywordGroupColumns(actions: KeywordGroupActions): ColumnDef<KeywordGroupRow>[] {
  const { t } = useLingui();
  return useMemo(() => {
    const { onEdit, onDelete } = actions;
    return [
      {
        accessorKey: 'name',
        header: t`Group`,
        meta: { stacked: 'title' },
        cell: ({ row: { original: g } }) => (
          <div className="min-w-0">
            <div className="font-medium break-words">{g.name}</div>
            {g.description && (
              <div className="text-muted-foreground" title={g.description}>
                {cut(g.description)}
              </div>
            )}
          </div>
        ),
      },
      {
        id: 'keywords',
        header: t`Keywords`,
        enableSorting: false,
        cell: ({ row: { original: g } }) => {
          const shown = g.secondary_keywords.slice(0, GROUP_ROW_SECONDARY_SHOWN);
          const more = g.secondary_keywords.length - shown.length;
          return (
            <div className="flex flex-wrap items-center gap-1">
              {g.primary_keyword && (
                <Badge variant="primary" title={t`Primary keyword`}>
                  {g.primary_keyword}
                </Badge>
              )}
              {shown.map((k, i) => (
                <Badge key={`${i}-${k}`} variant="outline">
                  {k}
                </Badge>
              ))}
              {more > 0 && (
                <Badge variant="neutral">
                  <Trans>+{more} more</Trans>
                </Badge>
              )}
              {g.keyword_count === 0 && <span className="text-muted-foreground">—</span>}
            </div>
          );
        },
      },
      {
        id: 'keyword_count',
        header: t`Count`,
        enableSorting: false,
        meta: { align: 'right' },
        cell: ({ row: { original: g } }) => <span className="tabular-nums">{g.keyword_count}</span>,
      },
      {
        id: 'score',
        header: t`Score`,
        enableSorting: false,
        cell: ({ row: { original: g } }) => (
          <Badge variant={tenPointVariant(g.score)} className="tabular-nums">
            {formatNumber(g.score, { maximumFractionDigits: 1 })}/10
          </Badge>
        ),
      },
      {
        accessorKey: 'priority',
        header: t`Priority`,
        cell: ({ row: { original: g } }) => <StatusBadge status={g.priority} />,
      },
      {
        accessorKey: 'status',
        header: t`Status`,
        cell: ({ row: { original: g } }) => <StatusBadge status={g.status} />,
      },
      {
        id: 'sites',
        header: t`Sites`,
        enableSorting: false,
        cell: ({ row: { original: g } }) =>
          g.sites.length === 0 ? (
            <span className="text-muted-foreground">—</span>
          ) : (
            <span className="break-all" title={g.sites.map((s) => s.domain_name).join(', ')}>
              {g.sites.length === 1
                ? g.sites[0]!.domain_name
                : t({ message: plural(g.sites.length, { one: '# site', other: '# sites' }) })}
            </span>
          ),
      },
      {
        accessorKey: 'created_at',
        header: t`Created`,
        meta: { className: 'whitespace-nowrap text-muted-foreground' },
        cell: ({ row: { original: g } }) => formatUserDate(g.created_at),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t`Actions`}</span>,
        enableSorting: false,
        meta: { align: 'right', stacked: 'end', label: t`Actions` },
        cell: ({ row: { original: g }, table }) =>
          table.options.meta?.stacked ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button size="icon" variant="ghost" aria-label={t`Actions for ${g.name}`}>
                  <MoreHorizontal className="size-4" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem className="min-h-10" onSelect={() => onEdit(g)}>
                  <Trans>Edit</Trans>
                </DropdownMenuItem>
                <DropdownMenuItem className="min-h-10 text-danger-strong" onSelect={() => onDelete(g)}>
                  <Trans>Delete</Trans>
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          ) : (
            <div className="flex justify-end gap-1">
              <Button size="icon" variant="ghost" aria-label={t`Edit ${g.name}`} onClick={() => onEdit(g)}>
                <Pencil className="size-4" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t`Delete ${g.name}`}
                onClick={() => onDelete(g)}
              >
                <Trash2 className="size-4 text-danger" />
              </Button>
            </div>
          ),
      },
    ] satisfies ColumnDef<KeywordGroupRow>[];
  }, [actions, t]);
}
