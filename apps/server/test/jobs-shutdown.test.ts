import { enqueueJob, registerJobKinds } from '@blogfleet/api';
import { QUEUE_SCHEMA, sql } from '@blogfleet/db';
import { startTestApp, type TestApp } from '@blogfleet/server/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slowRuns, testJobKinds } from './support/job-kinds';

registerJobKinds(...testJobKinds);

// Rejections nobody handled while this file ran: a write sent after the database closed ends up here.
let unhandled: unknown[] = [];
const collect = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled = [];
  process.on('unhandledRejection', collect);
});
afterEach(() => {
  process.off('unhandledRejection', collect);
});

async function appWithGrace(seconds: number) {
  const t = await startTestApp({
    JOB_WORKERS: 'true',
    JOB_POLL_INTERVAL_SECONDS: '0.5',
    JOB_SHUTDOWN_GRACE_SECONDS: String(seconds),
  });
  const me = await t.rest('GET', 'auth/me', { token: (await t.login()).accessToken });
  const ctx = {
    db: t.deps.db,
    queue: t.deps.queue,
    user: { id: me.body.data.user.id, role: 'admin' as const },
  };
  return { t, start: (ms: number) => enqueueJob(ctx, 'test.slow', { ms }) };
}

async function untilRunning(t: TestApp, id: string) {
  for (let i = 0; i < 200 && !slowRuns.has(id); i++) await new Promise((r) => setTimeout(r, 100));
  expect(slowRuns.get(id), 'the job started').toBeDefined();
}

async function states(t: TestApp, id: string) {
  const job = await t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const { rows } = await sql<{ state: string }>`
    SELECT state::text FROM ${sql.table(`${QUEUE_SCHEMA}.job`)} WHERE id = ${id}`.execute(t.db);
  return { job, delivery: rows[0]?.state };
}

/** Closes the database after the app, and gives anything still sent to it the time to fail. */
async function closeDatabase(t: TestApp) {
  await t.dbHandle.close();
  await new Promise((r) => setTimeout(r, 500));
}

describe('closing the app while a job runs', () => {
  it('lets a job that ends within the grace finish, and records it before the database closes', async () => {
    const { t, start } = await appWithGrace(10);
    try {
      const { id } = await start(1_500);
      await untilRunning(t, id);
      await t.app.close();
      expect(slowRuns.get(id)?.ended).toBe('finished');
      const { job, delivery } = await states(t, id);
      expect(job).toMatchObject({ status: 'completed', attempts: 1, error: null });
      expect(delivery).toBe('completed');
    } finally {
      await closeDatabase(t);
    }
    expect(unhandled).toEqual([]);
  }, 60_000);

  it('stops a job still running after the grace, leaves it to be retried, and closes after its last write', async () => {
    const { t, start } = await appWithGrace(1);
    try {
      const { id } = await start(60_000);
      await untilRunning(t, id);
      await t.app.close();
      // The handler was told to stop and returned before close did.
      expect(slowRuns.get(id)?.ended).toBe('stopped');
      const { job, delivery } = await states(t, id);
      expect(job).toMatchObject({
        status: 'pending',
        attempts: 1,
        error: 'The worker stopped with its process before the job ended',
      });
      // pg-boss holds the delivery for its retry, which another worker (or this one, restarted) takes.
      expect(delivery).toBe('retry');
    } finally {
      await closeDatabase(t);
    }
    expect(unhandled).toEqual([]);
  }, 60_000);
});
