import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInitialAdmin } from '@blogfleet/api';
import pg from 'pg';
import {
  ADMIN,
  api,
  buildApp,
  createTestDatabaseUrl,
  login,
  spawnServer,
  startFaultProxy,
  startTestApp,
  testConfig,
  type FaultProxy,
  type ServerProcess,
  type TestApp,
} from '@blogfleet/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** Runs `loops` callers in parallel for `ms`; returns every outcome as a status code or an error name. */
async function underLoad(
  ms: number,
  loops: number,
  call: () => Promise<number>,
  during: () => Promise<void>,
): Promise<Map<string, number>> {
  const outcomes = new Map<string, number>();
  const count = (k: string) => outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
  const until = Date.now() + ms;
  const workers = Array.from({ length: loops }, async () => {
    while (Date.now() < until) {
      try {
        count(String(await call()));
      } catch (e) {
        count(`error:${(e as Error).message}`);
      }
    }
  });
  await during();
  await Promise.all(workers);
  return outcomes;
}

async function terminateBackends(adminUrl: string, database: string): Promise<number> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const r = await client.query(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    return r.rows[0].n as number;
  } finally {
    await client.end();
  }
}

describe.skipIf(!TEST_DATABASE_URL)('on PostgreSQL: a lost or hung database', { timeout: 120_000 }, () => {
  let proxy: FaultProxy;
  let server: ServerProcess;
  let database: { url: string; drop(): Promise<void> };
  let token: string;

  beforeAll(async () => {
    database = (await createTestDatabaseUrl())!;
    const target = new URL(database.url);
    proxy = await startFaultProxy(target.hostname, Number(target.port || 5432));
    server = await spawnServer({
      from: 'source',
      env: {
        DATABASE_URL: proxy.url(database.url),
        DATA_DIR: 'memory://',
        JWT_SECRET: 'outage-test-secret-at-least-32-characters',
        ENCRYPTION_KEY: '1'.repeat(64),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DB_POOL_SIZE: '5',
        DB_CONNECT_TIMEOUT_MS: '1000',
        DB_STATEMENT_TIMEOUT_MS: '1500',
        LOG_LEVEL: 'warn',
      },
    });
    await server.waitFor('/readyz');
    token = (await login(server.url, ADMIN)).accessToken;
  });
  afterAll(async () => {
    server?.kill();
    await proxy?.close();
    await database?.drop();
  });

  const listUsers = async () => (await api(server.url, 'GET', 'users?limit=5', { token })).status;

  it('survives pg_terminate_backend and cut connections under load, then answers again without a restart', async () => {
    const dbName = new URL(database.url).pathname.slice(1);
    let terminated = 0;
    const outcomes = await underLoad(4_000, 20, listUsers, async () => {
      await new Promise((r) => setTimeout(r, 500));
      terminated += await terminateBackends(TEST_DATABASE_URL!, dbName);
      await new Promise((r) => setTimeout(r, 800));
      proxy.cutAll();
      await new Promise((r) => setTimeout(r, 800));
      terminated += await terminateBackends(TEST_DATABASE_URL!, dbName);
    });
    expect(terminated).toBeGreaterThan(0);
    // While connections die, a request either succeeds or says the database is away: never a 500,
    // never a dropped socket, and the process stays up.
    expect([...outcomes.keys()].sort()).toEqual(expect.arrayContaining(['200']));
    for (const key of outcomes.keys()) expect(['200', '503']).toContain(key);
    expect(server.child.exitCode).toBeNull();
    // Recovered: every request succeeds again.
    const after = await Promise.all(Array.from({ length: 10 }, listUsers));
    expect(after).toEqual(Array(10).fill(200));
  });

  it('answers 503 SERVICE_UNAVAILABLE in the envelope while the database hangs, and /readyz within about 2 s', async () => {
    proxy.freeze();
    try {
      const t0 = Date.now();
      const res = await api(server.url, 'GET', 'users?limit=5', { token });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        success: false,
        error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/database/i), details: null },
      });
      // Bounded by the configured timeouts (1.5 s statement + 1 s margin), not hanging forever.
      expect(Date.now() - t0).toBeLessThan(10_000);

      const r0 = Date.now();
      const ready = await fetch(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(Date.now() - r0).toBeLessThan(3_500);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      proxy.thaw();
      proxy.cutAll();
    }
    await server.waitFor('/readyz', 15_000);
    expect(await listUsers()).toBe(200);
  });

  it('drops connections that went silent (no reset) and answers again on new ones', async () => {
    // Every pooled connection is used first, so each one is silenced.
    await Promise.all(Array.from({ length: 8 }, listUsers));
    proxy.silenceOpen();
    const seen: number[] = [];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const status = await listUsers();
      seen.push(status);
      if (status === 200) break;
    }
    expect(seen).toContain(503);
    expect(seen[seen.length - 1]).toBe(200);
    // And it stays healthy: the silent connections are gone, not back in the pool.
    expect(await Promise.all(Array.from({ length: 10 }, listUsers))).toEqual(Array(10).fill(200));
  });

  it('answers 503 while the database refuses connections, and recovers when it is back', async () => {
    proxy.refuse();
    proxy.cutAll();
    try {
      const res = await api(server.url, 'GET', 'auth/me', { token });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
    } finally {
      proxy.accept();
    }
    await server.waitFor('/readyz', 15_000);
    expect((await api(server.url, 'GET', 'auth/me', { token })).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});

describe('on the embedded PGlite: a busy or crashed database thread', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DB_CONNECT_TIMEOUT_MS: '500' });
  });
  afterAll(() => t?.close());

  it.skipIf(Boolean(TEST_DATABASE_URL))(
    'keeps /healthz answering and gives 503 to queries that wait too long for the database',
    async () => {
      const { accessToken } = await t.login();
      const busy = t.dbHandle.executeSql('SELECT pg_sleep(3)');
      await new Promise((r) => setTimeout(r, 100));
      let busyDone = false;
      void busy.then(() => (busyDone = true));
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      // Answered while the database was still busy: the query runs on another thread.
      expect(busyDone).toBe(false);
      const res = await t.rest('GET', 'users', { token: accessToken });
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('SERVICE_UNAVAILABLE');
      await busy;
      expect((await t.rest('GET', 'users', { token: accessToken })).status).toBe(200);
    },
  );

  it.skipIf(Boolean(TEST_DATABASE_URL))(
    'replaces a crashed database thread on the next request, with the data on disk intact',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'blogfleet-crash-'));
      const { app, deps, dbHandle } = await buildApp(testConfig({ DATA_DIR: dataDir }), { logger: false });
      try {
        await ensureInitialAdmin(deps, ADMIN);
        const signIn = () =>
          app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: ADMIN }).then((r) => r.statusCode);
        expect(await signIn()).toBe(200);
        await dbHandle.pglite!.crashForTest();
        // Requests in flight at the crash may get 503; never a 500, and the next ones find a new thread.
        expect([200, 503]).toContain(await signIn());
        expect(await signIn()).toBe(200);
        expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      } finally {
        await app.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
