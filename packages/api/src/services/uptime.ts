import { sql, type Database, type Kysely } from '@blogfleet/db';
import { UPTIME_DEFAULT_INTERVAL_MINUTES } from '@blogfleet/validators';
import { z } from 'zod';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import { forEachBounded } from './bounded';
import { loadSection, type IntegrationCtx } from './integration-config';
import { notifyActiveUsers } from './notifications';
import { sendWebhookQuietly } from './notifications-webhook';
import { restRoot, siteUrlOf } from './sites';

/**
 * Sites checked at once in this process, over all periodic runs together (each site's two requests go
 * in parallel, so twice as many requests). Another process bounds its own; the claim on the rows keeps
 * any two runs, here or there, from checking the same site.
 */
export const UPTIME_CONCURRENCY = 50;
/** How long one request (home page or REST root) may take before the check counts as failed. */
export const UPTIME_REQUEST_TIMEOUT_MS = 10_000;
/** The least a request is given when many sites share a short interval. */
export const UPTIME_MIN_REQUEST_TIMEOUT_MS = 2_000;
/** A run whose sites all time out takes at most this share of the interval (the rest: database, webhook). */
const RUN_SHARE = 0.8;
/** A site goes down after this many failed checks in a row. */
export const UPTIME_FAILURES_FOR_DOWN = 2;
/** Sites one periodic run claims at most (the rest wait for the next minute). */
const UPTIME_BATCH = 5_000;
/** The cron runs every minute: a site due a few seconds after it is taken in that run already. */
const DUE_SLACK_SECONDS = 20;

type Db = Kysely<Database>;
type Deps = IntegrationCtx;

/** One check as callers see it. */
export const uptimeCheckView = z.object({
  checked_at: z.string(),
  up: z.boolean(),
  status_code: z.number().int().nullable(),
  response_ms: z.number().int().nullable().describe('Time to the home page’s answer'),
  error: z.string().nullable(),
});
export type UptimeCheckView = z.infer<typeof uptimeCheckView>;

interface Outcome {
  startedAt: Date;
  up: boolean;
  statusCode: number | null;
  responseMs: number | null;
  error: string | null;
}

export interface UptimeTarget {
  id: number;
  site_title: string;
  domain_name: string;
  wp_api_url: string;
}

/** The REST root of a site's API address, as a URL to GET: `…/wp-json/` or the `?rest_route=/` form. */
export function restRootUrl(apiUrl: string): string {
  return restRoot(apiUrl).replace(/\/wp-json$/, '/wp-json/');
}

/** The home page a visitor opens. */
export const homeUrl = (apiUrl: string) => `${siteUrlOf(apiUrl).replace(/\/+$/, '')}/`;

function reasonOf(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
    return `no answer within ${Math.round(timeoutMs / 100) / 10} s`;
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause;
  if (cause?.code === 'ECONNREFUSED') return 'connection refused';
  if (cause?.code === 'ENOTFOUND' || cause?.code === 'EAI_AGAIN') return 'the name does not resolve';
  if (cause?.code === 'ECONNRESET' || cause?.code === 'UND_ERR_SOCKET') return 'the connection was closed';
  if (cause?.code) return cause.code;
  return err instanceof Error ? (cause?.message ?? err.message) : String(err);
}

/** One GET: the status and the time to the answer's headers (the body is not read). */
async function timedGet(url: string, timeoutMs: number) {
  const started = performance.now();
  const res = await fetch(url, {
    headers: { 'user-agent': 'Blogfleet uptime check', accept: '*/*' },
    redirect: 'follow',
    signal: AbortSignal.timeout(timeoutMs),
  });
  const ms = Math.round(performance.now() - started);
  await res.body?.cancel().catch(() => undefined);
  return { status: res.status, ms };
}

/**
 * Checks a site's home page and its REST root at the same time (a check takes one timeout at most, not
 * two); up when both answer below 400. The home page's failure is the one reported when both fail.
 */
