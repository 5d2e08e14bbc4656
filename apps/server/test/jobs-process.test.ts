import { fileURLToPath } from 'node:url';
import { enqueueJob, registerJobKinds } from '@blogfleet/api';
import { createDb, createJobQueue, migrateToLatest, sql, type DbHandle } from '@blogfleet/db';
import { createTestDatabaseUrl, spawnServer, type ServerProcess } from '@blogfleet/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EFFECTS_TABLE_SQL, testJobKinds } from './support/job-kinds';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const TEST_WORKER = fileURLToPath(new URL('./support/test-worker.ts', import.meta.url));

registerJobKinds(...testJobKinds);

/** Worker processes share one PostgreSQL database (PGlite cannot be shared between processes). */
describe.skipIf(!TEST_DATABASE_URL)('job workers as separate processes', { timeout: 180_000 }, () => {
  let database: { url: string; drop(): Promise<void> };
  let handle: DbHandle;
  const workers: ServerProcess[] = [];

  const startWorker = async (tag: string) => {
    const w = await spawnServer({
      script: TEST_WORKER,
      env: {
        DATABASE_URL: database.url,
        DATA_DIR: 'memory://',
        JWT_SECRET: 'worker-test-secret-at-least-32-characters',
        ENCRYPTION_KEY: '2'.repeat(64),
        JOB_POLL_INTERVAL_SECONDS: '0.5',
        JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
        LOG_LEVEL: 'warn',
        TEST_WORKER_TAG: tag,
      },
    });
    workers.push(w);
    await w.waitFor('/readyz');
    return w;
  };

  beforeAll(async () => {
    database = (await createTestDatabaseUrl())!;
    handle = await createDb({ databaseUrl: database.url, poolSize: 3 });
    await migrateToLatest(handle.db);
    await handle.executeSql(EFFECTS_TABLE_SQL);
  });
  afterAll(async () => {
    for (const w of workers) w.kill();
    await handle?.close();
    await database?.drop();
  });

  it('finishes a job exactly once on another worker after the first one is killed mid-job', async () => {
    const a = await startWorker('A');
    // Enqueue from here, as a server process would: pg-boss only sends (no workers in this process).
    const queue = createJobQueue(handle, { supervise: false });
    await queue.start();
    const job = await enqueueJob({ db: handle.db, queue, user: null }, 'test.steps', {
      steps: 6,
      stepMs: 400,
    });
    await queue.stop({ graceful: false, close: false });

    const row = () =>
      handle.db.selectFrom('jobs').selectAll().where('id', '=', job.id).executeTakeFirstOrThrow();
    for (let i = 0; i < 100 && (await row()).progress < 30; i++) await new Promise((r) => setTimeout(r, 100));
    const midway = await row();
    expect(midway).toMatchObject({ status: 'running', attempts: 1 });
    expect(midway.progress).toBeGreaterThanOrEqual(30);
    expect(midway.progress).toBeLessThan(100);

    a.kill('SIGKILL');
    await a.exited;
    await startWorker('B');

    // The dead attempt is taken back when its 4 s time limit has passed and pg-boss's maintenance sees
    // it; on a loaded machine (the whole suite on two cores) that and B's pick-up took over 30 s once.
    let final = await row();
    for (let i = 0; i < 900 && final.status !== 'completed' && final.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      final = await row();
    }
    expect(final).toMatchObject({ status: 'completed', progress: 100, attempts: 2 });
    expect(final.result).toMatchObject({ steps: 6, worker: 'B' });

    // Every step's effect exists exactly once: the steps A finished were not repeated by B.
    const { rows } = await sql<{ step: number; worker: string }>`
      SELECT step, worker FROM test_job_effects WHERE job_id = ${job.id} ORDER BY step`.execute(handle.db);
    expect(rows.map((r) => r.step)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.some((r) => r.worker === 'A')).toBe(true);
    expect(rows[rows.length - 1]!.worker).toBe('B');
  });

  it('spreads jobs over two worker processes without ever running one twice', async () => {
    const alive = workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
    if (alive.length < 2) await startWorker('C');
    const queue = createJobQueue(handle, { supervise: false });
    await queue.start();
    const jobs = [];
    for (let i = 0; i < 12; i++) {
      jobs.push(
        await enqueueJob({ db: handle.db, queue, user: null }, 'test.steps', { steps: 2, stepMs: 150 }),
      );
    }
    await queue.stop({ graceful: false, close: false });
    const ids = jobs.map((j) => j.id);
    const done = async () => {
      const r = await handle.db
        .selectFrom('jobs')
        .select(['status', 'attempts'])
        .where('id', 'in', ids)
        .execute();
      return r;
    };
    let states = await done();
    for (let i = 0; i < 300 && states.some((s) => s.status !== 'completed'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      states = await done();
    }
    expect(states.every((s) => s.status === 'completed' && s.attempts === 1)).toBe(true);
    const { rows } = await sql<{ job_id: string; worker: string; n: number }>`
      SELECT job_id, count(DISTINCT worker)::int AS n, min(worker) AS worker
      FROM test_job_effects WHERE job_id IN (${sql.join(ids)}) GROUP BY job_id`.execute(handle.db);
    expect(rows).toHaveLength(12);
    // One worker per job, and both processes took part.
    expect(rows.every((r) => r.n === 1)).toBe(true);
    expect(new Set(rows.map((r) => r.worker)).size).toBe(2);
  });
});
