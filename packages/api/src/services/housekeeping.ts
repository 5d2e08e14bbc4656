import { compactCounters } from '@blogfleet/db';
import type { ApiDeps } from '../context';
import { pruneLoginAttempts } from './login-limits';

const DAY = 24 * 3600 * 1000;
/** Finished jobs stay visible (history, audit) this long. */
export const FINISHED_JOB_RETENTION_DAYS = 90;

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
  return {
    sessions: Number(sessions.numDeletedRows),
    loginAttempts,
    jobs: Number(jobs.numDeletedRows),
  };
}

/** Folds the counters' deltas into their totals (see @blogfleet/db counters). */
export async function compactStatCounters(deps: Pick<ApiDeps, 'db'>) {
  return { deltas: await compactCounters(deps.db) };
}
