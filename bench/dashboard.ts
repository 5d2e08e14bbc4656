import { ensureInitialAdmin } from '@blogfleet/api';
import { migrateToLatest, sql } from '@blogfleet/db';
import { login } from '@blogfleet/server/testing';
import { benchApp } from './app';
import type { BenchDb } from './db';
import { ADMIN } from './list-bench';
import { KEYWORDS, seedContentItems, seedKeywordData } from './seed';
import { fmt, median, percentile, timeEach } from './stats';

const CONTENT_ITEMS = 50_000;
const TARGET_MS = 20;

/** The query the dashboard ran before its counters: every total counted, and EXISTS per keyword. */
const COUNTING_QUERY = sql`
  SELECT s.total_sites, s.active_sites, c.total_content, c.published_content, c.pending_content,
         c.avg_content_score, g.total_keyword_groups, k.active_keywords, k.used_keywords, k.avg_keyword_score
  FROM (SELECT count(*) AS total_sites, count(*) FILTER (WHERE status = 'active') AS active_sites FROM sites) s,
       (SELECT count(*) AS total_content, count(*) FILTER (WHERE status = 'published') AS published_content,
               count(*) FILTER (WHERE status = 'pending') AS pending_content, avg(seo_score) AS avg_content_score
        FROM content_items) c,
       (SELECT count(*) AS total_keyword_groups FROM keyword_groups) g,
       (SELECT count(*) FILTER (WHERE EXISTS (
                 SELECT 1 FROM keyword_sites ks WHERE ks.keyword_id = kw.id AND ks.status = 'active'
               )) AS active_keywords,
               count(*) FILTER (WHERE kw.is_used) AS used_keywords, avg(kw.score) / 10 AS avg_keyword_score
        FROM keywords kw) k`;

/** Dashboard stats at a million keywords, through REST, against the counting query in the same run. */
export async function dashboardSection(bench: BenchDb, count = KEYWORDS): Promise<string> {
  const { handle, label } = bench;
  await migrateToLatest(handle.db);
  const t0 = Date.now();
  await seedKeywordData(handle.db, count);
  await seedContentItems(handle.db, CONTENT_ITEMS);
  console.log(
    `bench: dashboard: seeded (or found) ${fmt(count)} keywords in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  const { app, deps } = await benchApp(handle);
  try {
    // The keyword list sections may have run on this database before: the same admin.
    await ensureInitialAdmin(deps, ADMIN);
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const headers = { authorization: `Bearer ${(await login(url, ADMIN)).accessToken}` };
    const get = async () => {
      const res = await fetch(`${url}/api/v1/dashboard/stats`, { headers });
      if (res.status !== 200) throw new Error(`dashboard stats answered ${res.status}`);
      return (await res.json()) as { data: Record<string, number> };
    };
    const shown = (await get()).data;
    const counted = (await COUNTING_QUERY.execute(handle.db)).rows[0] as Record<string, number>;
    for (const k of [
      'active_keywords',
      'used_keywords',
      'total_content',
      'active_sites',
      'total_keyword_groups',
    ] as const) {
      if (Number(counted[k]) !== shown[k])
        throw new Error(`dashboard ${k}: ${shown[k]} but counting says ${counted[k]}`);
    }
    const fast = await timeEach(200, get);
    const slow = await timeEach(5, () => COUNTING_QUERY.execute(handle.db));
    const m = median(fast);
    return [
      '## Dashboard stats',
      '',
      `- Database: ${label}`,
      `- Data: ${fmt(shown.total_keywords!)} keywords (${fmt(shown.active_keywords!)} active, ${fmt(shown.used_keywords!)} used), ${fmt(shown.total_keyword_groups!)} keyword groups, ${fmt(shown.total_content!)} content items, ${fmt(shown.total_sites!)} sites (the data of the keywords and keyword groups sections)`,
      '- Measured: `GET /api/v1/dashboard/stats` through the whole app, one request after another (200 times); baseline: the counting query the dashboard ran before, on the same data (5 times)',
      '',
      '| what | median (ms) | p95 (ms) | vs counting query |',
      '| --- | ---: | ---: | ---: |',
      `| \`GET /dashboard/stats\` (kept-current counters) | ${fmt(m, 2)} | ${fmt(percentile(fast, 95), 2)} | ${(m / median(slow)).toFixed(4)} |`,
      `| counting query (before) | ${fmt(median(slow), 1)} | ${fmt(percentile(slow, 95), 1)} | 1.00 |`,
      '',
      `Median ${fmt(m, 2)} ms against the ${TARGET_MS} ms target: **${m <= TARGET_MS ? 'PASS' : 'FAIL'}**. The numbers shown equal what the counting query finds.`,
      '',
    ].join('\n');
  } finally {
    await app.close();
  }
}
