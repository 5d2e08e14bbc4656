import { compactCounters, sql, type DbHandle, type RawBuilder } from '@blogfleet/db';
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

// ---- Keywords and keyword groups ---------------------------------------------------------------

/** Keyword phrases are "<modifier> <topic> <tail>" ("quiet espresso grinder"), each once per website. */
const KEYWORD_MODIFIERS = [
  'best',
  'cheap',
  'top',
  'affordable',
  'quiet',
  'portable',
  'professional',
  'budget',
  'lightweight',
  'compact',
  'durable',
  'small',
  'electric',
  'manual',
  'wireless',
  'premium',
  'beginner',
  'eco friendly',
  'vintage',
  'smart',
];
const KEYWORD_TOPICS = [
  'coffee',
  'espresso',
  'matcha',
  'garden',
  'hiking',
  'camping',
  'running',
  'cycling',
  'yoga',
  'fishing',
  'kitchen',
  'baking',
  'grill',
  'camera',
  'drone',
  'laptop',
  'gaming',
  'office',
  'desk',
  'sofa',
  'mattress',
  'pillow',
  'blanket',
  'lamp',
  'vacuum',
  'blender',
  'juicer',
  'toaster',
  'kettle',
  'knife',
  'skillet',
  'wok',
  'oven',
  'fridge',
  'freezer',
  'washer',
  'dryer',
  'heater',
  'fan',
  'humidifier',
  'purifier',
  'thermostat',
  'doorbell',
  'padlock',
  'router',
  'speaker',
  'headphone',
  'earbud',
  'microphone',
  'keyboard',
  'mouse',
  'monitor',
  'printer',
  'scanner',
  'tablet',
  'phone',
  'smartwatch',
  'tracker',
  'scooter',
  'skateboard',
  'ski',
  'snowboard',
  'surfboard',
  'kayak',
  'tent',
  'backpack',
  'hammock',
  'stroller',
  'crib',
  'puzzle',
  'piano',
  'guitar',
  'violin',
  'drum',
  'easel',
  'sewing',
  'knitting',
  'aquarium',
  'dog',
  'cat',
  'parrot',
  'horse',
  'saddle',
  'boot',
  'sneaker',
  'sandal',
  'jacket',
  'raincoat',
  'umbrella',
  'wallet',
  'handbag',
  'sunglasses',
  'perfume',
  'shampoo',
  'razor',
  'toothbrush',
  'makeup',
  'vitamin',
  'protein',
  'candle',
];
const KEYWORD_TAILS = [
  'machine',
  'grinder',
  'maker',
  'set',
  'kit',
  'bag',
  'case',
  'cover',
  'stand',
  'holder',
  'rack',
  'mat',
  'light',
  'charger',
  'cable',
  'filter',
  'brush',
  'cleaner',
  'replacement parts',
  'accessories',
  'for beginners',
  'for kids',
  'for seniors',
  'for small spaces',
  'for travel',
  'for men',
  'for women',
  'under 50',
  'under 100',
  'under 500',
  'reviews',
  'review 2026',
  'vs alternatives',
  'comparison',
  'deals',
  'sale',
  'coupon',
  'near me',
  'online',
  'brands',
  'guide',
  'buying guide',
  'how to use',
  'how to clean',
  'how to fix',
  'tips',
  'ideas',
  'problems',
  'warranty',
  'price',
  'rental',
  'subscription',
  'bundle',
  'starter pack',
  'pro',
  'mini',
  'xl',
  'waterproof',
  'heavy duty',
  'stainless steel',
  'wooden',
  'organic',
  'handmade',
  'refurbished',
  'second hand',
  'outlet',
  'store',
  'shop',
  'uk',
  'usa',
  'canada',
  'australia',
  'germany',
  'black friday',
  'amazon',
  'reddit',
  'youtube',
  'worth it',
  'alternatives',
  'faq',
];
const PHRASES = KEYWORD_MODIFIERS.length * KEYWORD_TOPICS.length * KEYWORD_TAILS.length;

/** One topic of 100 (about 1 % of the keywords, and of the groups, which are named after them). */
export const KEYWORDS_BROAD_SEARCH = 'espresso';
/** Sites (one per target website, `site{n}.example`) the seeded keywords are for. */
export const KEYWORD_SITES = 100;

export interface KeywordSeed {
  keywords: number;
  groups: number;
  sites?: number;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const coprime = (n: number, from: number) => {
  let k = from;
  while (gcd(k, n) !== 1) k++;
  return k;
};
/** k⁻¹ mod n (k and n coprime). */
function inverse(k: number, n: number): number {
  let [r0, r1, t0, t1] = [BigInt(n), BigInt(k % n), 0n, 1n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1, t0, t1] = [r1, r0 - q * r1, t1, t0 - q * t1];
  }
  return Number(((t0 % BigInt(n)) + BigInt(n)) % BigInt(n));
}

/**
 * Where each seeded keyword goes. Keyword `id` (1…count) takes position p = (id − 1)·k mod count of
 * a list laid out website after website (website n gets a share ∝ 1/n^0.8: site1.example ~12 %,
 * site100.example ~0.3 %), so ids (insertion order) and websites do not go together; within its
 * website, position j gets phrase (j·m mod PHRASES), so phrases are unique per website and spread.
 */
