import type { RouterOutputs } from '@blogfleet/api';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  DataTable,
  EmptyState,
  FormField,
  Input,
  Select,
  Skeleton,
  Spinner,
  type ColumnDef,
} from '@blogfleet/ui';
import { metricTypes, type MetricType } from '@blogfleet/validators';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData } from '@tanstack/react-query';
import { BarChart3, X } from 'lucide-react';
import { Suspense, useMemo } from 'react';
import { formatUserDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import type { AiPoolSearch } from './ai-pool-search';
import { usePoolLabels } from './labels';
import { TrendChart } from '../charts';
import { isTimeMetric, useMetricFormat } from './metric-format';
import { PoolLoadError } from './PoolError';

type Metrics = RouterOutputs['aiPool']['metrics'];
type Measurement = Metrics['metrics'][number];

interface Props {
  search: AiPoolSearch;
  setSearch(patch: Partial<AiPoolSearch>): void;
}

/** One colour per metric type, from the design tokens. */
const COLORS: Record<MetricType, string> = {
  human_edit_time: 'var(--color-primary)',
  publish_time: 'var(--color-info)',
  time_to_approve: 'var(--color-success)',
  time_to_reject: 'var(--color-danger)',
  seo_score: 'var(--color-attention)',
  engagement_rate: 'var(--color-warning-strong)',
  approval_rate: 'var(--color-success-strong)',
};

/**
 * Performance metrics (doc2 §2 tab 7): by type and between two days (in the URL), the average of each
 * type, a chart of the daily averages, and the single measurements.
 */
export function MetricsTab({ search, setSearch }: Props) {
  const { t } = useLingui();
  const labels = usePoolLabels();
  const format = useMetricFormat();
  const reversed = Boolean(search.start_date && search.end_date && search.start_date > search.end_date);
  const metrics = trpc.aiPool.metrics.useQuery(
    { metric_type: search.metric_type, start_date: search.start_date, end_date: search.end_date },
    { placeholderData: keepPreviousData, enabled: !reversed },
  );
  const filtered = Boolean(search.metric_type || search.start_date || search.end_date);
  const data = metrics.data;

  const charts = useMemo(() => {
    const types = search.metric_type ? [search.metric_type] : metricTypes;
    return types
      .map((type) => ({
        type,
        points: (data?.daily ?? [])
          .filter((d) => d.metric_type === type)
          .map((d) => ({ day: d.day, value: format.plotted(type, d.average) })),
      }))
      .filter((c) => c.points.length > 0);
  }, [data, search.metric_type, format]);

  const columns = useMemo(
    () =>
      [
        {
          accessorKey: 'metric_type',
          header: t`Metric`,
          meta: { stacked: 'title' },
          cell: ({ row: { original: m } }) => (
            <span className="flex items-center gap-2 font-medium">
              <span
                className="size-2.5 shrink-0 rounded-full"
                style={{ background: COLORS[m.metric_type] }}
                aria-hidden
              />
              {labels.metricType(m.metric_type)}
            </span>
          ),
        },
        {
          accessorKey: 'value',
          header: t`Value`,
          meta: { align: 'right' },
          cell: ({ row: { original: m } }) => (
            <span className="tabular-nums">{format.value(m.metric_type, m.value)}</span>
          ),
        },
        {
          id: 'about',
          header: t`About`,
          enableSorting: false,
          cell: ({ row: { original: m } }) => {
            const about = [
              m.idea_pool_id !== null && t`Idea #${m.idea_pool_id}`,
              m.post_pool_id !== null && t`Post #${m.post_pool_id}`,
            ].filter(Boolean);
            return about.length > 0 ? about.join(', ') : <span className="text-muted-foreground">—</span>;
          },
        },
        {
          accessorKey: 'recorded_at',
          header: t`Recorded`,
          meta: { className: 'whitespace-nowrap text-muted-foreground' },
          cell: ({ row: { original: m } }) => formatUserDate(m.recorded_at),
        },
      ] satisfies ColumnDef<Measurement>[],
    [t, labels, format],
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <FormField label={t`Metric type`} className="w-full sm:w-56">
          <Select
            value={search.metric_type ?? 'all'}
            onValueChange={(v) => setSearch({ metric_type: v === 'all' ? undefined : (v as MetricType) })}
            options={[
              { value: 'all', label: t`All metric types` },
              ...metricTypes.map((m) => ({ value: m, label: labels.metricType(m) })),
            ]}
          />
        </FormField>
        <FormField
          label={t`Start date`}
          className="w-[calc(50%-0.375rem)] sm:w-44"
          error={reversed ? t`The start date is after the end date` : undefined}
        >
          <Input
            type="date"
            value={search.start_date ?? ''}
            max={search.end_date}
            onChange={(e) => setSearch({ start_date: e.target.value || undefined })}
          />
        </FormField>
        <FormField label={t`End date`} className="w-[calc(50%-0.375rem)] sm:w-44">
          <Input
            type="date"
            value={search.end_date ?? ''}
            min={search.start_date}
            onChange={(e) => setSearch({ end_date: e.target.value || undefined })}
          />
        </FormField>
        {filtered && (
          <Button
            variant="ghost"
            className="h-10 md:h-9"
            onClick={() => setSearch({ metric_type: undefined, start_date: undefined, end_date: undefined })}
          >
            <X className="size-4" aria-hidden />
            <Trans>Clear filters</Trans>
          </Button>
        )}
        {metrics.isFetching && !metrics.isLoading && <Spinner size="sm" label={t`Loading…`} />}
      </div>

      {metrics.isError && <PoolLoadError error={metrics.error} fallback={t`Failed to load the metrics`} />}

      <section aria-label={t`Averages`} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {metrics.isLoading || !data
          ? Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-24 w-full" />)
          : data.averages.map((a) => (
              <Card key={a.metric_type} data-testid={`metric-average-${a.metric_type}`}>
                <CardContent className="flex flex-col gap-1 p-4">
                  <span className="flex items-center gap-2 text-sm text-muted-foreground">
                    <span
                      className="size-2.5 rounded-full"
                      style={{ background: COLORS[a.metric_type] }}
                      aria-hidden
                    />
                    {labels.metricType(a.metric_type)}
                  </span>
                  {a.count === 0 || a.average === null ? (
                    <span className="text-lg font-semibold text-muted-foreground">
                      <Trans>No data yet</Trans>
                    </span>
                  ) : (
                    <>
                      <span className="text-2xl font-semibold tabular-nums">
                        {format.value(a.metric_type, a.average)}
                      </span>
                      <span className="text-xs text-muted-foreground">
                        {t({
                          message: plural(a.count, {
                            one: 'average of # measurement',
                            other: 'average of # measurements',
                          }),
                        })}
                      </span>
                    </>
                  )}
                </CardContent>
              </Card>
            ))}
      </section>

      <Card>
        <CardHeader>
          <CardTitle as="h2">
            <Trans>Daily averages</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {metrics.isLoading ? (
            <Skeleton className="h-56 w-full" />
          ) : charts.length === 0 ? (
            <EmptyState
              icon={<BarChart3 aria-hidden />}
              title={<Trans>No measurements yet</Trans>}
              description={
                <Trans>
                  Measurements are recorded as editors approve, reject, edit and publish; they show here by
                  day.
                </Trans>
              }
            />
          ) : (
            <div className={charts.length > 1 ? 'grid gap-6 lg:grid-cols-2' : undefined}>
              {charts.map((c) => (
                <figure key={c.type} className="flex min-w-0 flex-col gap-2">
                  {charts.length > 1 || !search.metric_type ? (
                    <figcaption className="text-sm font-medium">{labels.metricType(c.type)}</figcaption>
                  ) : null}
                  <Suspense fallback={<Skeleton className="h-44 w-full" />}>
                    <TrendChart
                      label={t`Daily averages of ${labels.metricType(c.type)}`}
                      series={[
                        {
                          key: c.type,
                          label: labels.metricType(c.type),
                          color: COLORS[c.type],
                          points: c.points,
                        },
                      ]}
                      minTop={isTimeMetric(c.type) ? 1 : 100}
                      formatValue={(v) => format.axis(c.type, v)}
                      formatTick={(v) => format.axis(c.type, v)}
                      height={charts.length > 1 ? 180 : 240}
                    />
                  </Suspense>
                </figure>
              ))}
            </div>
          )}
        </CardContent>
      </Card>

      <section className="flex flex-col gap-3">
        <h2 className="text-base font-semibold">
          <Trans>Measurements</Trans>
        </h2>
        <DataTable
          aria-label={t`Measurements`}
          columns={columns}
          data={data?.metrics ?? []}
          getRowId={(m) => String(m.id)}
          rowLabel={(m) => labels.metricType(m.metric_type)}
          loading={metrics.isLoading}
          initialPageSize={10}
          initialSorting={[{ id: 'recorded_at', desc: true }]}
          emptyMessage={filtered ? t`No measurements match these filters.` : t`No measurements yet.`}
        />
      </section>
    </div>
  );
}