export async function probeSite(apiUrl: string, timeoutMs = UPTIME_REQUEST_TIMEOUT_MS): Promise<Outcome> {
  const startedAt = new Date();
  const [homeResult, restResult] = await Promise.allSettled([
    timedGet(homeUrl(apiUrl), timeoutMs),
    timedGet(restRootUrl(apiUrl), timeoutMs),
  ]);
  if (homeResult.status === 'rejected') {
    return {
      startedAt,
      up: false,
      statusCode: null,
      responseMs: null,
      error: `Home page: ${reasonOf(homeResult.reason, timeoutMs)}`,
    };
  }
  const home = homeResult.value;
  const failed = (where: string, status: number | null, why: string): Outcome => ({
    startedAt,
    up: false,
    statusCode: status,
    responseMs: home.ms,
    error: `${where}: ${why}`,
  });
  if (home.status >= 400) return failed('Home page', home.status, `HTTP ${home.status}`);
  if (restResult.status === 'rejected')
    return failed('REST API', null, reasonOf(restResult.reason, timeoutMs));
  const rest = restResult.value;
  if (rest.status >= 400) return failed('REST API', rest.status, `HTTP ${rest.status}`);
  return { startedAt, up: true, statusCode: home.status, responseMs: home.ms, error: null };
}

/** Sites one run claims at most: as many as can all time out, at the least timeout, within the interval. */
export function uptimeClaimLimit(intervalMinutes: number, concurrency: number): number {
  const rounds = Math.floor((intervalMinutes * 60_000 * RUN_SHARE) / UPTIME_MIN_REQUEST_TIMEOUT_MS);
  return Math.min(UPTIME_BATCH, concurrency * Math.max(1, rounds));
}

/**
 * The time one request may take so that `sites` sites, `concurrency` at a time, end within 80 % of the
 * interval even when every one times out: 10 s, less for a short interval or a large fleet.
 */
export function requestTimeoutFor(intervalMinutes: number, sites: number, concurrency: number): number {
  const rounds = Math.max(1, Math.ceil(sites / concurrency));
  const fits = Math.floor((intervalMinutes * 60_000 * RUN_SHARE) / rounds);
  return Math.max(UPTIME_MIN_REQUEST_TIMEOUT_MS, Math.min(UPTIME_REQUEST_TIMEOUT_MS, fits));
}

/** Settings → Monitoring: the interval, and the webhook when one is set (unreadable: none). */
export async function monitoringSettings(ctx: Deps) {
  const stored = await loadSection(ctx, 'monitoring');
  const minutes = stored.values.uptimeIntervalMinutes;
  return {
    intervalMinutes: typeof minutes === 'number' && minutes >= 1 ? minutes : UPTIME_DEFAULT_INTERVAL_MINUTES,
    webhookUrl: stored.secrets.notificationWebhookUrl || null,
  };
}

export type UptimeEvent = 'down' | 'up' | null;

/**
 * Stores a check and moves the site's state: a success makes it up (and says so when it was down); a
 * failure counts, and the second in a row makes it down. Down and back up notify every active user, in
 * the same transaction; the webhook is the caller's (after commit). Null when the site is gone.
 * A check by hand (Check now) is a real check and moves the state the same way: a site that fails an
 * operator's checks is down, one that answers is back. It does not put off the next periodic check.
 */
