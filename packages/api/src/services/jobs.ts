import { executeSqlOn, isUniqueViolation, queueDb } from '@blogfleet/db';
import type { Context } from '../context';
import { AppError, notFound } from '../errors';
import type { JobKind } from '../jobs/kind';
import { jobKind } from '../jobs/registry';
import { toJobView, type JobView } from './job-view';

type Caller = Pick<Context, 'db' | 'queue'> & { user: { id: number; role: 'admin' | 'user' } | null };

export interface EnqueueOptions {
  /** What the job is about, for the job panel and for finding a subject's jobs (e.g. 'domain', 42). */
  subject?: string;
  subjectId?: number;
}

/** pg-boss's retry and expiry settings for a kind; expiry is the kind's time limit. */
export function queueOptions(kind: JobKind<unknown, unknown>) {
  return {
    retryLimit: kind.retryLimit,
    retryDelay: kind.retryDelaySeconds,
    retryBackoff: kind.retryBackoff ?? false,
    expireInSeconds: kind.timeLimitSeconds,
  };
}

/**
 * The only way to start background work: records the job (pending) and hands it to pg-boss in one
 * transaction, so a job exists in both places or in neither. The payload is checked by the kind's schema.
 */
export async function enqueueJob(
  ctx: Caller,
  kindName: string,
  payload: unknown,
  opts: EnqueueOptions = {},
): Promise<JobView> {
  const kind = jobKind(kindName);
  if (!kind) throw new AppError('VALIDATION_ERROR', `Unknown job kind '${kindName}'`);
  const parsed = kind.payload.safeParse(payload);
  if (!parsed.success) {
    throw new AppError('VALIDATION_ERROR', `Invalid input for ${kindName}: ${parsed.error.message}`);
  }
  const row = await ctx.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('jobs')
      .values({
        kind: kind.kind,
        title: kind.title(parsed.data),
        subject: opts.subject ?? null,
        subject_id: opts.subjectId ?? null,
        payload: JSON.stringify(parsed.data ?? {}) as never,
        max_attempts: kind.retryLimit + 1,
        time_limit_seconds: kind.timeLimitSeconds,
        created_by: ctx.user?.id ?? null,
        message: 'Waiting for a worker',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await ctx.queue.send(
      kind.kind,
      { jobId: inserted.id },
      { ...queueOptions(kind), id: inserted.id, db: queueDb(executeSqlOn(trx)) },
    );
    return inserted;
  });
  return toJobView(row);
}

function visibleTo(ctx: Caller, row: { created_by: number | null }): boolean {
  return ctx.user?.role === 'admin' || (ctx.user !== null && row.created_by === ctx.user.id);
}

export async function getJob(ctx: Caller, id: string): Promise<JobView> {
  const row = await ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  // Someone else's job is "not found", so ids cannot be probed.
  if (!row || !visibleTo(ctx, row)) throw notFound('Job');
  return toJobView(row);
}

export interface ListJobsInput {
  /** Admins may ask for everyone's jobs. */
  all?: boolean;
  /** Finished jobs older than this are left out; unfinished ones are always listed. */
  sinceHours: number;
  limit: number;
}

/** Unfinished jobs are always listed (up to this many), whatever `limit` says about finished ones. */
const MAX_UNFINISHED = 100;

/** The caller's unfinished jobs and their recent finished ones, newest first. */
export async function listJobs(ctx: Caller, input: ListJobsInput): Promise<JobView[]> {
  if (input.all && ctx.user?.role !== 'admin') {
    throw new AppError('FORBIDDEN', "Access denied. You don't have permission to view this page.");
  }
  const since = new Date(Date.now() - input.sinceHours * 3600 * 1000);
  const visible = () => {
    const q = ctx.db.selectFrom('jobs').selectAll();
    return input.all ? q : q.where('created_by', '=', ctx.user!.id);
  };
  const [unfinished, finished] = await Promise.all([
    visible()
      .where('status', 'in', ['pending', 'running'])
      .orderBy('created_at', 'desc')
      .limit(MAX_UNFINISHED)
      .execute(),
    visible()
      .where('status', 'in', ['completed', 'failed', 'cancelled'])
      .where('created_at', '>=', since)
      .orderBy('created_at', 'desc')
      .limit(input.limit)
      .execute(),
  ]);
  return [...unfinished, ...finished]
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime())
    .map(toJobView);
}

/**
 * Stops a job: a pending one never starts, a running one is told through its signal and its next
 * progress report. Finished jobs cannot be cancelled.
 */
export async function cancelJob(ctx: Caller, id: string): Promise<JobView> {
  const current = await getJob(ctx, id);
  const row = await ctx.db
    .updateTable('jobs')
    .set({
      status: 'cancelled',
      message: 'Cancelled',
      finished_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'running'])
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    throw new AppError('VALIDATION_ERROR', `This job has already ${current.status}; it cannot be cancelled`);
  }
  await ctx.queue.cancel(row.kind, id).catch(() => undefined);
  return toJobView(row);
}

/** Unfinished jobs of one subject (e.g. to refuse a second provisioning of the same domain). */
export async function activeJobsFor(ctx: Pick<Context, 'db'>, subject: string, subjectId: number) {
  const rows = await ctx.db
    .selectFrom('jobs')
    .selectAll()
    .where('subject', '=', subject)
    .where('subject_id', '=', subjectId)
    .where('status', 'in', ['pending', 'running'])
    .execute();
  return rows.map(toJobView);
}

/**
 * Enqueues a job about a subject unless one of its kind is already pending or running for it (one per
 * kind and subject, enforced by a unique index): the caller's own running job is answered instead, and
 * somebody else's is refused with `busy` (theirs to follow, not ours).
 */
export async function enqueueForSubject(
  ctx: Caller,
  kindName: string,
  payload: unknown,
  subject: { subject: string; subjectId: number },
  busy: string,
): Promise<JobView> {
  const existing = async () => {
    const running = (await activeJobsFor(ctx, subject.subject, subject.subjectId)).find(
      (j) => j.kind === kindName,
    );
    if (running && running.created_by !== ctx.user?.id) throw new AppError('VALIDATION_ERROR', busy);
    return running ?? null;
  };
  const running = await existing();
  if (running) return running;
  try {
    return await enqueueJob(ctx, kindName, payload, subject);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await existing();
    if (raced) return raced;
    throw error;
  }
}