export interface KeywordLayout {
  count: number;
  sites: number;
  sizes: number[];
  /** Where each website's positions start (ascending, the first 0). */
  offsets: number[];
  k: number;
  kInverse: number;
  m: number;
}

export function keywordLayout(count: number, sites = KEYWORD_SITES): KeywordLayout {
  const weights = Array.from({ length: sites }, (_, i) => 1 / (i + 1) ** 0.8);
  const sum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.floor((w / sum) * count));
  sizes[0]! += count - sizes.reduce((a, b) => a + b, 0);
  if (sizes[0]! > PHRASES) throw new Error(`${sizes[0]} keywords for one website, only ${PHRASES} phrases`);
  const offsets = sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0));
  const k = coprime(count, 7919);
  return { count, sites, sizes, offsets, k, kInverse: inverse(k, count), m: coprime(PHRASES, 104729) };
}

/** The text (and its topic and tail) and website of seeded keyword `id`, as the SQL below makes them. */
export function seededKeyword(layout: KeywordLayout, id: number) {
  const p = Number((BigInt(id - 1) * BigInt(layout.k)) % BigInt(layout.count));
  let w = 0;
  while (w + 1 < layout.offsets.length && layout.offsets[w + 1]! <= p) w++;
  const c = Number((BigInt(p - layout.offsets[w]!) * BigInt(layout.m)) % BigInt(PHRASES));
  const [nm, nt] = [KEYWORD_MODIFIERS.length, KEYWORD_TOPICS.length];
  const topic = KEYWORD_TOPICS[Math.floor(c / nm) % nt]!;
  const tail = KEYWORD_TAILS[Math.floor(c / (nm * nt))]!;
  return {
    text: `${KEYWORD_MODIFIERS[c % nm]} ${topic} ${tail}`,
    topic,
    tail,
    website: `site${w + 1}.example`,
    /** Its place among its website's keywords: every website with more keywords has the same phrase. */
    position: p - layout.offsets[w]!,
  };
}

/** A seeded keyword (from id `from` on) whose phrase only site1, the biggest website, has: a search finds it alone. */
export function uniqueSeededKeyword(layout: KeywordLayout, from: number) {
  for (let id = from; id <= layout.count; id++) {
    const k = seededKeyword(layout, id);
    if (k.website === 'site1.example' && k.position >= (layout.sizes[1] ?? 0)) return k;
  }
  throw new Error('no keyword only site1 has');
}

/** The name of seeded group `id` (of `groups`), lower case: its primary keyword's topic and tail, and its id. */
export function seededGroupName(layout: KeywordLayout, groups: number, id: number): string {
  const start = Number((BigInt(id - 1) * BigInt(layout.count)) / BigInt(groups));
  const primary = Number((BigInt(start) * BigInt(layout.kInverse)) % BigInt(layout.count)) + 1;
  const { topic, tail } = seededKeyword(layout, primary);
  return `${topic} ${tail} ${id}`;
}

/** SQL for the phrase with number `c` (an expression), as `seededKeyword` builds it. */
function phraseSql(c: RawBuilder<unknown>, parts: 'all' | 'topic and tail') {
  const [nm, nt] = [KEYWORD_MODIFIERS.length, KEYWORD_TOPICS.length];
  const topic = sql`(${sql.val(KEYWORD_TOPICS)}::text[])[1 + (${c} / ${nm}) % ${nt}]`;
  const tail = sql`(${sql.val(KEYWORD_TAILS)}::text[])[1 + ${c} / ${nm * nt}]`;
  if (parts === 'topic and tail') return sql`${topic} || ' ' || ${tail}`;
  return sql`(${sql.val(KEYWORD_MODIFIERS)}::text[])[1 + ${c} % ${nm}] || ' ' || ${topic} || ' ' || ${tail}`;
}

/** Group g's first position: groups are spread evenly over the layout, so big websites have more. */
const groupStart = (g: RawBuilder<unknown>, layout: KeywordLayout, groups: number) =>
  sql`((${g} - 1)::bigint * ${layout.count}) / ${groups}`;
const websiteOf = (p: RawBuilder<unknown>, layout: KeywordLayout) =>
  sql`width_bucket(${p}, ${sql.val(layout.offsets)}::bigint[])`;

/**
 * `keywords` keywords for `sites` sites' websites (unevenly, see KeywordLayout), and `groups` keyword
 * groups of 5–20 keywords of one website each, as an operator's import would leave them: metrics for
 * 90 % (volume from 1 to ~50,000 on a log scale, competition low 40 % / medium 35 % / high 25 %,
 * difficulty for most, CPC), the score by the server's formula (2 % set by hand), a fifth used, three in
 * ten assigned to their site (two of them active), created over two years. Groups: named after their
 * primary keyword, status active 40 % / pending 30 % / inactive 15 % / used 15 %, one in ten
 * prioritized, priority derived from the members' score unless set by hand (15 %), three in ten
 * assigned to their site. Explicit ids, in batches that each commit whole, every batch skipped when
 * it is there already: running it again on a seeded database only checks. Then VACUUM ANALYZE.
 */
