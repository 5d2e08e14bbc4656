import { pruneLoginAttempts } from '@blogfleet/api';
import { sql } from '@blogfleet/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '@blogfleet/server/testing';

// 3 failures per email and address, 6 per address; the email-wide backoff starts at 5 × 3 = 15.
const PER_EMAIL = 3;
const GLOBAL = 15;
const WINDOW_SECONDS = 15 * 60;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    LOGIN_MAX_FAILURES_PER_EMAIL: String(PER_EMAIL),
    LOGIN_MAX_FAILURES_PER_IP: '6',
  });
});
afterAll(() => t.close());

const attempt = (email: string, password: string, ip: string) =>
  t.rest('POST', 'auth/login', { body: { email, password }, ip });

/** Lets time pass for the limiter by moving every recorded attempt into the past. */
async function elapse(seconds: number) {
  await t.db
    .updateTable('login_attempts')
    .set({ created_at: sql`created_at - make_interval(secs => ${seconds})` })
    .execute();
}

async function recorded(email: string, ip?: string) {
  let query = t.db
    .selectFrom('login_attempts')
    .select(sql<number>`count(*)`.as('n'))
    .where('email', '=', email)
    .where('succeeded', '=', false);
  if (ip) query = query.where('ip', '=', ip);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

function expectRateLimited(res: Awaited<ReturnType<typeof attempt>>, maxSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({
    success: false,
    error: {
      code: 'RATE_LIMITED',
      message: 'Too many login attempts. Please try again later.',
      details: { retryAfterSeconds: expect.any(Number) },
    },
  });
  const seconds = res.body.error.details.retryAfterSeconds;
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
  expect(res.headers['retry-after']).toBe(String(seconds));
  return seconds as number;
}

describe('per email and address', () => {
  it('locks the email at that address only: the owner still signs in from another', async () => {
    const u = await t.createUser();
    for (let i = 0; i < PER_EMAIL; i++) {
      expect((await attempt(u.email, 'wrong-pass', '10.1.0.1')).status).toBe(401);
    }
    const blocked = await attempt(u.email, u.password, '10.1.0.1');
    expect(expectRateLimited(blocked, WINDOW_SECONDS)).toBeGreaterThan(WINDOW_SECONDS - 60);
    expect((await attempt(u.email, u.password, '10.1.0.2')).status).toBe(200);
    expect((await attempt(ADMIN.email, ADMIN.password, '10.1.0.1')).status).toBe(200);
  });

  it('does not record refused attempts, so hammering does not extend the lock', async () => {
    const u = await t.createUser();
    for (let i = 0; i < PER_EMAIL; i++) await attempt(u.email, 'wrong-pass', '10.1.1.1');
    for (let i = 0; i < 5; i++) expect((await attempt(u.email, 'wrong-pass', '10.1.1.1')).status).toBe(429);
    expect(await recorded(u.email, '10.1.1.1')).toBe(PER_EMAIL);

    await elapse(WINDOW_SECONDS + 1);
    expect((await attempt(u.email, u.password, '10.1.1.1')).status).toBe(200);
  });

  it('counts a parallel burst against itself: exactly the limit gets a password check', async () => {
    const u = await t.createUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => attempt(u.email, 'wrong-pass', '10.3.0.1')),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(PER_EMAIL);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10 - PER_EMAIL);
    expect(await recorded(u.email, '10.3.0.1')).toBeLessThanOrEqual(PER_EMAIL);
  });
});

describe('per address', () => {
  it('blocks an address that tries many emails, with Retry-After', async () => {
    for (let i = 0; i < 6; i++) await attempt(`spray${i}@test.local`, 'x', '10.2.0.1');
    expectRateLimited(await attempt(ADMIN.email, ADMIN.password, '10.2.0.1'), WINDOW_SECONDS);
    expect((await attempt(ADMIN.email, ADMIN.password, '10.2.0.2')).status).toBe(200);
  });
});

