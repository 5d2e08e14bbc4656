import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactCounters, sql } from '@blogfleet/db';
import { startTestApp, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let adminToken: string;
let userToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await t.login()).accessToken;
  const u = await t.createUser({ role: 'user' });
  userToken = (await t.login(u.email, u.password)).accessToken;
});
afterAll(() => t.close());

const ZERO = {
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
};

const stats = (token?: string) => t.rest('GET', 'dashboard/stats', { token });

describe('GET dashboard/stats', () => {
  it('is all zeros on an empty database, for an admin and a plain user alike', async () => {
    for (const token of [adminToken, userToken]) {
      const res = await stats(token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: ZERO });
    }
  });

  it('answers 401 UNAUTHORIZED without a token', async () => {
    const res = await stats();
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
  });

  it('counts every card from the rows in the database', async () => {
    const db = t.db;
    // Sites: 2 active, 2 inactive, 1 in setup.
    const sites = await db
      .insertInto('sites')
      .values([
        { site_title: 'A', domain_name: 'a.test', status: 'active' },
        { site_title: 'B', domain_name: 'b.test', status: 'active' },
        { site_title: 'C', domain_name: 'c.test', status: 'inactive' },
        { site_title: 'D', domain_name: 'd.test', status: 'inactive' },
        { site_title: 'E', domain_name: 'e.test', status: 'setup' },
      ])
      .returning('id')
      .execute();
    const [a, b, c] = sites.map((s) => s.id);

    // Keyword groups: 3, whatever their status.
    const groups = await db
      .insertInto('keyword_groups')
      .values([
        { name: 'g1', status: 'active' },
        { name: 'g2', status: 'pending' },
        { name: 'g3', status: 'inactive' },
      ])
      .returning('id')
      .execute();

    // Content: 3 published, 2 pending, 2 drafts; two items without a score.
    // Scored: 8.5 + 7.25 + 6 + 9.1 + 3 = 33.85 over 5 = 6.77 → 6.8 (nulls ignored, not counted as 0).
    await db
      .insertInto('content_items')
      .values([
        { title: 'p1', status: 'published', seo_score: 8.5, site_id: a },
        { title: 'p2', status: 'published', seo_score: '7.25', site_id: b },
        { title: 'p3', status: 'published', seo_score: null, site_id: null },
        { title: 'q1', status: 'pending', seo_score: 6, keyword_group_id: groups[0]!.id },
        { title: 'q2', status: 'pending', seo_score: null },
        { title: 'd1', status: 'draft', seo_score: 9.1 },
        { title: 'd2', status: 'draft', seo_score: 3 },
      ])
      .execute();

    // Keywords scored 0–100: 85 + 72 + 40 + 0 + 100 + 58 = 355 over 6 = 59.17 → /10 → 5.9.
    const kws = await db
      .insertInto('keywords')
      .values([
        { keyword_text: 'k1', target_website: 'x.test', score: 85 },
        { keyword_text: 'k2', target_website: 'x.test', score: 72, is_used: true },
        { keyword_text: 'k3', target_website: 'x.test', score: 40 },
        { keyword_text: 'k4', target_website: 'x.test', score: 0, is_used: true },
        { keyword_text: 'k5', target_website: 'x.test', score: 100 },
        { keyword_text: 'k6', target_website: 'x.test', score: '58.00' },
      ])
      .returning('id')
      .execute();
    const [k1, k2, k3, k4, k5, k6] = kws.map((k) => k.id);
    void k4; // k4 has no assignment at all.

    // Active keywords: k1 (two active assignments, counted once), k3 (one active, one inactive), k6.
    // Not active: k2 (inactive only), k5 (inactive only), k4 (none). Used (is_used): k2, k4.
    await db
      .insertInto('keyword_sites')
      .values([
        { keyword_id: k1!, site_id: a!, status: 'active' },
        { keyword_id: k1!, site_id: b!, status: 'active' },
        { keyword_id: k2!, site_id: a!, status: 'inactive' },
        { keyword_id: k3!, site_id: b!, status: 'active' },
        { keyword_id: k3!, site_id: c!, status: 'inactive' },
        { keyword_id: k5!, site_id: a!, status: 'inactive' },
        { keyword_id: k5!, site_id: b!, status: 'inactive' },
        { keyword_id: k6!, site_id: a!, status: 'active' },
      ])
      .execute();
    // A group assignment does not make its keywords active.
    await db
      .insertInto('keyword_group_keywords')
      .values({ group_id: groups[1]!.id, keyword_id: k5! })
      .execute();
    await db
      .insertInto('keyword_group_sites')
      .values({ group_id: groups[1]!.id, site_id: a!, status: 'active' })
      .execute();

    const expected = {
      total_sites: 5,
      active_sites: 2,
      total_content: 7,
      published_content: 3,
      pending_content: 2,
      total_keyword_groups: 3,
      active_keywords: 3,
      used_keywords: 2,
      avg_keyword_score: 5.9,
      avg_content_score: 6.8,
      total_keywords: 6,
      scored_content: 5,
    };
    for (const token of [adminToken, userToken]) {
      const res = await stats(token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, data: expected });
    }
  });

  it('keeps averages to one decimal and ignores content without a score', async () => {
    // Adding unscored content changes the counts but not the average.
    await t.db.insertInto('content_items').values({ title: 'unscored', status: 'draft' }).execute();
    // One more keyword at 100: (355 + 100) / 7 = 65 → 6.5.
    await t.db
      .insertInto('keywords')
      .values({ keyword_text: 'k7', target_website: 'x.test', score: 100 })
      .execute();
    const res = await stats(userToken);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      total_content: 8,
      published_content: 3,
      pending_content: 2,
      avg_content_score: 6.8,
      avg_keyword_score: 6.5,
      active_keywords: 3,
      used_keywords: 2,
      total_keywords: 7,
      scored_content: 5,
    });
    for (const v of Object.values<number>(res.body.data)) {
      expect(typeof v).toBe('number');
      expect(Math.round(v * 10) / 10).toBe(v);
    }
  });

  it('is also available over tRPC with the same numbers', async () => {
    const rest = (await stats(adminToken)).body.data;
    const res = await t.app.inject({
      method: 'GET',
      url: '/trpc/dashboard.stats',
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toEqual(rest);
  });

  it('stays equal to a full count through bulk assignments, status changes, deletes and compaction', async () => {
    const counted = async () => {
      const { rows } = await sql<{ active: number; used: number; total: number }>`
        SELECT count(*) FILTER (WHERE EXISTS (SELECT 1 FROM keyword_sites ks WHERE ks.keyword_id = k.id AND ks.status = 'active'))::int AS active,
               count(*) FILTER (WHERE is_used)::int AS used, count(*)::int AS total
        FROM keywords k`.execute(t.db);
      return rows[0]!;
    };
    const site = await sql<{
      id: number;
    }>`INSERT INTO sites (site_title, domain_name) VALUES ('Bulk', 'bulk.example') RETURNING id`.execute(
      t.db,
    );
    const siteId = site.rows[0]!.id;
    const site2 = await sql<{
      id: number;
    }>`INSERT INTO sites (site_title, domain_name) VALUES ('Bulk 2', 'bulk2.example') RETURNING id`.execute(
      t.db,
    );
    const site2Id = site2.rows[0]!.id;
    await sql`INSERT INTO keywords (keyword_text, target_website, is_used)
      SELECT 'bulk ' || i, 'bulk.example', i % 3 = 0 FROM generate_series(1, 500) i`.execute(t.db);
    // One statement assigns 300 keywords to a site, some to two sites.
    await sql`INSERT INTO keyword_sites (keyword_id, site_id, status)
      SELECT id, ${siteId}, CASE WHEN id % 5 = 0 THEN 'inactive' ELSE 'active' END FROM keywords
      WHERE target_website = 'bulk.example' ORDER BY id LIMIT 300`.execute(t.db);
    await sql`INSERT INTO keyword_sites (keyword_id, site_id) SELECT id, ${site2Id} FROM keywords
      WHERE target_website = 'bulk.example' ORDER BY id LIMIT 50`.execute(t.db);
    const check = async () => {
      const c = await counted();
      expect((await stats(adminToken)).body.data).toMatchObject({
        active_keywords: c.active,
        used_keywords: c.used,
      });
    };
    await check();
    await sql`UPDATE keyword_sites SET status = 'inactive' WHERE site_id = ${siteId} AND keyword_id % 2 = 0`.execute(
      t.db,
    );
    await check();
    await sql`UPDATE keyword_sites SET status = 'active' WHERE site_id = ${siteId}`.execute(t.db);
    await check();
    await sql`DELETE FROM keyword_sites WHERE site_id = ${site2Id}`.execute(t.db);
    await check();
    await sql`DELETE FROM keywords WHERE target_website = 'bulk.example' AND id % 7 = 0`.execute(t.db);
    await check();
    await sql`UPDATE keywords SET is_used = NOT is_used WHERE target_website = 'bulk.example'`.execute(t.db);
    await check();
    await compactCounters(t.db);
    await check();
    await sql`TRUNCATE keyword_sites`.execute(t.db);
    await check();
  });
});

