import { z } from 'zod';
import { compactStatCounters, pruneOldRecords } from '../services/housekeeping';
import { publishOnCadenceJob } from './ai-pool';
import { pullAllAnalyticsJob } from './analytics';
import { refreshZonesJob } from './domains';
import { publishDuePostsJob } from './sites';
import { refreshScreenshotsJob } from './site-checks';
import { uptimeCheckJob } from './uptime';
import { defineJobKind } from './kind';

/** Spent sessions, login attempts past their window and old finished jobs; every 15 minutes. */
export const pruneJob = defineJobKind({
  kind: 'maintenance.prune',
  payload: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 60,
  timeLimitSeconds: 300,
  title: () => 'Housekeeping',
  internal: true,
  run: async ({ deps, progress }) => {
    const removed = await pruneOldRecords(deps);
    await progress(100, 'Old records removed');
    return removed;
  },
});

/** Folds counter deltas into totals every minute, so totals stay a small read. */
export const compactCountersJob = defineJobKind({
  kind: 'maintenance.compact-counters',
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 120,
  title: () => 'Counter compaction',
  internal: true,
  run: ({ deps }) => compactStatCounters(deps),
});

/** pg-boss cron schedules (UTC) of the product's periodic jobs. */
export const JOB_SCHEDULES = [
  { kind: pruneJob.kind, cron: '*/15 * * * *' },
  { kind: compactCountersJob.kind, cron: '* * * * *' },
  { kind: refreshZonesJob.kind, cron: '*/10 * * * *' },
  { kind: publishDuePostsJob.kind, cron: '* * * * *' },
  { kind: refreshScreenshotsJob.kind, cron: '*/15 * * * *' },
  { kind: publishOnCadenceJob.kind, cron: '*/10 * * * *' },
  { kind: pullAllAnalyticsJob.kind, cron: '*/10 * * * *' },
  { kind: uptimeCheckJob.kind, cron: '* * * * *' },
];
