import type { Context } from '../context';
import { AppError } from '../errors';
import { forEachBounded } from './bounded';
import { foldEvents } from './analytics-fold';
import { requireSiteClient } from './sites';
import { measureTrafficRequests } from './site-traffic';

type Ctx = Pick<Context, 'db' | 'secrets'>;

/** Events asked for per call, and calls per pull: a site far behind catches up over a few turns. */
const PAGE = 1000;
const MAX_PAGES = 50;

export interface PullOutcome {
  siteId: number;
  events: number;
  /** The plugin is missing, the site unreachable, …: the reason also stays on the cursor. */
  error?: string;
}

/**
 * Pulls the site's new analytics events and folds them in. Each page of events is folded in one
 * transaction that first locks the site's cursor and checks it did not move: a pull that raced
 * another (two processes, a "sync all" during the periodic pull) drops its page instead of counting it
 * twice. A failure is kept on the cursor for the site's analytics tab and cleared by the next good pull.
 */
export async function pullAnalytics(ctx: Ctx, siteId: number): Promise<PullOutcome> {
  let client: Awaited<ReturnType<typeof requireSiteClient>>['client'];
  try {
    client = (await requireSiteClient(ctx, siteId)).client;
  } catch (e) {
    return failed(ctx, siteId, e);
  }
  await ctx.db
    .insertInto('analytics_cursors')
    .values({ site_id: siteId })
    .onConflict((oc) => oc.column('site_id').doNothing())
    .execute();
  let total = 0;
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const { last_event_id: after } = await ctx.db
        .selectFrom('analytics_cursors')
        .select('last_event_id')
        .where('site_id', '=', siteId)
        .executeTakeFirstOrThrow();
      const answer = await client.analyticsEvents({ after, limit: PAGE });
      const events = answer.events.filter((e) => e.id > after);
      const lastId = Math.max(after, answer.last_id, ...events.map((e) => e.id));
      const folded = await ctx.db.transaction().execute(async (trx) => {
        const cursor = await trx
          .selectFrom('analytics_cursors')
          .select('last_event_id')
          .where('site_id', '=', siteId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (cursor.last_event_id !== after) return false;
        await foldEvents(trx, siteId, events);
        await trx
          .updateTable('analytics_cursors')
          .set((eb) => ({
            last_event_id: lastId,
            pulled_at: new Date(),
            events_pulled: eb('events_pulled', '+', events.length),
            error: null,
            error_at: null,
          }))
          .where('site_id', '=', siteId)
          .execute();
        return true;
      });
      if (folded) total += events.length;
      if (events.length === 0 && after > 0 && (await startedAgain(client, after))) {
        // The site's events were made again (restored, moved): its ids start from 1 below our cursor.
        await ctx.db
          .updateTable('analytics_cursors')
          .set({ last_event_id: 0 })
          .where('site_id', '=', siteId)
          .where('last_event_id', '=', after)
          .execute();
        continue;
      }
      if (!answer.has_more || events.length === 0) break;
    }
  } catch (e) {
    return failed(ctx, siteId, e, total);
  }
  await measureTrafficRequests(ctx, siteId);
  return { siteId, events: total };
}

async function startedAgain(client: Awaited<ReturnType<typeof requireSiteClient>>['client'], after: number) {
  const status = await client.analyticsStatus();
  return status.installed && status.last_id < after;
}

async function failed(ctx: Ctx, siteId: number, e: unknown, events = 0): Promise<PullOutcome> {
  const error = reasonOf(e);
  await ctx.db
    .insertInto('analytics_cursors')
    .values({ site_id: siteId, error, error_at: new Date() })
    .onConflict((oc) => oc.column('site_id').doUpdateSet({ error, error_at: new Date() }))
    .execute()
    .catch(() => undefined);
  return { siteId, events, error };
}

function reasonOf(e: unknown): string {
  if (e instanceof AppError) return e.message;
  if (e instanceof Error) return e.message;
  return String(e);
}

/**
 * Pulls every active site with a WordPress connection, a few at a time: the periodic pull and "sync
 * all". One site's failure is that site's outcome, never the others'.
 */
export async function pullAllAnalytics(
  ctx: Ctx,
  opts: { concurrency?: number; progress?: (done: number, total: number) => Promise<void> } = {},
) {
  const sites = await ctx.db
    .selectFrom('sites')
    .select('id')
    .where('status', '=', 'active')
    .where('wp_api_url', 'is not', null)
    .orderBy('id')
    .execute();
  const outcomes: PullOutcome[] = [];
  await forEachBounded(sites, opts.concurrency ?? 8, async (site) => {
    outcomes.push(await pullAnalytics(ctx, site.id));
    await opts.progress?.(outcomes.length, sites.length);
  });
  return {
    sites: sites.length,
    events: outcomes.reduce((n, o) => n + o.events, 0),
    failed: outcomes.filter((o) => o.error).map((o) => ({ siteId: o.siteId, error: o.error! })),
  };
}
