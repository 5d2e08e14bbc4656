import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let claims: Record<string, unknown>;
beforeAll(async () => {
  t = await startTestApp();
  const { accessToken } = await t.login();
  claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
});
afterAll(() => t.close());

/** A token signed with the server's own secret: only its claims are wrong. */
const signed = (overrides: Record<string, unknown>) =>
  new SignJWT({ ...claims, ...overrides }).setProtectedHeader({ alg: 'HS256' }).sign(t.deps.auth.jwtSecret);

describe('claims of a validly signed access token', () => {
  const odd: [string, Record<string, unknown>][] = [
    ['sub beyond int4', { sub: '99999999999' }],
    ['sub 2^31', { sub: '2147483648' }],
    ['sub "1e400"', { sub: '1e400' }],
    ['sub "1e3"', { sub: '1e3' }],
    ['sub zero', { sub: '0' }],
    ['negative sub', { sub: '-1' }],
    ['fractional sub', { sub: '1.5' }],
    ['sub with spaces', { sub: ' 1' }],
    ['numeric sub', { sub: 1 }],
    ['sid that is no uuid', { sid: 'not-a-uuid' }],
    ['empty sid', { sid: '' }],
    ['numeric sid', { sid: 42 }],
    ['unknown role', { role: 'root' }],
    ['missing role', { role: undefined }],
  ];

  it.each(odd)(
    'answer 401 UNAUTHORIZED over REST and tRPC for %s, never 4xx/5xx from the database',
    async (_, c) => {
      const token = await signed(c);
      const rest = await t.rest('GET', 'auth/me', { token });
      expect(rest.status).toBe(401);
      expect(rest.body.error).toEqual({
        code: 'UNAUTHORIZED',
        message: 'Session expired. Please login again.',
        details: null,
      });
      const rpc = await t.app.inject({
        method: 'GET',
        url: '/trpc/users.list',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(rpc.statusCode).toBe(401);
      expect(rpc.json().error.data.appCode).toBe('UNAUTHORIZED');
    },
  );

  it('accept the largest int4 user id as a well-formed claim (then no such user: 401)', async () => {
    const res = await t.rest('GET', 'auth/me', { token: await signed({ sub: '2147483647' }) });
    expect(res.status).toBe(401);
  });

  it('still accept the genuine claims', async () => {
    expect((await t.rest('GET', 'auth/me', { token: await signed({}) })).status).toBe(200);
  });
});
