import { Button, StatusBadge } from '@blogfleet/ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { PlugZap, Settings2 } from 'lucide-react';
import { useMemo } from 'react';
import { formatNumber } from '../../lib/format';
import { formatMs, formatUptime, UptimeBadge } from './UptimeBadge';
import type { SiteRow } from './use-sites';

export interface SiteActions {
  testingId?: number;
  onTest(site: SiteRow): void;
}

/**
 * The sites table (core §2): title and domain, status, uptime, post statistics, language, Test and
 * Manage.
 */
export function useSiteColumns({ testingId, onTest }: SiteActions): ColumnDef<SiteRow>[] {
  const { t } = useLingui();
  return useMemo(
    () =>
      [
        {
          accessorKey: 'site_title',
          header: t`Site`,
          meta: { stacked: 'title' },
          cell: ({ row: { original: s } }) => (
            <div className="flex min-w-0 items-center gap-3">
              {s.latest_screenshot?.thumbnail_url ? (
                <img
                  src={s.latest_screenshot.thumbnail_url}
                  alt=""
                  loading="lazy"
                  width={64}
                  height={40}
                  className="hidden h-10 w-16 shrink-0 rounded border border-border object-cover object-top sm:block"
                />
              ) : null}
              <div className="min-w-0">
                <div className="font-medium break-words">{s.site_title}</div>
                <div className="text-sm break-all text-muted-foreground">{s.domain_name_unicode}</div>
              </div>
            </div>
          ),
        },
        {
          accessorKey: 'status',
          header: t`Status`,
          cell: ({ row: { original: s } }) => <StatusBadge status={s.status} />,
        },
        {
          id: 'uptime',
          header: t`Uptime`,
          enableSorting: false,
          cell: ({ row: { original: s } }) => (
            <div className="flex flex-col items-start gap-0.5" data-testid={`uptime-${s.id}`}>
              <UptimeBadge status={s.uptime_status} />
              {s.uptime_7d !== null || s.response_ms !== null ? (
                <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums">
                  {s.uptime_7d !== null && <Trans>{formatUptime(s.uptime_7d)} in 7 days</Trans>}
                  {s.uptime_7d !== null && s.response_ms !== null && ' · '}
                  {s.response_ms !== null && formatMs(s.response_ms)}
                </span>
              ) : null}
            </div>
          ),
        },
        {
          id: 'posts',
          header: t`Posts`,
          enableSorting: false,
          cell: ({ row: { original: s } }) => (
            <span className="whitespace-nowrap tabular-nums" data-testid={`posts-${s.id}`}>
              {formatNumber(s.statistics.total_posts)}
              <span className="text-muted-foreground">
                {' · '}
                <Trans>{formatNumber(s.statistics.published_posts)} published</Trans>
                {' · '}
                <Trans>{formatNumber(s.statistics.draft_posts)} drafts</Trans>
              </span>
            </span>
          ),
        },
        {
          id: 'language',
          header: t`Language`,
          enableSorting: false,
          cell: ({ row: { original: s } }) => s.targeted_language.toUpperCase(),
        },
        {
          id: 'actions',
          header: () => <span className="sr-only">{t`Actions`}</span>,
          enableSorting: false,
          meta: { align: 'right', stacked: 'end', label: t`Actions` },
          cell: ({ row: { original: s } }) => (
            <div className="flex justify-end gap-1">
              <Button
                size="sm"
                variant="outline"
                loading={testingId === s.id}
                aria-label={t`Test the connection of ${s.site_title}`}
                onClick={() => onTest(s)}
              >
                <PlugZap className="size-4" aria-hidden />
                <Trans>Test</Trans>
              </Button>
              <Button size="sm" variant="outline" asChild>
                <Link to="/sites/$id" params={{ id: String(s.id) }} aria-label={t`Manage ${s.site_title}`}>
                  <Settings2 className="size-4" aria-hidden />
                  <Trans>Manage</Trans>
                </Link>
              </Button>
            </div>
          ),
        },
      ] satisfies ColumnDef<SiteRow>[],
    [t, testingId, onTest],
  );
}
