import { QUEUE_SCHEMA, sql, type Database, type Kysely } from '@blogfleet/db';
import type { ApiDeps } from '../context';
import { JobStopped, PermanentJobError, type JobKind } from '../jobs/kind';
import { notifyJobOutcome } from './notifications-jobs';

/** What the notification of a finished job needs of its row. */
const FINISHED_JOB = [
  'id',
  'kind',
  'title',
  'subject',
  'subject_id',
  'payload',
  'result',
  'error',
  'created_by',
] as const;

/** What pg-boss tells the runner about the delivery it is handling. */
export interface Delivery {
  id: string;
  /** How many times pg-boss already retried this job (0 on the first delivery). */
  retryCount: number;
  retryLimit: number;
}

/** How often a running job looks for a cancellation made elsewhere (another process, the API). */
const CANCEL_CHECK_MS = 1_000;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 2_000);

/**
 * Claims the job for a new attempt. A job already finished (completed by an attempt whose pg-boss
 * acknowledgement was lost, or cancelled) is not run again: null.
 */
async function startAttempt(db: Kysely<Database>, id: string) {
  return db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      attempts: eb('attempts', '+', 1),
      started_at: sql`coalesce(started_at, now())`,
      message: 'Started',
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'running'])
    .returning(['attempts', 'payload', 'created_by'])
    .executeTakeFirst();
}

/** Writes to the job only while this attempt still owns it (not cancelled, not taken over). */
function owned(db: Kysely<Database>, id: string, attempt: number) {
  return db
    .updateTable('jobs')
    .where('id', '=', id)
    .where('attempts', '=', attempt)
    .where('status', '=', 'running');
}

/**
 * Runs one delivery of a job: claims it, runs the kind's handler with progress reporting, a time limit
 * and cancellation, and records the outcome. Throws when pg-boss should retry (or fail) the delivery;
 * returns normally when the job is done, cancelled, or owned by another attempt. `shutdown` stops the
 * handler when its process is closing; the attempt is then given back, and the job runs again.
 */
export async function runJob(
  deps: ApiDeps,
  kind: JobKind<unknown, unknown>,
  delivery: Delivery,
  shutdown?: AbortSignal,
): Promise<void> {
  const claimed = await startAttempt(deps.db, delivery.id);
  if (!claimed) return;
  const attempt = claimed.attempts;
  const controller = new AbortController();
  let stopped: 'cancelled' | 'superseded' | 'timeout' | 'shutdown' | null = null;
  const stop = (why: NonNullable<typeof stopped>) => {
    stopped ??= why;
    controller.abort(new JobStopped(why));
  };
  const timeLimit = setTimeout(() => stop('timeout'), kind.timeLimitSeconds * 1000);
  const onShutdown = () => stop('shutdown');
  if (shutdown?.aborted) onShutdown();
  else shutdown?.addEventListener('abort', onShutdown, { once: true });
  const watch = setInterval(() => {
    void deps.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('id', '=', delivery.id)
      .executeTakeFirst()
      .then((row) => {
        if (row?.status === 'cancelled') stop('cancelled');
        else if (!row || row.attempts !== attempt) stop('superseded');
      })
      .catch(() => undefined);
  }, CANCEL_CHECK_MS);

  const progress = async (percent: number, message?: string) => {
    if (controller.signal.aborted) throw controller.signal.reason;
    const updated = await owned(deps.db, delivery.id, attempt)
      .set({
        progress: Math.max(0, Math.min(100, Math.round(percent))),
        ...(message !== undefined ? { message } : {}),
        updated_at: new Date(),
      })
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      stop('superseded');
      throw new JobStopped('This job was cancelled or taken over by another attempt');
    }
  };

  try {
    const parsed = kind.payload.safeParse(claimed.payload);
    if (!parsed.success) throw new PermanentJobError(`Invalid job input: ${parsed.error.message}`);
    const payload = parsed.data;
    const result = await kind.run({
      id: delivery.id,
      attempt,
      payload,
      createdBy: claimed.created_by,
      deps,
      signal: controller.signal,
      progress,
    });
    if (stopped === 'timeout') throw new Error(`Time limit of ${kind.timeLimitSeconds} s passed`);
    // A handler may end early once told to stop (what it had not started yet left out): it runs again.
    if (stopped === 'shutdown') throw new JobStopped('shutdown');
    const stored = result === undefined ? null : typeof result === 'object' ? result : { value: result };
    await deps.db.transaction().execute(async (trx) => {
      const done = await owned(trx, delivery.id, attempt)
        .set({
          status: 'completed',
          progress: 100,
          message: 'Completed',
          result: JSON.stringify(stored) as never,
          error: null,
          finished_at: new Date(),
          updated_at: new Date(),
        })
        .returning(FINISHED_JOB)
        .executeTakeFirst();
      if (done && !kind.internal) await notifyJobOutcome(trx, done, 'completed');
    });
  } catch (e) {
    if (stopped === 'cancelled' || stopped === 'superseded') return;
    const reason =
      stopped === 'timeout'
        ? `Time limit of ${kind.timeLimitSeconds} s passed`
        : stopped === 'shutdown'
          ? 'The worker stopped with its process before the job ended'
          : errorText(e);
    if (stopped === 'shutdown' && (await giveAttemptBack(deps.db, kind.kind, delivery.id, attempt, reason))) {
      throw new Error(reason);
    }
    const retry = !(e instanceof PermanentJobError) && delivery.retryCount < delivery.retryLimit;
    if (retry) {
      await owned(deps.db, delivery.id, attempt)
        .set({
          status: 'pending',
          message: `Attempt ${attempt} failed; retrying`,
          error: reason,
          updated_at: new Date(),
        })
        .execute();
    } else {
      await deps.db.transaction().execute(async (trx) => {
        const failed = await owned(trx, delivery.id, attempt)
          .set({
            status: 'failed',
            message: 'Failed',
            error: reason,
            finished_at: new Date(),
            updated_at: new Date(),
          })
          .returning(FINISHED_JOB)
          .executeTakeFirst();
        if (failed && !kind.internal) await notifyJobOutcome(trx, failed, 'failed');
      });
    }
    // pg-boss retries a thrown delivery while it has retries left; a permanent failure must not be.
    if (retry) throw e instanceof Error ? e : new Error(reason);
  } finally {
    clearTimeout(timeLimit);
    clearInterval(watch);
    shutdown?.removeEventListener('abort', onShutdown);
  }
}

