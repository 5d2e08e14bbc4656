import { sql } from '@blogfleet/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/trpc`;
});
afterAll(() => t.close());

const attempts = async () =>
  Number(
    (
      await t.db
        .selectFrom('login_attempts')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** `calls` logins with a wrong password in one `?batch=1` request, as a script would send them. */
function loginBatch(calls: number) {
  const paths = Array.from({ length: calls }, () => 'auth.login').join(',');
  const input = Object.fromEntries(
    Array.from({ length: calls }, (_, i) => [i, { email: `batch${i}@test.local`, password: 'wrong-pass' }]),
  );
  return fetch(`${base}/${paths}?batch=1`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
}

describe('tRPC batches over HTTP', () => {
  it('refuses a batch of 11 calls with 400 before running any of them', async () => {
    const before = await attempts();
    const res = await loginBatch(11);
    expect(res.status).toBe(400);
    const body = (await res.json()) as any;
    const error = Array.isArray(body) ? body[0].error : body.error;
    expect(error.message).toBe('Batch call exceeds maximum size');
    expect(error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400, appCode: 'VALIDATION_ERROR' });
    expect(await attempts()).toBe(before);
  });

  it('refuses a batch of 100 the same way', async () => {
    const before = await attempts();
    expect((await loginBatch(100)).status).toBe(400);
    expect(await attempts()).toBe(before);
  });

  it('still runs a batch of 10', async () => {
    const login = await fetch(`${base}/auth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const token = ((await login.json()) as any).result.data.tokens.accessToken as string;
    const paths = Array.from({ length: 10 }, () => 'auth.me').join(',');
    const res = await fetch(`${base}/${paths}?batch=1&input=${encodeURIComponent('{}')}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any[];
    expect(body).toHaveLength(10);
    for (const item of body) expect(item.result.data.user.email).toBe(ADMIN.email);
  });
});
