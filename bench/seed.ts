import { sql, type DbHandle } from '@blogfleet/db';
import { SUGGESTED_AFFIXES } from '@blogfleet/validators/constants';

const FIRST = [
  'james',
  'mary',
  'ahmet',
  'ayse',
  'mehmet',
  'fatma',
  'john',
  'linda',
  'ali',
  'zeynep',
  'robert',
  'elif',
  'maria',
  'jose',
  'sofia',
  'lucas',
  'emma',
  'noah',
  'olivia',
  'liam',
  'ava',
  'ethan',
  'mia',
  'can',
  'deniz',
  'emre',
  'selin',
  'burak',
  'ece',
  'kerem',
  'hans',
  'anna',
  'pierre',
  'claire',
  'yuki',
  'hiro',
  'wei',
  'li',
  'omar',
  'layla',
  'ivan',
  'olga',
  'marco',
  'giulia',
  'sven',
  'ingrid',
  'raj',
  'priya',
  'kofi',
  'amara',
];
const LAST = [
  'smith',
  'yilmaz',
  'kaya',
  'demir',
  'sahin',
  'celik',
  'johnson',
  'garcia',
  'martinez',
  'brown',
  'muller',
  'schmidt',
  'rossi',
  'russo',
  'dubois',
  'martin',
  'tanaka',
  'suzuki',
  'wang',
  'zhang',
  'kumar',
  'patel',
  'silva',
  'santos',
  'novak',
  'horvat',
  'nielsen',
  'hansen',
  'ivanov',
  'petrov',
  'okafor',
  'mensah',
  'oztürk',
  'aydin',
  'arslan',
  'dogan',
  'kilic',
  'aslan',
  'cetin',
  'kara',
  'koc',
  'kurt',
  'ozdemir',
  'wilson',
  'taylor',
  'anderson',
  'thomas',
  'moore',
  'jackson',
  'white',
];
/** Mail hosts with a skewed share, as real address books have: the broad search hits one of ~10 %. */
const DOMAINS = [
  ['gmail.com', 40],
  ['outlook.com', 10],
  ['yahoo.com', 8],
  ['hotmail.com', 7],
  ['icloud.com', 5],
  ['proton.me', 3],
  ['yandex.com', 3],
  ['gmx.de', 3],
  ['web.de', 3],
  ['mail.ru', 3],
  ['example.com', 5],
  ['fleet.io', 4],
  ['acme.dev', 3],
  ['blog.net', 3],
] as const;

export const USERS_BROAD_SEARCH = 'outlook';
/** About a tenth of the seeded users have an outlook.com address. */
export const USERS_BROAD_SHARE = 0.1;

function domainCase(): string {
  let from = 0;
  const arms = DOMAINS.map(([d, share]) => {
    const arm = `WHEN r < ${(from + share) / 100} THEN '${d}'`;
    from += share;
    return arm;
  });
  return `CASE ${arms.join(' ')} ELSE 'example.com' END`;
}

/**
 * `count` users with real-looking names (first.last + a number), mail hosts in realistic shares,
 * 1 in 1,000 an admin, 1 in 10 inactive, created at random times over three years (so names do not
 * follow creation order), all with one precomputed password hash. Runs in the database, in batches.
 */
export async function seedUsers(db: DbHandle['db'], count: number, passwordHash: string): Promise<void> {
  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(from + batch - 1, count);
    await sql`
      INSERT INTO users (username, email, password_hash, role, status, created_at, updated_at, last_login)
      SELECT u.name, u.name || '@' || ${sql.raw(domainCase())}, ${passwordHash},
             CASE WHEN i % 1000 = 0 THEN 'admin' ELSE 'user' END,
             CASE WHEN i % 10 = 0 THEN 'inactive' ELSE 'active' END,
             t, t, CASE WHEN i % 3 = 0 THEN t + random() * (now() - t) END
      FROM (
        SELECT i, random() AS r, now() - random() * interval '1095 days' AS t,
               (${sql.val(FIRST)}::text[])[1 + (i::bigint * 7919) % ${FIRST.length}] || '.' ||
               (${sql.val(LAST)}::text[])[1 + (i::bigint * 104729 / ${FIRST.length}) % ${LAST.length}] || i::text AS name
        FROM generate_series(${from}::int, ${to}::int) i
      ) s, LATERAL (SELECT s.name) u`.execute(db);
  }
  // A long-lived database has had autovacuum pass over its tables (visibility map, GIN pending lists).
  await sql`VACUUM ANALYZE users`.execute(db);
}

