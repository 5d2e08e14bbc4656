import { enqueueJob, reconcileJobs, registerJobKinds } from '@blogfleet/api';
import { createJobQueue, QUEUE_SCHEMA, sql } from '@blogfleet/db';
import { startJobWorkers, startTestApp, type TestApp } from '@blogfleet/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EFFECTS_TABLE_SQL, testJobKinds } from './support/job-kinds';

registerJobKinds(...testJobKinds);

let t: TestApp;
let adminToken: string;
let admin: { id: number; role: 'admin' };
let user: { id: number; role: 'user'; token: string };

beforeAll(async () => {
  t = await startTestApp({
    JOB_WORKERS: 'true',
    JOB_POLL_INTERVAL_SECONDS: '0.5',
    JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
  });
  await t.dbHandle.executeSql(EFFECTS_TABLE_SQL);
  adminToken = (await t.login()).accessToken;
  const me = await t.rest('GET', 'auth/me', { token: adminToken });
  admin = { id: me.body.data.user.id, role: 'admin' };
  const u = await t.createUser();
  user = { id: u.id, role: 'user', token: (await t.login(u.email, u.password)).accessToken };
});
afterAll(() => t?.close());

const as = (who: { id: number; role: 'admin' | 'user' }) => ({
  db: t.deps.db,
  queue: t.deps.queue,
  user: who,
});