export async function seedKeywords(db: DbHandle['db'], seed: KeywordSeed): Promise<void> {
  const layout = keywordLayout(seed.keywords, seed.sites);
  const { count } = layout;
  let changed = false;

  const site = (n: RawBuilder<unknown>) => sql`'site' || ${n} || '.example'`;
  const inserted = await sql`
    INSERT INTO sites (site_title, domain_name, target_website, status, wp_api_url, wp_username)
    SELECT 'Site ' || n, ${site(sql`n`)}, ${site(sql`n`)}, CASE WHEN n % 4 = 0 THEN 'inactive' ELSE 'active' END,
           'https://' || ${site(sql`n`)} || '/wp-json', 'admin'
    FROM generate_series(1, ${layout.sites}::int) n
    WHERE NOT EXISTS (SELECT 1 FROM sites s WHERE s.domain_name = ${site(sql`n`)})`.execute(db);
  changed ||= Number(inserted.numAffectedRows ?? 0) > 0;

  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(from + batch - 1, count);
    const there = await sql`SELECT 1 FROM keywords WHERE id = ${to}`.execute(db);
    if (there.rows.length > 0) continue;
    changed = true;
    await db.transaction().execute(async (trx) => {
      const ease = sql`CASE WHEN kd IS NOT NULL THEN 1 - kd / 100.0 WHEN comp = 'low' THEN 1
                            WHEN comp = 'medium' THEN 0.5 WHEN comp = 'high' THEN 0.1 ELSE 0 END`;
      const demand = sql`CASE WHEN vol IS NULL THEN 0 ELSE least(1, log((1 + vol)::numeric) / 5) END`;
      await sql`
        INSERT INTO keywords (id, keyword_text, target_website, search_volume, competition_level, cpc,
                              keyword_difficulty, commercial_intent, score, score_set_by_hand, is_used,
                              metrics_updated_at, created_at, updated_at)
        OVERRIDING SYSTEM VALUE
        SELECT id, text, website, vol, comp, cpc, kd, intent,
               CASE WHEN by_hand THEN round((r_hand * 100)::numeric, 2)
                    ELSE round(100 * (0.5 * ${demand} + 0.3 * ${ease} + 0.2 * intent), 2) END,
               by_hand, used, CASE WHEN vol IS NOT NULL THEN t + (now() - t) * r_hand END, t, t
        FROM (
          SELECT id, text, website, intent, by_hand, r_hand, used, t,
                 CASE WHEN measured THEN floor(power(10, r_vol * 4.7))::int END AS vol,
                 CASE WHEN measured THEN CASE WHEN r_comp < 0.4 THEN 'low' WHEN r_comp < 0.75 THEN 'medium' ELSE 'high' END END AS comp,
                 CASE WHEN measured AND r_kd < 0.8 THEN floor(r_kd / 0.8 * 101)::int END AS kd,
                 CASE WHEN measured THEN round((0.05 + r_cpc * r_cpc * 8)::numeric, 2) END AS cpc
          FROM (
            SELECT i AS id, ${phraseSql(sql`c`, 'all')} AS text, 'site' || w || '.example' AS website,
                   random() < 0.9 AS measured, random() AS r_vol, random() AS r_comp, random() AS r_kd,
                   random() AS r_cpc, round(random()::numeric, 2) AS intent, random() < 0.02 AS by_hand,
                   random() AS r_hand, random() < 0.2 AS used, now() - random() * interval '730 days' AS t
            FROM (
              SELECT i, w, (((p - (${sql.val(layout.offsets)}::bigint[])[w]) * ${layout.m}) % ${PHRASES})::int AS c
              FROM (
                SELECT i, p, ${websiteOf(sql`p`, layout)} AS w
                FROM (SELECT i, ((i - 1)::bigint * ${layout.k}) % ${count} AS p
                      FROM generate_series(${from}::int, ${to}::int) i) a
              ) b
            ) c
          ) r
        ) v
        ON CONFLICT DO NOTHING`.execute(trx);
      await sql`
        INSERT INTO keyword_sites (keyword_id, site_id, status, assigned_at)
        SELECT k.id, s.id, CASE WHEN k.id % 10 = 0 THEN 'inactive' ELSE 'active' END, k.created_at
        FROM keywords k JOIN sites s ON s.domain_name = k.target_website
        WHERE k.id BETWEEN ${from} AND ${to} AND k.id % 10 < 3
        ON CONFLICT DO NOTHING`.execute(trx);
    });
  }

  const { groups } = seed;
  const groupBatch = 10_000;
  for (let from = 1; from <= groups; from += groupBatch) {
    const to = Math.min(from + groupBatch - 1, groups);
    const there = await sql`SELECT 1 FROM keyword_groups WHERE id = ${to}`.execute(db);
    if (there.rows.length > 0) continue;
    changed = true;
    await db.transaction().execute(async (trx) => {
      const start = groupStart(sql`g`, layout, groups);
      await sql`
        INSERT INTO keyword_groups (id, name, description, is_prioritized, status, created_at, updated_at)
        OVERRIDING SYSTEM VALUE
        SELECT g, initcap(${phraseSql(sql`c`, 'topic and tail')}) || ' ' || g,
               CASE WHEN r_desc < 0.3 THEN 'Articles around ' || ${phraseSql(sql`c`, 'topic and tail')} END,
               r_prio < 0.1,
               CASE WHEN r_status < 0.4 THEN 'active' WHEN r_status < 0.7 THEN 'pending'
                    WHEN r_status < 0.85 THEN 'inactive' ELSE 'used' END, t, t
        FROM (
          SELECT g, (((ps - (${sql.val(layout.offsets)}::bigint[])[${websiteOf(sql`ps`, layout)}]) * ${layout.m}) % ${PHRASES})::int AS c,
                 random() AS r_desc, random() AS r_prio, random() AS r_status,
                 now() - random() * interval '730 days' AS t
          FROM (SELECT g, ${start} AS ps FROM generate_series(${from}::int, ${to}::int) g) a
        ) s
        ON CONFLICT DO NOTHING`.execute(trx);
      // Members: 5–20 consecutive positions of the group's website, the first one primary.
      await sql`
        INSERT INTO keyword_group_keywords (group_id, keyword_id, is_primary, position)
        SELECT s.g, ((s.ps + n) * ${layout.kInverse}) % ${count} + 1, n = 0, n
        FROM (SELECT g, ps, ${websiteOf(sql`ps`, layout)} AS w, 5 + (g * 7) % 16 AS size
              FROM (SELECT g, ${start} AS ps FROM generate_series(${from}::int, ${to}::int) g) a) s,
             generate_series(0, s.size - 1) n
        WHERE s.ps + n < ${count} AND ${websiteOf(sql`s.ps + n`, layout)} = s.w
        ON CONFLICT DO NOTHING`.execute(trx);
      // Score and priority as the service derives them (derivedPriority), unless set by hand.
      await sql`
        UPDATE keyword_groups g
        SET score = x.score, primary_keyword_id = x.primary_id,
            priority = CASE WHEN (g.id * 7919) % 100 < 15 THEN (ARRAY['high','medium','low'])[1 + g.id % 3]
                            WHEN g.is_prioritized OR x.score >= 7 THEN 'high'
                            WHEN x.score >= 5 THEN 'medium' ELSE 'low' END
        FROM (SELECT m.group_id, round(avg(k.score)) / 10 AS score,
                     min(m.keyword_id) FILTER (WHERE m.is_primary) AS primary_id
              FROM keyword_group_keywords m JOIN keywords k ON k.id = m.keyword_id
              WHERE m.group_id BETWEEN ${from} AND ${to}
              GROUP BY m.group_id) x
        WHERE g.id = x.group_id`.execute(trx);
      await sql`
        INSERT INTO keyword_group_sites (group_id, site_id, status, assigned_at)
        SELECT g.id, s.id, CASE WHEN g.id % 10 = 0 THEN 'inactive' ELSE 'active' END, g.created_at
        FROM keyword_groups g
        JOIN sites s ON s.domain_name = 'site' || ${websiteOf(groupStart(sql`g.id`, layout, groups), layout)} || '.example'
        WHERE g.id BETWEEN ${from} AND ${to} AND g.id % 10 < 3
        ON CONFLICT DO NOTHING`.execute(trx);
    });
  }
  if (!changed) return;

  // Explicit ids: the app's own inserts continue after them.
  for (const table of ['keywords', 'keyword_groups']) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${sql.table(table)}), false)`.execute(
      db,
    );
  }
  // A long-lived database has had its counter deltas folded and autovacuum pass over its tables.
  await compactCounters(db);
  for (const table of [
    'sites',
    'keywords',
    'keyword_sites',
    'keyword_groups',
    'keyword_group_keywords',
    'keyword_group_sites',
  ]) {
    await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
  }
}

/** `count` content items over the first 20 sites (published, pending, draft in turn), for the dashboard. */
export async function seedContentItems(db: DbHandle['db'], count: number): Promise<void> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM content_items`.execute(db);
  if (Number(rows[0]?.n) >= count) return;
  await sql`INSERT INTO content_items (site_id, title, status, seo_score)
    SELECT s.id, 'Post ' || i, (ARRAY['published','pending','draft'])[1 + i % 3], round((random() * 10)::numeric, 2)
    FROM generate_series(1, ${count}::int) i
    JOIN sites s ON s.domain_name = 'site' || (1 + i % 20) || '.example'`.execute(db);
  await compactCounters(db);
  await sql`VACUUM ANALYZE content_items`.execute(db);
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

