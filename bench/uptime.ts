import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { listSites, runUptimeChecks, UPTIME_CONCURRENCY } from '@blogfleet/api';
import { migrateToLatest, sql } from '@blogfleet/db';
import { listSitesInput } from '@blogfleet/validators';
import { openBenchDb, type BenchDb } from './db';
import { fmt } from './stats';

const SITES = 1_000;
/** A site across the internet: each answer (home page, REST root) waits this long. */
const LATENCY_MS = 200;
const TARGET_S = 30;
/** For the sites list: 7 days of checks every 5 minutes, per site. */
const CHECKS_PER_SITE = 7 * 24 * 12;

/** Loopback only: answers every path after LATENCY_MS (HTML for pages, JSON under /wp-json). */
async function startSlowServer(): Promise<{
  server: Server;
  url: string;
  inFlight: () => number;
  peak: () => number;
}> {
  let now = 0;
  let most = 0;
  const server = createServer((req, res) => {
    now++;
    most = Math.max(most, now);
    setTimeout(() => {
      now--;
      const json = req.url?.includes('/wp-json');
      res.setHeader('content-type', json ? 'application/json' : 'text/html');
      res.end(json ? '{"name":"Bench","routes":{}}' : '<!doctype html><title>Bench</title>');
    }, LATENCY_MS);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url, inFlight: () => now, peak: () => most };
}

/** The floor: the same two GETs of every site (together, as the checks make them), the same concurrency, by fetch, nothing stored. */
async function bareChecks(urls: string[]) {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: UPTIME_CONCURRENCY }, async () => {
      while (next < urls.length) {
        const base = urls[next++]!;
        await Promise.all(
          [`${base}/`, `${base}/wp-json/`].map(async (u) => {
            const res = await fetch(u, { signal: AbortSignal.timeout(10_000) });
            await res.body?.cancel();
          }),
        );
      }
    }),
  );
  return (performance.now() - t0) / 1000;
}

async function seedSites(bench: BenchDb, base: string) {
  const db = bench.handle.db;
  await migrateToLatest(db);
  await sql`DELETE FROM sites WHERE domain_name LIKE 'uptime-bench-%'`.execute(db);
  await db
    .insertInto('sites')
    .values(
      Array.from({ length: SITES }, (_, i) => ({
        site_title: `Uptime bench ${i}`,
        domain_name: `uptime-bench-${i}.com`,
        status: 'active' as const,
        wp_api_url: `${base}/s${i}/wp-json`,
      })),
    )
    .execute();
}

/** A page of the sites list (100 sites) with 7 days of 5-minute checks behind every site. */
async function listPage(bench: BenchDb) {
  const db = bench.handle.db;
  const t0 = performance.now();
  await sql`INSERT INTO uptime_checks (site_id, checked_at, up, status_code, response_ms)
    SELECT s.id, now() - make_interval(mins => 5 * g), g % 50 <> 0, 200, 180 + g % 40
    FROM sites s CROSS JOIN generate_series(1, ${CHECKS_PER_SITE}) g
    WHERE s.domain_name LIKE 'uptime-bench-%'`.execute(db);
  await sql`ANALYZE uptime_checks`.execute(db);
  await sql`VACUUM uptime_checks`.execute(db).catch(() => undefined);
  const seedS = (performance.now() - t0) / 1000;
  const ctx = { db };
  const input = listSitesInput.parse({ limit: 100 });
  await listSites(ctx, input);
  const times: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    await listSites(ctx, input);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const rows = Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM uptime_checks`.execute(db)).rows[0]!.n,
  );
  return { seedS, medianMs: times[5]!, rows };
}

/** Uptime checks of 1,000 sites against one local server that answers in 200 ms. */
export async function uptimeSection(): Promise<string> {
  const bench = await openBenchDb();
  const slow = await startSlowServer();
  try {
    console.log(`bench: uptime: database: ${bench.label}`);
    await seedSites(bench, slow.url);
    const urls = Array.from({ length: SITES }, (_, i) => `${slow.url}/s${i}`);
    const bareS = await bareChecks(urls);
    const deps = {
      db: bench.handle.db,
      secrets: { key: randomBytes(32), keyId: 'bench' },
    };
    const peakBefore = slow.peak();
    const t0 = performance.now();
    const run = await runUptimeChecks(deps);
    const wallS = (performance.now() - t0) / 1000;
    const idealS = (SITES * LATENCY_MS) / 1000 / UPTIME_CONCURRENCY;
    const stored = Number(
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM uptime_checks`.execute(bench.handle.db))
        .rows[0]!.n,
    );
    const list = await listPage(bench);
    return [
      '## Uptime checks of 1,000 sites',
      '',
      `- Date: ${new Date().toISOString()}`,
      `- Database: ${bench.label}`,
      `- Sites: ${SITES} active sites whose addresses are paths of one local HTTP server (loopback) that answers every request after ${LATENCY_MS} ms`,
      `- Measured: one run of the periodic \`sites.uptime-check\` (\`runUptimeChecks\`: claim the due sites on their rows, GET each home page and REST root together, ${UPTIME_CONCURRENCY} sites at a time, store the check and the site's state), wall time in this process`,
      `- Ideal: ${SITES} sites × ${LATENCY_MS} ms / ${UPTIME_CONCURRENCY} sites at a time (both requests of a site together) = ${fmt(idealS, 1)} s; bare: the same GETs by fetch with the same concurrency, nothing stored: ${fmt(bareS, 1)} s`,
      `- Sites list: a page of 100 sites (GET sites, with \`uptime_7d\` from the checks of the last 7 days) after seeding ${CHECKS_PER_SITE.toLocaleString('en')} checks per site (${list.rows.toLocaleString('en')} checks in all; seeding took ${fmt(list.seedS, 1)} s), median of 10`,
      '',
      '| run | wall time | checked / up | ratio vs ideal | ratio vs bare | peak requests in flight | ≤ 30 s |',
      '| --- | ---: | ---: | ---: | ---: | ---: | :---: |',
      `| uptime run | ${fmt(wallS, 1)} s | ${run.checked} / ${run.up} | ${fmt(wallS / idealS, 2)} | ${fmt(wallS / bareS, 2)} | ${Math.max(slow.peak(), peakBefore)} | ${wallS <= TARGET_S ? 'yes' : 'no'} |`,
      '',
      `| sites list page (100 sites, uptime_7d) | median |`,
      '| --- | ---: |',
      `| GET sites?limit=100 | ${fmt(list.medianMs, 1)} ms |`,
      '',
      `Stored checks after the run: ${stored} (target ${SITES}).`,
      '',
    ].join('\n');
  } finally {
    slow.server.closeAllConnections();
    await new Promise((r) => slow.server.close(r));
    await bench.handle.close();
  }
}
