import { startTestApp, type TestApp } from '@blogfleet/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Every way a session ends, tried with the token already verified (and so remembered by the session
 * cache): the very next request must be refused.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.login()).accessToken;
});
afterAll(() => t?.close());

const me = async (token: string) => (await t.rest('GET', 'auth/me', { token })).status;
const warm = async (token: string) => {
  expect(await me(token)).toBe(200);
  expect(await me(token)).toBe(200);
};

describe('revocation with a warm session cache', () => {
  it('own password change: other sessions end at once, this one stays', async () => {
    const u = await t.createUser();
    const here = await t.login(u.email, u.password);
    const elsewhere = await t.login(u.email, u.password);
    await warm(here.accessToken);
    await warm(elsewhere.accessToken);
    const res = await t.rest('POST', 'account/password', {
      token: here.accessToken,
      body: { currentPassword: u.password, newPassword: 'brand-new-password-1' },
    });
    expect(res.status).toBe(200);
    expect(await me(elsewhere.accessToken)).toBe(401);
    expect(await me(here.accessToken)).toBe(200);
  });

  it('password reset by an admin ends every session', async () => {
    const u = await t.createUser();
    const s = await t.login(u.email, u.password);
    await warm(s.accessToken);
    expect(
      (await t.rest('PUT', `users/${u.id}`, { token: admin, body: { password: 'reset-by-admin-1' } })).status,
    ).toBe(200);
    expect(await me(s.accessToken)).toBe(401);
  });

  it('deleting a user ends their sessions', async () => {
    const u = await t.createUser();
    const s = await t.login(u.email, u.password);
    await warm(s.accessToken);
    expect((await t.rest('DELETE', `users/${u.id}`, { token: admin })).status).toBe(200);
    expect(await me(s.accessToken)).toBe(401);
  });

  it('reusing a spent refresh token ends its whole family', async () => {
    const u = await t.createUser();
    const s = await t.login(u.email, u.password);
    const first = await t.rest('POST', 'auth/refresh-token', { body: { refreshToken: s.refreshToken } });
    expect(first.status).toBe(200);
    const fresh = first.body.data.accessToken as string;
    await warm(fresh);
    expect(
      (await t.rest('POST', 'auth/refresh-token', { body: { refreshToken: s.refreshToken } })).status,
    ).toBe(401);
    expect(await me(fresh)).toBe(401);
  });

  it('deactivation through the user dialog ends every session', async () => {
    const u = await t.createUser();
    const s = await t.login(u.email, u.password);
    await warm(s.accessToken);
    expect(
      (await t.rest('PUT', `users/${u.id}`, { token: admin, body: { status: 'inactive' } })).status,
    ).toBe(200);
    expect(await me(s.accessToken)).toBe(401);
  });
});