/** The keyword data of the keywords, keyword groups and dashboard sections (one seeding serves all). */
export const KEYWORDS = 1_000_000;
export const KEYWORD_GROUPS = 50_000;

export async function seedKeywordData(db: DbHandle['db'], keywords = KEYWORDS): Promise<void> {
  await seedKeywords(db, { keywords, groups: KEYWORD_GROUPS });
}

/** The section's "Data" line, from what the database holds. */
export async function keywordDataLine(db: DbHandle['db']): Promise<string> {
  const { rows } = await sql<Record<string, string>>`
    SELECT (SELECT count(*) FROM keywords) AS keywords,
           (SELECT count(*) FROM keywords WHERE search_volume IS NULL) AS unmeasured,
           (SELECT count(*) FROM keywords WHERE is_used) AS used,
           (SELECT count(*) FROM keywords WHERE active_site_count > 0) AS active,
           (SELECT count(DISTINCT target_website) FROM keywords) AS websites,
           (SELECT count(*) FROM keyword_groups) AS groups,
           (SELECT count(*) FROM keyword_group_keywords) AS members,
           (SELECT count(*) FROM keyword_group_sites) AS group_sites`.execute(db);
  const n = Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
  const f = (x: number) => x.toLocaleString('en-US');
  const pct = (x: number) => `${((100 * x) / n.keywords!).toFixed(1)} %`;
  return (
    `${f(n.keywords!)} keywords ("<modifier> <topic> <tail>", unique per website) for ${f(n.websites!)} sites' websites ` +
    `(site1 ${pct(keywordLayout(n.keywords!).sizes[0]!)} … site100 ${pct(keywordLayout(n.keywords!).sizes.at(-1)!)}), ` +
    `no metrics for ${pct(n.unmeasured!)}, volume log-scaled 1–50,000, competition low/medium/high, scores by the server's formula, ` +
    `${pct(n.used!)} used, ${pct(n.active!)} active on their site, created over two years; ` +
    `${f(n.groups!)} keyword groups of 5–20 keywords (${f(n.members!)} memberships, ${f(n.group_sites!)} site assignments), ` +
    'status active 40 % / pending 30 % / inactive 15 % / used 15 %'
  );
}

