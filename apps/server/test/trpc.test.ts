import type { AppRouter } from '@blogfleet/api';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '@blogfleet/server/testing';
import { trpcClient } from '@blogfleet/server/testing';

let t: TestApp;
let token: string | null = null;
let client: Awaited<ReturnType<typeof trpcClient>>;

beforeAll(async () => {
  t = await startTestApp();
  client = await trpcClient(t.app, () => token);
});
afterAll(() => t.close());

/** The TRPCClientError a call fails with; fails the test if the call succeeds or fails otherwise. */
async function failure(call: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
  try {
    await call;
  } catch (err) {
    if (err instanceof TRPCClientError) return err as TRPCClientError<AppRouter>;
    throw err;
  }
  throw new Error('expected the call to fail');
}

const asAdmin = async () => {
  token = (await client.auth.login.mutate(ADMIN)).tokens.accessToken;
};

describe('tRPC over HTTP', () => {
  it('dashboard.stats returns zeros on the fresh database', async () => {
    await asAdmin();
    expect(await client.dashboard.stats.query()).toEqual({
      total_sites: 0,
      active_sites: 0,
      total_content: 0,
      published_content: 0,
      pending_content: 0,
      total_keyword_groups: 0,
      active_keywords: 0,
      used_keywords: 0,
      avg_keyword_score: 0,
      avg_content_score: 0,
      total_keywords: 0,
      scored_content: 0,
    });
  });

  it('auth.login returns tokens and the user; auth.me works with the access token', async () => {
    token = null;
    const res = await client.auth.login.mutate({
      email: ADMIN.email.toUpperCase(),
      password: ADMIN.password,
    });
    expect(res.tokens.accessToken).toMatch(/^ey/);
    expect(res.tokens.refreshToken.length).toBeGreaterThanOrEqual(43);
    expect(res.user).toMatchObject({ email: ADMIN.email, role: 'admin', status: 'active' });
    expect(JSON.stringify(res)).not.toMatch(/password|\$argon2/i);
    token = res.tokens.accessToken;
    expect((await client.auth.me.query()).user.email).toBe(ADMIN.email);
  });

  it('users.list with the token returns users and pagination', async () => {
    await asAdmin();
    const res = await client.users.list.query({});
    expect(res.users.map((u) => u.email)).toEqual([ADMIN.email]);
    expect(res.pagination).toEqual({
      page: 1,
      limit: 10,
      total: 1,
      totalPages: 1,
      hasNext: false,
      hasPrev: false,
      totalExact: true,
      nextCursor: null,
    });
    expect(JSON.stringify(res)).not.toMatch(/password|\$argon2/i);
  });

  it('users.create, then stats, get, update, setStatus and delete round-trip', async () => {
    await asAdmin();
    const { user } = await client.users.create.mutate({
      username: 'rpc-user',
      email: 'RPC-User@Example.com',
      role: 'user',
      status: 'active',
      password: 'rpc-password-1',
    });
    expect(user).toMatchObject({ username: 'rpc-user', email: 'rpc-user@example.com', role: 'user' });
    expect(await client.users.stats.query()).toMatchObject({
      total_users: 2,
      admin_count: 1,
      active_users: 2,
    });
    expect((await client.users.get.query({ id: user.id })).user).toEqual(user);
    expect((await client.users.update.mutate({ id: user.id, username: 'rpc-user-2' })).user.username).toBe(
      'rpc-user-2',
    );
    expect((await client.users.setStatus.mutate({ id: user.id, status: 'inactive' })).user.status).toBe(
      'inactive',
    );
    expect(await client.users.delete.mutate({ id: user.id })).toEqual({ id: user.id, deleted: true });

    const gone = await failure(client.users.get.query({ id: user.id }));
    expect(gone.data?.appCode).toBe('NOT_FOUND');
    expect(gone.data?.httpStatus).toBe(404);
  });

  it('a duplicate users.create fails with appCode DATABASE_ERROR and "Duplicate entry"', async () => {
    await asAdmin();
    await client.users.create.mutate({
      username: 'dupe',
      email: 'dupe@example.com',
      password: 'dupe-password',
    });
    for (const input of [
      { username: 'DUPE', email: 'other@example.com', password: 'dupe-password' },
      { username: 'other', email: 'Dupe@Example.COM', password: 'dupe-password' },
    ]) {
      const err = await failure(client.users.create.mutate(input));
      expect(err.data?.appCode).toBe('DATABASE_ERROR');
      expect(err.data?.code).toBe('CONFLICT');
      expect(err.data?.httpStatus).toBe(409);
      expect(err.message).toContain('Duplicate entry');
      expect(err.data?.appMessage).toContain('Duplicate entry');
    }
  });

  it('invalid input fails with appCode VALIDATION_ERROR and the field issues in data.details', async () => {
    await asAdmin();
    const err = await failure(
      // Deliberately wrong at runtime; the cast stands in for an untyped caller.
      client.users.create.mutate({ email: 'not-an-email', password: 'short' } as unknown as Parameters<
        typeof client.users.create.mutate
      >[0]),
    );
    expect(err.data?.appCode).toBe('VALIDATION_ERROR');
    expect(err.data?.httpStatus).toBe(400);
    const details = err.data?.details as { issues: { path: string; message: string }[] };
    expect(details.issues.map((i) => i.path).sort()).toEqual(['email', 'password', 'username']);
    expect(details.issues.find((i) => i.path === 'password')?.message).toBe(
      'Password must be at least 8 characters',
    );

    const tooBig = await failure(client.users.list.query({ limit: 501 }));
    expect(tooBig.data?.appCode).toBe('VALIDATION_ERROR');
    const hugeId = await failure(client.users.get.query({ id: 2 ** 40 }));
    expect(hugeId.data?.appCode).toBe('VALIDATION_ERROR');
  });

  it('anonymous users.list fails with appCode UNAUTHORIZED', async () => {
    token = null;
    for (const call of [
      () => client.users.list.query({}),
      () => client.users.stats.query(),
      () => client.dashboard.stats.query(),
    ]) {
      const err = await failure(call());
      expect(err.data?.appCode).toBe('UNAUTHORIZED');
      expect(err.data?.httpStatus).toBe(401);
    }
    token = 'forged.token.value';
    expect((await failure(client.users.list.query({}))).data?.appCode).toBe('UNAUTHORIZED');
  });

  it('a plain user gets appCode FORBIDDEN on users procedures but may read the dashboard', async () => {
    const plain = await t.createUser();
    token = (await client.auth.login.mutate({ email: plain.email, password: plain.password })).tokens
      .accessToken;
    for (const call of [
      () => client.users.list.query({}),
      () => client.users.stats.query(),
      () => client.users.get.query({ id: plain.id }),
      () => client.users.create.mutate({ username: 'x', email: 'x@example.com', password: 'long-enough' }),
      () => client.users.update.mutate({ id: plain.id, role: 'admin' }),
      () => client.users.setStatus.mutate({ id: plain.id, status: 'inactive' }),
      () => client.users.delete.mutate({ id: plain.id }),
    ]) {
      const err = await failure(call());
      expect(err.data?.appCode).toBe('FORBIDDEN');
      expect(err.data?.httpStatus).toBe(403);
      expect(err.message).toBe("Access denied. You don't have permission to view this page.");
    }
    expect((await client.dashboard.stats.query()).total_sites).toBe(0);
  });

  it('an admin is refused (FORBIDDEN) when deactivating, demoting or deleting themself', async () => {
    await asAdmin();
    const me = (await client.auth.me.query()).user;
    for (const call of [
      () => client.users.setStatus.mutate({ id: me.id, status: 'inactive' }),
      () => client.users.update.mutate({ id: me.id, role: 'user' }),
      () => client.users.delete.mutate({ id: me.id }),
    ]) {
      expect((await failure(call())).data?.appCode).toBe('FORBIDDEN');
    }
    expect((await client.users.get.query({ id: me.id })).user).toMatchObject({
      role: 'admin',
      status: 'active',
    });
  });

  it('never sends a stack trace in the error data', async () => {
    token = null;
    const err = await failure(client.users.list.query({}));
    expect(err.data).not.toHaveProperty('stack');
    expect(JSON.stringify(err.shape)).not.toMatch(/\.ts:\d+|\.js:\d+|node_modules/);
  });
});