/** A username that exists exactly once (the selective search). */
export function selectiveUsername(i: number): string {
  const first = FIRST[(i * 7919) % FIRST.length]!;
  const last = LAST[Math.floor((i * 104729) / FIRST.length) % LAST.length]!;
  return `${first}.${last}${i}`;
}

/**
 * `count` keywords over 20 sites' target websites, scores 0–100, a fifth of them used, three in ten
 * assigned to a site (active), plus 50,000 content items; in the database, in batches.
 */
export async function seedKeywords(db: DbHandle['db'], count: number): Promise<void> {
  await sql`INSERT INTO sites (site_title, domain_name, target_website, status)
    SELECT 'Site ' || i, 'site' || i || '.example', 'site' || i || '.example',
           CASE WHEN i % 4 = 0 THEN 'inactive' ELSE 'active' END
    FROM generate_series(1, 20) i`.execute(db);
  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(from + batch - 1, count);
    await sql`INSERT INTO keywords (keyword_text, target_website, search_volume, competition_level, score, is_used)
      SELECT 'keyword ' || i, 'site' || (1 + i % 20) || '.example', (random() * 10000)::int,
             (ARRAY['low','medium','high'])[1 + i % 3], round((random() * 100)::numeric, 2), i % 5 = 0
      FROM generate_series(${from}::int, ${to}::int) i`.execute(db);
    await sql`INSERT INTO keyword_sites (keyword_id, site_id, status)
      SELECT k.id, s.id, 'active'
      FROM keywords k JOIN sites s ON s.domain_name = k.target_website
      WHERE k.id BETWEEN ${from} AND ${to} AND k.id % 10 < 3`.execute(db);
  }
  await sql`INSERT INTO content_items (site_id, title, status, seo_score)
    SELECT 1 + i % 20, 'Post ' || i, (ARRAY['published','pending','draft'])[1 + i % 3], round((random() * 10)::numeric, 2)
    FROM generate_series(1, 50000) i`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
}

// The words operators combine into names (doc2 §9), and a few topics.
const DOMAIN_WORDS = [...SUGGESTED_AFFIXES, 'travel', 'cook', 'garden', 'tech'];
const DOMAIN_TLDS = ['com', 'net', 'org', 'xyz', 'online', 'site', 'info', 'biz', 'io', 'co'];
/** A word of the list joins a tenth of the names: the broad search. */
export const DOMAINS_BROAD_SEARCH = 'garden';
export const DOMAIN_TARGETS = 200;

/**
 * `count` domains: two words + a number + a TLD (unique), for 200 target websites (the first ones far
 * more often), 70 % available, 10 % pending, 5 % approved, 12 % purchased (with a price), 3 % taken,
 * created at random times over three years; in the database, in batches.
 */