// ---- The AI content pool: ideas and posts --------------------------------------------------------

/** Rows of each of ai_ideas and ai_posts (the ai-ideas and ai-posts sections share one seeded database). */
export const POOL_ROWS = 1_000_000;

/** POOL_ROWS, or BENCH_POOL_ROWS for a quick check at a small scale (the section's Data line says how many). */
export function poolRows(): number {
  const raw = process.env.BENCH_POOL_ROWS;
  if (!raw) return POOL_ROWS;
  const n = Number(raw.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 1_000 || n > POOL_ROWS * 10) {
    throw new Error(
      `BENCH_POOL_ROWS=${raw}: a whole number from 1,000 to ${(POOL_ROWS * 10).toLocaleString('en-US')}`,
    );
  }
  return n;
}

/** Sites (`pool{n}.example`, ids 1…20) the ideas and posts are for: pool1 ~22 %, pool10 ~3.6 %, pool20 ~2.5 %. */
export const POOL_SITES = 20;
/** Keyword groups (ids 1…1,000) that two posts in five were written for. */
export const POOL_GROUPS = 1_000;
/** The word of the selective search: exactly this many ideas are about it, whatever the row count. */
export const POOL_SELECTIVE_SEARCH = 'sourdough';
export const POOL_SELECTIVE_ROWS = 10;
/** One topic of 100 (about 1 % of the ideas and of the posts' titles). */
export const POOL_BROAD_SEARCH = KEYWORDS_BROAD_SEARCH;
/**
 * A head term, the first source keyword of about 1 % of the ideas (the keyword filter). A keyword of few
 * ideas ("<topic> <tail>", ~125 at a million) is left out: no index serves listIdeas's keyword filter
 * (EXISTS over unnest(source_keywords) with lower()): such a page walks the created_at index until it has
 * 21 matches (all of it for a keyword of fewer: 0.5 s at 100,000 ideas) and its count the whole table, so
 * at a million the load run's requests would time out and stop the section.
 */
export const POOL_KEYWORD = 'hiking';
/** A keyword of about one idea in 10,000 (its whole phrase is one of the source keywords). */
export const POOL_RARE_KEYWORD = 'raincoat for men';

const IDEA_OPENINGS = [
  'A complete guide to the',
  'How to choose a',
  'Ten things to know before buying a',
  'Why readers keep asking about the',
  'Common mistakes with a',
  'What experts say about the',
  'Our honest take on the',
  'Five ways to get more from a',
];
const IDEA_ANGLES = [
  'what to look for',
  'tested for a month',
  'a checklist for buyers',
  'pros and cons',
  'the questions readers ask',
  'how it compares',
  'care and upkeep',
  'budget picks and upgrades',
];

/** Site of seeded row i, a hash of i squared into 20 buckets (1 + ⌊20·x²/10007²⌋, x = 7919·i mod 10007). */
const POOL_HASH = 10_007;
function poolSiteSql(i: RawBuilder<unknown>) {
  const x = sql`((${i}::bigint * 7919) % ${POOL_HASH})`;
  return sql`(1 + (${POOL_SITES} * ${x} * ${x}) / ${POOL_HASH ** 2})::int`;
}
export function poolSiteOf(i: number): number {
  const x = (i * 7919) % POOL_HASH;
  return 1 + Math.floor((POOL_SITES * x * x) / POOL_HASH ** 2);
}
/** Posts 1 in… with no site yet (i mod 20 < 3: drafts and ready posts not placed anywhere). */
const unplacedPostSql = (i: RawBuilder<unknown>) => sql`${i} % 20 < 3`;
const isUnplacedPost = (i: number) => i % 20 < 3;

/** How many of `count` seeded ideas (or, with `posts`, placed posts) are for site n. */
export function poolSiteRows(count: number, site: number, posts = false): number {
  let n = 0;
  for (let i = 1; i <= count; i++) if (poolSiteOf(i) === site && !(posts && isUnplacedPost(i))) n++;
  return n;
}

/** Phrase number of seeded idea or post i (each of the 160,000 phrases in turn, spread). */
const poolPhraseStep = () => coprime(PHRASES, 104729);
const poolPhraseSql = (i: RawBuilder<unknown>) =>
  sql`((${i}::bigint * ${poolPhraseStep()}) % ${PHRASES})::int`;

