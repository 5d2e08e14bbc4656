import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { ensureInitialAdmin } from '@blogfleet/api';
import { WordPressClient } from '@blogfleet/integrations/wordpress';
import { ADMIN, buildApp, loadConfig } from '@blogfleet/server/testing';
import { openBenchDb, type BenchDb } from './db';
import { fmt } from './stats';

const SITES = 1_000;
const POSTS = 50;
/** A site across the internet: each answer waits this long (round trip plus WordPress's own time). */
const LATENCY_MS = 80;
/** `SYNC_ALL_CONCURRENCY` in packages/api/src/jobs/sites.ts (not exported through `@blogfleet/api`); keep equal. */
const CONCURRENCY = 16;
const TARGET_S = 60;
const JWT_SECRET = randomBytes(32).toString('hex');
const ENCRYPTION_KEY = randomBytes(32).toString('hex');
/** A post as WordPress stores a typical article (HTML, about 800 words). */
const POST_BYTES = 6_000;

interface FleetSite {
  url: string;
  username: string;
  password: string;
}

function startFleet(): Promise<{ child: ChildProcess; sites: FleetSite[] }> {
  const child = fork(fileURLToPath(new URL('./wp-fleet.ts', import.meta.url)), [
    String(SITES),
    String(POSTS),
    String(LATENCY_MS),
    String(POST_BYTES),
  ]);
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ child, sites: (m as { sites: FleetSite[] }).sites }));
    child.once('exit', (code) => reject(new Error(`wp-fleet exited with ${code}`)));
  });
}

/** n tasks, `limit` at a time. */
async function pool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** The floor: the same reads of every site with the same concurrency, by the bare client, nothing stored. */
async function bareReads(sites: FleetSite[]) {
  const t0 = performance.now();
  await pool(sites, CONCURRENCY, async (s) => {
    const client = new WordPressClient({
      siteUrl: s.url,
      username: s.username,
      appPassword: s.password,
      apiRoot: `${s.url}/wp-json`,
    });
    const [, , , stamps] = await Promise.all([
      client.listCategories(),
      client.listTags(),
      client.listMedia(),
      client.listPostStamps(),
    ]);
    await client.listPosts({ include: stamps.map((p) => p.id) });
  });
  return (performance.now() - t0) / 1000;
}

// A full collection before and after a run, so "retained" is what the run kept, not garbage not yet swept.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * Peak RSS growth of this process (app, worker, database client) while `fn` runs, sampled every 50 ms,
 * and the heap it retains afterwards.
 */
async function withMemory<T>(fn: () => Promise<T>) {
  gc();
  const before = process.memoryUsage();
  let rss = before.rss;
  const timer = setInterval(() => (rss = Math.max(rss, process.memoryUsage().rss)), 50);
  try {
    const value = await fn();
    gc();
    return {
      value,
      rssGrowthMb: (rss - before.rss) / 1e6,
      retainedMb: (process.memoryUsage().heapUsed - before.heapUsed) / 1e6,
    };
  } finally {
    clearInterval(timer);
  }
}