export async function seedDomains(db: DbHandle['db'], count: number): Promise<void> {
  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(from + batch - 1, count);
    await sql`
      INSERT INTO domains (domain_name, target_website, status, price_cents, created_at, updated_at)
      SELECT name, 'blog' || (1 + floor(power(random(), 2) * ${DOMAIN_TARGETS}))::int || '.example',
             CASE WHEN r < 0.70 THEN 'available' WHEN r < 0.80 THEN 'pending' WHEN r < 0.85 THEN 'approved'
                  WHEN r < 0.97 THEN 'purchased' ELSE 'taken' END,
             CASE WHEN r >= 0.85 AND r < 0.97 THEN 99 + (i % 4000) END,
             t, t
      FROM (
        SELECT i, random() AS r, now() - random() * interval '1095 days' AS t,
               (${sql.val(DOMAIN_WORDS)}::text[])[1 + (i::bigint * 7919) % ${DOMAIN_WORDS.length}] ||
               (${sql.val(DOMAIN_WORDS)}::text[])[1 + (i::bigint * 104729 / ${DOMAIN_WORDS.length}) % ${DOMAIN_WORDS.length}] ||
               i::text || '.' || (${sql.val(DOMAIN_TLDS)}::text[])[1 + i % ${DOMAIN_TLDS.length}] AS name
        FROM generate_series(${from}::int, ${to}::int) i
      ) s`.execute(db);
  }
  await sql`VACUUM ANALYZE domains`.execute(db);
}

/** A domain name that exists exactly once (the selective search). */
export function selectiveDomain(i: number): string {
  const a = DOMAIN_WORDS[(i * 7919) % DOMAIN_WORDS.length]!;
  const b = DOMAIN_WORDS[Math.floor((i * 104729) / DOMAIN_WORDS.length) % DOMAIN_WORDS.length]!;
  return `${a}${b}${i}.${DOMAIN_TLDS[i % DOMAIN_TLDS.length]}`;
}

/** Statuses of a seeded fleet: most sites active. */
export const SITE_LANGUAGES = ['en', 'tr', 'es'];

/**
 * `count` sites on their own domains (`fleet{i}.com`, titles of two words), 80 % active, 10 % inactive,
 * 10 % in setup, in three languages; `postsPerSite` synced posts each (60 % published, 30 % drafts, the
 * rest scheduled), and a screenshot for every other site; in the database, in batches.
 */
export async function seedSites(db: DbHandle['db'], count: number, postsPerSite: number): Promise<void> {
  const batch = 5_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(from + batch - 1, count);
    await sql`
      INSERT INTO sites (site_title, domain_name, targeted_language, status, wp_api_url, wp_username, created_at, updated_at)
      SELECT initcap((${sql.val(DOMAIN_WORDS)}::text[])[1 + (i * 7919) % ${DOMAIN_WORDS.length}]) || ' ' ||
             initcap((${sql.val(DOMAIN_WORDS)}::text[])[1 + (i * 104729) % ${DOMAIN_WORDS.length}]) || ' ' || i,
             'fleet' || i || '.com',
             (${sql.val(SITE_LANGUAGES)}::text[])[1 + i % ${SITE_LANGUAGES.length}],
             CASE WHEN i % 10 < 8 THEN 'active' WHEN i % 10 = 8 THEN 'inactive' ELSE 'setup' END,
             'https://fleet' || i || '.com/wp-json', 'admin', t, t
      FROM (SELECT i, now() - random() * interval '1095 days' AS t FROM generate_series(${from}::int, ${to}::int) i) s`.execute(
      db,
    );
  }
  await sql`
    INSERT INTO site_posts (site_id, wp_post_id, title, content, status, word_count, created_at, updated_at)
    SELECT s.id, p, 'Post ' || p || ' of ' || s.domain_name, '<p>Body</p>',
           CASE WHEN p % 10 < 6 THEN 'published' WHEN p % 10 < 9 THEN 'draft' ELSE 'scheduled' END,
           800, s.created_at, s.created_at
    FROM sites s, generate_series(1, ${postsPerSite}::int) p`.execute(db);
  await sql`
    INSERT INTO site_screenshots (site_id, image_url, thumbnail_url, created_at)
    SELECT id, '/files/screenshots/' || id || '/' || md5(id::text) || '.png',
           '/files/screenshots/' || id || '/' || md5(id::text) || '-thumb.jpg', now()
    FROM sites WHERE id % 2 = 0`.execute(db);
  await sql`VACUUM ANALYZE sites`.execute(db);
  await sql`VACUUM ANALYZE site_posts`.execute(db);
  await sql`VACUUM ANALYZE site_screenshots`.execute(db);
}
