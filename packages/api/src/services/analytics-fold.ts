import type { AnalyticsGrain, Database, Kysely, Transaction } from '@blogfleet/db';
import { sql } from 'kysely';

/** One event of a site's analytics plugin, as its events route answers it. */
export interface PluginEvent {
  id: number;
  type: 'view' | 'leave';
  /** ISO 8601, UTC. */
  time: string;
  visitor: string;
  path: string;
  title: string;
  referrer_host: string;
  duration_ms: number;
}

interface Session {
  day: string;
  visitor: string;
  pageviews: number;
  duration_ms: number;
  /** Absent from the database before this batch. */
  fresh: boolean;
  changed: boolean;
}

interface Totals {
  visitors: number;
  pageviews: number;
  sessions: number;
  bounces: number;
  duration_ms: number;
}

const zero = (): Totals => ({ visitors: 0, pageviews: 0, sessions: 0, bounces: 0, duration_ms: 0 });

/**
 * Distinct pages and sources kept per site and day (and one "(other)" row beyond them, where their views
 * and visitors count), so a script
 * sending made-up paths or referrers cannot grow the tables without end.
 */
export const MAX_PAGES_PER_DAY = 1000;
export const MAX_SOURCES_PER_DAY = 200;
export const OTHER = '(other)';

/** A session's duration never grows past this from one page (the plugin clamps it too). */
const MAX_VIEW_MS = 30 * 60_000;

export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The day's source of a session: where its first page view came from. */
export const sourceOf = (referrerHost: string) => referrerHost.trim().toLowerCase() || 'direct';

/**
 * Folds a batch of events into the site's aggregates, in the caller's transaction. A session is a
 * visitor's UTC day on the site (the plugin's visitor hash changes with its daily salt): its first view
 * counts a visitor, a session, a bounce and its source; its second view takes the bounce back; a leave
 * adds the time on that page. Sessions already stored (from an earlier pull) are read first, so a
 * session split over two pulls counts once.
 */