export async function siteSyncSection(bench: BenchDb): Promise<string> {
  console.log(
    `bench: site sync: starting ${SITES} WordPress test servers (${POSTS} posts, ${LATENCY_MS} ms) …`,
  );
  const fleet = await startFleet();
  const config = (workers: boolean) =>
    loadConfig({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      JWT_SECRET,
      ENCRYPTION_KEY,
      LOG_LEVEL: 'silent',
      JOB_WORKERS: String(workers),
      JOB_POLL_INTERVAL_SECONDS: '0.5',
    });
  const caller =
    (app: FastifyInstance) =>
    async (method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
      const res = await app.inject({
        method,
        url: `/api/v1/${url}`,
        payload,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json().data;
    };

  // Adding a site queues its first pull; the sites are added without workers and those pulls cancelled,
  // so the measured sync-all is the one that brings every post in.
  const setup = await buildApp(config(false), { dbHandle: bench.handle, logger: false });
  try {
    await ensureInitialAdmin(setup.deps, ADMIN);
    const call = caller(setup.app);
    const token = (await call('POST', 'auth/login', undefined, ADMIN)).tokens.accessToken as string;
    console.log('bench: site sync: adding the sites (each tested first, as the API does) …');
    let n = 0;
    await pool(fleet.sites, CONCURRENCY, async (s) => {
      const i = ++n;
      await call('POST', 'sites', token, {
        site_title: `Fleet ${i}`,
        domain_name: `fleet-${i}.com`,
        wp_api_url: `${s.url}/wp-json`,
        wp_username: s.username,
        wp_app_password: s.password,
      });
    });
    const queued = await setup.deps.db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', 'sites.pull')
      .where('status', '=', 'pending')
      .execute();
    await pool(queued, CONCURRENCY, async (j) => void (await call('POST', `jobs/${j.id}/cancel`, token)));
  } finally {
    await setup.app.close();
  }

  const { app, deps } = await buildApp(config(true), { dbHandle: bench.handle, logger: false });
  try {
    const call = caller(app);
    const token = (await call('POST', 'auth/login', undefined, ADMIN)).tokens.accessToken as string;
    const syncAll = async () => {
      const t0 = performance.now();
      const { job } = await call('POST', 'sites/sync-all', token, {});
      for (;;) {
        const current = (await call('GET', `jobs/${job.id}`, token)).job;
        if (current.status === 'completed')
          return { seconds: (performance.now() - t0) / 1000, result: current.result };
        if (current.status === 'failed' || current.status === 'cancelled') throw new Error(current.error);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    console.log('bench: site sync: bare reads (the floor) …');
    const bare = await bareReads(fleet.sites);
    console.log('bench: site sync: first sync of all sites …');
    const first = await withMemory(syncAll);
    console.log('bench: site sync: second sync (nothing changed) …');
    const second = await withMemory(syncAll);
    const rows = [first, second].map((r) => r.value.result as { synced: number; failed: number });
    const posts = Number(
      (
        await deps.db
          .selectFrom('site_posts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const line = (name: string, r: typeof first, i: number) =>
      `| ${name} | ${fmt(r.value.seconds, 1)} s | ${fmt(SITES / r.value.seconds, 1)} | ${rows[i]!.synced} / ${rows[i]!.failed} | ${fmt(bare / r.value.seconds, 2)} | ${fmt(r.rssGrowthMb, 0)} MB | ${fmt(r.retainedMb, 1)} MB | ${r.value.seconds <= TARGET_S ? 'yes' : '**no**'} |`;
    return [
      '## Sync of 1,000 sites',
      '',
      `- Date: ${new Date().toISOString()}`,
      `- Database: ${bench.label}`,
      `- Sites: ${SITES} WordPress protocol test servers (packages/integrations/src/wordpress/testing) in a child process, ` +
        `${POSTS} posts of ${fmt(POST_BYTES)} bytes each (${fmt((SITES * POSTS * POST_BYTES) / 1e6)} MB of post content in all), every answer delayed ${LATENCY_MS} ms; added through POST /sites`,
      `- Measured: POST /api/v1/sites/sync-all until GET /jobs/{id} says completed (job queue, worker, push then pull of every site, ` +
        `${CONCURRENCY} sites at a time), end to end in this process; memory: the peak growth of this process's RSS during the run, and the heap still held after it (both after a full GC); ` +
        `bounded means far below the post content it moved, since a site's posts are dropped once that site is saved`,
      `- Bare: the same reads of every site (categories, tags, media, post stamps, then the posts) by the bare WordPress client with the same ` +
        `concurrency and nothing stored: ${fmt(bare, 1)} s; ratio = bare / sync (1 = the sync costs nothing beyond the reads)`,
      `- Posts stored after the runs: ${fmt(posts)} (target ${fmt(SITES * POSTS)})`,
      '',
      '| run | time | sites/s | synced / failed | ratio vs bare | peak RSS growth | heap retained | ≤ 60 s |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | :---: |',
      line('first sync (every post new)', first, 0),
      line('second sync (nothing changed)', second, 1),
      '',
    ].join('\n');
  } finally {
    await app.close();
    fleet.child.disconnect();
    fleet.child.kill();
  }
}

/** A database of its own for the section (the pool as large as the sync's concurrency needs). */
export async function runSiteSyncBench(): Promise<string> {
  const bench = await openBenchDb(20);
  console.log(`bench: site sync: database: ${bench.label}`);
  try {
    return await siteSyncSection(bench);
  } finally {
    await bench.handle.close();
  }
}