/** Polls GET /jobs/{id} until `done` holds; returns every distinct state seen on the way. */
async function follow(id: string, token: string, done: (job: any) => boolean, timeoutMs = 20_000) {
  const seen: any[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.rest('GET', `jobs/${id}`, { token });
    expect(res.status).toBe(200);
    const job = res.body.data.job;
    const last = seen[seen.length - 1];
    if (!last || last.status !== job.status || last.progress !== job.progress) seen.push(job);
    if (done(job)) return seen;
    if (Date.now() > deadline) throw new Error(`job ${id} did not finish: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const finished = (j: any) => ['completed', 'failed', 'cancelled'].includes(j.status);

describe('jobs', () => {
  it('reports progress that callers read back over REST, and the result at the end', async () => {
    const job = await enqueueJob(
      as(user),
      'test.steps',
      { steps: 4, stepMs: 300 },
      { subject: 'site', subjectId: 7 },
    );
    expect(job).toMatchObject({
      status: 'pending',
      progress: 0,
      title: 'Test: 4 steps',
      subject: 'site',
      subject_id: 7,
    });
    const seen = await follow(job.id, user.token, finished);
    const final = seen[seen.length - 1];
    expect(final).toMatchObject({
      status: 'completed',
      progress: 100,
      attempts: 1,
      max_attempts: 3,
      error: null,
      result: { steps: 4, worker: 'in-process' },
    });
    expect(final.started_at).not.toBeNull();
    expect(final.finished_at).not.toBeNull();
    // Progress went up through the steps while it ran.
    const running = seen.filter((j) => j.status === 'running').map((j) => j.progress);
    expect(running.length).toBeGreaterThan(1);
    expect([...running].sort((a, b) => a - b)).toEqual(running);
    expect(running.some((p) => p > 0 && p < 100)).toBe(true);
  });

  it("lists the caller's jobs; others' jobs are not found; admins may list everyone's", async () => {
    const mine = await enqueueJob(as(user), 'test.flaky', { failures: 0 });
    const theirs = await enqueueJob(as(admin), 'test.flaky', { failures: 0 });
    await follow(mine.id, user.token, finished);
    const list = await t.rest('GET', 'jobs', { token: user.token });
    expect(list.status).toBe(200);
    const ids = list.body.data.jobs.map((j: any) => j.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await t.rest('GET', `jobs/${theirs.id}`, { token: user.token })).body.error.code).toBe(
      'NOT_FOUND',
    );
    expect((await t.rest('GET', 'jobs', { token: user.token, query: { all: 'true' } })).status).toBe(403);
    const all = await t.rest('GET', 'jobs', { token: adminToken, query: { all: 'true' } });
    expect(all.body.data.jobs.map((j: any) => j.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect((await t.rest('GET', 'jobs/not-a-uuid', { token: user.token })).status).toBe(400);
  });

  it('retries a failing job and completes it when a later attempt succeeds', async () => {
    const job = await enqueueJob(as(user), 'test.flaky', { failures: 2 });
    const seen = await follow(job.id, user.token, finished);
    // Never shown as failed on the way: a failure with retries left goes back to pending.
    expect(seen.some((j) => j.status === 'failed')).toBe(false);
    expect(seen[seen.length - 1]).toMatchObject({ status: 'completed', attempts: 3, result: { attempt: 3 } });
  });

  it('fails a job for good once its retries are spent, with the last error', async () => {
    const job = await enqueueJob(as(user), 'test.flaky', { failures: 5 });
    const final = (await follow(job.id, user.token, finished)).pop();
    expect(final).toMatchObject({ status: 'failed', attempts: 3, error: 'Provider refused attempt 3' });
    expect(final.finished_at).not.toBeNull();
  });

  it('does not retry a permanent failure', async () => {
    const job = await enqueueJob(as(user), 'test.flaky', { failures: 0, permanent: true });
    const final = (await follow(job.id, user.token, finished)).pop();
    expect(final).toMatchObject({ status: 'failed', attempts: 1, error: 'The input can never work' });
  });

  it('fails a job that runs past its time limit, with the reason', async () => {
    const job = await enqueueJob(as(user), 'test.endless', {});
    const final = (await follow(job.id, user.token, finished)).pop();
    expect(final).toMatchObject({ status: 'failed', attempts: 1 });
    expect(final.error).toMatch(/time limit of 2 s/i);
  });

  it('cancels a running job over REST; a finished job cannot be cancelled', async () => {
    const job = await enqueueJob(as(user), 'test.endless', {});
    await follow(job.id, user.token, (j) => j.status === 'running');
    const res = await t.rest('POST', `jobs/${job.id}/cancel`, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.data.job).toMatchObject({ status: 'cancelled' });
    // The handler stops and nothing overwrites the cancellation.
    await new Promise((r) => setTimeout(r, 2_500));
    const after = await t.rest('GET', `jobs/${job.id}`, { token: user.token });
    expect(after.body.data.job.status).toBe('cancelled');
    const again = await t.rest('POST', `jobs/${job.id}/cancel`, { token: user.token });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/cancelled/),
    });
  });

  it('rejects an unknown kind or an invalid payload before anything is stored', async () => {
    const before = await t.db
      .selectFrom('jobs')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    await expect(enqueueJob(as(user), 'test.nope', {})).rejects.toMatchObject({
      appCode: 'VALIDATION_ERROR',
    });
    await expect(enqueueJob(as(user), 'test.steps', { steps: 0 })).rejects.toMatchObject({
      appCode: 'VALIDATION_ERROR',
    });
    const after = await t.db
      .selectFrom('jobs')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('never lets two workers run one job at once', async () => {
    // A second, independent set of workers on the same database (as a second process would have).
    const boss2 = createJobQueue(t.dbHandle, { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
    await boss2.start();
    const silent = { warn: () => undefined, info: () => undefined } as any;
    const workers2 = await startJobWorkers(
      { ...t.deps, queue: boss2 },
      { concurrency: 2, pollingIntervalSeconds: 0.5, reconcileIntervalMs: 1000, shutdownGraceSeconds: 5 },
      silent,
    );
    try {
      const jobs = await Promise.all(
        Array.from({ length: 8 }, () => enqueueJob(as(user), 'test.steps', { steps: 2, stepMs: 150 })),
      );
      for (const j of jobs) await follow(j.id, user.token, finished);
      const { rows } = await sql<{ job_id: string; step: number; attempt: number }>`
        SELECT job_id, step, attempt FROM test_job_effects WHERE job_id IN (${sql.join(jobs.map((j) => j.id))})`.execute(
        t.db,
      );
      expect(rows).toHaveLength(16);
      // Each job ran in one attempt only: no second worker ever picked it up.
      for (const j of jobs) {
        const final = await t.rest('GET', `jobs/${j.id}`, { token: user.token });
        expect(final.body.data.job).toMatchObject({ status: 'completed', attempts: 1 });
      }
      expect(new Set(rows.map((r) => r.attempt))).toEqual(new Set([1]));
    } finally {
      await workers2.stop();
      await boss2.stop({ graceful: true, wait: true, timeout: 5_000, close: false });
    }
  });

  it('fails a running job that pg-boss no longer knows (archived or deleted), with the reason', async () => {
    const row = await t.db
      .insertInto('jobs')
      .values({
        kind: 'test.steps',
        title: 'Orphan',
        status: 'running',
        attempts: 1,
        created_by: user.id,
        time_limit_seconds: 1,
        updated_at: new Date(Date.now() - 120_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await reconcileJobs(t.db, QUEUE_SCHEMA)).toBeGreaterThanOrEqual(1);
    const job = (await t.rest('GET', `jobs/${row.id}`, { token: user.token })).body.data.job;
    expect(job).toMatchObject({ status: 'failed', error: expect.stringMatching(/worker stopped/) });
  });

  /**
   * A stand-in for pg-boss's tables that only the explicit reconciliation of these tests reads: the
   * workers' own reconciliation (every second here) sees no delivery for the rows below, and leaves
   * them alone for their hour-long time limit.
   */
  const PROBE = 'reconcile_probe';
  async function probeDelivery(id: string, state: string) {
    await t.dbHandle.executeSql(`CREATE SCHEMA IF NOT EXISTS ${PROBE}`);
    for (const table of ['job', 'archive']) {
      await t.dbHandle.executeSql(
        `CREATE TABLE IF NOT EXISTS ${PROBE}.${table} (id uuid PRIMARY KEY, state text NOT NULL)`,
      );
    }
    await t.dbHandle.executeSql(`INSERT INTO ${PROBE}.job (id, state) VALUES ($1, $2)`, [id, state]);
  }

  /** A job row of the user's, with an hour's time limit, as a worker left it. */
  const leftJob = (values: { title: string; status: 'running' | 'pending'; secondsAgo: number }) =>
    t.db
      .insertInto('jobs')
      .values({
        kind: 'test.steps',
        title: values.title,
        status: values.status,
        attempts: 1,
        created_by: user.id,
        time_limit_seconds: 3600,
        updated_at: new Date(Date.now() - values.secondsAgo * 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('leaves alone the retry a worker took while the orphaned attempt was being looked at', async () => {
    // Attempt 1's worker died; pg-boss has the retry waiting.
    const row = await leftJob({ title: 'Taken over', status: 'running', secondsAgo: 10 });
    await probeDelivery(row.id, 'retry');
    // Another worker starts attempt 2 after reconciliation has read the rows, before it writes. (The
    // write is in a transaction: the embedded database's one session is free again by then.)
    let interleaved = false;
    const takeOver = () =>
      t.db
        .updateTable('jobs')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), status: 'running', updated_at: new Date() }))
        .where('id', '=', row.id)
        .execute();
    const racing = new Proxy(t.db, {
      get(target, prop) {
        if (prop === 'transaction') {
          return () => ({
            execute: async (fn: (trx: unknown) => Promise<unknown>) => {
              if (!interleaved) {
                interleaved = true;
                await takeOver();
              }
              return target.transaction().execute(fn as never);
            },
          });
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await reconcileJobs(racing, PROBE);
    expect(interleaved).toBe(true);
    const job = (await t.rest('GET', `jobs/${row.id}`, { token: user.token })).body.data.job;
    expect(job).toMatchObject({ status: 'running', attempts: 2 });
    await t.db.deleteFrom('jobs').where('id', '=', row.id).execute();
  });

  it('fails a pending job whose delivery pg-boss ended without running it, and tells its creator', async () => {
    const row = await leftJob({ title: 'Left waiting', status: 'pending', secondsAgo: 120 });
    await probeDelivery(row.id, 'completed');
    // One that waits for its retry (pg-boss has it) is left as it is.
    const waiting = await leftJob({ title: 'Waiting for its retry', status: 'pending', secondsAgo: 120 });
    await probeDelivery(waiting.id, 'retry');

    await reconcileJobs(t.db, PROBE);
    const job = (await t.rest('GET', `jobs/${row.id}`, { token: user.token })).body.data.job;
    expect(job).toMatchObject({ status: 'failed', error: expect.stringMatching(/worker stopped/) });
    const left = (await t.rest('GET', `jobs/${waiting.id}`, { token: user.token })).body.data.job;
    expect(left).toMatchObject({ status: 'pending' });
    const told = await t.db
      .selectFrom('notifications')
      .select('kind')
      .where('user_id', '=', user.id)
      .where('subject_id', '=', row.id)
      .execute();
    expect(told.map((n) => n.kind)).toEqual(['job.failed']);
    await t.db.deleteFrom('jobs').where('id', 'in', [row.id, waiting.id]).execute();
  });

  it('always lists unfinished jobs, however many finished ones there are', async () => {
    const running = await t.db
      .insertInto('jobs')
      .values({
        kind: 'test.steps',
        title: 'Old but running',
        status: 'running',
        created_by: user.id,
        created_at: new Date(Date.now() - 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('jobs')
      .values(
        Array.from({ length: 5 }, () => ({
          kind: 'test.steps',
          title: 'Done',
          status: 'completed' as const,
          created_by: user.id,
          finished_at: new Date(),
        })),
      )
      .execute();
    const list = await t.rest('GET', 'jobs', { token: user.token, query: { limit: 2 } });
    const jobs = list.body.data.jobs;
    expect(jobs.map((j: any) => j.id)).toContain(running.id);
    expect(jobs.filter((j: any) => j.status === 'completed').length).toBeLessThanOrEqual(2);
    await t.db.deleteFrom('jobs').where('id', '=', running.id).execute();
  });
});
