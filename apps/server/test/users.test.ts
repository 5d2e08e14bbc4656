import { sql } from '@blogfleet/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  startTestApp,
  type RestOptions,
  type RestResponse,
  type TestApp,
} from '@blogfleet/server/testing';

let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.login()).accessToken;
  adminId = (await t.rest('GET', 'auth/me', { token: admin })).body.data.user.id;
});
afterAll(() => t.close());

/** Every response of this file passes through here: a user object never carries a password or its hash. */
function noSecrets(res: RestResponse): RestResponse {
  const text = JSON.stringify(res.body);
  expect(text).not.toMatch(/\$argon2|password_hash/i);
  // Validation errors may name the password field; nothing else may mention passwords at all.
  if (res.body.error?.code !== 'VALIDATION_ERROR') expect(text).not.toMatch(/password/i);
  return res;
}

const api = async (method: string, path: string, opts: RestOptions = {}) =>
  noSecrets(await t.rest(method, path, { token: admin, ...opts }));

const dbUser = (id: number) => t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
const countUsers = async () =>
  Number(
    (
      await t.db
        .selectFrom('users')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const issuePaths = (res: RestResponse) => res.body.error.details.issues.map((i: { path: string }) => i.path);
const loginStatus = async (email: string, password: string) =>
  (await t.rest('POST', 'auth/login', { body: { email, password }, ip: '10.20.0.1' })).status;

describe('GET users: paging', () => {
  const names = Array.from({ length: 25 }, (_, i) => `pager${String(i + 1).padStart(2, '0')}`);

  beforeAll(async () => {
    // One at a time, so creation order (newest first in the list) is well defined.
    for (const name of names) await t.createUser({ username: name, email: `${name}@paging.test` });
  });

  it('defaults to 10 per page, newest first, with the pagination block', async () => {
    const res = await api('GET', 'users', { query: { search: 'pager' } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.users.map((u: { username: string }) => u.username)).toEqual(
      names.slice(15).reverse(),
    );
    expect(res.body.data.pagination).toEqual({
      page: 1,
      limit: 10,
      total: 25,
      totalPages: 3,
      hasNext: true,
      hasPrev: false,
      totalExact: true,
      nextCursor: expect.any(String),
    });
  });

  it('returns the middle and the last page', async () => {
    const page2 = await api('GET', 'users', { query: { search: 'pager', page: 2 } });
    expect(page2.body.data.users.map((u: { username: string }) => u.username)).toEqual(
      names.slice(5, 15).reverse(),
    );
    expect(page2.body.data.pagination).toEqual({
      page: 2,
      limit: 10,
      total: 25,
      totalPages: 3,
      hasNext: true,
      hasPrev: true,
      totalExact: true,
      nextCursor: expect.any(String),
    });

    const page3 = await api('GET', 'users', { query: { search: 'pager', page: 3 } });
    expect(page3.body.data.users.map((u: { username: string }) => u.username)).toEqual(
      names.slice(0, 5).reverse(),
    );
    expect(page3.body.data.pagination).toMatchObject({
      page: 3,
      total: 25,
      totalPages: 3,
      hasNext: false,
      hasPrev: true,
    });
  });

  it('past the end: no users but the true total', async () => {
    const res = await api('GET', 'users', { query: { search: 'pager', page: 4 } });
    expect(res.status).toBe(200);
    expect(res.body.data.users).toEqual([]);
    expect(res.body.data.pagination).toMatchObject({
      page: 4,
      total: 25,
      totalPages: 3,
      hasNext: false,
      hasPrev: true,
    });
  });

  it('honours a custom limit up to 500', async () => {
    const all = await api('GET', 'users', { query: { search: 'pager', limit: 25 } });
    expect(all.body.data.users).toHaveLength(25);
    expect(all.body.data.pagination).toMatchObject({
      limit: 25,
      totalPages: 1,
      hasNext: false,
      hasPrev: false,
    });

    const seven = await api('GET', 'users', { query: { search: 'pager', limit: 7, page: 4 } });
    expect(seven.body.data.users).toHaveLength(4);
    expect(seven.body.data.pagination).toMatchObject({ totalPages: 4, hasNext: false, hasPrev: true });

    const max = await api('GET', 'users', { query: { limit: 500 } });
    expect(max.status).toBe(200);
    expect(max.body.data.pagination.total).toBe(await countUsers());
  });

  it('without a search, the total is every user in the database', async () => {
    const res = await api('GET', 'users');
    expect(res.body.data.users).toHaveLength(10);
    expect(res.body.data.pagination.total).toBe(await countUsers());
  });

  it('rejects limit > 500 and other bad paging values with VALIDATION_ERROR', async () => {
    for (const [query, field] of [
      [{ limit: 501 }, 'limit'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 'ten' }, 'limit'],
      [{ page: 0 }, 'page'],
      [{ page: -3 }, 'page'],
      [{ page: 1.5 }, 'page'],
      [{ page: 100_001 }, 'page'],
    ] as const) {
      const res = await api('GET', 'users', { query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(issuePaths(res)).toEqual([field]);
    }
  });
});

describe('GET users: search and role filter', () => {
  beforeAll(async () => {
    await t.createUser({ username: 'Alice.Searchable', email: 'alice@wonderland.example' });
    await t.createUser({ username: 'bob-plain', email: 'Bob.Builder@Construction.example' });
    await t.createUser({ username: 'under_score', email: 'under1@literal.example' });
    await t.createUser({ username: 'underXscore', email: 'under2@literal.example' });
    await t.createUser({ username: 'rolecheck-admin', email: 'rc-admin@roles.example', role: 'admin' });
    await t.createUser({ username: 'rolecheck-user', email: 'rc-user@roles.example', role: 'user' });
  });

  const usernames = async (query: Record<string, string | number>) => {
    const res = await api('GET', 'users', { query: { limit: 500, ...query } });
    expect(res.status, JSON.stringify(query)).toBe(200);
    return (res.body.data.users as { username: string }[]).map((u) => u.username).sort();
  };

  it('matches part of the username, ignoring case', async () => {
    expect(await usernames({ search: 'ICE.sEARCH' })).toEqual(['Alice.Searchable']);
  });

  it('matches part of the email, ignoring case', async () => {
    expect(await usernames({ search: 'WONDERLAND.ex' })).toEqual(['Alice.Searchable']);
    // Stored lower-cased, found with any case.
    expect(await usernames({ search: 'builder@CONSTRUCTION' })).toEqual(['bob-plain']);
  });

  it('trims the search and treats a blank one as no filter', async () => {
    expect(await usernames({ search: '  alice.searchable  ' })).toEqual(['Alice.Searchable']);
    const blank = await api('GET', 'users', { query: { search: '   ' } });
    expect(blank.body.data.pagination.total).toBe(await countUsers());
  });

  it('matches % and _ literally, not as wildcards', async () => {
    expect(await usernames({ search: 'under_s' })).toEqual(['under_score']);
    expect(await usernames({ search: '%' })).toEqual([]);
    expect(await usernames({ search: 'under%score' })).toEqual([]);
    expect(await usernames({ search: '_' })).toEqual(['under_score']);
    expect(await usernames({ search: '\\' })).toEqual([]);
  });

  it('finds nothing, without error, for SQL-looking input', async () => {
    for (const search of ["' OR '1'='1", "x'; DROP TABLE users; --", '") OR 1=1 --']) {
      expect(await usernames({ search })).toEqual([]);
    }
    expect(await countUsers()).toBeGreaterThan(0);
  });

  it('rejects a NUL byte and an over-long search as VALIDATION_ERROR (not a database failure)', async () => {
    for (const search of ['a\u0000b', 'x'.repeat(201)]) {
      const res = await api('GET', 'users', { query: { search } });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(issuePaths(res)).toEqual(['search']);
    }
  });

  it('filters by role: admin, user, all', async () => {
    const admins = await api('GET', 'users', { query: { role: 'admin', limit: 500 } });
    expect(admins.body.data.users.every((u: { role: string }) => u.role === 'admin')).toBe(true);
    expect(admins.body.data.pagination.total).toBe(2);

    const users = await api('GET', 'users', { query: { role: 'user', limit: 500 } });
    expect(users.body.data.users.every((u: { role: string }) => u.role === 'user')).toBe(true);
    expect(users.body.data.pagination.total).toBe((await countUsers()) - 2);

    const all = await api('GET', 'users', { query: { role: 'all' } });
    expect(all.body.data.pagination.total).toBe(await countUsers());

    expect(await usernames({ search: 'rolecheck', role: 'admin' })).toEqual(['rolecheck-admin']);
    expect(await usernames({ search: 'rolecheck', role: 'user' })).toEqual(['rolecheck-user']);
    expect(await usernames({ search: 'rolecheck', role: 'all' })).toEqual([
      'rolecheck-admin',
      'rolecheck-user',
    ]);
  });

  it('rejects an unknown role', async () => {
    const res = await api('GET', 'users', { query: { role: 'superuser' } });
    expect(res.status).toBe(400);
    expect(issuePaths(res)).toEqual(['role']);
  });
});

describe('GET users/stats', () => {
  it('counts users, admins, active users and those who logged in within 30 days', async () => {
    // A database of its own, so the counts are exact.
    const s = await startTestApp();
    try {
      const token = (await s.login()).accessToken; // the admin has now logged in
      const loggedIn = await s.createUser();
      await s.createUser(); // active, never logged in
      await s.createUser({ status: 'inactive' });
      const secondAdmin = await s.createUser({ role: 'admin' });
      const longAgo = await s.createUser();
      await s.login(loggedIn.email, loggedIn.password);
      await s.login(secondAdmin.email, secondAdmin.password);
      await s.login(longAgo.email, longAgo.password);
      await s.db
        .updateTable('users')
        .set({ last_login: new Date(Date.now() - 40 * 24 * 3600 * 1000) })
        .where('id', '=', longAgo.id)
        .execute();

      const res = noSecrets(await s.rest('GET', 'users/stats', { token }));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: { total_users: 6, admin_count: 2, active_users: 5, active_last_30_days: 3 },
      });
    } finally {
      await s.close();
    }
  });
});

describe('POST users', () => {
  it('creates a user, returns it without any password field, and the user can log in', async () => {
    const res = await api('POST', 'users', {
      body: {
        username: 'carol',
        email: 'Carol@Example.com',
        role: 'user',
        status: 'active',
        password: 'carol-pass-1',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const user = res.body.data.user;
    expect(user).toEqual({
      id: expect.any(Number),
      username: 'carol',
      email: 'carol@example.com',
      role: 'user',
      status: 'active',
      preferred_language: null,
      last_login: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const got = await api('GET', `users/${user.id}`);
    expect(got.status).toBe(200);
    expect(got.body.data.user).toEqual(user);
    expect(await loginStatus('carol@example.com', 'carol-pass-1')).toBe(200);
  });

  it('defaults the role to user and the status to active', async () => {
    const res = await api('POST', 'users', {
      body: { username: 'dave', email: 'dave@example.com', password: 'dave-pass-1' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ role: 'user', status: 'active' });
  });

  it('lists each invalid field in details.issues and creates nothing', async () => {
    const before = await countUsers();
    const res = await api('POST', 'users', { body: { email: 'not-an-email', password: '1234567' } });
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(issuePaths(res).sort()).toEqual(['email', 'password', 'username']);
    const byPath = Object.fromEntries(
      res.body.error.details.issues.map((i: { path: string; message: string }) => [i.path, i.message]),
    );
    expect(byPath.email).toBe('Invalid email address');
    expect(byPath.password).toBe('Password must be at least 8 characters');
    for (const field of ['username', 'email', 'password']) expect(res.body.error.message).toContain(field);
    expect(await countUsers()).toBe(before);
  });

  it('rejects a blank username, a bad role or status, and a missing password', async () => {
    for (const [body, field] of [
      [{ username: '   ', email: 'x1@example.com', password: 'long-enough' }, 'username'],
      [{ username: 'has space', email: 'x2@example.com', password: 'long-enough' }, 'username'],
      [{ username: 'x3', email: 'x3@example.com', password: 'long-enough', role: 'root' }, 'role'],
      [{ username: 'x4', email: 'x4@example.com', password: 'long-enough', status: 'banned' }, 'status'],
      [{ username: 'x5', email: 'x5@example.com' }, 'password'],
      [{ username: 'x6', email: 'x6@example.com', password: 12345678 }, 'password'],
    ] as const) {
      const res = await api('POST', 'users', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect([...new Set(issuePaths(res))]).toEqual([field]);
    }
  });

  it('accepts a password of exactly 8 characters', async () => {
    const res = await api('POST', 'users', {
      body: { username: 'eight', email: 'eight@example.com', password: '12345678' },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a username that differs only in case: 409 DATABASE_ERROR "Duplicate entry"', async () => {
    await t.createUser({ username: 'Frank', email: 'frank@example.com' });
    const before = await countUsers();
    const res = await api('POST', 'users', {
      body: { username: 'fRANK', email: 'frank2@example.com', password: 'long-enough' },
    });
    expect(res.status).toBe(409);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('DATABASE_ERROR');
    expect(res.body.error.message).toContain('Duplicate entry');
    expect(await countUsers()).toBe(before);
  });

  it('refuses an email that differs only in case: 409 DATABASE_ERROR "Duplicate entry"', async () => {
    await t.createUser({ username: 'grace', email: 'grace@example.com' });
    const before = await countUsers();
    const res = await api('POST', 'users', {
      body: { username: 'grace2', email: 'GRACE@Example.COM', password: 'long-enough' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('DATABASE_ERROR');
    expect(res.body.error.message).toContain('Duplicate entry');
    expect(await countUsers()).toBe(before);
  });
});

describe('PUT users/{id}', () => {
  it('changes the given fields and leaves the password alone when none is given', async () => {
    const u = await t.createUser({ username: 'henry', email: 'henry@example.com' });
    const before = (await api('GET', `users/${u.id}`)).body.data.user;
    const res = await api('PUT', `users/${u.id}`, {
      body: { username: 'Henry2', email: 'Henry2@Example.com', role: 'admin', status: 'active' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      id: u.id,
      username: 'Henry2',
      email: 'henry2@example.com',
      role: 'admin',
      status: 'active',
      created_at: before.created_at,
    });
    expect(new Date(res.body.data.user.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(before.updated_at).getTime(),
    );
    expect((await api('GET', `users/${u.id}`)).body.data.user).toEqual(res.body.data.user);
    expect(await dbUser(u.id)).toMatchObject({
      username: 'Henry2',
      email: 'henry2@example.com',
      role: 'admin',
    });
    expect(await loginStatus('henry2@example.com', u.password)).toBe(200);
  });

  it('sets a new password: the new one works for login and the old one no longer does', async () => {
    const u = await t.createUser({ username: 'ivan', email: 'ivan@example.com' });
    const hashBefore = (await dbUser(u.id))!.password_hash;
    const res = await api('PUT', `users/${u.id}`, { body: { password: 'brand-new-pass' } });
    expect(res.status).toBe(200);
    expect((await dbUser(u.id))!.password_hash).not.toBe(hashBefore);
    expect(await loginStatus(u.email, 'brand-new-pass')).toBe(200);
    expect(await loginStatus(u.email, u.password)).toBe(401);
  });

  it('rejects a short new password and a bad email, changing nothing', async () => {
    const u = await t.createUser({ username: 'judy', email: 'judy@example.com' });
    const res = await api('PUT', `users/${u.id}`, {
      body: { password: 'short', email: 'nope', username: 'judy2' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(issuePaths(res).sort()).toEqual(['email', 'password']);
    expect(await dbUser(u.id)).toMatchObject({ username: 'judy', email: 'judy@example.com' });
  });

  it('refuses to take another user’s username or email, in any case', async () => {
    await t.createUser({ username: 'kate', email: 'kate@example.com' });
    const u = await t.createUser({ username: 'leo', email: 'leo@example.com' });
    for (const body of [{ username: 'KATE' }, { email: 'Kate@Example.com' }]) {
      const res = await api('PUT', `users/${u.id}`, { body });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('DATABASE_ERROR');
      expect(res.body.error.message).toContain('Duplicate entry');
    }
    expect(await dbUser(u.id)).toMatchObject({ username: 'leo', email: 'leo@example.com' });
  });
});

describe('PUT users/{id}/status', () => {
  it('toggles a user inactive and back; an inactive user cannot log in', async () => {
    const u = await t.createUser({ username: 'mia', email: 'mia@example.com' });
    const off = await api('PUT', `users/${u.id}/status`, { body: { status: 'inactive' } });
    expect(off.status).toBe(200);
    expect(off.body.data.user).toMatchObject({ id: u.id, status: 'inactive' });
    expect((await dbUser(u.id))!.status).toBe('inactive');
    expect(await loginStatus(u.email, u.password)).toBe(401);

    const on = await api('PUT', `users/${u.id}/status`, { body: { status: 'active' } });
    expect(on.status).toBe(200);
    expect(on.body.data.user.status).toBe('active');
    expect(await loginStatus(u.email, u.password)).toBe(200);
  });

  it('rejects an unknown or missing status', async () => {
    const u = await t.createUser();
    for (const body of [{ status: 'paused' }, {}, { status: null }]) {
      const res = await api('PUT', `users/${u.id}/status`, { body });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(issuePaths(res)).toEqual(['status']);
    }
    expect((await dbUser(u.id))!.status).toBe('active');
  });
});

describe('DELETE users/{id}', () => {
  it('deletes; afterwards get, update, status and delete all answer 404 NOT_FOUND', async () => {
    const u = await t.createUser({ username: 'nina', email: 'nina@example.com' });
    const res = await api('DELETE', `users/${u.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: u.id, deleted: true } });
    expect(await dbUser(u.id)).toBeUndefined();

    for (const [method, path, body] of [
      ['GET', `users/${u.id}`, undefined],
      ['PUT', `users/${u.id}`, { username: 'nina2' }],
      ['PUT', `users/${u.id}/status`, { status: 'active' }],
      ['DELETE', `users/${u.id}`, undefined],
    ] as const) {
      const after = await api(method, path, { body });
      expect(after.status, `${method} ${path}`).toBe(404);
      expect(after.body).toEqual({
        success: false,
        error: { code: 'NOT_FOUND', message: 'User not found', details: null },
      });
    }
    expect(await loginStatus(u.email, u.password)).toBe(401);
  });
});

describe('an admin cannot harm their own account', () => {
  const expectForbidden = (res: RestResponse) => {
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('FORBIDDEN');
  };

  it('cannot set their own status to inactive (either endpoint)', async () => {
    const before = await dbUser(adminId);
    expectForbidden(await api('PUT', `users/${adminId}/status`, { body: { status: 'inactive' } }));
    expectForbidden(await api('PUT', `users/${adminId}`, { body: { status: 'inactive' } }));
    expect(await dbUser(adminId)).toEqual(before);
  });

  it('cannot change their own role to user, not even together with harmless changes', async () => {
    const before = await dbUser(adminId);
    expectForbidden(await api('PUT', `users/${adminId}`, { body: { role: 'user' } }));
    expectForbidden(
      await api('PUT', `users/${adminId}`, { body: { role: 'user', username: 'renamed-admin' } }),
    );
    expect(await dbUser(adminId)).toEqual(before);
  });

  it('cannot delete themself', async () => {
    expectForbidden(await api('DELETE', `users/${adminId}`));
    expect(await dbUser(adminId)).toMatchObject({ id: adminId, role: 'admin', status: 'active' });
  });

  it('still has a working session and may make harmless changes to their own account', async () => {
    expect((await api('GET', 'auth/me')).status).toBe(200);
    const res = await api('PUT', `users/${adminId}/status`, { body: { status: 'active' } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: adminId, role: 'admin', status: 'active' });
  });

  it('may deactivate, demote and delete another admin', async () => {
    const other = await t.createUser({ role: 'admin' });
    expect((await api('PUT', `users/${other.id}`, { body: { role: 'user' } })).status).toBe(200);
    expect((await api('PUT', `users/${other.id}/status`, { body: { status: 'inactive' } })).status).toBe(200);
    expect((await api('DELETE', `users/${other.id}`)).status).toBe(200);
  });
});

describe('access control', () => {
  let victimId: number;
  let userToken: string;
  let userId: number;

  beforeAll(async () => {
    victimId = (await t.createUser({ username: 'victim', email: 'victim@example.com' })).id;
    const plain = await t.createUser({ username: 'plain', email: 'plain@example.com' });
    userId = plain.id;
    userToken = (await t.login(plain.email, plain.password)).accessToken;
  });

  const calls = (): [string, string, unknown][] => [
    ['GET', 'users', undefined],
    ['GET', 'users?role=admin', undefined],
    ['GET', 'users/stats', undefined],
    ['GET', `users/${victimId}`, undefined],
    ['GET', `users/${userId}`, undefined],
    [
      'POST',
      'users',
      { username: 'sneaky', email: 'sneaky@example.com', password: 'long-enough', role: 'admin' },
    ],
    ['PUT', `users/${victimId}`, { username: 'hijacked', password: 'hijacked-pass' }],
    ['PUT', `users/${userId}`, { role: 'admin' }],
    ['PUT', `users/${victimId}/status`, { status: 'inactive' }],
    ['DELETE', `users/${victimId}`, undefined],
  ];

  it('a plain user gets 403 FORBIDDEN on every users call, and nothing changes', async () => {
    const before = await t.db.selectFrom('users').selectAll().orderBy('id').execute();
    for (const [method, path, body] of calls()) {
      const res = noSecrets(await t.rest(method, path, { token: userToken, body }));
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({
        success: false,
        error: {
          code: 'FORBIDDEN',
          message: "Access denied. You don't have permission to view this page.",
          details: null,
        },
      });
    }
    expect(await t.db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('anonymous callers and bad tokens get 401 UNAUTHORIZED on every users call', async () => {
    for (const token of [undefined, 'not-a-jwt', `${admin}x`]) {
      for (const [method, path, body] of calls()) {
        const res = noSecrets(await t.rest(method, path, { token, body }));
        expect(res.status, `${method} ${path}`).toBe(401);
        expect(res.body.error.code).toBe('UNAUTHORIZED');
      }
    }
  });

  it('a demoted admin loses access with their existing token', async () => {
    const other = await t.createUser({ role: 'admin' });
    const token = (await t.login(other.email, other.password)).accessToken;
    expect((await t.rest('GET', 'users', { token })).status).toBe(200);
    await api('PUT', `users/${other.id}`, { body: { role: 'user' } });
    expect((await t.rest('GET', 'users', { token })).status).toBe(403);
  });
});

describe('no secrets in any answer', () => {
  it('the full list and every single user carry no password or hash', async () => {
    const list = await api('GET', 'users', { query: { limit: 500 } });
    expect(list.body.data.users.length).toBeGreaterThan(30);
    for (const user of list.body.data.users) {
      expect(Object.keys(user).sort()).toEqual([
        'created_at',
        'email',
        'id',
        'last_login',
        'preferred_language',
        'role',
        'status',
        'updated_at',
        'username',
      ]);
    }
    const me = await api('GET', `users/${adminId}`);
    expect(me.body.data.user.email).toBe(ADMIN.email);
    expect(JSON.stringify(list.body) + JSON.stringify(me.body)).not.toMatch(/password|\$argon2/i);
  });
});

describe('bulk actions', () => {
  const make = async (n: number) =>
    Promise.all(Array.from({ length: n }, () => t.createUser({ role: 'user' })));

  it('deactivates several users in one call, ends their sessions, and activates them again', async () => {
    const users = await make(3);
    const tokens = await Promise.all(users.map((u) => t.login(u.email, u.password)));
    const ids = users.map((u) => u.id);
    const res = await api('POST', 'users/bulk-status', { body: { userIds: ids, status: 'inactive' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ changed: 3, missing: [] });
    for (const id of ids) expect((await dbUser(id))!.status).toBe('inactive');
    for (const { accessToken } of tokens) {
      expect((await t.rest('GET', 'auth/me', { token: accessToken })).status).toBe(401);
    }
    // Already inactive ones do not count as changed; unknown ids are reported, not invented.
    const again = await api('POST', 'users/bulk-status', {
      body: { userIds: [...ids, 999_999], status: 'inactive' },
    });
    expect(again.body.data).toEqual({ changed: 0, missing: [999_999] });
    const back = await api('POST', 'users/bulk-status', { body: { userIds: ids, status: 'active' } });
    expect(back.body.data.changed).toBe(3);
    for (const id of ids) expect((await dbUser(id))!.status).toBe('active');
  });

  it('refuses to deactivate or delete the caller in a bulk call, and changes nobody', async () => {
    const [other] = await make(1);
    for (const [path, body] of [
      ['users/bulk-status', { userIds: [other!.id, adminId], status: 'inactive' }],
      ['users/bulk-delete', { userIds: [other!.id, adminId] }],
    ] as const) {
      const res = await api('POST', path, { body });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
      expect((await dbUser(other!.id))!.status).toBe('active');
    }
    expect(await dbUser(adminId)).toBeDefined();
  });

  it('deletes several users in one call and audits each', async () => {
    const users = await make(2);
    const ids = users.map((u) => u.id);
    const before = await countUsers();
    const res = await api('POST', 'users/bulk-delete', { body: { userIds: [...ids, ids[0]] } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ changed: 2, missing: [] });
    expect(await countUsers()).toBe(before - 2);
    const audited = await t.db
      .selectFrom('audit_log')
      .select('subject_id')
      .where('action', '=', 'user.delete')
      .where('subject_id', 'in', ids.map(String))
      .execute();
    expect(audited).toHaveLength(2);
  });

  it('answers bad input with VALIDATION_ERROR and changes nothing', async () => {
    const before = await countUsers();
    for (const body of [
      { userIds: [] },
      { userIds: ['x'] },
      { userIds: Array.from({ length: 501 }, (_, i) => i + 1) },
      {},
    ]) {
      const res = await api('POST', 'users/bulk-delete', { body });
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
    }
    const res = await api('POST', 'users/bulk-status', { body: { userIds: [adminId], status: 'sleeping' } });
    expect(res.status).toBe(400);
    expect(await countUsers()).toBe(before);
  });

  it('works over tRPC the same way, and a plain user is refused', async () => {
    const [a, b] = await make(2);
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/users.bulkSetStatus',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ userIds: [a!.id, b!.id], status: 'inactive' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toEqual({ changed: 2, missing: [] });
    const plain = await t.createUser({ role: 'user' });
    const token = (await t.login(plain.email, plain.password)).accessToken;
    const refused = await t.rest('POST', 'users/bulk-delete', { token, body: { userIds: [a!.id] } });
    expect(refused.status).toBe(403);
    expect(await dbUser(a!.id)).toBeDefined();
  });
});

describe('missing fields', () => {
  it('says an empty email is required, not invalid, on sign-in and on user creation', async () => {
    const signIn = await t.rest('POST', 'auth/login', { body: { email: '', password: '' } });
    expect(signIn.status).toBe(400);
    const issues = Object.fromEntries(
      signIn.body.error.details.issues.map((i: { path: string; message: string }) => [i.path, i.message]),
    );
    expect(issues).toEqual({ email: 'Email is required', password: 'Password is required' });
    const create = await api('POST', 'users', {
      body: { username: 'x', email: '  ', password: 'long-enough-1' },
    });
    expect(create.status).toBe(400);
    expect(create.body.error.details.issues).toEqual([{ path: 'email', message: 'Email is required' }]);
  });
});
