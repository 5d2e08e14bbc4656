import { compactCounters, sql } from '@blogfleet/db';
import { startTestApp, type TestApp } from '@blogfleet/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startTestApp();
  token = (await t.login()).accessToken;
  // 1,200 users named "bulk…" (more than the exact-count cap of 1,000), with spread-out creation times.
  await sql`INSERT INTO users (username, email, password_hash, role, status, created_at)
    SELECT 'bulk' || lpad(i::text, 4, '0'), 'bulk' || lpad(i::text, 4, '0') || '@list.test', 'x',
           CASE WHEN i % 100 = 0 THEN 'admin' ELSE 'user' END,
           CASE WHEN i % 4 = 0 THEN 'inactive' ELSE 'active' END,
           now() - (i * interval '1 minute')
    FROM generate_series(1, 1200) i`.execute(t.db);
});
afterAll(() => t?.close());

const list = (query: Record<string, string | number>) => t.rest('GET', 'users', { token, query });
const names = (res: Awaited<ReturnType<typeof list>>) =>
  res.body.data.users.map((u: { username: string }) => u.username);
const countWhere = async (where: string) =>
  Number(
    (await sql<{ n: number }>`SELECT count(*) AS n FROM users WHERE ${sql.raw(where)}`.execute(t.db)).rows[0]!
      .n,
  );

describe('the list contract (users as the example)', () => {
  it('gives an exact total from the kept-current counters for the unfiltered list and single filters', async () => {
    for (const [query, where] of [
      [{}, 'true'],
      [{ role: 'admin' }, "role = 'admin'"],
      [{ role: 'user' }, "role = 'user'"],
      [{ status: 'inactive' }, "status = 'inactive'"],
    ] as const) {
      const res = await list({ ...query, limit: 5 });
      expect(res.status).toBe(200);
      expect(res.body.data.pagination).toMatchObject({ total: await countWhere(where), totalExact: true });
    }
  });

  it('keeps the counters right through inserts, updates, deletes and compaction', async () => {
    const before = (await list({ role: 'admin', limit: 1 })).body.data.pagination.total;
    const created = await t.createUser({ role: 'admin' });
    await t.rest('PUT', `users/${created.id}`, { token, body: { role: 'user' } });
    const made = await t.createUser({ role: 'admin' });
    expect((await list({ role: 'admin', limit: 1 })).body.data.pagination.total).toBe(before + 1);
    await compactCounters(t.db);
    await t.rest('DELETE', `users/${made.id}`, { token });
    expect((await list({ role: 'admin', limit: 1 })).body.data.pagination.total).toBe(before);
    expect((await list({ limit: 1 })).body.data.pagination.total).toBe(await countWhere('true'));
    const stats = await t.rest('GET', 'users/stats', { token });
    expect(stats.body.data).toMatchObject({
      total_users: await countWhere('true'),
      admin_count: await countWhere("role = 'admin'"),
      active_users: await countWhere("status = 'active'"),
    });
  });

  it('counts a search exactly up to 1,000 matches and estimates beyond, saying so', async () => {
    const few = await list({ search: 'bulk00', limit: 10 });
    expect(few.body.data.pagination).toMatchObject({ total: 99, totalExact: true, totalPages: 10 });
    const many = await list({ search: 'bulk', limit: 10 });
    expect(many.body.data.pagination.totalExact).toBe(false);
    expect(many.body.data.pagination.total).toBeGreaterThan(1000);
    expect(many.body.data.pagination.hasNext).toBe(true);
    // The last page is still reachable, and its own rows are exact.
    const last = await list({ search: 'bulk', limit: 100, page: 12 });
    expect(names(last)).toHaveLength(100);
    expect(last.body.data.pagination).toMatchObject({ hasNext: false });
  });

  it('sorts by the columns it offers, both ways, and refuses others', async () => {
    const asc = await list({ search: 'bulk', sort: 'username', order: 'asc', limit: 3 });
    expect(names(asc)).toEqual(['bulk0001', 'bulk0002', 'bulk0003']);
    const desc = await list({ search: 'bulk', sort: 'username', order: 'desc', limit: 3 });
    expect(names(desc)).toEqual(['bulk1200', 'bulk1199', 'bulk1198']);
    const oldest = await list({ search: 'bulk', sort: 'created_at', order: 'asc', limit: 1 });
    expect(names(oldest)).toEqual(['bulk1200']);
    const bad = await list({ sort: 'password_hash' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('walks a whole list with cursors, seeing the same rows as offset pages, in the same order', async () => {
    const byOffset: string[] = [];
    for (let page = 1; page <= 7; page++)
      byOffset.push(...names(await list({ search: 'bulk01', limit: 17, page })));
    const byCursor: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 20; i++) {
      const res = await list({ search: 'bulk01', limit: 17, ...(cursor ? { cursor } : {}) });
      byCursor.push(...names(res));
      cursor = res.body.data.pagination.nextCursor;
      if (!cursor) break;
    }
    expect(byCursor).toHaveLength(100);
    expect(byCursor).toEqual(byOffset);
    expect(new Set(byCursor).size).toBe(100);
  });

  it('refuses a cursor that is not one of its own, or one from another sort', async () => {
    const first = await list({ search: 'bulk', limit: 5 });
    const cursor = first.body.data.pagination.nextCursor;
    expect((await list({ search: 'bulk', limit: 5, cursor })).status).toBe(200);
    for (const query of [
      { sort: 'username', cursor },
      { order: 'asc', cursor },
    ] as Record<string, string>[]) {
      const other = await list({ search: 'bulk', limit: 5, ...query });
      expect(other.status).toBe(400);
      expect(other.body.error.code).toBe('VALIDATION_ERROR');
    }
    const res = await list({ cursor: 'not-a-cursor' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/cursor/),
    });
  });
});