/** True when every id of a batch is there already (batches commit whole): running it again only checks. */
async function batchThere(db: DbHandle['db'], table: string, to: number): Promise<boolean> {
  const { rows } = await sql`SELECT 1 FROM ${sql.table(table)} WHERE id = ${to}`.execute(db);
  return rows.length > 0;
}

async function seedPoolSites(db: DbHandle['db']): Promise<void> {
  const site = sql`'pool' || n || '.example'`;
  await sql`
    INSERT INTO sites (id, site_title, domain_name, target_website, targeted_language, status, wp_api_url, wp_username)
    OVERRIDING SYSTEM VALUE
    SELECT n, 'Pool ' || n, ${site}, ${site}, (${sql.val(SITE_LANGUAGES)}::text[])[1 + n % ${SITE_LANGUAGES.length}],
           'active', 'https://' || ${site} || '/wp-json', 'admin'
    FROM generate_series(1, ${POOL_SITES}::int) n
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`SELECT setval(pg_get_serial_sequence('sites', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM sites), false)`.execute(
    db,
  );
  await compactCounters(db);
}

/**
 * `count` ideas for the 20 pool sites (skewed, see poolSiteOf): "<opening> <modifier> <topic> <tail>:
 * <angle>" (10 about sourdough instead), source keywords "<topic>", "<topic> <tail>" and the whole phrase, pending
 * review 70 % / approved 12 % / rejected 8 % / promoted 5 % / needs rewrite 3 % / rewritten 2 %, 85 %
 * scored by the evaluator, en 70 % / tr 15 % / es 10 % / de 3 % / fr 2 %, created over a year. Explicit
 * ids in batches of 100,000 that each commit whole (set-based INSERT … SELECT from generate_series);
 * a batch that is there already is skipped. Then VACUUM ANALYZE.
 */
export async function seedPoolIdeas(db: DbHandle['db'], count: number): Promise<void> {
  await seedPoolSites(db);
  const step = Math.max(1, Math.floor(count / POOL_SELECTIVE_ROWS));
  const [nm, nt] = [KEYWORD_MODIFIERS.length, KEYWORD_TOPICS.length];
  let changed = false;
  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(from + batch - 1, count);
    if (await batchThere(db, 'ai_ideas', to)) continue;
    changed = true;
    await sql`
      INSERT INTO ai_ideas (id, idea_text, status, quality_score, seo_score, relevance_score, source_keywords,
                            website_id, language, generated_offline, recommendation, evaluation_reason,
                            reviewed_at, created_at, updated_at)
      OVERRIDING SYSTEM VALUE
      SELECT i,
             CASE WHEN selective THEN 'Sourdough starter troubleshooting: ' || angle
                  ELSE opening || ' ' || modifier || ' ' || topic || ' ' || tail || ': ' || angle END,
             status, q, seo, rel,
             CASE WHEN selective THEN ARRAY['sourdough starter']
                  ELSE ARRAY[topic, topic || ' ' || tail, modifier || ' ' || topic || ' ' || tail] END,
             site, lang, r_offline < 0.1,
             CASE WHEN q IS NULL THEN NULL WHEN q >= 3.5 THEN 'approved' WHEN q >= 2 THEN 'needs_rewrite' ELSE 'rejected' END,
             CASE WHEN q IS NULL THEN NULL WHEN q >= 3.5 THEN 'Clear angle on a keyword with demand'
                  WHEN q >= 2 THEN 'Good keyword, the angle needs sharpening' ELSE 'Too close to what the site has' END,
             CASE WHEN status <> 'pending_review' THEN t + (now() - t) * r_review END,
             t, t
      FROM (
        SELECT i, i % ${step} = 7 % ${step} AS selective, ${poolSiteSql(sql`i`)} AS site,
               (${sql.val(IDEA_OPENINGS)}::text[])[1 + (i * 31) % ${IDEA_OPENINGS.length}] AS opening,
               (${sql.val(IDEA_ANGLES)}::text[])[1 + (i / 7) % ${IDEA_ANGLES.length}] AS angle,
               (${sql.val(KEYWORD_MODIFIERS)}::text[])[1 + c % ${nm}] AS modifier,
               (${sql.val(KEYWORD_TOPICS)}::text[])[1 + (c / ${nm}) % ${nt}] AS topic,
               (${sql.val(KEYWORD_TAILS)}::text[])[1 + c / ${nm * nt}] AS tail,
               CASE WHEN r_status < 0.70 THEN 'pending_review' WHEN r_status < 0.82 THEN 'approved'
                    WHEN r_status < 0.90 THEN 'rejected' WHEN r_status < 0.95 THEN 'promoted'
                    WHEN r_status < 0.98 THEN 'needs_rewrite' ELSE 'rewritten' END AS status,
               CASE WHEN r_eval < 0.85 THEN round((random() * 5)::numeric, 2) END AS q,
               CASE WHEN r_eval < 0.85 THEN round((random() * 5)::numeric, 2) END AS seo,
               CASE WHEN r_eval < 0.85 THEN round((random() * 5)::numeric, 2) END AS rel,
               CASE WHEN r_lang < 0.70 THEN 'en' WHEN r_lang < 0.85 THEN 'tr' WHEN r_lang < 0.95 THEN 'es'
                    WHEN r_lang < 0.98 THEN 'de' ELSE 'fr' END AS lang,
               r_offline, r_review, t
        FROM (
          SELECT i, ${poolPhraseSql(sql`i`)} AS c, random() AS r_status, random() AS r_eval, random() AS r_lang,
                 random() AS r_offline, random() AS r_review, now() - random() * interval '365 days' AS t
          FROM generate_series(${from}::int, ${to}::int) i
        ) a
      ) s
      ON CONFLICT DO NOTHING`.execute(db);
  }
  if (!changed) return;
  await sql`SELECT setval(pg_get_serial_sequence('ai_ideas', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ai_ideas), false)`.execute(
    db,
  );
  // A long-lived database has had autovacuum pass over its tables (visibility map, GIN pending lists).
  await sql`VACUUM ANALYZE sites`.execute(db);
  await sql`VACUUM ANALYZE ai_ideas`.execute(db);
}

async function seedPoolGroups(db: DbHandle['db']): Promise<void> {
  await sql`
    INSERT INTO keyword_groups (id, name, status, priority, created_at, updated_at)
    OVERRIDING SYSTEM VALUE
    SELECT g, initcap(${phraseSql(poolPhraseSql(sql`g`), 'topic and tail')}) || ' ' || g,
           (ARRAY['active','active','pending','inactive','used'])[1 + g % 5],
           (ARRAY['high','medium','medium','low'])[1 + g % 4], t, t
    FROM (SELECT g, now() - random() * interval '400 days' AS t FROM generate_series(1, ${POOL_GROUPS}::int) g) s
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`SELECT setval(pg_get_serial_sequence('keyword_groups', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM keyword_groups), false)`.execute(
    db,
  );
  await compactCounters(db);
}