export async function foldEvents(
  trx: Transaction<Database> | Kysely<Database>,
  siteId: number,
  raw: PluginEvent[],
) {
  if (raw.length === 0) return { views: 0, leaves: 0 };
  // Postgres text cannot hold NUL: a visitor who sent one must not stop the site's analytics.
  const clean = (v: string) => v.replaceAll('\u0000', '');
  const events = raw.map((e) => ({
    ...e,
    visitor: clean(e.visitor),
    path: clean(e.path) || '/',
    title: clean(e.title),
    referrer_host: clean(e.referrer_host),
  }));
  const sessions = new Map<string, Session>();
  const keyOf = (day: string, visitor: string) => `${day}\u0000${visitor}`;
  const wanted = new Map<string, { day: string; visitor: string }>();
  for (const e of events) {
    const day = e.time.slice(0, 10);
    wanted.set(keyOf(day, e.visitor), { day, visitor: e.visitor });
  }
  const pairs = [...wanted.values()];
  for (let i = 0; i < pairs.length; i += 500) {
    const chunk = pairs.slice(i, i + 500);
    const rows = await trx
      .selectFrom('analytics_sessions')
      .select([sql<string>`day::text`.as('day'), 'visitor', 'pageviews', 'duration_ms'])
      .where('site_id', '=', siteId)
      .where(
        sql<boolean>`(day, visitor) IN (${sql.join(chunk.map((p) => sql`(${p.day}::date, ${p.visitor})`))})`,
      )
      .execute();
    for (const r of rows) sessions.set(keyOf(r.day, r.visitor), { ...r, fresh: false, changed: false });
  }

  const days = new Map<string, Totals>();
  const pages = new Map<string, { day: string; path: string; title: string; views: number }>();
  const sources = new Map<string, { day: string; source: string; visitors: number }>();
  const totalsOf = (day: string) => days.get(day) ?? days.set(day, zero()).get(day)!;
  let views = 0;
  let leaves = 0;

  for (const e of events) {
    const day = e.time.slice(0, 10);
    const key = keyOf(day, e.visitor);
    let session = sessions.get(key);
    const totals = totalsOf(day);
    if (e.type === 'view') {
      views += 1;
      if (!session) {
        session = { day, visitor: e.visitor, pageviews: 0, duration_ms: 0, fresh: true, changed: true };
        sessions.set(key, session);
        totals.visitors += 1;
        totals.sessions += 1;
        totals.bounces += 1;
        const source = sourceOf(e.referrer_host);
        const s = sources.get(`${day}\u0000${source}`) ?? { day, source, visitors: 0 };
        s.visitors += 1;
        sources.set(`${day}\u0000${source}`, s);
      } else if (session.pageviews === 1) {
        totals.bounces -= 1;
      }
      session.pageviews += 1;
      session.changed = true;
      totals.pageviews += 1;
      const pageKey = `${day}\u0000${e.path}`;
      const page = pages.get(pageKey) ?? { day, path: e.path, title: e.title, views: 0 };
      page.views += 1;
      if (e.title) page.title = e.title;
      pages.set(pageKey, page);
    } else if (session) {
      leaves += 1;
      const ms = Math.max(0, Math.min(MAX_VIEW_MS, Math.round(e.duration_ms)));
      session.duration_ms += ms;
      session.changed = true;
      totals.duration_ms += ms;
    }
  }

  const changed = [...sessions.values()].filter((s) => s.changed);
  for (let i = 0; i < changed.length; i += 500) {
    await trx
      .insertInto('analytics_sessions')
      .values(
        changed.slice(i, i + 500).map((s) => ({
          site_id: siteId,
          day: s.day,
          visitor: s.visitor,
          pageviews: s.pageviews,
          duration_ms: s.duration_ms,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['site_id', 'day', 'visitor']).doUpdateSet((eb) => ({
          pageviews: eb.ref('excluded.pageviews'),
          duration_ms: eb.ref('excluded.duration_ms'),
        })),
      )
      .execute();
  }

  await addTotals(trx, siteId, days);
  await addPages(trx, siteId, await capped(trx, 'page', siteId, [...pages.values()]));
  await addSources(trx, siteId, await capped(trx, 'source', siteId, [...sources.values()]));
  return { views, leaves };
}

/** Keys (paths or sources) a day has no room for any more become "(other)"; the same key adds up. */
async function capped<
  T extends { day: string; views?: number; visitors?: number } & ({ path: string } | { source: string }),
>(trx: Kysely<Database>, kind: 'page' | 'source', siteId: number, rows: T[]): Promise<T[]> {
  const keyOf = (r: T) => ('path' in r ? r.path : r.source);
  const cap = kind === 'page' ? MAX_PAGES_PER_DAY : MAX_SOURCES_PER_DAY;
  const out: T[] = [];
  const byDay = new Map<string, T[]>();
  for (const r of rows) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r]);
  for (const [day, list] of byDay) {
    const table = kind === 'page' ? 'analytics_page_stats' : 'analytics_source_stats';
    const column = kind === 'page' ? 'path' : 'source';
    const counted = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE site_id = ${siteId} AND grain = 'd' AND period = ${day}::date`.execute(
      trx,
    );
    let room = cap - (counted.rows[0]?.n ?? 0);
    if (room >= list.length) {
      out.push(...list);
      continue;
    }
    const known = new Set(
      (
        await sql<{ key: string }>`
          SELECT ${sql.ref(column)} AS key FROM ${sql.table(table)}
          WHERE site_id = ${siteId} AND grain = 'd' AND period = ${day}::date
            AND ${sql.ref(column)} IN (${sql.join(list.map(keyOf))})`.execute(trx)
      ).rows.map((r) => r.key),
    );
    let other: T | null = null;
    const addToOther = (r: T) => {
      if (!other) {
        other = { ...r, ...(kind === 'page' ? { path: OTHER, title: '' } : { source: OTHER }) };
        out.push(other);
      } else {
        if (other.views !== undefined) other.views += r.views ?? 0;
        if (other.visitors !== undefined) other.visitors += r.visitors ?? 0;
      }
    };
    for (const r of list) {
      if (keyOf(r) === OTHER) addToOther(r);
      else if (known.has(keyOf(r))) out.push(r);
      else if (room > 0) {
        room -= 1;
        out.push(r);
      } else addToOther(r);
    }
  }
  return out;
}

/** Adds each day's totals to the day and its month, for the site and for the fleet. */
async function addTotals(trx: Kysely<Database>, siteId: number, days: Map<string, Totals>) {
  const rows: (Totals & { grain: AnalyticsGrain; period: string })[] = [];
  const months = new Map<string, Totals>();
  for (const [day, t] of days) {
    rows.push({ grain: 'd', period: day, ...t });
    const m = months.get(monthOf(day)) ?? months.set(monthOf(day), zero()).get(monthOf(day))!;
    for (const k of Object.keys(t) as (keyof Totals)[]) m[k] += t[k];
  }
  for (const [month, t] of months) rows.push({ grain: 'm', period: month, ...t });
  if (rows.length === 0) return;
  const add = {
    visitors: sql<number>`analytics_site_stats.visitors + excluded.visitors`,
    pageviews: sql<number>`analytics_site_stats.pageviews + excluded.pageviews`,
    sessions: sql<number>`analytics_site_stats.sessions + excluded.sessions`,
    bounces: sql<number>`analytics_site_stats.bounces + excluded.bounces`,
    duration_ms: sql<number>`analytics_site_stats.duration_ms + excluded.duration_ms`,
  };
  await trx
    .insertInto('analytics_site_stats')
    .values(rows.map((r) => ({ site_id: siteId, ...r })))
    .onConflict((oc) => oc.columns(['site_id', 'grain', 'period']).doUpdateSet(add))
    .execute();
  // Sorted, so two sites' pulls touching the same fleet days take their locks in the same order.
  rows.sort((a, b) => (a.grain + a.period).localeCompare(b.grain + b.period));
  await trx
    .insertInto('analytics_fleet_stats')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['grain', 'period']).doUpdateSet({
        visitors: sql<number>`analytics_fleet_stats.visitors + excluded.visitors`,
        pageviews: sql<number>`analytics_fleet_stats.pageviews + excluded.pageviews`,
        sessions: sql<number>`analytics_fleet_stats.sessions + excluded.sessions`,
        bounces: sql<number>`analytics_fleet_stats.bounces + excluded.bounces`,
        duration_ms: sql<number>`analytics_fleet_stats.duration_ms + excluded.duration_ms`,
      }),
    )
    .execute();
}

async function addPages(
  trx: Kysely<Database>,
  siteId: number,
  pages: { day: string; path: string; title: string; views: number }[],
) {
  const byKey = new Map<
    string,
    { grain: AnalyticsGrain; period: string; path: string; title: string; views: number }
  >();
  for (const p of pages) {
    byKey.set(`d${p.day}${p.path}`, {
      grain: 'd',
      period: p.day,
      path: p.path,
      title: p.title,
      views: p.views,
    });
    const mk = `m${monthOf(p.day)}${p.path}`;
    const m = byKey.get(mk) ?? {
      grain: 'm' as const,
      period: monthOf(p.day),
      path: p.path,
      title: p.title,
      views: 0,
    };
    m.views += p.views;
    if (p.title) m.title = p.title;
    byKey.set(mk, m);
  }
  const rows = [...byKey.values()];
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('analytics_page_stats')
      .values(rows.slice(i, i + 500).map((r) => ({ site_id: siteId, ...r })))
      .onConflict((oc) =>
        oc.columns(['site_id', 'grain', 'period', 'path']).doUpdateSet({
          views: sql<number>`analytics_page_stats.views + excluded.views`,
          title: sql<string>`CASE WHEN excluded.title <> '' THEN excluded.title ELSE analytics_page_stats.title END`,
        }),
      )
      .execute();
  }
}

async function addSources(
  trx: Kysely<Database>,
  siteId: number,
  sources: { day: string; source: string; visitors: number }[],
) {
  const byKey = new Map<
    string,
    { grain: AnalyticsGrain; period: string; source: string; visitors: number }
  >();
  for (const s of sources) {
    byKey.set(`d${s.day}${s.source}`, { grain: 'd', period: s.day, source: s.source, visitors: s.visitors });
    const mk = `m${monthOf(s.day)}${s.source}`;
    const m = byKey.get(mk) ?? { grain: 'm' as const, period: monthOf(s.day), source: s.source, visitors: 0 };
    m.visitors += s.visitors;
    byKey.set(mk, m);
  }
  const rows = [...byKey.values()].sort((a, b) =>
    (a.grain + a.period + a.source).localeCompare(b.grain + b.period + b.source),
  );
  if (rows.length === 0) return;
  await trx
    .insertInto('analytics_source_stats')
    .values(rows.map((r) => ({ site_id: siteId, ...r })))
    .onConflict((oc) =>
      oc
        .columns(['site_id', 'grain', 'period', 'source'])
        .doUpdateSet({ visitors: sql<number>`analytics_source_stats.visitors + excluded.visitors` }),
    )
    .execute();
  await trx
    .insertInto('analytics_fleet_sources')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['grain', 'period', 'source'])
        .doUpdateSet({ visitors: sql<number>`analytics_fleet_sources.visitors + excluded.visitors` }),
    )
    .execute();
}
