import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '../src/create-db';
import { isCheckViolation, isForeignKeyViolation, isUniqueViolation } from '../src/errors';
import { migrateToLatest } from '../src/migrate';
import { migrations } from '../src/migrations';
import { TABLES_IN_DROP_ORDER } from '../src/migrations/0002_content';
import { seedReferenceData } from '../src/seed';

/** Runs `fn`, expecting it to fail, and returns the error. */
async function failure(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected the statement to fail');
}

async function tableNames(h: DbHandle): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`.execute(h.db);
  return rows.map((r) => r.table_name);
}

describe('content schema (0002)', () => {
  let h: DbHandle;

  beforeAll(async () => {
    h = await createDb({ dataDir: 'memory://' });
    await migrateToLatest(h.db);
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('creates every content table', async () => {
    const names = await tableNames(h);
    for (const t of TABLES_IN_DROP_ORDER) expect(names).toContain(t);
  });

  it('seeds the seven reference agents idempotently, with ids 1..7', async () => {
    await seedReferenceData(h.db);
    await seedReferenceData(h.db);
    const agents = await h.db
      .selectFrom('agents')
      .select(['id', 'action_type', 'is_active'])
      .orderBy('id')
      .execute();
    expect(agents.map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(agents.map((a) => a.action_type)).toEqual([
      'generate_idea',
      'evaluate_idea',
      'rewrite_idea',
      'generate_post',
      'rewrite_post',
      'synthesize_policy',
      'analyze_performance',
    ]);
    expect(agents.every((a) => a.is_active)).toBe(true);

    // The identity sequence was moved past the seeded ids.
    const added = await h.db
      .insertInto('agents')
      .values({ name: 'Feedback Agent', action_type: 'generate_feedback' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(added.id).toBe(8);
    await h.db.deleteFrom('agents').where('id', '=', added.id).execute();
  });

  it('rejects a duplicate domain name, ignoring case', async () => {
    await h.db
      .insertInto('domains')
      .values({ domain_name: 'best-odds.com', target_website: 'odds.com' })
      .execute();
    const e = await failure(() =>
      h.db
        .insertInto('domains')
        .values({ domain_name: 'Best-Odds.COM', target_website: 'other.com' })
        .execute(),
    );
    expect(isUniqueViolation(e)).toBe(true);
  });

  it('keeps keyword text unique per target website only', async () => {
    await h.db.insertInto('keywords').values({ keyword_text: 'best vpn', target_website: 'a.com' }).execute();
    const e = await failure(() =>
      h.db.insertInto('keywords').values({ keyword_text: 'Best VPN', target_website: 'A.com' }).execute(),
    );
    expect(isUniqueViolation(e)).toBe(true);
    await expect(
      h.db.insertInto('keywords').values({ keyword_text: 'best vpn', target_website: 'b.com' }).execute(),
    ).resolves.toBeDefined();
  });

  it('rejects values outside an enumeration or range', async () => {
    const bogusStatus = await failure(() =>
      h.db
        .insertInto('domains')
        .values({ domain_name: 'bogus.com', target_website: 'x.com', status: 'bogus' as never })
        .execute(),
    );
    expect(isCheckViolation(bogusStatus)).toBe(true);

    const badIntent = await failure(() =>
      h.db
        .insertInto('keywords')
        .values({ keyword_text: 'k', target_website: 'c.com', commercial_intent: 1.5 })
        .execute(),
    );
    expect(isCheckViolation(badIntent)).toBe(true);

    const badScore = await failure(() =>
      h.db.insertInto('feedback').values({ feedback_text: 'meh', score: 0 }).execute(),
    );
    expect(isCheckViolation(badScore)).toBe(true);

    const domain = await h.db
      .selectFrom('domains')
      .select('id')
      .where('domain_name', '=', 'best-odds.com')
      .executeTakeFirstOrThrow();
    const badTtl = await failure(() =>
      h.db
        .insertInto('dns_records')
        .values({ domain_id: domain.id, type: 'A', name: '@', content: '1.2.3.4', ttl: 30 })
        .execute(),
    );
    expect(isCheckViolation(badTtl)).toBe(true);
    await h.db
      .insertInto('dns_records')
      .values({ domain_id: domain.id, type: 'A', name: '@', content: '1.2.3.4', ttl: 1 })
      .execute();
  });

  it('stores arrays, json and numerics with their defaults', async () => {
    const idea = await h.db
      .insertInto('ai_ideas')
      .values({
        idea_text: 'Ten VPN myths',
        source_keywords: ['vpn', 'privacy'],
        quality_score: 4.25,
        agent_id: 1,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(idea.source_keywords).toEqual(['vpn', 'privacy']);
    expect(idea.quality_score).toBe(4.25);
    expect(idea.status).toBe('pending_review');
    expect(idea.language).toBe('en');

    const policy = await h.db
      .insertInto('policies')
      .values({
        trait: 'Concise intros',
        guiding_principle: 'Open with the answer.',
        context: { segment: 'intro' },
        examples: JSON.stringify([{ good: 'Yes: ...' }]),
        source_feedback_ids: [1, 2],
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(policy.context).toEqual({ segment: 'intro' });
    expect(policy.examples).toEqual([{ good: 'Yes: ...' }]);
    expect(policy.source_feedback_ids).toEqual([1, 2]);
    expect(policy.status).toBe('pending_review');

    const fb = await h.db
      .insertInto('feedback')
      .values({ feedback_text: 'Too long', idea_pool_id: idea.id })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(fb).toMatchObject({
      score: 3,
      feedback_type: 'neutral',
      category: 'other',
      content_segment: 'none',
    });
  });

  it('deleting a site cascades to its WordPress copies and keeps pool rows', async () => {
    const site = await h.db
      .insertInto('sites')
      .values({ site_title: 'Odds', domain_name: 'best-odds.com', target_website: 'odds.com' })
      .returningAll()
      .executeTakeFirstOrThrow();
    expect(site).toMatchObject({
      status: 'setup',
      theme: 'affiliate-pro',
      currency: 'USD',
      targeted_language: 'en',
    });
    const siteId = site.id;

    await h.db.insertInto('site_posts').values({ site_id: siteId, title: 'Hello', wp_post_id: 1 }).execute();
    const dupWp = await failure(() =>
      h.db.insertInto('site_posts').values({ site_id: siteId, title: 'Again', wp_post_id: 1 }).execute(),
    );
    expect(isUniqueViolation(dupWp)).toBe(true);
    // Local drafts without a WordPress id do not collide.
    await h.db
      .insertInto('site_posts')
      .values([
        { site_id: siteId, title: 'Draft 1' },
        { site_id: siteId, title: 'Draft 2' },
      ])
      .execute();
    await h.db
      .insertInto('wp_categories')
      .values({ site_id: siteId, wp_id: 1, name: 'News', slug: 'news' })
      .execute();
    await h.db
      .insertInto('wp_tags')
      .values({ site_id: siteId, wp_id: 1, name: 'tips', slug: 'tips' })
      .execute();
    await h.db
      .insertInto('wp_media')
      .values({ site_id: siteId, wp_id: 1, source_url: 'https://x/y.png' })
      .execute();
    await h.db.insertInto('site_screenshots').values({ site_id: siteId, image_url: '/s/1.png' }).execute();
    await h.db
      .insertInto('traffic_requests')
      .values({ site_id: siteId, unique_users: 1000, duration_days: 7 })
      .execute();
    const kw = await h.db
      .selectFrom('keywords')
      .select('id')
      .where('target_website', '=', 'a.com')
      .executeTakeFirstOrThrow();
    await h.db.insertInto('keyword_sites').values({ keyword_id: kw.id, site_id: siteId }).execute();
    const post = await h.db
      .insertInto('ai_posts')
      .values({ title: 'Pool post', website_id: siteId })
      .returning('id')
      .executeTakeFirstOrThrow();

    const badSite = await failure(() =>
      h.db.insertInto('site_posts').values({ site_id: 999_999, title: 'Orphan' }).execute(),
    );
    expect(isForeignKeyViolation(badSite)).toBe(true);

    await h.db.deleteFrom('sites').where('id', '=', siteId).execute();

    for (const t of [
      'site_posts',
      'wp_categories',
      'wp_tags',
      'wp_media',
      'site_screenshots',
      'traffic_requests',
      'keyword_sites',
    ] as const) {
      const { n } = await h.db
        .selectFrom(t)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('site_id', '=', siteId)
        .executeTakeFirstOrThrow();
      expect(n, t).toBe(0);
    }
    const kept = await h.db
      .selectFrom('ai_posts')
      .select('website_id')
      .where('id', '=', post.id)
      .executeTakeFirstOrThrow();
    expect(kept.website_id).toBeNull();
    const keyword = await h.db.selectFrom('keywords').select('id').where('id', '=', kw.id).executeTakeFirst();
    expect(keyword).toBeDefined();
  });

  it('allows one primary keyword per group', async () => {
    const g = await h.db
      .insertInto('keyword_groups')
      .values({ name: 'VPN' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [k1, k2] = await h.db
      .insertInto('keywords')
      .values([
        { keyword_text: 'vpn a', target_website: 'g.com' },
        { keyword_text: 'vpn b', target_website: 'g.com' },
      ])
      .returning('id')
      .execute();
    await h.db
      .insertInto('keyword_group_keywords')
      .values({ group_id: g.id, keyword_id: k1!.id, is_primary: true })
      .execute();
    const e = await failure(() =>
      h.db
        .insertInto('keyword_group_keywords')
        .values({ group_id: g.id, keyword_id: k2!.id, is_primary: true })
        .execute(),
    );
    expect(isUniqueViolation(e)).toBe(true);
  });

  it('migrates 0002 and everything after it down cleanly and back up', async () => {
    const migrator = new Migrator({ db: h.db, provider: { getMigrations: async () => migrations } });
    const { error, results } = await migrator.migrateTo('0001_core');
    expect(error).toBeUndefined();
    const later = Object.keys(migrations).slice(1);
    expect(results).toEqual(
      [...later].reverse().map((migrationName) => ({ migrationName, direction: 'Down', status: 'Success' })),
    );

    const names = await tableNames(h);
    for (const t of TABLES_IN_DROP_ORDER) expect(names).not.toContain(t);
    expect(names).toContain('users');

    expect(await migrateToLatest(h.db)).toEqual(later);
    await seedReferenceData(h.db);
    const { n } = await h.db
      .selectFrom('agents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(n).toBe(7);
  });
});