/**
 * `count` posts: title "<Modifier Topic Tail>: <angle>", a short body of ~300 bytes (the list returns every
 * post's content: kept short so the bench measures the list, not the text it carries), SEO title and meta
 * description, scores for 90 %, two target keywords and two tags; 15 % not placed on a site yet (drafts 70 %,
 * ready 30 %), the rest on the 20 pool sites (skewed as the ideas) as draft 20 % / ready 15 % / assigned 20 % /
 * published 38 % / archived 7 %; two in five for one of 1,000 keyword groups; created over a year. Explicit
 * ids in batches that each commit whole; a batch that is there already is skipped. Then VACUUM ANALYZE.
 */
export async function seedPoolPosts(db: DbHandle['db'], count: number): Promise<void> {
  await seedPoolSites(db);
  await seedPoolGroups(db);
  const [nm, nt] = [KEYWORD_MODIFIERS.length, KEYWORD_TOPICS.length];
  let changed = false;
  const batch = 100_000;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(from + batch - 1, count);
    if (await batchThere(db, 'ai_posts', to)) continue;
    changed = true;
    await sql`
      INSERT INTO ai_posts (id, website_id, title, seo_title, meta_description, content, status, quality_score,
                            seo_score, readability_score, target_keywords, tags, keyword_group_id, generated_offline,
                            assigned_at, published_at, created_at, updated_at)
      OVERRIDING SYSTEM VALUE
      SELECT i, CASE WHEN NOT unplaced THEN site END, title, left(title, 60),
             'A short guide to the ' || phrase || ': ' || angle || '.',
             '<h2>' || initcap(phrase) || '</h2><p>Choosing a ' || phrase || ' comes down to three things: how often ' ||
             'you will use it, how much room you have and what you can spend. We compared the popular picks and ' ||
             'kept notes on each.</p><p>Short version: start simple, upgrade later and keep the receipt.</p>',
             status,
             CASE WHEN r_score < 0.9 THEN round((random() * 10)::numeric, 2) END,
             CASE WHEN r_score < 0.9 THEN round((random() * 10)::numeric, 2) END,
             CASE WHEN r_score < 0.9 THEN round((random() * 10)::numeric, 2) END,
             ARRAY[topic || ' ' || tail, phrase], ARRAY[topic, tail],
             CASE WHEN r_group < 0.4 THEN 1 + floor(random() * ${POOL_GROUPS})::int END,
             r_offline < 0.1,
             CASE WHEN status IN ('assigned', 'published') THEN t + (now() - t) * 0.3 * r_time END,
             CASE WHEN status = 'published' THEN t + (now() - t) * (0.3 + 0.7 * r_time) END,
             t, t
      FROM (
        SELECT i, unplaced, site, topic, tail, angle, modifier || ' ' || topic || ' ' || tail AS phrase,
               initcap(modifier || ' ' || topic || ' ' || tail) || ': ' || angle AS title,
               CASE WHEN unplaced THEN CASE WHEN r_status < 0.7 THEN 'draft' ELSE 'ready' END
                    WHEN r_status < 0.20 THEN 'draft' WHEN r_status < 0.35 THEN 'ready'
                    WHEN r_status < 0.55 THEN 'assigned' WHEN r_status < 0.93 THEN 'published'
                    ELSE 'archived' END AS status,
               r_score, r_group, r_offline, r_time, t
        FROM (
          SELECT i, ${unplacedPostSql(sql`i`)} AS unplaced, ${poolSiteSql(sql`i`)} AS site,
                 (${sql.val(IDEA_ANGLES)}::text[])[1 + (i / 7) % ${IDEA_ANGLES.length}] AS angle,
                 (${sql.val(KEYWORD_MODIFIERS)}::text[])[1 + c % ${nm}] AS modifier,
                 (${sql.val(KEYWORD_TOPICS)}::text[])[1 + (c / ${nm}) % ${nt}] AS topic,
                 (${sql.val(KEYWORD_TAILS)}::text[])[1 + c / ${nm * nt}] AS tail,
                 r_status, r_score, r_group, r_offline, r_time, t
          FROM (
            SELECT i, ${poolPhraseSql(sql`i`)} AS c, random() AS r_status, random() AS r_score,
                   random() AS r_group, random() AS r_offline, random() AS r_time,
                   now() - random() * interval '365 days' AS t
            FROM generate_series(${from}::int, ${to}::int) i
          ) a
        ) b
      ) s
      ON CONFLICT DO NOTHING`.execute(db);
  }
  if (!changed) return;
  await sql`SELECT setval(pg_get_serial_sequence('ai_posts', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ai_posts), false)`.execute(
    db,
  );
  for (const table of ['sites', 'keyword_groups', 'ai_posts']) {
    await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
  }
}