describe('GET dashboard/getting-started', () => {
  let fresh: TestApp;
  let token: string;
  beforeAll(async () => {
    fresh = await startTestApp();
    token = (await fresh.login()).accessToken;
  });
  afterAll(() => fresh.close());
  const steps = async () => {
    const res = await fresh.rest('GET', 'dashboard/getting-started', { token });
    expect(res.status).toBe(200);
    return res.body.data.steps;
  };

  it('has no step done on a fresh install', async () => {
    expect(await steps()).toEqual({ integrations: false, domain: false, site: false, keywords: false });
  });

  it('ticks each step once what it asks for exists, in any order', async () => {
    await fresh.db.insertInto('keywords').values({ keyword_text: 'k', target_website: 'x.test' }).execute();
    expect(await steps()).toEqual({ integrations: false, domain: false, site: false, keywords: true });
    await fresh.db
      .insertInto('domains')
      .values({ domain_name: 'first.test', target_website: 'first.test' })
      .execute();
    await fresh.db.insertInto('sites').values({ site_title: 'S', domain_name: 'first.test' }).execute();
    expect(await steps()).toMatchObject({ domain: true, site: true });
  });

  it('ticks integrations once an external service is saved complete through Settings', async () => {
    // WordPress hosting has working defaults and does not count on its own.
    expect((await steps()).integrations).toBe(false);
    const res = await fresh.rest('PUT', 'settings/integrations/cloudflare', {
      token,
      body: { apiToken: 'cf-token-1234567890', accountId: '0123456789abcdef0123456789abcdef' },
    });
    expect(res.status).toBe(200);
    expect((await steps()).integrations).toBe(true);
  });

  it('answers 401 without a token, and the same over tRPC', async () => {
    expect((await fresh.rest('GET', 'dashboard/getting-started')).status).toBe(401);
    const res = await fresh.app.inject({
      url: '/trpc/dashboard.gettingStarted',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.json().result.data.steps).toEqual(await steps());
  });
});
