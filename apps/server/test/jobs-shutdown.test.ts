import { enqueueJob, registerJobKinds } from '@blogfleet/api';
import { createJobQueue, QUEUE_SCHEMA, queueStatementsSettled, sql } from '@blogfleet/db';
import { startJobWorkers, startTestApp, type TestApp } from '@blogfleet/server/testing';
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
  return {
    t,
    start: (
      kind: 'test.slow' | 'test.stubborn',
      ms: number,
      more: { againMs?: number; quiet?: boolean } = {},
    ) => enqueueJob(ctx, kind, { ms, ...more }),
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function untilRunning(id: string) {
  for (let i = 0; i < 200 && !slowRuns.has(id); i++) await pause(100);
  expect(slowRuns.get(id), 'the job started').toBeDefined();
}

async function states(t: TestApp, id: string) {
  const job = await t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const { rows } = await sql<{ state: string }>`
    SELECT state::text FROM ${sql.table(`${QUEUE_SCHEMA}.job`)} WHERE id = ${id}`.execute(t.db);
  return { job, delivery: rows[0]?.state };
}

type Started = Awaited<ReturnType<typeof appWithGrace>>;

/**
 * Runs `check` on an app with that grace (it closes the app itself), then closes the database and
 * gives anything still sent to it the time to fail: nothing may be left unhandled.
 */
async function closing(graceSeconds: number, check: (app: Started) => Promise<void>) {
  const app = await appWithGrace(graceSeconds);
  try {
    await check(app);
  } finally {
    await app.t.dbHandle.close();
  }
  await pause(500);
  expect(unhandled).toEqual([]);
}

// Each test starts an app of its own and waits out a grace.
describe('closing the app while a job runs', { timeout: 60_000 }, () => {
  it('lets a job that ends within the grace finish, and waits for pg-boss to record it', () =>
    closing(10, async ({ t, start }) => {
      // pg-boss's record of the finished delivery, a write it does not wait for, is held back 3 s.
      const send = t.dbHandle.executeSql;
      t.dbHandle.executeSql = async (text, values) => {
        if (text.includes("state = 'completed'") && text.includes('output = $3')) await pause(3_000);
        return send(text, values);
      };
      const { id } = await start('test.slow', 1_000);
      await untilRunning(id);
      await t.app.close();
      expect(slowRuns.get(id)?.ended).toBe('finished');
      const { job, delivery } = await states(t, id);
      expect(job).toMatchObject({ status: 'completed', attempts: 1, error: null });
      expect(delivery).toBe('completed');
    }));

  it('stops a job still running after the grace and gives its attempt back, even to a kind without retries', () =>
    closing(1, async ({ t, start }) => {
      const { id } = await start('test.slow', 60_000, { againMs: 100 });
      await untilRunning(id);
      await t.app.close();
      // The handler was told to stop and returned before close did.
      expect(slowRuns.get(id)?.ended).toBe('stopped');
      const { job, delivery } = await states(t, id);
      expect(job).toMatchObject({
        status: 'pending',
        attempts: 1,
        max_attempts: 2,
        message: 'Attempt 1 stopped with its process; it runs again',
        error: 'The worker stopped with its process before the job ended',
      });
      // pg-boss holds the delivery for its retry, which another worker (or this one, restarted) takes.
      expect(delivery).toBe('retry');

      // The next process's workers run it to the end.
      const boss = createJobQueue(t.dbHandle, { pollingIntervalSeconds: 0.5 });
      await boss.start();
      const quiet = { warn: () => undefined, info: () => undefined } as any;
      const settings = { concurrency: 1, pollingIntervalSeconds: 0.5, reconcileIntervalMs: 60_000 };
      const workers = await startJobWorkers(
        { ...t.deps, queue: boss },
        { ...settings, shutdownGraceSeconds: 5 },
        quiet,
      );
      try {
        let after = job;
        for (let i = 0; i < 100 && after.status !== 'completed'; i++) {
          await pause(200);
          after = (await states(t, id)).job;
        }
        expect(after).toMatchObject({ status: 'completed', attempts: 2, error: null });
        expect(slowRuns.get(id)).toEqual({ attempt: 2, ended: 'finished' });
      } finally {
        await workers.stop();
        await boss.stop({ graceful: true, wait: true, timeout: 1_000, close: false });
        await queueStatementsSettled(boss);
      }
    }));

  it('gives back a job that returns early once told to stop, instead of calling it done', () =>
    closing(1, async ({ t, start }) => {
      const { id } = await start('test.slow', 60_000, { quiet: true });
      await untilRunning(id);
      await t.app.close();
      expect(slowRuns.get(id)?.ended).toBe('stopped');
      const { job, delivery } = await states(t, id);
      expect(job).toMatchObject({ status: 'pending', max_attempts: 2, finished_at: null });
      expect(delivery).toBe('retry');
    }));

  it('does not give back a job whose delivery pg-boss already ended: it fails as pg-boss says', () =>
    closing(1, async ({ t, start }) => {
      const { id } = await start('test.slow', 60_000);
      await untilRunning(id);
      // As pg-boss's expiry would, for a kind without retries.
      await sql`UPDATE ${sql.table(`${QUEUE_SCHEMA}.job`)} SET state = 'failed' WHERE id = ${id}`.execute(
        t.db,
      );
      await t.app.close();
      const { job, delivery } = await states(t, id);
      expect(job).toMatchObject({
        status: 'failed',
        max_attempts: 1,
        error: 'The worker stopped with its process before the job ended',
      });
      expect(delivery).toBe('failed');
    }));

  it('closes without waiting for a job that ignores being stopped, and nothing fails unseen when it ends', async () => {
    const { t, start } = await appWithGrace(0);
    const { id } = await start('test.stubborn', 8_000);
    await untilRunning(id);
    await t.app.close();
    // The close waited the 5 s a stopped job gets, then went on: the handler is still sleeping.
    expect(slowRuns.get(id)?.ended).toBeNull();
    const { delivery } = await states(t, id);
    // pg-boss's own stop failed the delivery it still had, so it is retried.
    expect(delivery).toBe('retry');
    await t.dbHandle.close();
    for (let i = 0; i < 100 && !slowRuns.get(id)?.ended; i++) await pause(100);
    expect(slowRuns.get(id)?.ended).toBe('finished');
    // Its progress write and the runner's outcome meet a closed database; pg-boss's write is dropped.
    await pause(1_000);
    expect(unhandled).toEqual([]);
  });
});
