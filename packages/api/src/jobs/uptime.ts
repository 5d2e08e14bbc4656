import { z } from 'zod';
import { runUptimeChecks } from '../services/uptime';
import { defineJobKind } from './kind';

/**
 * Every minute: the active sites whose last uptime check is older than the interval of Settings →
 * Monitoring (5 min by default) are claimed on their rows and checked, 50 sites at a time in a process
 * (runs that overlap share the 50), home page and REST root in parallel, 10 s at most each (less when
 * needed so that the claimed sites end within the interval even if all time out); a site down after two
 * failed checks in a row, or back up, notifies every active user (and the webhook). Internal: no record
 * in the jobs list.
 */
export const uptimeCheckJob = defineJobKind({
  kind: 'sites.uptime-check',
  payload: z.object({}),
  retryLimit: 0,
  retryDelaySeconds: 0,
  timeLimitSeconds: 600,
  title: () => 'Uptime checks of the sites',
  internal: true,
  run: ({ deps, signal }) => runUptimeChecks(deps, { signal }),
});
