import { idParam } from '@blogfleet/validators';
import { z } from 'zod';
import { performanceTestJob, screenshotJob } from '../jobs/site-checks';
import { enqueueSiteJob } from '../jobs/sites';
import { jobView } from '../services/job-view';
import { listPerformanceTests, performanceTestView } from '../services/site-performance';
import { listScreenshots, screenshotView } from '../services/site-screenshots';
import * as sites from '../services/sites';
import { siteWordPressInfo, wordpressInfoView } from '../services/site-wordpress-info';
import { protectedProcedure } from '../trpc';

const tags = ['sites'];

/**
 * What the site itself shows: its WordPress's own settings and themes, screenshots and performance tests
 * of its home page (Chromium jobs); spread into the sites router.
 */
export const siteCheckProcedures = {
  wordpressInfo: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sites/{id}/wordpress-info',
        tags,
        summary:
          'What the site’s WordPress says of itself: title, language, time zone, active and installed themes',
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ info: wordpressInfoView }))
    .query(async ({ ctx, input }) => ({ info: await siteWordPressInfo(ctx, input.id) })),

  takeScreenshot: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/screenshot',
        tags,
        summary: "Take a screenshot of the site's home page (a job)",
        description:
          'Full page and thumbnail, kept in the history (the last 30). The images are served at the `image_url` / `thumbnail_url` of GET /sites/{id}/screenshots.',
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ job: jobView }))
    .mutation(async ({ ctx, input }) => ({
      job: await enqueueSiteJob(
        ctx,
        screenshotJob.kind,
        await sites.getSite(ctx, input.id),
        'taking a screenshot of',
      ),
    })),

  screenshots: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sites/{id}/screenshots',
        tags,
        summary: "The site's screenshots, newest first",
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ screenshots: z.array(screenshotView) }))
    .query(async ({ ctx, input }) => ({ screenshots: await listScreenshots(ctx, input.id) })),

  runPerformanceTest: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/performance-test',
        tags,
        summary: "Load the site's home page in Chromium and measure it (a job)",
        description:
          'As a first-time visitor (no cache): time to first byte, first contentful paint, load time, page weight as transferred and the number of requests.',
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ job: jobView }))
    .mutation(async ({ ctx, input }) => ({
      job: await enqueueSiteJob(ctx, performanceTestJob.kind, await sites.getSite(ctx, input.id), 'testing'),
    })),

  performanceTests: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sites/{id}/performance-tests',
        tags,
        summary: "The site's performance tests, newest first (the last 50)",
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ tests: z.array(performanceTestView) }))
    .query(async ({ ctx, input }) => ({ tests: await listPerformanceTests(ctx, input.id) })),
};