/**
 * An attempt stopped because its process closed did not fail: the job goes back to `pending` and both
 * records allow one more attempt, so pg-boss retries the delivery it is about to be told failed, also
 * for a kind without retries. Only while this attempt still owns the job and pg-boss still has the
 * delivery active (its expiry or its own stop may have ended it first); otherwise nothing is written,
 * and the attempt ends as any failed one.
 */
async function giveAttemptBack(
  db: Kysely<Database>,
  kind: string,
  id: string,
  attempt: number,
  reason: string,
): Promise<boolean> {
  const notGiven = new Error('not given back');
  return db
    .transaction()
    .execute(async (trx) => {
      const given = await owned(trx, id, attempt)
        .set((eb) => ({
          status: 'pending',
          message: `Attempt ${attempt} stopped with its process; it runs again`,
          error: reason,
          max_attempts: eb('max_attempts', '+', 1),
          updated_at: new Date(),
        }))
        .executeTakeFirst();
      if (Number(given.numUpdatedRows) === 0) throw notGiven;
      const delivery = await sql`UPDATE ${sql.table(`${QUEUE_SCHEMA}.job`)} SET retry_limit = retry_limit + 1
        WHERE name = ${kind} AND id = ${id} AND state = 'active'`.execute(trx);
      if (Number(delivery.numAffectedRows ?? 0) === 0) throw notGiven;
      return true;
    })
    .catch((e: unknown) => {
      if (e === notGiven) return false;
      throw e;
    });
}

/**
 * Brings our records in line with pg-boss after deliveries that never reported back: a worker that
 * died, or a handler pg-boss gave up on at its expiry. Such a job is `running` here while pg-boss has
 * already retried it (it goes back to pending) or failed it for good (it fails here, with the reason).
 * A job `pending` here whose delivery pg-boss has ended without running it to the end (a worker died
 * between taking it and starting it, a late acknowledgement of an expired attempt) would wait for
 * good: it fails. Every worker process runs this periodically; it is a no-op when nothing is out of line.
 */
