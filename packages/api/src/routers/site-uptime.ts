import { idParam, siteUptimeInput } from '@blogfleet/validators';
import { z } from 'zod';
import { checkSiteNow, siteUptime, uptimeCheckView } from '../services/uptime';
import { protectedProcedure } from '../trpc';

const tags = ['sites'];
const uptimeStatus = z.enum(['up', 'down']).nullable().describe('null: not known yet');

const uptimePoint = uptimeCheckView.extend({
  count: z.number().int().describe('Checks this point stands for (1 for a single check)'),
  up_count: z.number().int().describe('Of those, the ones that were up'),
});

/** A site's uptime (the dashboard tab's history and Check now); spread into the sites router. */
export const siteUptimeProcedures = {
  uptime: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/sites/{id}/uptime',
        tags,
        summary: "The site's uptime and its checks over the last days",
        description:
          'days: 1–30 (default 7). Answers `status` (up, down or null), `uptime_percent` (up checks of the range in percent, null without checks), `last_checked_at`, `status_changed_at`, `consecutive_failures` and `checks`, oldest first: each `{ checked_at, up, status_code, response_ms, error, count, up_count }`. Up to 400 checks come one by one (`bucket_minutes` null, count 1); more are grouped into buckets of whole hours (`bucket_minutes` 60, or more so there are at most 360): `checked_at` is the bucket’s start, `response_ms` the average, `up` whether every check in it was up, `error` how many failed.',
      },
    })
    .input(siteUptimeInput)
    .output(
      z.object({
        status: uptimeStatus,
        uptime_percent: z.number().nullable(),
        days: z.number().int(),
        last_checked_at: z.string().nullable(),
        status_changed_at: z.string().nullable(),
        consecutive_failures: z.number().int(),
        bucket_minutes: z.number().int().nullable(),
        checks: z.array(uptimePoint),
      }),
    )
    .query(({ ctx, input }) => siteUptime(ctx, input.id, input.days)),

  checkUptime: protectedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/sites/{id}/uptime/check',
        tags,
        summary: 'Check the site’s uptime now',
        description:
          'GETs the home page and the REST root in parallel (10 s each), stores the check in the site’s history and answers it with the site’s status. It is a real check: it moves the status like the periodic ones (two failures in a row make the site down, a success back up, each change notifies), and does not postpone the next periodic check. A site without a WordPress API URL answers VALIDATION_ERROR.',
      },
    })
    .input(z.object({ id: idParam }))
    .output(
      z.object({
        check: uptimeCheckView,
        status: uptimeStatus,
        consecutive_failures: z.number().int(),
      }),
    )
    .mutation(({ ctx, input }) => checkSiteNow(ctx, input.id)),
};
