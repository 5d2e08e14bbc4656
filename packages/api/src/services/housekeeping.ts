import { compactCounters } from '@blogfleet/db';
import type { ApiDeps } from '../context';
import { pruneLoginAttempts } from './login-limits';

const DAY = 24 * 3600 * 1000;
/** Finished jobs stay visible (history, audit) this long. */
export const FINISHED_JOB_RETENTION_DAYS = 90;
/** Uptime checks are kept this long (GET sites/{id}/uptime reaches back 30 days). */
export const UPTIME_CHECK_RETENTION_DAYS = 30;
/**
 * A visitor's day on a site is kept past the plugin's 30 days of events, so a site read late still
 * counts a bounce or a session's length once; older days can no longer change.
 */
export const ANALYTICS_SESSION_RETENTION_DAYS = 35;
/** A read notification has done its work; past this age (as the jobs' history) it goes. */
export const READ_NOTIFICATION_RETENTION_DAYS = 90;
/** An unread one may still matter to someone away for long, but not past a year; it goes then too. */
export const NOTIFICATION_RETENTION_DAYS = 365;

/** Deletes what nobody can use any more; safe to run any time, any number of times. */
export async function pruneOldRecords(deps: Pick<ApiDeps, 'db' | 'loginLimits'>) {
  const now = Date.now();
  const sessions = await deps.db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expires_at', '<', new Date(now)),
        // A rotated row stays until it expires: presenting it again must still revoke its family.
        eb('revoked_at', '<', new Date(now - DAY)),
      ]),
    )
    .executeTakeFirst();
  // The login limits look only at their window.
  const loginAttempts = await pruneLoginAttempts(
    deps.db,
    new Date(now - deps.loginLimits.windowSeconds * 1000),
  );
  const jobs = await deps.db
    .deleteFrom('jobs')
    .where('status', 'in', ['completed', 'failed', 'cancelled'])
    .where('finished_at', '<', new Date(now - FINISHED_JOB_RETENTION_DAYS * DAY))
    .executeTakeFirst();
  // The sites' uptime history is shown for up to 30 days.
  const uptimeChecks = await deps.db
    .deleteFrom('uptime_checks')
    .where('checked_at', '<', new Date(now - UPTIME_CHECK_RETENTION_DAYS * DAY))
    .executeTakeFirst();
  // Both kinds are older than 90 days: the created_at index bounds the scan.
  const notifications = await deps.db
    .deleteFrom('notifications')
    .where('created_at', '<', new Date(now - READ_NOTIFICATION_RETENTION_DAYS * DAY))
    .where((eb) =>
      eb.or([
        eb('read_at', 'is not', null),
        eb('created_at', '<', new Date(now - NOTIFICATION_RETENTION_DAYS * DAY)),
      ]),
    )
    .executeTakeFirst();
  const visits = await deps.db
    .deleteFrom('analytics_sessions')
    .where('day', '<', new Date(now - ANALYTICS_SESSION_RETENTION_DAYS * DAY).toISOString().slice(0, 10))
    .executeTakeFirst();
  return {
    sessions: Number(sessions.numDeletedRows),
    analyticsSessions: Number(visits.numDeletedRows),
    loginAttempts,
    jobs: Number(jobs.numDeletedRows),
    uptimeChecks: Number(uptimeChecks.numDeletedRows),
    notifications: Number(notifications.numDeletedRows),
  };
}

/** Folds the counters' deltas into their totals (see @blogfleet/db counters). */
export async function compactStatCounters(deps: Pick<ApiDeps, 'db'>) {
  return { deltas: await compactCounters(deps.db) };
}