export async function recordCheck(db: Db, siteId: number, outcome: Outcome, manual = false) {
  return db.transaction().execute(async (trx) => {
    const site = await trx
      .selectFrom('sites')
      .select(['id', 'site_title', 'domain_name', 'uptime_status', 'uptime_failures'])
      .where('id', '=', siteId)
      .forUpdate()
      .executeTakeFirst();
    if (!site) return null;
    const row = {
      site_id: siteId,
      checked_at: outcome.startedAt,
      up: outcome.up,
      status_code: outcome.statusCode,
      response_ms: outcome.responseMs,
      error: outcome.error?.slice(0, 1_000) ?? null,
    };
    const failures = outcome.up ? 0 : site.uptime_failures + 1;
    let status = site.uptime_status;
    if (outcome.up) status = 'up';
    else if (failures >= UPTIME_FAILURES_FOR_DOWN) status = 'down';
    const event: UptimeEvent =
      status === 'down' && site.uptime_status !== 'down'
        ? 'down'
        : status === 'up' && site.uptime_status === 'down'
          ? 'up'
          : null;
    await trx.insertInto('uptime_checks').values(row).execute();
    await trx
      .updateTable('sites')
      .set({
        uptime_status: status,
        uptime_failures: failures,
        ...(manual ? {} : { uptime_checked_at: outcome.startedAt }),
        uptime_response_ms: outcome.responseMs,
        ...(status !== site.uptime_status ? { uptime_changed_at: outcome.startedAt } : {}),
      })
      .where('id', '=', siteId)
      .execute();
    const name = site.domain_name;
    if (event === 'down') {
      await notifyActiveUsers(trx, {
        kind: 'site.down',
        title: `${name} is down`,
        body: `${outcome.error ?? 'The check failed'} (${failures} failed checks in a row).`,
        params: { domain: name, failures, ...(outcome.error ? { error: outcome.error } : {}) },
        link: `/sites/${siteId}`,
        subjectType: 'site',
        subjectId: siteId,
      });
    } else if (event === 'up') {
      await notifyActiveUsers(trx, {
        kind: 'site.up',
        title: `${name} is back up`,
        body: `HTTP ${outcome.statusCode} in ${outcome.responseMs} ms.`,
        params: {
          domain: name,
          ...(outcome.statusCode !== null ? { status_code: outcome.statusCode } : {}),
          ...(outcome.responseMs !== null ? { response_ms: outcome.responseMs } : {}),
        },
        link: `/sites/${siteId}`,
        subjectType: 'site',
        subjectId: siteId,
      });
    }
    return { event, status, failures, site };
  });
}

