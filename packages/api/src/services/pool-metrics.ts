import { sql } from '@blogfleet/db';
import { metricTypes, type ListMetricsInput, type MetricType } from '@blogfleet/validators';
import { z } from 'zod';
import type { Context } from '../context';

const DAY_MS = 24 * 3600 * 1000;
/** The chart covers at most this many days (the newest). */
const MAX_DAYS = 366;

export const metricsView = z.object({
  /** Every metric type (or the one asked for), with its average and how many measurements it has. */
  averages: z.array(
    z.object({ metric_type: z.enum(metricTypes), average: z.number().nullable(), count: z.number().int() }),
  ),
  /** Daily averages (UTC days) for the chart, oldest first. */
  daily: z.array(z.object({ day: z.string(), metric_type: z.enum(metricTypes), average: z.number() })),
  /** The newest single measurements. Times in seconds; scores and rates in percent. */
  metrics: z.array(
    z.object({
      id: z.number().int(),
      metric_type: z.enum(metricTypes),
      value: z.number(),
      idea_pool_id: z.number().int().nullable(),
      post_pool_id: z.number().int().nullable(),
      recorded_at: z.string(),
    }),
  ),
});

/**
 * GET ai-content-pool/metrics: the measurements the pool's events recorded (pool-events.ts), by type and
 * between two days (both included).
 */
export async function listMetrics(ctx: Pick<Context, 'db'>, input: ListMetricsInput) {
  let q = ctx.db.selectFrom('metrics');
  if (input.metric_type) q = q.where('metric_type', '=', input.metric_type);
  if (input.start_date) q = q.where('recorded_at', '>=', input.start_date);
  if (input.end_date) q = q.where('recorded_at', '<', new Date(input.end_date.getTime() + DAY_MS));
  const [averages, daily, rows] = await Promise.all([
    q
      .select(['metric_type'])
      .select(sql<string>`avg(value)`.as('average'))
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .groupBy('metric_type')
      .execute(),
    q
      .select(['metric_type'])
      .select(sql<string>`to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'))
      .select(sql<string>`avg(value)`.as('average'))
      .where(
        'recorded_at',
        '>=',
        new Date(Math.max(0, (input.end_date?.getTime() ?? Date.now()) - MAX_DAYS * DAY_MS)),
      )
      .groupBy(['metric_type', sql`2`])
      .orderBy(sql`2`)
      .orderBy('metric_type')
      .execute(),
    q
      .select(['id', 'metric_type', 'value', 'idea_pool_id', 'post_pool_id', 'recorded_at'])
      .orderBy('recorded_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.limit)
      .execute(),
  ]);
  const types: readonly MetricType[] = input.metric_type ? [input.metric_type] : metricTypes;
  const round = (v: string | number) => Math.round(Number(v) * 100) / 100;
  return {
    averages: types.map((type) => {
      const found = averages.find((a) => a.metric_type === type);
      return {
        metric_type: type,
        average: found ? round(found.average) : null,
        count: found ? Number(found.count) : 0,
      };
    }),
    daily: daily.map((d) => ({ day: d.day, metric_type: d.metric_type, average: round(d.average) })),
    metrics: rows.map((r) => ({
      ...r,
      value: round(r.value),
      recorded_at: r.recorded_at.toISOString(),
    })),
  };
}
