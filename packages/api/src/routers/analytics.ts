import { fleetAnalyticsInput, idParam, siteAnalyticsInput } from '@blogfleet/validators';
import { z } from 'zod';
import { pullSiteAnalyticsJob } from '../jobs/analytics';
import { enqueueSiteJob } from '../jobs/sites';
import { analyticsPluginDownload, installAnalyticsPlugin } from '../services/analytics-plugin';
import { fleetAnalytics, fleetAnalyticsView } from '../services/fleet-analytics';
import { jobView } from '../services/job-view';
import { siteAnalytics, siteAnalyticsView } from '../services/site-analytics';
import { getSite } from '../services/sites';
import { protectedProcedure, router } from '../trpc';

const tags = ['analytics'];

/** First-party analytics (issue 13): a site's numbers, the fleet's, and the plugin that collects them. */
export const analyticsRouter = router({
  site: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sites/{id}/analytics',
        tags,
        summary: "The site's visitors, page views, bounce rate, session length, sources and top pages",
        description:
          'start_date and end_date (YYYY-MM-DD, UTC days, both included; the last 30 days by default, at most 366). A visitor is counted once a day (the plugin’s visitor hash changes daily), so visitors.total is the sum of daily visitors. bounce_rate is the percentage of sessions that saw one page, avg_session_duration is in seconds. collection says when the site was last read and why the last read failed.',
      },
    })
    .input(siteAnalyticsInput)
    .output(siteAnalyticsView)
    .query(({ ctx, input }) => siteAnalytics(ctx, input.id, input)),

  pull: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/analytics/pull',
        tags,
        summary: "Read the site's new page views now (a job)",
        description:
          'Every active site is also read every 10 minutes and on "sync all". Follow the job with GET /jobs/{id}.',
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ job: jobView }))
    .mutation(async ({ ctx, input }) => {
      const site = await getSite(ctx, input.id);
      return { job: await enqueueSiteJob(ctx, pullSiteAnalyticsJob.kind, site, 'reading the analytics of') };
    }),

  install: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/analytics/install',
        tags,
        summary: 'Install the analytics plugin on a site Blogfleet hosts',
        description:
          'Writes blogfleet-analytics.php into the site’s wp-content/mu-plugins (again, if it is there). A site hosted elsewhere is refused: download the plugin from GET /analytics/plugin and upload it there.',
      },
    })
    .input(z.object({ id: idParam }))
    .output(z.object({ installed: z.boolean(), filename: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const { filename } = await installAnalyticsPlugin(ctx, input.id);
      return { installed: true, filename };
    }),

  plugin: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/analytics/plugin',
        tags,
        summary: 'The analytics must-use plugin, for a site hosted elsewhere',
        description: 'filename and the PHP source: upload it to the site’s wp-content/mu-plugins.',
      },
    })
    .input(z.object({}).optional())
    .output(z.object({ filename: z.string(), content: z.string() }))
    .query(() => analyticsPluginDownload()),

  fleet: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/analytics/fleet',
        tags,
        summary:
          'The fleet: totals and trend, sites ranked by visitors with sparklines, top pages and sources',
        description:
          'start_date and end_date as for a site (last 30 days by default); limit sites (1–100, default 20). Sparklines have a point a day up to 62 days, a point a month beyond. Top pages are those of the 20 busiest sites of the range.',
      },
    })
    .input(fleetAnalyticsInput)
    .output(fleetAnalyticsView)
    .query(({ ctx, input }) => fleetAnalytics(ctx, input)),
});
