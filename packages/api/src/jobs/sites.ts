import { bulkSiteIdsInput, MAX_ID } from '@blogfleet/validators';
import { isUniqueViolation } from '@blogfleet/db';
import { isIntegrationError } from '@blogfleet/integrations/errors';
import { z } from 'zod';
import type { ApiDeps } from '../context';
import { activeJobsFor, enqueueForSubject, enqueueJob } from '../services/jobs';
import { AppError } from '../errors';
import { publishDuePosts } from '../services/site-posts';
import { pullSite, pushSite, syncSite } from '../services/site-sync';
import { testSiteConnection } from '../services/sites';
import { pullAnalytics } from '../services/analytics-pull';
import { forEachBounded } from '../services/bounded';
import { defineJobKind, JOB_REQUEST, jobContext, PermanentJobError } from './kind';

/** Sites tested at once: a slow or dead site must not hold the others up. */
const CONCURRENCY = 8;

/**
 * Tests the WordPress connection of each selected site, a few at a time, and keeps the result of each.
 * Ends failed with "Could not connect to some sites: …" naming each one and why.
 */
export const bulkTestConnectionJob = defineJobKind({
  kind: 'sites.bulk-test-connection',
  payload: bulkSiteIdsInput,
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 15 * 60,
  title: ({ siteIds }) => `Test the connection of ${siteIds.length} sites`,
  run: async ({ payload, deps, progress }) => {
    const rows = await deps.db
      .selectFrom('sites')
      .select(['id', 'domain_name'])
      .where('id', 'in', payload.siteIds)
      .orderBy('domain_name')
      .execute();
    const results: { siteId: number; domain: string; connected: boolean; reason: string | null }[] = [];
    await forEachBounded(rows, CONCURRENCY, async (row) => {
      const r = await testSiteConnection(deps, row.id).catch((error: Error) => ({
        connected: false,
        reason: error.message,
      }));
      results.push({ siteId: row.id, domain: row.domain_name, connected: r.connected, reason: r.reason });
      await progress(Math.round((results.length / rows.length) * 100), `Tested ${row.domain_name}`);
    });
    results.sort((a, b) => a.domain.localeCompare(b.domain));
    const failed = results.filter((r) => !r.connected);
    if (failed.length > 0) {
      const list = failed.map((f) => `${f.domain} (${f.reason})`).join('; ');
      throw new PermanentJobError(
        `Could not connect to some sites: ${list}. Connected ${results.length - failed.length} of ${results.length}.`,
      );
    }
    return { results };
  },
});

export const siteJobPayload = z.object({ siteId: z.number().int().positive(), domain: z.string() });

/** A site without credentials, or one that refuses them, does not change by retrying. */
function permanentWhenRefused(error: unknown): never {
  if (error instanceof AppError && error.appCode === 'VALIDATION_ERROR')
    throw new PermanentJobError(error.message);
  if (isIntegrationError(error) && ['unauthorized', 'forbidden', 'not_configured'].includes(error.kind)) {
    throw new PermanentJobError(error.message);
  }
  throw error;
}

/** WordPress pull of one site (posts, categories, tags, media) with progress. */
export const pullSiteJob = defineJobKind({
  kind: 'sites.pull',
  payload: siteJobPayload,
  retryLimit: 1,
  retryDelaySeconds: 15,
  timeLimitSeconds: 15 * 60,
  title: ({ domain }) => `WordPress pull of ${domain}`,
  run: ({ payload, deps, createdBy, progress }) =>
    pullSite(jobContext({ deps, createdBy }), payload.siteId, progress).catch(permanentWhenRefused),
});

/**
 * A job about one site (pull, push, sync): one of a kind per site, so a second request while it runs
 * answers the same job, and somebody else's running one is refused naming what it does.
 */
export function enqueueSiteJob(
  ctx: Parameters<typeof enqueueForSubject>[0],
  kind: string,
  site: { id: number; domain_name: string },
  doing: string,
) {
  return enqueueForSubject(
    ctx,
    kind,
    { siteId: site.id, domain: site.domain_name },
    { subject: 'site', subjectId: site.id },
    `Another user is already ${doing} ${site.domain_name}`,
  );
}

/**
 * The first pull of a site just added or created, so its posts and counts are there without a click.
 * Already pulling is fine; any other failure to enqueue leaves the site as it is (a pull can be started
 * by hand), it never undoes the addition.
 */
export async function enqueueFirstPull(
  ctx: Pick<ApiDeps, 'db' | 'queue'> & { user: { id: number } | null },
  site: { id: number; domain_name: string },
) {
  try {
    await enqueueJob(
      { ...ctx, user: ctx.user ? { id: ctx.user.id, role: 'user' } : null },
      pullSiteJob.kind,
      { siteId: site.id, domain: site.domain_name },
      { subject: 'site', subjectId: site.id },
    );
  } catch {
    // See above: the pull is a convenience of adding, not part of it.
  }
}

