import { z } from 'zod';
import { pullAllAnalytics, pullAnalytics } from '../services/analytics-pull';
import { defineJobKind, jobContext, PermanentJobError } from './kind';
import { siteJobPayload } from './sites';

/** "Pull analytics" of one site: its plugin's new events folded into the aggregates. */
export const pullSiteAnalyticsJob = defineJobKind({
  kind: 'analytics.pull-site',
  payload: siteJobPayload,
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 10 * 60,
  title: ({ domain }) => `Analytics pull of ${domain}`,
  run: async ({ payload, deps, createdBy, progress }) => {
    await progress(10, 'Reading new page views from the site');
    const outcome = await pullAnalytics(jobContext({ deps, createdBy }), payload.siteId);
    if (outcome.error) throw new PermanentJobError(outcome.error);
    return outcome;
  },
});

/** Every 10 minutes: every active site's new events, a few sites at a time. */
export const pullAllAnalyticsJob = defineJobKind({
  kind: 'analytics.pull-all',
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 30 * 60,
  title: () => 'Analytics pull of every site',
  internal: true,
  run: ({ deps, createdBy }) => pullAllAnalytics(jobContext({ deps, createdBy })),
});
