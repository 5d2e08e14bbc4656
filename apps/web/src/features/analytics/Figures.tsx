import { Card, CardContent, CardHeader, CardTitle, Progress, Skeleton } from '@blogfleet/ui';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, type ReactNode } from 'react';
import { TrendChart } from '../charts';
import { formatDuration } from './range';
import { formatNumber, formatPercent } from '../../lib/format';

/** One figure of an analytics screen: label, big value, an optional line under it. */
export function Figure({ label, value, hint }: { label: ReactNode; value: ReactNode; hint?: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-1 p-4">
        <span className="text-sm text-muted-foreground">{label}</span>
        <span className="text-2xl font-semibold tabular-nums">{value}</span>
        {hint ? <span className="text-xs text-muted-foreground">{hint}</span> : null}
      </CardContent>
    </Card>
  );
}

/** Traffic sources with their share as bars. */
export function SourceList({
  sources,
  label,
}: {
  sources: { source: string; visitors: number; percentage: number }[];
  label: string;
}) {
  if (sources.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No visitors in this range.</Trans>
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-3" aria-label={label}>
      {sources.map((s) => (
        <li key={s.source} className="flex flex-col gap-1 text-sm">
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0 truncate">
              {s.source === 'direct' ? <Trans>Direct</Trans> : s.source}
            </span>
            <span className="shrink-0 tabular-nums text-muted-foreground">
              {formatNumber(s.visitors)} · {formatPercent(s.percentage, 2)}
            </span>
          </div>
          <Progress value={s.percentage} aria-label={s.source} />
        </li>
      ))}
    </ul>
  );
}

/** Visitors and page views a day, as two lines. */
export function VisitorsChart({
  daily,
  label,
  height = 240,
}: {
  daily: { date: string; visitors: number; pageviews: number }[];
  label: string;
  height?: number;
}) {
  const { t } = useLingui();
  return (
    <Suspense fallback={<Skeleton className="w-full" style={{ height }} />}>
      <TrendChart
        label={label}
        series={[
          {
            key: 'visitors',
            label: t`Visitors`,
            color: 'var(--color-primary)',
            points: daily.map((d) => ({ day: d.date, value: d.visitors })),
          },
          {
            key: 'pageviews',
            label: t`Page views`,
            color: 'var(--color-success)',
            points: daily.map((d) => ({ day: d.date, value: d.pageviews })),
          },
        ]}
        formatValue={(v) => formatNumber(v)}
        formatTick={(v) => formatNumber(v, { notation: 'compact' })}
        height={height}
      />
    </Suspense>
  );
}

/** Pages by views: title, the address under it, the count. */
export function TopPagesList({
  pages,
  label,
}: {
  pages: { key: string; title: string; address: string; views: number }[];
  label: string;
}) {
  const { t } = useLingui();
  if (pages.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        <Trans>No page views in this range.</Trans>
      </p>
    );
  }
  return (
    <ol className="flex flex-col gap-2 text-sm" aria-label={label}>
      {pages.map((p) => (
        <li key={p.key} className="flex items-start justify-between gap-3">
          <span className="min-w-0">
            <span className="block truncate font-medium">{p.title}</span>
            <span className="block truncate text-muted-foreground">{p.address}</span>
          </span>
          <span className="shrink-0 tabular-nums">
            {t({ message: plural(p.views, { one: '# view', other: '# views' }) })}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** A titled card of an analytics screen. */
export function Panel({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** The five figures of a range: visitors (with a line under), page views, sessions, bounce rate, session length. */
export function SummaryFigures({
  totals,
  visitorsHint,
}: {
  totals: {
    visitors: number;
    pageviews: number;
    sessions: number;
    bounce_rate: number;
    avg_session_duration: number;
  };
  visitorsHint: ReactNode;
}) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <Figure label={<Trans>Visitors</Trans>} value={formatNumber(totals.visitors)} hint={visitorsHint} />
      <Figure label={<Trans>Page views</Trans>} value={formatNumber(totals.pageviews)} />
      <Figure label={<Trans>Sessions</Trans>} value={formatNumber(totals.sessions)} />
      <Figure label={<Trans>Bounce rate</Trans>} value={formatPercent(totals.bounce_rate, 2)} />
      <Figure label={<Trans>Avg. session</Trans>} value={formatDuration(totals.avg_session_duration)} />
    </div>
  );
}
