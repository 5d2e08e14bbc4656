import type { CreateTrafficRequestInput } from '@blogfleet/validators';
import { z } from 'zod';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { sql } from 'kysely';
import { periodsOf } from './analytics-range';
import { audit } from './audit';
import { getSite, siteUrlOf } from './sites';

type Ctx = Pick<Context, 'db' | 'req'> & { user: { id: number } };

export const trafficRequestView = z.object({
  id: z.number().int(),
  unique_users: z.number().int(),
  duration_days: z.number().int(),
  target_pages: z.array(z.string()),
  status: z.enum(['pending', 'active', 'completed', 'failed', 'cancelled']),
  /** The window the visits are counted in: from creation for duration_days. */
  starts_at: z.string(),
  ends_at: z.string(),
  created_at: z.string(),
  results: z.object({ delivered_visits: z.number().int(), completion_rate: z.number() }),
});

type Row = {
  id: number;
  unique_users: number;
  duration_days: number;
  target_pages: string[];
  status: z.infer<typeof trafficRequestView>['status'];
  delivered_visits: number;
  completion_rate: string | number;
  created_at: Date;
};

const DAY = 86_400_000;

/** A request is active during its window; once the window is over it is completed (issue 13 measures it). */
function toView(r: Row, now = Date.now()) {
  const ends = r.created_at.getTime() + r.duration_days * DAY;
  return {
    id: r.id,
    unique_users: r.unique_users,
    duration_days: r.duration_days,
    target_pages: r.target_pages,
    status: r.status === 'active' && now >= ends ? ('completed' as const) : r.status,
    starts_at: r.created_at.toISOString(),
    ends_at: new Date(ends).toISOString(),
    created_at: r.created_at.toISOString(),
    results: { delivered_visits: r.delivered_visits, completion_rate: Number(r.completion_rate) },
  };
}

/** Target pages as paths of this site: a path, or an address whose host is the site's (domain or its URL). */
function targetPaths(pages: string[], hosts: string[]): string[] {
  const paths = pages.map((page) => {
    if (page.startsWith('/')) return new URL(page, 'http://x').pathname;
    let url: URL;
    try {
      url = new URL(/^[a-z]+:\/\//i.test(page) ? page : `https://${page}`);
    } catch {
      throw new AppError('VALIDATION_ERROR', `"${page}" is not a page address or path`);
    }
    if (!hosts.includes(url.host.replace(/^www\./, ''))) {
      throw new AppError('VALIDATION_ERROR', `${page} is not a page of this site (${hosts[0]})`);
    }
    return url.pathname || '/';
  });
  return paths.length > 0 ? [...new Set(paths)] : ['/'];
}

/** POST sites/{id}/traffic-requests: stored as active for its window (delivery is measured by analytics). */
export async function createTrafficRequest(ctx: Ctx, input: CreateTrafficRequestInput) {
  const site = await getSite(ctx, input.id);
  const hosts = [site.domain_name, site.domain_name_unicode];
  if (site.wp_api_url) hosts.push(new URL(siteUrlOf(site.wp_api_url)).host);
  const row = await ctx.db
    .insertInto('traffic_requests')
    .values({
      site_id: site.id,
      unique_users: input.unique_users,
      duration_days: input.duration_days,
      target_pages: targetPaths(input.target_pages, hosts),
      status: 'active',
      created_by: ctx.user.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await audit(ctx, {
    action: 'site.traffic_request',
    subjectType: 'site',
    subjectId: site.id,
    details: { requestId: row.id, uniqueUsers: row.unique_users, days: row.duration_days },
  });
  return toView(row);
}

/**
 * Measures the site's running requests from its analytics: the page views of the target pages on the
 * UTC days of the request's window are its delivered visits. A request completes when the target is
 * reached, or when its window has ended and the site was read after it; what it delivered stays with it.
 */
export async function measureTrafficRequests(ctx: Pick<Context, 'db'>, siteId: number, now = Date.now()) {
  const running = await ctx.db
    .selectFrom('traffic_requests')
    .selectAll()
    .where('site_id', '=', siteId)
    .where('status', 'in', ['active', 'pending'])
    .execute();
  if (running.length === 0) return;
  const cursor = await ctx.db
    .selectFrom('analytics_cursors')
    .select('pulled_at')
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  const readUntil = cursor?.pulled_at?.getTime() ?? 0;
  for (const r of running) {
    const start = r.created_at.toISOString().slice(0, 10);
    const ends = r.created_at.getTime() + r.duration_days * DAY;
    const end = new Date(Math.min(now, ends)).toISOString().slice(0, 10);
    const { views } = await ctx.db
      .selectFrom('analytics_page_stats')
      .select(sql<number>`coalesce(sum(views), 0)::int`.as('views'))
      .where('site_id', '=', siteId)
      .where('path', 'in', withAndWithoutSlash(r.target_pages))
      .where(periodsOf({ start, end: end < start ? start : end }))
      .executeTakeFirstOrThrow();
    // Ended once the site was read after its window (or a day later, for a site that is never read).
    const over = now >= ends && (readUntil >= ends || now >= ends + DAY);
    const done = over || views >= r.unique_users;
    if (views === r.delivered_visits && !done) continue;
    await ctx.db
      .updateTable('traffic_requests')
      .set({
        delivered_visits: views,
        completion_rate: Math.min(100, Math.round((views / r.unique_users) * 1000) / 10),
        status: done ? 'completed' : r.status,
        updated_at: new Date(),
      })
      .where('id', '=', r.id)
      .where('status', 'in', ['active', 'pending'])
      .execute();
  }
}

/** WordPress answers /about and /about/ alike: a target counts the views of both. */
function withAndWithoutSlash(paths: string[]): string[] {
  const all = new Set<string>();
  for (const p of paths) {
    all.add(p);
    if (p !== '/') all.add(p.endsWith('/') ? p.slice(0, -1) : `${p}/`);
  }
  return [...all];
}

/** GET sites/{id}/traffic-requests: newest first, measured as of now. */
export async function listTrafficRequests(ctx: Pick<Context, 'db'>, siteId: number) {
  await getSite(ctx, siteId);
  await measureTrafficRequests(ctx, siteId);
  const rows = await ctx.db
    .selectFrom('traffic_requests')
    .selectAll()
    .where('site_id', '=', siteId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => toView(r));
}

/** POST sites/{id}/traffic-requests/{requestId}/cancel: only while it runs. */
export async function cancelTrafficRequest(ctx: Ctx, siteId: number, requestId: number) {
  const row = await ctx.db
    .selectFrom('traffic_requests')
    .selectAll()
    .where('id', '=', requestId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  if (!row) throw notFound('Traffic request');
  const current = toView(row);
  if (current.status !== 'active' && current.status !== 'pending') {
    throw new AppError(
      'VALIDATION_ERROR',
      `This traffic request is ${current.status}; only a running one can be cancelled`,
    );
  }
  const updated = await ctx.db
    .updateTable('traffic_requests')
    .set({ status: 'cancelled', updated_at: new Date() })
    .where('id', '=', requestId)
    .where('status', 'in', ['active', 'pending'])
    .returningAll()
    .executeTakeFirst();
  if (!updated) throw new AppError('VALIDATION_ERROR', 'This traffic request has just ended');
  await audit(ctx, {
    action: 'site.traffic_cancel',
    subjectType: 'site',
    subjectId: siteId,
    details: { requestId },
  });
  return toView(updated);
}
