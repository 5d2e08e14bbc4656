import { Badge, Stars } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { formatPrice } from '../domains/domain-columns';
import type { Idea } from './use-discovery';

/** Discovery results (doc2 §2): score as 5 stars (score / 2), strengths, recommendation, price, availability. */
export function useIdeaColumns(): ColumnDef<Idea>[] {
  const { t } = useLingui();
  return useMemo(
    () =>
      [
        {
          accessorKey: 'domain',
          header: t`Domain`,
          meta: { stacked: 'title' },
          cell: ({ row: { original: i } }) => (
            <span className="font-medium break-all">{i.domain_unicode}</span>
          ),
        },
        {
          accessorKey: 'score',
          header: t`Score`,
          cell: ({ row: { original: i } }) => (
            <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
              <Stars value={i.score / 2} size="sm" />
              <span className="text-xs text-muted-foreground">{i.score.toFixed(1)}</span>
            </span>
          ),
        },
        {
          id: 'strengths',
          header: t`Strengths`,
          enableSorting: false,
          cell: ({ row: { original: i } }) => (
            <div className="flex min-w-48 flex-col gap-1 text-sm">
              <p>{i.recommendation}</p>
              <ul className="flex flex-wrap gap-1" aria-label={t`Strengths`}>
                {i.strengths.map((s) => (
                  <li key={s} className="rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">
                    {s}
                  </li>
                ))}
              </ul>
            </div>
          ),
        },
        {
          accessorKey: 'price',
          header: t`Price`,
          meta: { className: 'whitespace-nowrap' },
          cell: ({ row: { original: i } }) =>
            i.price === null ? (
              <span className="text-muted-foreground">—</span>
            ) : (
              <span>
                {formatPrice(i.price)}
                {i.price_source === 'list' && (
                  <span className="block text-xs text-muted-foreground">
                    <Trans>list price</Trans>
                  </span>
                )}
                {i.premium && (
                  <span className="block text-xs text-warning-strong">
                    <Trans>premium</Trans>
                  </span>
                )}
              </span>
            ),
        },
        {
          accessorKey: 'available',
          header: t`Availability`,
          cell: ({ row: { original: i } }) =>
            i.available === true ? (
              <Badge variant="success">{t`Available`}</Badge>
            ) : i.available === false ? (
              <Badge variant="danger">{t`Not available`}</Badge>
            ) : (
              <Badge variant="neutral">{t`Unknown`}</Badge>
            ),
        },
      ] satisfies ColumnDef<Idea>[],
    [t],
  );
}