export async function reconcileJobs(db: Kysely<Database>, queueSchema: string): Promise<number> {
  const job = sql.table(`${queueSchema}.job`);
  const archive = sql.table(`${queueSchema}.archive`);
  const { rows } = await sql<{
    id: string;
    status: 'running' | 'pending';
    attempts: number;
    stamp: string;
    state: string | null;
    time_limit_seconds: number;
  }>`
    SELECT j.id, j.status, j.attempts, j.updated_at::text AS stamp, j.time_limit_seconds,
      coalesce(b.state, a.state)::text AS state
    FROM jobs j
    LEFT JOIN ${job} b ON b.id = j.id
    LEFT JOIN ${archive} a ON a.id = j.id
    WHERE (
      j.status = 'running'
      AND j.updated_at < now() - interval '2 seconds'
      AND (
        coalesce(b.state, a.state)::text IN ('created', 'retry', 'failed')
        -- pg-boss no longer knows the delivery at all (archived away, deleted): nobody will finish it.
        OR (b.id IS NULL AND a.id IS NULL AND j.updated_at < now() - make_interval(secs => j.time_limit_seconds + 60))
        -- pg-boss may mark a delivery done while a later one of the same job still runs here; only a
        -- row silent for longer than its time limit is really orphaned.
        OR (coalesce(b.state, a.state)::text IN ('completed', 'cancelled')
            AND j.updated_at < now() - make_interval(secs => j.time_limit_seconds + 30))
      )
    ) OR (
      j.status = 'pending'
      AND j.updated_at < now() - interval '60 seconds'
      AND (
        coalesce(b.state, a.state)::text IN ('completed', 'cancelled', 'failed')
        OR (b.id IS NULL AND a.id IS NULL AND j.updated_at < now() - make_interval(secs => j.time_limit_seconds + 60))
      )
    )
  `.execute(db);
  for (const r of rows) {
    const why = `The worker stopped (its process ended, or the time limit of ${r.time_limit_seconds} s passed)`;
    const patch =
      r.status === 'running' && (r.state === 'created' || r.state === 'retry')
        ? {
            status: 'pending' as const,
            message: `The worker stopped (its process ended, or the time limit of ${r.time_limit_seconds} s passed); retrying`,
            error: why,
          }
        : { status: 'failed' as const, message: 'Failed', error: why, finished_at: new Date() };
    await db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('jobs')
        .set({ ...patch, updated_at: new Date() })
        .where('id', '=', r.id)
        // Only the row as it was read: a worker may have taken the retry, or the attempt reported, since.
        .where('status', '=', r.status)
        .where('attempts', '=', r.attempts)
        .where(sql<boolean>`updated_at = ${r.stamp}::timestamptz`)
        .returning(FINISHED_JOB)
        .executeTakeFirst();
      // A job that failed for good here tells its creator, as a failure the runner records does.
      if (changed && patch.status === 'failed') await notifyJobOutcome(trx, changed, 'failed');
    });
  }
  return rows.length;
}

/** Gives a delivery of pg-boss's scheduler (no record of ours) its row, once; safe to repeat. */
export async function recordScheduledJob(
  deps: Pick<ApiDeps, 'db'>,
  kind: JobKind<unknown, unknown>,
  id: string,
  data: object,
): Promise<void> {
  const parsed = kind.payload.safeParse(data);
  await deps.db
    .insertInto('jobs')
    .values({
      id,
      kind: kind.kind,
      title: parsed.success ? kind.title(parsed.data) : kind.kind,
      payload: JSON.stringify(data) as never,
      max_attempts: kind.retryLimit + 1,
      time_limit_seconds: kind.timeLimitSeconds,
      message: 'Scheduled',
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/**
 * Runs a delivery of an internal kind (no record of ours): the handler alone, under its time limit, until
 * `shutdown`.
 */
export async function runInternalJob(
  deps: ApiDeps,
  kind: JobKind<unknown, unknown>,
  delivery: Delivery & { data: unknown },
  shutdown?: AbortSignal,
): Promise<unknown> {
  const parsed = kind.payload.safeParse(delivery.data ?? {});
  if (!parsed.success) throw new PermanentJobError(`Invalid job input: ${parsed.error.message}`);
  const controller = new AbortController();
  const stop = () => controller.abort(new JobStopped('shutdown'));
  const timeLimit = setTimeout(
    () => controller.abort(new JobStopped('timeout')),
    kind.timeLimitSeconds * 1000,
  );
  if (shutdown?.aborted) stop();
  else shutdown?.addEventListener('abort', stop, { once: true });
  try {
    return await kind.run({
      id: delivery.id,
      attempt: delivery.retryCount + 1,
      payload: parsed.data,
      createdBy: null,
      deps,
      signal: controller.signal,
      progress: async () => undefined,
    });
  } finally {
    clearTimeout(timeLimit);
    shutdown?.removeEventListener('abort', stop);
  }
}
