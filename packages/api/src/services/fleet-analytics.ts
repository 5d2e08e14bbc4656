import { sql } from 'kysely';
import { z } from 'zod';
import type { Context } from '../context';
import {
  dailySeries,
  daysOf,
  monthsOf,
  percent,
  periodParts,
  periodsOf,
  rangeOf,
  secondsPerSession,
  sumOf,
} from './analytics-range';
import { pageTitles, trafficSourceView } from './site-analytics';

type Ctx = Pick<Context, 'db'>;

/** Top pages are read from the busiest sites of the range: a fleet's every page over a year is too many rows to sum per call. */
const PAGE_SITES = 20;
/** Above this many days a site's sparkline has a point a month. */
const DAILY_SPARKLINE_DAYS = 62;

export const fleetAnalyticsView = z.object({
  start_date: z.string(),
  end_date: z.string(),
  totals: z.object({
    visitors: z.number().int(),
    pageviews: z.number().int(),
    sessions: z.number().int(),
    bounce_rate: z.number(),
    avg_session_duration: z.number(),
    /** Sites with at least one visitor in the range. */
    sites_with_visitors: z.number().int(),
  }),
  daily: z.array(z.object({ date: z.string(), visitors: z.number().int(), pageviews: z.number().int() })),
  sites: z.array(
    z.object({
      id: z.number().int(),
      site_title: z.string(),
      domain_name: z.string(),
      visitors: z.number().int(),
      pageviews: z.number().int(),
      /** 'day' or 'month' points over the range, oldest first. */
      sparkline: z.array(z.number().int()),
    }),
  ),
  sparkline_grain: z.enum(['day', 'month']),
  top_pages: z.array(
    z.object({
      site_id: z.number().int(),
      domain_name: z.string(),
      path: z.string(),
      title: z.string(),
      views: z.number().int(),
    }),
  ),
  traffic_sources: z.array(trafficSourceView),
});

/** GET analytics/fleet: totals and trend, sites ranked by visitors with sparklines, top pages and sources. */
export async function fleetAnalytics(
  ctx: Ctx,
  input: { start_date?: string; end_date?: string; limit?: number },
) {
  const range = rangeOf(input);
  const within = periodsOf(range);
  const parts = periodParts(range);
  const limit = input.limit ?? 20;
  const [daily, ranked, sources] = await Promise.all([
    ctx.db
      .selectFrom('analytics_fleet_stats')
      .select([
        sql<string>`period::text`.as('date'),
        'visitors',
        'pageviews',
        'sessions',
        'bounces',
        'duration_ms',
      ])
      .where('grain', '=', 'd')
      .where('period', '>=', range.start)
      .where('period', '<=', range.end)
      .execute(),
    sql<{
      id: number;
      site_title: string;
      domain_name: string;
      visitors: number;
      pageviews: number;
      with_visitors: number;
    }>`
      SELECT s.id, s.site_title, s.domain_name, r.visitors, r.pageviews, r.with_visitors
      FROM (
        SELECT site_id, sum(visitors)::float8 AS visitors, sum(pageviews)::float8 AS pageviews,
               -- over every site before the limit: the sites with at least one visitor
               sum(CASE WHEN sum(visitors) > 0 THEN 1 ELSE 0 END) OVER ()::int AS with_visitors
        FROM (${sql.join(
          parts.map((p) => sql`SELECT site_id, visitors, pageviews FROM analytics_site_stats WHERE ${p}`),
          sql` UNION ALL `,
        )}) x
        GROUP BY site_id
        ORDER BY visitors DESC, site_id
        LIMIT ${Math.max(limit, PAGE_SITES)}
      ) r
      JOIN sites s ON s.id = r.site_id
      ORDER BY r.visitors DESC, r.site_id`
      .execute(ctx.db)
      .then((r) => r.rows),
    ctx.db
      .selectFrom('analytics_fleet_sources')
      .select(['source', sumOf('visitors').as('visitors')])
      .where(within)
      // A deleted site leaves its sources at 0.
      .where('visitors', '>', 0)
      .groupBy('source')
      .orderBy('visitors', 'desc')
      .orderBy('source')
      .limit(20)
      .execute(),
  ]);
  const shown = ranked.slice(0, limit);
  const grain = daysOf(range).length > DAILY_SPARKLINE_DAYS ? ('month' as const) : ('day' as const);
  const points = grain === 'day' ? daysOf(range) : monthsOf(range);
  const busiest = ranked
    .filter((r) => r.visitors > 0)
    .slice(0, PAGE_SITES)
    .map((r) => r.id);
  const [series, pages] = await Promise.all([
    shown.length === 0
      ? []
      : ctx.db
          .selectFrom('analytics_site_stats')
          .select(['site_id', sql<string>`period::text`.as('period'), 'visitors'])
          .where(
            'site_id',
            'in',
            shown.map((s) => s.id),
          )
          .where('grain', '=', grain === 'day' ? 'd' : 'm')
          .where('period', '>=', points[0]!)
          .where('period', '<=', range.end)
          .execute(),
    busiest.length === 0
      ? []
      : sql<{ site_id: number; path: string; views: number }>`
          SELECT site_id, path, sum(views)::float8 AS views
          FROM (${sql.join(
            parts.map(
              (p) =>
                sql`SELECT site_id, path, views FROM analytics_page_stats WHERE site_id IN (${sql.join(busiest)}) AND ${p}`,
            ),
            sql` UNION ALL `,
          )}) x
          GROUP BY site_id, path
          ORDER BY views DESC, site_id, path
          LIMIT 10`
          .execute(ctx.db)
          .then((r) => r.rows),
  ]);
  const titles = await pageTitles(ctx, pages, monthsOf(range));
  const seriesOf = new Map<number, Map<string, number>>();
  for (const r of series) {
    const m = seriesOf.get(r.site_id) ?? seriesOf.set(r.site_id, new Map()).get(r.site_id)!;
    m.set(r.period, r.visitors);
  }
  const domainOf = new Map(ranked.map((r) => [r.id, r.domain_name]));
  const t = daily.reduce(
    (acc, d) => ({
      visitors: acc.visitors + d.visitors,
      pageviews: acc.pageviews + d.pageviews,
      sessions: acc.sessions + d.sessions,
      bounces: acc.bounces + d.bounces,
      duration_ms: acc.duration_ms + d.duration_ms,
    }),
    { visitors: 0, pageviews: 0, sessions: 0, bounces: 0, duration_ms: 0 },
  );
  return {
    start_date: range.start,
    end_date: range.end,
    totals: {
      visitors: t.visitors,
      pageviews: t.pageviews,
      sessions: t.sessions,
      bounce_rate: percent(t.bounces, t.sessions),
      avg_session_duration: secondsPerSession(t),
      sites_with_visitors: ranked[0]?.with_visitors ?? 0,
    },
    daily: dailySeries(range, daily),
    sites: shown.map((s) => ({
      ...s,
      sparkline: points.map((p) => seriesOf.get(s.id)?.get(p) ?? 0),
    })),
    sparkline_grain: grain,
    top_pages: pages.map((p) => ({
      site_id: p.site_id,
      domain_name: domainOf.get(p.site_id) ?? '',
      path: p.path,
      title: titles.get(`${p.site_id} ${p.path}`) || p.path,
      views: p.views,
    })),
    traffic_sources: sources.map((s) => ({ ...s, percentage: percent(s.visitors, t.visitors) })),
  };
}
