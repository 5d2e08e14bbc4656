import { bulkSiteIdsInput } from '@blogfleet/validators';
import { isIntegrationError } from '@blogfleet/integrations/errors';
import { z } from 'zod';
import { AppError } from '../errors';
import { publishDuePosts } from '../services/site-posts';
import { pullSite } from '../services/site-sync';
import { testSiteConnection } from '../services/sites';
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
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next++]!;
        const r = await testSiteConnection(deps, row.id).catch((error: Error) => ({
          connected: false,
          reason: error.message,
        }));
        results.push({ siteId: row.id, domain: row.domain_name, connected: r.connected, reason: r.reason });
        await progress(Math.round((results.length / rows.length) * 100), `Tested ${row.domain_name}`);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, worker));
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

export const pullSitePayload = z.object({ siteId: z.number().int().positive(), domain: z.string() });

/** WordPress pull of one site (posts, categories, tags, media) with progress. */
export const pullSiteJob = defineJobKind({
  kind: 'sites.pull',
  payload: pullSitePayload,
  retryLimit: 1,
  retryDelaySeconds: 15,
  timeLimitSeconds: 15 * 60,
  title: ({ domain }) => `WordPress pull of ${domain}`,
  run: async ({ payload, deps, createdBy, progress }) => {
    try {
      return await pullSite(jobContext({ deps, createdBy }), payload.siteId, progress);
    } catch (error) {
      // A site without credentials, or one that refuses them, does not change by retrying.
      if (error instanceof AppError && error.appCode === 'VALIDATION_ERROR')
        throw new PermanentJobError(error.message);
      if (isIntegrationError(error) && ['unauthorized', 'forbidden', 'not_configured'].includes(error.kind)) {
        throw new PermanentJobError(error.message);
      }
      throw error;
    }
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