/** Slack reads `<url|text>` as a link and `&…;` as an entity: its rule is to escape these three. */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The Slack-compatible text of a down or up event (a site's title and an error are shown as text). */
export function webhookText(
  site: { site_title: string; domain_name: string },
  event: 'down' | 'up',
  o: Outcome,
) {
  const name = slackEscape(
    site.site_title && site.site_title !== site.domain_name
      ? `${site.site_title} (${site.domain_name})`
      : site.domain_name,
  );
  return event === 'down'
    ? `:red_circle: ${name} is down: ${slackEscape(o.error ?? 'the check failed')}`
    : `:large_green_circle: ${name} is back up (HTTP ${o.statusCode} in ${o.responseMs} ms)`;
}

async function checkOne(
  deps: Deps,
  site: UptimeTarget,
  timeoutMs: number,
  webhookUrl: string | null,
  manual = false,
) {
  const outcome = await probeSite(site.wp_api_url, timeoutMs);
  const recorded = await recordCheck(deps.db, site.id, outcome, manual);
  let webhookFailed = false;
  if (recorded?.event && webhookUrl) {
    webhookFailed = !(await sendWebhookQuietly(
      webhookUrl,
      webhookText(recorded.site, recorded.event, outcome),
    ));
  }
  return { outcome, recorded, webhookFailed };
}

/**
 * Claims the active sites with an address whose last check is older than the interval, on their rows
 * (so no other process checks them in this turn), oldest first.
 */
export async function claimDueSites(db: Db, intervalMinutes: number, limit = UPTIME_BATCH) {
  const { rows } = await sql<UptimeTarget>`
    UPDATE sites SET uptime_checked_at = now()
    WHERE id IN (
      SELECT id FROM sites
      WHERE status = 'active' AND wp_api_url IS NOT NULL
        AND (uptime_checked_at IS NULL
             OR uptime_checked_at <= now() - make_interval(secs => ${intervalMinutes * 60 - DUE_SLACK_SECONDS}))
      ORDER BY uptime_checked_at NULLS FIRST, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, site_title, domain_name, wp_api_url`.execute(db);
  return rows;
}

export interface UptimeRunOptions {
  concurrency?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Sites being checked in this process, over every run: the cron starts a run each minute, and one that
 * is still going shares the bound with it rather than adding to it.
 */
const slots = { busy: 0, waiting: [] as (() => void)[] };

async function takeSlot(limit: number) {
  while (slots.busy >= limit) await new Promise<void>((resolve) => slots.waiting.push(resolve));
  slots.busy++;
}

function freeSlot() {
  slots.busy--;
  // Each waiter looks again (runs may ask for different bounds).
  for (const wake of slots.waiting.splice(0)) wake();
}

/**
 * The periodic run: checks every due site, `concurrency` sites at a time in this process over all runs
 * (each site's two requests in parallel), each request under a timeout that lets the claimed sites end
 * within the interval even when all time out; a site that cannot be checked is the next run's.
 */
export async function runUptimeChecks(deps: Deps, opts: UptimeRunOptions = {}) {
  const concurrency = Math.max(1, opts.concurrency ?? UPTIME_CONCURRENCY);
  const { intervalMinutes, webhookUrl } = await monitoringSettings(deps);
  const sites = await claimDueSites(deps.db, intervalMinutes, uptimeClaimLimit(intervalMinutes, concurrency));
  const timeoutMs = opts.timeoutMs ?? requestTimeoutFor(intervalMinutes, sites.length, concurrency);
  const summary = { checked: 0, up: 0, down: 0, wentDown: 0, cameUp: 0, webhookFailures: 0, errors: 0 };
  const checkSite = async (site: (typeof sites)[number]) => {
    await takeSlot(concurrency);
    try {
      if (opts.signal?.aborted) return;
      const { outcome, recorded, webhookFailed } = await checkOne(deps, site, timeoutMs, webhookUrl);
      summary.checked++;
      if (outcome.up) summary.up++;
      else summary.down++;
      if (recorded?.event === 'down') summary.wentDown++;
      if (recorded?.event === 'up') summary.cameUp++;
      if (webhookFailed) summary.webhookFailures++;
    } catch {
      // The database was away for this one; it is due again next run.
      summary.errors++;
    } finally {
      freeSlot();
    }
  };
  await forEachBounded(sites, concurrency, checkSite, opts.signal);
  return { ...summary, claimed: sites.length, intervalMinutes, timeoutMs };
}

const toCheckView = (o: Outcome): UptimeCheckView => ({
  checked_at: o.startedAt.toISOString(),
  up: o.up,
  status_code: o.statusCode,
  response_ms: o.responseMs,
  error: o.error,
});

/**
 * POST sites/{id}/uptime/check: one check now (an inactive site too), stored in the history. It moves
 * the site up or down and notifies, the webhook too, as a periodic check does (see recordCheck).
 */
export async function checkSiteNow(ctx: Deps, siteId: number) {
  const site = await ctx.db
    .selectFrom('sites')
    .select(['id', 'site_title', 'domain_name', 'wp_api_url'])
    .where('id', '=', siteId)
    .executeTakeFirst();
  if (!site) throw notFound('Site');
  if (!site.wp_api_url) {
    throw new AppError('VALIDATION_ERROR', 'This site has no address (WordPress API URL) to check');
  }
  const { outcome, recorded } = await checkOne(
    ctx,
    { ...site, wp_api_url: site.wp_api_url },
    UPTIME_REQUEST_TIMEOUT_MS,
    (await monitoringSettings(ctx)).webhookUrl,
    true,
  );
  if (!recorded) throw notFound('Site');
  return { check: toCheckView(outcome), status: recorded.status, consecutive_failures: recorded.failures };
}

const percent = (up: number, total: number) => (total > 0 ? Math.round((up / total) * 10_000) / 100 : null);

/** The 7-day uptime of these sites (the list's page): one index-only range per site. */
export async function uptimeSevenDays(db: Db, ids: number[]): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('uptime_checks')
    .select([
      'site_id',
      sql<number>`count(*)::int`.as('total'),
      sql<number>`count(*) FILTER (WHERE up)::int`.as('ups'),
    ])
    .where('site_id', 'in', ids)
    .where('checked_at', '>=', sql<Date>`now() - interval '7 days'`)
    .groupBy('site_id')
    .execute();
  for (const r of rows) out.set(r.site_id, percent(Number(r.ups), Number(r.total)));
  return out;
}

/** Up to this many checks in the range come one by one; more are grouped into buckets of whole hours. */
const RAW_POINTS = 400;
const MAX_BUCKETS = 360;

/** GET sites/{id}/uptime: the status, the range's uptime and its checks (or hourly buckets). */
export async function siteUptime(ctx: Pick<Context, 'db'>, siteId: number, days: number) {
  const site = await ctx.db
    .selectFrom('sites')
    .select(['uptime_status', 'uptime_checked_at', 'uptime_changed_at', 'uptime_failures'])
    .where('id', '=', siteId)
    .executeTakeFirst();
  if (!site) throw notFound('Site');
  const since = sql<Date>`now() - make_interval(days => ${days})`;
  const totals = await ctx.db
    .selectFrom('uptime_checks')
    .select([sql<number>`count(*)::int`.as('total'), sql<number>`count(*) FILTER (WHERE up)::int`.as('ups')])
    .where('site_id', '=', siteId)
    .where('checked_at', '>=', since)
    .executeTakeFirstOrThrow();
  const total = Number(totals.total);
  let bucketMinutes: number | null = null;
  let checks: (UptimeCheckView & { count: number; up_count: number })[];
  if (total <= RAW_POINTS) {
    const rows = await ctx.db
      .selectFrom('uptime_checks')
      .select(['checked_at', 'up', 'status_code', 'response_ms', 'error'])
      .where('site_id', '=', siteId)
      .where('checked_at', '>=', since)
      .orderBy('checked_at')
      .orderBy('id')
      .execute();
    checks = rows.map((r) => ({
      checked_at: r.checked_at.toISOString(),
      up: r.up,
      status_code: r.status_code,
      response_ms: r.response_ms,
      error: r.error,
      count: 1,
      up_count: r.up ? 1 : 0,
    }));
  } else {
    const hours = Math.max(1, Math.ceil((days * 24) / MAX_BUCKETS));
    bucketMinutes = hours * 60;
    // A literal (a whole number of hours), so the grouped and the selected expression are the same.
    const bucket = sql<Date>`date_bin(${sql.raw(`interval '${hours} hours'`)}, checked_at, timestamptz '2000-01-01 00:00:00+00')`;
    const rows = await ctx.db
      .selectFrom('uptime_checks')
      .select([
        bucket.as('bucket'),
        sql<number>`count(*)::int`.as('n'),
        sql<number>`count(*) FILTER (WHERE up)::int`.as('ups'),
        sql<number | null>`round(avg(response_ms))::int`.as('avg_ms'),
        sql<number | null>`max(status_code) FILTER (WHERE NOT up)`.as('failed_status'),
        sql<number | null>`max(status_code) FILTER (WHERE up)`.as('ok_status'),
      ])
      .where('site_id', '=', siteId)
      .where('checked_at', '>=', since)
      .groupBy(bucket)
      .orderBy(bucket)
      .execute();
    checks = rows.map((r) => {
      const n = Number(r.n);
      const ups = Number(r.ups);
      return {
        checked_at: new Date(r.bucket).toISOString(),
        up: ups === n,
        status_code: ups === n ? r.ok_status : r.failed_status,
        response_ms: r.avg_ms === null ? null : Number(r.avg_ms),
        error: ups === n ? null : `${n - ups} of ${n} checks failed`,
        count: n,
        up_count: ups,
      };
    });
  }
  return {
    status: site.uptime_status,
    uptime_percent: percent(Number(totals.ups), total),
    days,
    last_checked_at: site.uptime_checked_at?.toISOString() ?? null,
    status_changed_at: site.uptime_changed_at?.toISOString() ?? null,
    consecutive_failures: site.uptime_failures,
    bucket_minutes: bucketMinutes,
    checks,
  };
}
