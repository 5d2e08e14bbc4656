import { ensureInitialAdmin } from '@blogfleet/api';
import {
  ADMIN,
  buildApp,
  createTestDatabaseUrl,
  startFaultProxy,
  startTestApp,
  testConfig,
  type FaultProxy,
  type TestApp,
} from '@blogfleet/server/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

async function call(app: FastifyInstance, method: string, path: string, token?: string, body?: unknown) {
  const res = await app.inject({
    method: method as 'GET',
    url: `/api/v1/${path}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: body as object | undefined,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('verified sessions in this process', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('forgets a session the moment it is logged out, deactivated or its role changes', async () => {
    const u = await t.createUser();
    const a = await t.login(u.email, u.password);
    expect((await call(t.app, 'GET', 'auth/me', a.accessToken)).status).toBe(200);
    expect((await call(t.app, 'GET', 'auth/me', a.accessToken)).status).toBe(200);
    await call(t.app, 'POST', 'auth/logout', a.accessToken, { refreshToken: a.refreshToken });
    expect((await call(t.app, 'GET', 'auth/me', a.accessToken)).status).toBe(401);

    const b = await t.login(u.email, u.password);
    expect((await call(t.app, 'GET', 'users', b.accessToken)).status).toBe(403);
    const admin = (await t.login()).accessToken;
    await call(t.app, 'PUT', `users/${u.id}`, admin, { role: 'admin' });
    expect((await call(t.app, 'GET', 'users', b.accessToken)).status).toBe(200);
    await call(t.app, 'PUT', `users/${u.id}`, admin, { role: 'user' });
    expect((await call(t.app, 'GET', 'users', b.accessToken)).status).toBe(403);
    await call(t.app, 'PUT', `users/${u.id}/status`, admin, { status: 'inactive' });
    expect((await call(t.app, 'GET', 'auth/me', b.accessToken)).status).toBe(401);
  });
});

describe.skipIf(!TEST_DATABASE_URL)('verified sessions across server processes', { timeout: 60_000 }, () => {
  let database: { url: string; drop(): Promise<void> };
  let proxy: FaultProxy;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    database = (await createTestDatabaseUrl())!;
    const target = new URL(database.url);
    proxy = await startFaultProxy(target.hostname, Number(target.port || 5432));
    const builtA = await buildApp(testConfig({ DATABASE_URL: database.url }), { logger: false });
    a = builtA.app;
    await ensureInitialAdmin(builtA.deps, ADMIN);
    // B reaches the database through a proxy that the last test cuts.
    b = (await buildApp(testConfig({ DATABASE_URL: proxy.url(database.url) }), { logger: false })).app;
    await new Promise((r) => setTimeout(r, 300));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await proxy?.close();
    await database?.drop();
  });

  const signIn = async (app: FastifyInstance) =>
    (await call(app, 'POST', 'auth/login', undefined, ADMIN)).body.data.tokens;
  const eventually = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 50; i++) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  };

  it('a logout on one server ends the session on the other at once', async () => {
    const tokens = await signIn(a);
    expect((await call(b, 'GET', 'auth/me', tokens.accessToken)).status).toBe(200);
    expect((await call(b, 'GET', 'auth/me', tokens.accessToken)).status).toBe(200);
    await call(a, 'POST', 'auth/logout', tokens.accessToken, { refreshToken: tokens.refreshToken });
    expect(
      await eventually(async () => (await call(b, 'GET', 'auth/me', tokens.accessToken)).status === 401),
    ).toBe(true);
  });

  it('while its notification listener is cut off, a server checks every request in the database', async () => {
    const tokens = await signIn(a);
    expect((await call(b, 'GET', 'auth/me', tokens.accessToken)).status).toBe(200);
    proxy.refuse();
    proxy.cutAll();
    // B cannot hear A now; A revokes the session.
    await call(a, 'POST', 'auth/logout', tokens.accessToken, { refreshToken: tokens.refreshToken });
    proxy.accept();
    // B must not answer 200 from memory: the listener is down, so it asks the database (which says no).
    expect([401, 503]).toContain((await call(b, 'GET', 'auth/me', tokens.accessToken)).status);
    expect(
      await eventually(async () => (await call(b, 'GET', 'auth/me', tokens.accessToken)).status === 401),
    ).toBe(true);
  });

  it('a listener that went deaf without a reset stops the cache within its heartbeat deadline', async () => {
    const tokens = await signIn(a);
    expect((await call(b, 'GET', 'auth/me', tokens.accessToken)).status).toBe(200);
    // B's connections (its listener included) go silent; nothing is closed.
    proxy.silenceOpen();
    await new Promise((r) => setTimeout(r, 17_000));
    await call(a, 'POST', 'auth/logout', tokens.accessToken, { refreshToken: tokens.refreshToken });
    // B cannot have heard of the logout; it must not answer from memory.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const status = (await call(b, 'GET', 'auth/me', tokens.accessToken)).status;
      statuses.push(status);
      if (status === 401) break;
    }
    expect(statuses).not.toContain(200);
    expect(statuses[statuses.length - 1]).toBe(401);
  }, 90_000);
});
