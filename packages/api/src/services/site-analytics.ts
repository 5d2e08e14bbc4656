import { sql } from 'kysely';
import { z } from 'zod';
import type { Context } from '../context';
import {
  dailySeries,
  monthsOf,
  percent,
  periodsOf,
  rangeOf,
  secondsPerSession,
  sumOf,
  todayUtc,
} from './analytics-range';
import { getSite } from './sites';

type Ctx = Pick<Context, 'db'>;

export const trafficSourceView = z.object({
  source: z.string(),
  visitors: z.number().int(),
  percentage: z.number(),
});

export const siteAnalyticsView = z.object({
  start_date: z.string(),
  end_date: z.string(),
  visitors: z.object({ total: z.number().int(), today: z.number().int() }),
  pageviews: z.object({ total: z.number().int() }),
  sessions: z.number().int(),
  /** Percentage of sessions that saw one page. */
  bounce_rate: z.number(),
  /** Seconds. */
  avg_session_duration: z.number(),
  traffic_sources: z.array(trafficSourceView),
  top_pages: z.array(z.object({ title: z.string(), views: z.number().int(), path: z.string() })),
  daily: z.array(z.object({ date: z.string(), visitors: z.number().int(), pageviews: z.number().int() })),
  collection: z.object({
    pulled_at: z.string().nullable(),
    events_pulled: z.number().int(),
    error: z.string().nullable(),
    error_at: z.string().nullable(),
  }),
});

/** GET sites/{id}/analytics: the spec's analytics shape for a range of UTC days, with a daily series. */
export async function siteAnalytics(
  ctx: Ctx,
  siteId: number,
  input: { start_date?: string; end_date?: string },
) {
  await getSite(ctx, siteId);
  const range = rangeOf(input);
  const within = periodsOf(range);
  const [totals, today, daily, sources, pages, cursor] = await Promise.all([
    ctx.db
      .selectFrom('analytics_site_stats')
      .select([
        sumOf('visitors').as('visitors'),
        sumOf('pageviews').as('pageviews'),
        sumOf('sessions').as('sessions'),
        sumOf('bounces').as('bounces'),
        sumOf('duration_ms').as('duration_ms'),
      ])
      .where('site_id', '=', siteId)
      .where(within)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('analytics_site_stats')
      .select('visitors')
      .where('site_id', '=', siteId)
      .where('grain', '=', 'd')
      .where('period', '=', todayUtc())
      .executeTakeFirst(),
    ctx.db
      .selectFrom('analytics_site_stats')
      .select([sql<string>`period::text`.as('date'), 'visitors', 'pageviews'])
      .where('site_id', '=', siteId)
      .where('grain', '=', 'd')
      .where('period', '>=', range.start)
      .where('period', '<=', range.end)
      .execute(),
    ctx.db
      .selectFrom('analytics_source_stats')
      .select(['source', sumOf('visitors').as('visitors')])
      .where('site_id', '=', siteId)
      .where(within)
      .groupBy('source')
      .orderBy('visitors', 'desc')
      .orderBy('source')
      .limit(20)
      .execute(),
    ctx.db
      .selectFrom('analytics_page_stats')
      .select(['path', sumOf('views').as('views')])
      .where('site_id', '=', siteId)
      .where(within)
      .groupBy('path')
      .orderBy('views', 'desc')
      .orderBy('path')
      .limit(10)
      .execute(),
    ctx.db.selectFrom('analytics_cursors').selectAll().where('site_id', '=', siteId).executeTakeFirst(),
  ]);
  const titles = await pageTitles(
    ctx,
    pages.map((p) => ({ site_id: siteId, path: p.path })),
    monthsOf(range),
  );
  return {
    start_date: range.start,
    end_date: range.end,
    visitors: { total: totals.visitors, today: today?.visitors ?? 0 },
    pageviews: { total: totals.pageviews },
    sessions: totals.sessions,
    bounce_rate: percent(totals.bounces, totals.sessions),
    avg_session_duration: secondsPerSession(totals),
    traffic_sources: sources.map((s) => ({ ...s, percentage: percent(s.visitors, totals.visitors) })),
    top_pages: pages.map((p) => ({
      path: p.path,
      title: titles.get(`${siteId} ${p.path}`) || p.path,
      views: p.views,
    })),
    daily: dailySeries(range, daily),
    collection: {
      pulled_at: cursor?.pulled_at?.toISOString() ?? null,
      events_pulled: cursor?.events_pulled ?? 0,
      error: cursor?.error ?? null,
      error_at: cursor?.error_at?.toISOString() ?? null,
    },
  };
}

/** The latest title of each page, read by key from the month rows (every day row has its month's). */
export async function pageTitles(ctx: Ctx, pages: { site_id: number; path: string }[], months: string[]) {
  if (pages.length === 0) return new Map<string, string>();
  const rows = await ctx.db
    .selectFrom('analytics_page_stats')
    .select(['site_id', 'path', 'title'])
    .distinctOn(['site_id', 'path'])
    .where('grain', '=', 'm')
    .where('period', 'in', months)
    .where(
      sql<boolean>`(site_id, path) IN (${sql.join(pages.map((p) => sql`(${p.site_id}::int, ${p.path})`))})`,
    )
    .where('title', '<>', '')
    .orderBy('site_id')
    .orderBy('path')
    .orderBy('period', 'desc')
    .execute();
  return new Map(rows.map((r) => [`${r.site_id} ${r.path}`, r.title]));
}