const pctOf = (x: number, of: number) => `${((100 * x) / Math.max(1, of)).toFixed(1)} %`;

/** The ai-ideas section's "Data" line, from what the database holds. */
export async function poolIdeasDataLine(db: DbHandle['db']): Promise<string> {
  const { rows } = await sql<Record<string, string>>`
    SELECT count(*) AS n, count(DISTINCT website_id) AS sites,
           count(*) FILTER (WHERE status = 'pending_review') AS pending,
           count(*) FILTER (WHERE status = 'approved') AS approved,
           count(*) FILTER (WHERE status = 'rejected') AS rejected,
           count(*) FILTER (WHERE status = 'promoted') AS promoted,
           count(*) FILTER (WHERE status IN ('needs_rewrite', 'rewritten')) AS rewrite,
           count(*) FILTER (WHERE quality_score IS NOT NULL) AS scored,
           count(*) FILTER (WHERE language = 'en') AS en,
           round(avg(length(idea_text))) AS text_len,
           count(*) FILTER (WHERE website_id = 1) AS site1,
           count(*) FILTER (WHERE website_id = ${POOL_SITES}) AS site_last
    FROM ai_ideas`.execute(db);
  const r = Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
  const n = r.n!;
  const p = (x: number) => pctOf(x, n);
  return (
    `${n.toLocaleString('en-US')} ideas for ${r.sites} sites (pool1 ${p(r.site1!)} … pool${POOL_SITES} ${p(r.site_last!)}), ` +
    `texts of ~${r.text_len} characters ("<opening> <modifier> <topic> <tail>: <angle>", ${POOL_SELECTIVE_ROWS} about sourdough), ` +
    `source keywords "<topic>", "<topic> <tail>" and the whole phrase; pending review ${p(r.pending!)} / approved ${p(r.approved!)} / ` +
    `rejected ${p(r.rejected!)} / promoted ${p(r.promoted!)} / needs rewrite or rewritten ${p(r.rewrite!)}, ` +
    `${p(r.scored!)} scored, en ${p(r.en!)} (tr, es, de, fr the rest), created over a year`
  );
}

/** The ai-posts section's "Data" line, from what the database holds. */
export async function poolPostsDataLine(db: DbHandle['db']): Promise<string> {
  const { rows } = await sql<Record<string, string>>`
    SELECT count(*) AS n, count(DISTINCT website_id) AS sites,
           count(*) FILTER (WHERE website_id IS NULL) AS unplaced,
           count(*) FILTER (WHERE status = 'draft') AS draft,
           count(*) FILTER (WHERE status = 'ready') AS ready,
           count(*) FILTER (WHERE status = 'assigned') AS assigned,
           count(*) FILTER (WHERE status = 'published') AS published,
           count(*) FILTER (WHERE status = 'archived') AS archived,
           count(*) FILTER (WHERE keyword_group_id IS NOT NULL) AS grouped,
           (SELECT count(*) FROM keyword_groups) AS groups,
           round(avg(octet_length(content))) AS content_bytes,
           round(avg(length(title))) AS title_len
    FROM ai_posts`.execute(db);
  const r = Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
  const n = r.n!;
  const p = (x: number) => pctOf(x, n);
  return (
    `${n.toLocaleString('en-US')} posts, titles of ~${r.title_len} characters ("<Modifier Topic Tail>: <angle>"), ` +
    `content of ~${r.content_bytes} bytes each (kept short on purpose: the list returns every post's content, so the bench ` +
    `measures the list, not the text it carries), draft ${p(r.draft!)} / ready ${p(r.ready!)} / assigned ${p(r.assigned!)} / ` +
    `published ${p(r.published!)} / archived ${p(r.archived!)}, ${p(r.unplaced!)} on no site yet, the rest on ${r.sites} sites ` +
    `(skewed as the ideas), ${p(r.grouped!)} written for one of ${r.groups!.toLocaleString('en-US')} keyword groups, created over a year`
  );
}
