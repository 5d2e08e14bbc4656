import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const trpcPost = (path: string, body: unknown) =>
  t.app.inject({ method: 'POST', url: `/trpc/${path}`, payload: body as object });

describe('Cache-Control: no-store', () => {
  it('is on token responses over REST: login and refresh-token', async () => {
    const login = await t.rest('POST', 'auth/login', { body: ADMIN });
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refreshed = await t.rest('POST', 'auth/refresh-token', {
      body: { refreshToken: login.body.data.tokens.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });

  it('is on token responses over tRPC: auth.login and auth.refreshToken', async () => {
    const login = await trpcPost('auth.login', ADMIN);
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
    const refreshed = await trpcPost('auth.refreshToken', {
      refreshToken: login.json().result.data.tokens.refreshToken,
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.headers['cache-control']).toBe('no-store');
  });

  it('is on every other API answer too, errors included', async () => {
    const { accessToken } = await t.login();
    const answers = [
      await t.rest('GET', 'users', { token: accessToken }),
      await t.rest('GET', 'auth/me'),
      await t.rest('GET', 'no-such-endpoint'),
      await t.rest('POST', 'auth/login', { body: { email: 'x' } }),
      await t.rest('GET', 'openapi.json'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 400, 200]);
    for (const a of answers) expect(a.headers['cache-control']).toBe('no-store');

    const rpc = await t.app.inject({ method: 'GET', url: '/trpc/users.list' });
    expect(rpc.statusCode).toBe(401);
    expect(rpc.headers['cache-control']).toBe('no-store');
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: '{',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.headers['cache-control']).toBe('no-store');
  });

  it('is not forced on the public docs page and its static assets', async () => {
    for (const url of ['/api/docs', '/api/docs/assets/swagger-ui.css']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).not.toBe('no-store');
    }
  });
});