/** WordPress push of one site's local changes; conflicts and refused posts are in the result. */
export const pushSiteJob = defineJobKind({
  kind: 'sites.push',
  payload: siteJobPayload,
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 15 * 60,
  title: ({ domain }) => `WordPress push of ${domain}`,
  run: ({ payload, deps, createdBy, progress }) =>
    pushSite(jobContext({ deps, createdBy }), payload.siteId, progress).catch(permanentWhenRefused),
});

/** "Sync all data" of the side panel. */
export const syncSiteJob = defineJobKind({
  kind: 'sites.sync',
  payload: siteJobPayload,
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 15 * 60,
  title: ({ domain }) => `Sync of ${domain}`,
  run: ({ payload, deps, createdBy, progress }) =>
    syncSite(jobContext({ deps, createdBy }), payload.siteId, progress).catch(permanentWhenRefused),
});

/** Sites synced at once: enough to hide each site's round trips, few enough for the database pool. */
export const SYNC_ALL_CONCURRENCY = 16;

export const syncAllPayload = z.object({
  /** These sites; absent: every active site with WordPress credentials. */
  siteIds: z.array(z.number().int().positive().max(MAX_ID)).max(10_000).optional(),
});

/**
 * A sync of selected sites: one at a time per user (a second while the first runs is refused), so
 * repeated requests cannot queue syncs of the whole fleet without end.
 */
export async function enqueueSelectedSitesSync(
  ctx: Parameters<typeof enqueueForSubject>[0] & { user: { id: number } },
  siteIds: number[],
) {
  const subject = { subject: 'sites-selection', subjectId: ctx.user.id };
  const refusal = new AppError(
    'VALIDATION_ERROR',
    'Your sync of selected sites is still running; wait for it to end',
  );
  if ((await activeJobsFor(ctx, subject.subject, subject.subjectId)).length > 0) throw refusal;
  try {
    return await enqueueJob(ctx, syncAllSitesJob.kind, { siteIds: [...new Set(siteIds)] }, subject);
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal;
    throw error;
  }
}

export interface SiteSyncResult {
  siteId: number;
  domain: string;
  ok: boolean;
  error: string | null;
  posts: number | null;
  pushed: number | null;
  conflicts: number | null;
}

/**
 * Sync all sites: each site pushed then pulled, a bounded number at once; a site that fails (down, wrong
 * password) is reported with the reason and the others go on. Completes with every site's result.
 */
export const syncAllSitesJob = defineJobKind({
  kind: 'sites.sync-all',
  payload: syncAllPayload,
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 60 * 60,
  title: ({ siteIds }) => (siteIds ? `Sync of ${siteIds.length} sites` : 'Sync of all sites'),
  run: async ({ payload, deps, createdBy, progress, signal }) => {
    let query = deps.db.selectFrom('sites').select(['id', 'domain_name']).orderBy('domain_name');
    query = payload.siteIds
      ? query.where('id', 'in', payload.siteIds.length > 0 ? payload.siteIds : [0])
      : query.where('status', '=', 'active').where('wp_app_password_ciphertext', 'is not', null);
    const rows = await query.execute();
    const ctx = jobContext({ deps, createdBy });
    const results: SiteSyncResult[] = [];
    let reported = 0;
    await forEachBounded(
      rows,
      SYNC_ALL_CONCURRENCY,
      async (row) => {
        try {
          const { pushed, pulled } = await syncSite(ctx, row.id);
          // Its analytics come along; a site without the plugin keeps that reason on its analytics tab.
          await pullAnalytics(ctx, row.id);
          results.push({
            siteId: row.id,
            domain: row.domain_name,
            ok: pushed.failed.length === 0,
            error: pushed.failed.length ? `${pushed.failed.length} posts could not be pushed` : null,
            posts: pulled.posts,
            pushed: pushed.created + pushed.updated,
            conflicts: pushed.conflicts.length + pulled.conflicts,
          });
        } catch (error) {
          results.push({
            siteId: row.id,
            domain: row.domain_name,
            ok: false,
            error: (error as Error).message,
            posts: null,
            pushed: null,
            conflicts: null,
          });
        }
        // The panel needs a step, not every site: at most about a hundred progress writes per run.
        const percent = Math.floor((results.length / rows.length) * 100);
        if (percent > reported) {
          reported = percent;
          await progress(percent, `Synced ${results.length} of ${rows.length} sites`);
        }
      },
      signal,
    );
    results.sort((a, b) => a.domain.localeCompare(b.domain));
    const failed = results.filter((r) => !r.ok).length;
    return { total: rows.length, synced: results.length - failed, failed, results };
  },
});

/** Every minute: scheduled posts whose time has come are published (see publishDuePosts). */
export const publishDuePostsJob = defineJobKind({
  kind: 'sites.publish-due-posts',
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 300,
  title: () => 'Publish scheduled posts',
  internal: true,
  run: ({ deps }) => publishDuePosts({ ...deps, req: JOB_REQUEST }),
});
