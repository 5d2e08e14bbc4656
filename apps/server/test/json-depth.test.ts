import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const TOO_DEEP = {
  success: false,
  error: { code: 'VALIDATION_ERROR', message: 'JSON is nested more than 64 levels deep', details: null },
};

const post = (url: string, payload: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

describe('deeply nested JSON', () => {
  const bodies: [string, string][] = [
    ['10,000 nested arrays', arrays(10_000)],
    ['10,000 nested objects', objects(10_000)],
    ['a deep value beside valid fields', `{"email":"a@b.co","password":"long-enough","x":${arrays(5_000)}}`],
    ['65 levels', arrays(65)],
  ];

  it.each(bodies)('is refused with 400 in the envelope over REST: %s', async (_, body) => {
    const res = await post('/api/v1/auth/login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(TOO_DEEP);
  });

  it.each(bodies)('is refused with 400 in the envelope over tRPC: %s', async (_, body) => {
    const res = await post('/trpc/auth.login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(TOO_DEEP);
  });

  it('is refused in the ?input= of a tRPC GET, before authentication', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/trpc/users.list?input=${encodeURIComponent(arrays(3_000))}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(TOO_DEEP);
  });

  it('is refused in a repeated ?input= as well', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/trpc/users.list?input=${encodeURIComponent(arrays(3_000))}&input=%7B%7D`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(TOO_DEEP);
  });

  it('lets 64 levels through to input validation', async () => {
    const res = await post(
      '/api/v1/auth/login',
      `{"email":"a@b.co","password":"long-enough","x":${arrays(63)}}`,
    );
    expect(res.statusCode).toBe(401);
  });

  it('does not count brackets inside strings', async () => {
    const res = await post(
      '/api/v1/auth/login',
      JSON.stringify({ email: ADMIN.email, password: `${'['.repeat(500)}"\\{${'{'.repeat(500)}` }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });
});