describe('per email from anywhere', () => {
  it('backs off a crowd of addresses, but never the owner at an address they signed in from', async () => {
    const u = await t.createUser();
    expect((await attempt(u.email, u.password, '10.5.0.99')).status).toBe(200);

    // A botnet: the per-address limit from five addresses adds up to the email-wide threshold.
    for (let host = 0; host < GLOBAL / PER_EMAIL; host++) {
      for (let i = 0; i < PER_EMAIL; i++) {
        expect((await attempt(u.email, 'wrong-pass', `10.5.1.${host}`)).status).toBe(401);
      }
    }
    // A fresh address, even with the right password, waits 1 s after the latest failure ...
    expect(expectRateLimited(await attempt(u.email, u.password, '10.5.2.1'), 1)).toBe(1);
    // ... and refusals are not recorded.
    expect(await recorded(u.email)).toBe(GLOBAL);
    // The owner, at the address of their session, is not held up.
    expect((await attempt(u.email, u.password, '10.5.0.99')).status).toBe(200);

    // After the wait one more guess is admitted, and the next wait doubles.
    await elapse(1.5);
    expect((await attempt(u.email, 'wrong-pass', '10.5.2.2')).status).toBe(401);
    expect(expectRateLimited(await attempt(u.email, 'wrong-pass', '10.5.2.3'), 2)).toBe(2);

    // Nobody can hold it: once the failures have left the window, any address signs in again.
    await elapse(WINDOW_SECONDS);
    expect((await attempt(u.email, u.password, '10.5.2.4')).status).toBe(200);
  });

  it('exempts no address whose sessions of the account are all revoked or expired', async () => {
    const u = await t.createUser();
    const signIn = async (ip: string) => (await attempt(u.email, u.password, ip)).body.data.tokens;
    // The owner signed in at three addresses: logged out at one, and at another the session expired.
    const gone = await signIn('10.8.0.1');
    const logout = await t.rest('POST', 'auth/logout', {
      token: gone.accessToken,
      body: { refreshToken: gone.refreshToken },
      ip: '10.8.0.1',
    });
    expect(logout.status).toBe(200);
    await signIn('10.8.0.2');
    await t.db
      .updateTable('sessions')
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where('user_id', '=', u.id)
      .where('ip', '=', '10.8.0.2')
      .execute();
    await signIn('10.8.0.3');
    // A crowd's failures, enough for a backoff of 2^5 = 32 s after the latest.
    await t.db
      .insertInto('login_attempts')
      .values(
        Array.from({ length: GLOBAL + 5 }, (_, i) => ({
          email: u.email,
          ip: `10.8.1.${i}`,
          succeeded: false,
        })),
      )
      .execute();

    // Where the session was revoked or has expired, the owner waits like anyone else ...
    expect(expectRateLimited(await attempt(u.email, u.password, '10.8.0.1'), 32)).toBeGreaterThan(20);
    expect(expectRateLimited(await attempt(u.email, u.password, '10.8.0.2'), 32)).toBeGreaterThan(20);
    // ... and only a live session keeps the address exempt.
    expect((await attempt(u.email, u.password, '10.8.0.3')).status).toBe(200);
  });

  it('caps the wait at 5 minutes however many failures pile up', async () => {
    const u = await t.createUser();
    await t.db
      .insertInto('login_attempts')
      .values(
        Array.from({ length: GLOBAL + 30 }, (_, i) => ({
          email: u.email,
          ip: `10.6.${i}.1`,
          succeeded: false,
        })),
      )
      .execute();
    expect(expectRateLimited(await attempt(u.email, u.password, '10.6.200.1'), 300)).toBe(300);
  });
});

describe('Retry-After over tRPC HTTP', () => {
  it('is sent with the 429 of auth.login', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const call = () =>
      fetch(`http://127.0.0.1:${port}/trpc/auth.login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'trpc-ghost@test.local', password: 'wrong-pass' }),
      });
    for (let i = 0; i < PER_EMAIL; i++) expect((await call()).status).toBe(401);
    const res = await call();
    expect(res.status).toBe(429);
    const body = (await res.json()) as { error: { data: { appCode: string; details: any } } };
    expect(body.error.data.appCode).toBe('RATE_LIMITED');
    const seconds = body.error.data.details.retryAfterSeconds;
    expect(seconds).toBeGreaterThan(WINDOW_SECONDS - 60);
    expect(res.headers.get('retry-after')).toBe(String(seconds));
  });
});

describe('pruneLoginAttempts', () => {
  it('deletes the attempts older than the given time and keeps the rest', async () => {
    const email = 'prune@test.local';
    await t.db
      .insertInto('login_attempts')
      .values([
        { email, ip: '10.7.0.1', succeeded: false, created_at: new Date(Date.now() - 3600_000) },
        { email, ip: '10.7.0.1', succeeded: true, created_at: new Date(Date.now() - 3600_000) },
        { email, ip: '10.7.0.1', succeeded: false },
      ])
      .execute();
    const removed = await pruneLoginAttempts(t.db, new Date(Date.now() - WINDOW_SECONDS * 1000));
    expect(removed).toBeGreaterThanOrEqual(2);
    const left = await t.db
      .selectFrom('login_attempts')
      .select('created_at')
      .where('created_at', '<', new Date(Date.now() - WINDOW_SECONDS * 1000))
      .execute();
    expect(left).toEqual([]);
    expect(await recorded(email)).toBe(1);
  });
});
