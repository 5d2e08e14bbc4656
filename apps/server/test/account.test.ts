import { sql } from '@blogfleet/db';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, trpcClient, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const me = async (token: string) => t.rest('GET', 'auth/me', { token });
const refresh = async (refreshToken: string) =>
  t.rest('POST', 'auth/refresh-token', { body: { refreshToken } });

describe('changing one’s own password', () => {
  it('refuses a wrong current password with VALIDATION_ERROR (not 401) and changes nothing', async () => {
    const u = await t.createUser({ password: 'first-password-1' });
    const session = await t.login(u.email, u.password);
    const res = await t.rest('POST', 'account/password', {
      token: session.accessToken,
      body: { currentPassword: 'not-my-password', newPassword: 'second-password-2' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'currentPassword: Current password is incorrect',
      details: { issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }] },
    });
    expect((await me(session.accessToken)).status).toBe(200);
    expect(
      (await t.rest('POST', 'auth/login', { body: { email: u.email, password: 'first-password-1' } })).status,
    ).toBe(200);
  });

  it('refuses a short new password and the same password again', async () => {
    const u = await t.createUser({ password: 'first-password-1' });
    const { accessToken } = await t.login(u.email, u.password);
    const short = await t.rest('POST', 'account/password', {
      token: accessToken,
      body: { currentPassword: 'first-password-1', newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.error.details.issues[0]).toEqual({
      path: 'newPassword',
      message: 'Password must be at least 8 characters',
    });
    const same = await t.rest('POST', 'account/password', {
      token: accessToken,
      body: { currentPassword: 'first-password-1', newPassword: 'first-password-1' },
    });
    expect(same.status).toBe(400);
    expect(same.body.error.details.issues[0].path).toBe('newPassword');
  });

  it('ends every other session of the user and keeps this one', async () => {
    const u = await t.createUser({ password: 'first-password-1' });
    const here = await t.login(u.email, u.password);
    const phone = await t.login(u.email, u.password);
    const laptop = await t.login(u.email, u.password);
    // Another user's session is not touched.
    const bystander = await t.login();

    const res = await t.rest('POST', 'account/password', {
      token: here.accessToken,
      body: { currentPassword: 'first-password-1', newPassword: 'second-password-2' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ changed: true, sessionsEnded: 2 });
    expect(JSON.stringify(res.body)).not.toMatch(/second-password|first-password/);

    expect((await me(here.accessToken)).status).toBe(200);
    const renewed = await refresh(here.refreshToken);
    expect(renewed.status).toBe(200);
    expect((await me(renewed.body.data.accessToken)).status).toBe(200);

    for (const other of [phone, laptop]) {
      expect((await me(other.accessToken)).status).toBe(401);
      expect((await refresh(other.refreshToken)).status).toBe(401);
    }
    expect((await me(bystander.accessToken)).status).toBe(200);

    const old = await t.rest('POST', 'auth/login', {
      body: { email: u.email, password: 'first-password-1' },
    });
    expect(old.status).toBe(401);
    expect(
      (await t.rest('POST', 'auth/login', { body: { email: u.email, password: 'second-password-2' } }))
        .status,
    ).toBe(200);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('subject_id', '=', String(u.id))
      .where('action', '=', 'account.password')
      .execute();
    expect(audit).toEqual([{ action: 'account.password', details: { sessionsEnded: 2 } }]);
  });

  it('counts wrong current passwords under the sign-in limits, then answers RATE_LIMITED with Retry-After', async () => {
    const u = await t.createUser({ password: 'first-password-1' });
    const { accessToken } = await t.login(u.email, u.password);
    const { maxFailuresPerEmail, windowSeconds } = t.config.loginLimits;
    const ip = '10.9.0.1';
    const change = (currentPassword: string, from = ip) =>
      t.rest('POST', 'account/password', {
        token: accessToken,
        body: { currentPassword, newPassword: 'second-password-2' },
        ip: from,
      });
    for (let i = 0; i < maxFailuresPerEmail; i++)
      expect((await change('guess-number-' + i)).status).toBe(400);

    // Past the limit nothing is checked: a wrong guess and the right password get the same answer.
    for (const guess of ['guess-number-x', 'first-password-1']) {
      const res = await change(guess);
      expect(res.status).toBe(429);
      expect(res.body.error).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many wrong passwords. Please try again later.',
        details: { retryAfterSeconds: expect.any(Number) },
      });
      const seconds = res.body.error.details.retryAfterSeconds as number;
      expect(seconds).toBeGreaterThan(windowSeconds - 60);
      expect(seconds).toBeLessThanOrEqual(windowSeconds);
      expect(res.headers['retry-after']).toBe(String(seconds));
    }
    // The same counters as sign-in: this account is held at this address for login too ...
    const login = await t.rest('POST', 'auth/login', {
      body: { email: u.email, password: 'first-password-1' },
      ip,
    });
    expect(login.status).toBe(429);
    // ... and only the guesses that were checked count (and are audited), not the refused ones.
    const failures = await t.db
      .selectFrom('login_attempts')
      .select(sql<number>`count(*)`.as('n'))
      .where('email', '=', u.email)
      .where('ip', '=', ip)
      .where('succeeded', '=', false)
      .executeTakeFirstOrThrow();
    expect(Number(failures.n)).toBe(maxFailuresPerEmail);
    const refusals = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'account.password_refused')
      .where('subject_id', '=', String(u.id))
      .execute();
    expect(refusals).toHaveLength(maxFailuresPerEmail);
    expect((await me(accessToken)).status).toBe(200);

    // From another address the owner still changes it.
    expect((await change('first-password-1', '10.9.0.2')).status).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.rest('POST', 'account/password', {
      body: { currentPassword: 'x', newPassword: 'second-password-2' },
    });
    expect(res.status).toBe(401);
  });
});

describe('preferred language', () => {
  it('is null until chosen, then stored and returned by auth/me and login (REST)', async () => {
    const u = await t.createUser();
    const login = await t.rest('POST', 'auth/login', { body: { email: u.email, password: u.password } });
    expect(login.body.data.user.preferred_language).toBeNull();
    const token = login.body.data.tokens.accessToken;

    const set = await t.rest('PUT', 'account/language', { token, body: { language: 'tr' } });
    expect(set.status).toBe(200);
    expect(set.body.data.user).toMatchObject({ id: u.id, preferred_language: 'tr' });
    expect((await me(token)).body.data.user.preferred_language).toBe('tr');
    const again = await t.rest('POST', 'auth/login', { body: { email: u.email, password: u.password } });
    expect(again.body.data.user.preferred_language).toBe('tr');

    const bad = await t.rest('PUT', 'account/language', { token, body: { language: 'de' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues[0].path).toBe('language');
  });

  it('is set over tRPC and shows in auth.me', async () => {
    let token: string | null = null;
    const client = await trpcClient(t.app, () => token);
    token = (await client.auth.login.mutate(ADMIN)).tokens.accessToken;
    const res = await client.account.setLanguage.mutate({ language: 'en' });
    expect(res.user.preferred_language).toBe('en');
    expect((await client.auth.me.query()).user.preferred_language).toBe('en');
    token = null;
    await expect(client.account.setLanguage.mutate({ language: 'tr' })).rejects.toBeInstanceOf(
      TRPCClientError,
    );
  });
});
