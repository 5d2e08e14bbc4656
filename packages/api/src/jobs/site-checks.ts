import { PageLoadError } from '@blogfleet/integrations/chromium';
import { z } from 'zod';
import { AppError } from '../errors';
import { loadSection } from '../services/integration-config';
import { runPerformanceTest } from '../services/site-performance';
import { removeOrphanFiles, staleScreenshotSites, takeScreenshot } from '../services/site-screenshots';
import { defineJobKind, JOB_REQUEST, jobContext, PermanentJobError } from './kind';
import { siteJobPayload } from './sites';

/** A site without an address, or a page that failed to load, ends the job with the reason. */
function failed(error: unknown): never {
  if (error instanceof PageLoadError) throw new PermanentJobError(error.message);
  if (error instanceof AppError && error.appCode === 'VALIDATION_ERROR')
    throw new PermanentJobError(error.message);
  throw error;
}

/** Take screenshot (side panel): the home page, full and thumbnail, kept in the site's history. */
export const screenshotJob = defineJobKind({
  kind: 'sites.screenshot',
  payload: siteJobPayload,
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 120,
  title: ({ domain }) => `Screenshot of ${domain}`,
  run: async ({ payload, deps, createdBy, progress }) => {
    await progress(10, 'Opening the home page in Chromium');
    return takeScreenshot(jobContext({ deps, createdBy }), payload.siteId).catch(failed);
  },
});

/** Performance test (side panel): the home page as a first-time visitor gets it. */
export const performanceTestJob = defineJobKind({
  kind: 'sites.performance-test',
  payload: siteJobPayload,
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 120,
  title: ({ domain }) => `Performance test of ${domain}`,
  run: async ({ payload, deps, createdBy, progress }) => {
    await progress(10, 'Loading the home page in Chromium');
    return runPerformanceTest(jobContext({ deps, createdBy }), payload.siteId).catch(failed);
  },
});

export const DEFAULT_SCREENSHOT_INTERVAL_HOURS = 24;
/** Screenshots per run of the periodic job: Chromium takes a few seconds each, two at a time. */
const REFRESH_BATCH = 20;

/**
 * Every 15 minutes: active sites whose latest screenshot is older than the interval of Settings →
 * WordPress hosting (24 h by default, 0 = off) get a new one, the oldest first, a batch at a time; a
 * site that fails is tried again next round. Folders of deleted sites are removed.
 */
export const refreshScreenshotsJob = defineJobKind({
  kind: 'sites.refresh-screenshots',
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 600,
  title: () => 'Refresh the sites’ screenshots',
  internal: true,
  run: async ({ deps, signal }) => {
    const ctx = { ...deps, req: JOB_REQUEST, user: null };
    const removed = await removeOrphanFiles(ctx);
    const stored = (await loadSection(ctx, 'wordpress_host')).values.screenshotIntervalHours;
    const hours = typeof stored === 'number' ? stored : DEFAULT_SCREENSHOT_INTERVAL_HOURS;
    if (hours <= 0) return { taken: 0, failed: [], removed };
    const sites = await staleScreenshotSites(ctx, new Date(Date.now() - hours * 3_600_000), REFRESH_BATCH);
    let taken = 0;
    const failures: { siteId: number; reason: string }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < sites.length && !signal.aborted) {
        const site = sites[next++]!;
        try {
          await takeScreenshot(ctx, site.id);
          taken++;
        } catch (error) {
          failures.push({ siteId: site.id, reason: (error as Error).message });
        }
      }
    };
    await Promise.all([worker(), worker()]);
    return { taken, failed: failures, removed };
  },
});
