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
