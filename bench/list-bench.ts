import os from 'node:os';
import { ensureInitialAdmin, setCountCacheSeconds } from '@blogfleet/api';
import { login } from '@blogfleet/server/testing';
import { benchApp } from './app';
import type { BenchDb } from './db';
import { runLoad, type LoadResult } from './load';
import { fmt, median } from './stats';
import { startBareTarget } from './targets';

export const ADMIN = { email: 'admin@bench.local', password: 'bench-admin-password' };
/** A whole number from the environment, for a quick check at a small scale; the section's Load line says what ran. */
function envCount(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name}=${raw}: a whole number from 1`);
  return n;
}
/** BENCH_LOAD_SECONDS and BENCH_LOAD_ROUNDS shorten a run (the defaults are what RESULTS.md reports). */
const LOAD = {
  connections: 50,
  durationSec: envCount('BENCH_LOAD_SECONDS', 3),
  warmupSec: 1,
  rounds: envCount('BENCH_LOAD_ROUNDS', 5),
};
const SOAK = { connections: 100, durationSec: 60 };
const POOL = 10;
export const P99_TARGET_MS = 25;
export const RATIO_TARGET = 0.8;

export interface ListVariant {
  name: string;
  query: Record<string, string | number>;
  /** LIST_COUNT_CACHE_SECONDS for this variant (0: the total is counted on every request). */
  countCacheSeconds?: number;
}

export interface ListBench {
  /** The section's heading, e.g. "Users list". */
  title: string;
  /** The procedure (`users.list`), its REST path (`users`) and the bare target's path (`/users`). */
  procedure: string;
  restPath: string;
  /** The answer's total, wherever the list's REST shape keeps it. */
  restTotal(body: unknown): number;
  trpcTotal(body: unknown): number;
  bareTotal(body: unknown): number;
  /** Fills the database; returns the line that describes the data. */
  seed(bench: BenchDb): Promise<string>;
  variants: ListVariant[];
  /** 100 connections for a minute on the default page, with /auth/me probed alongside. */
  soak: boolean;
}

interface Target {
  name: 'REST' | 'tRPC' | 'bare';
  url: string;
  headers?: Record<string, string>;
  total(body: unknown): number;
}

async function getJson(url: string, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/**
 * One list call through REST and tRPC (the whole app) against a bare Fastify route running the same
 * service on the same database: repeated, alternating, more connections than the pool.
 */
export async function listBenchSection(bench: BenchDb, spec: ListBench): Promise<string> {
  const { handle, label } = bench;
  const loadBefore = os.loadavg()[0] ?? 0;
  const { config, app, deps } = await benchApp(handle);
  const closers: (() => Promise<unknown>)[] = [() => app.close()];
  try {
    await ensureInitialAdmin(deps, ADMIN);
    const t0 = Date.now();
    const dataLine = await spec.seed(bench);
    console.log(`bench: seeded for ${spec.title} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const bare = await startBareTarget(handle.db);
    closers.unshift(() => bare.app.close());
    const auth = { authorization: `Bearer ${(await login(appUrl, ADMIN)).accessToken}` };

    const lines = [
      `## ${spec.title}`,
      '',
      `- Date: ${new Date().toISOString()}; Node ${process.version}; ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${os.cpus().length} cores (1-min load average before: ${loadBefore.toFixed(2)})`,
      `- Database: ${label}; pool of ${POOL} connections per process`,
      `- Data: ${dataLine}`,
      `- Load: autocannon in a separate process on 127.0.0.1, ${LOAD.connections} connections (more than the pool), ${LOAD.warmupSec} s warm-up + ${LOAD.durationSec} s measured, ${LOAD.rounds} rounds with the targets alternating; req/s and p99 are medians of the rounds, the ratio the median of each round's ratio to that round's bare run`,
      `- REST and tRPC run the whole app (helmet, CORS, bearer token and session check, input and output validation, envelope); bare is a plain Fastify route running the same service behind \`${spec.procedure}\` (same SQL) with no auth`,
      '',
      `| variant | total | target | req/s | p99 (ms) | req/s vs bare | p99 ≤ ${P99_TARGET_MS} ms | ratio ≥ ${RATIO_TARGET} |`,
      '| --- | ---: | --- | ---: | ---: | ---: | :---: | :---: |',
    ];

    for (const variant of spec.variants) {
      setCountCacheSeconds(variant.countCacheSeconds ?? config.listCountCacheSeconds);
      const qs = new URLSearchParams(
        Object.entries(variant.query).map(([k, v]): [string, string] => [k, String(v)]),
      );
      const targets: Target[] = [
        {
          name: 'REST',
          url: `${appUrl}/api/v1/${spec.restPath}?${qs}`,
          headers: auth,
          total: spec.restTotal,
        },
        {
          name: 'tRPC',
          url: `${appUrl}/trpc/${spec.procedure}?input=${encodeURIComponent(JSON.stringify(variant.query))}`,
          headers: auth,
          total: spec.trpcTotal,
        },
        { name: 'bare', url: `${bare.url}/${spec.restPath}?${qs}`, total: spec.bareTotal },
      ];
      // Every target answers 200 with the same page before anything is measured.
      const totals = [];
      for (const t of targets) totals.push(t.total(await getJson(t.url, t.headers)));
      if (new Set(totals).size !== 1)
        throw new Error(`${variant.name}: targets disagree: ${totals.join(', ')}`);

      const results = new Map<string, LoadResult[]>(targets.map((t) => [t.name, []]));
      for (let round = 0; round < LOAD.rounds; round++) {
        const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
        for (const t of order) {
          console.log(`bench: ${spec.title}: ${variant.name}: ${t.name} (round ${round + 1}) …`);
          const r = await runLoad({ url: t.url, headers: t.headers, ...LOAD });
          if (r.failures > 0) throw new Error(`${variant.name} ${t.name}: ${r.failures} failed requests`);
          results.get(t.name)!.push(r);
        }
      }
      const bareRuns = results.get('bare')!;
      for (const t of targets) {
        const rs = results.get(t.name)!;
        const rps = median(rs.map((r) => r.reqPerSec));
        const p99 = median(rs.map((r) => r.p99Ms));
        // Each round against the bare run of the same round: the machine's drift between rounds cancels.
        const ratio = median(rs.map((r, i) => r.reqPerSec / bareRuns[i]!.reqPerSec));
        lines.push(
          `| ${variant.name} | ${fmt(totals[0]!)} | ${t.name} | ${fmt(rps)} | ${fmt(p99)} | ${ratio.toFixed(2)} | ${p99 <= P99_TARGET_MS ? 'yes' : '**no**'} | ${t.name === 'bare' ? '—' : ratio >= RATIO_TARGET ? 'yes' : '**no**'} |`,
        );
      }
    }
    setCountCacheSeconds(config.listCountCacheSeconds);

    if (spec.soak) {
      console.log(`bench: soak: ${SOAK.connections} connections for ${SOAK.durationSec} s …`);
      const [soak, me] = await Promise.all([
        runLoad({
          url: `${appUrl}/api/v1/${spec.restPath}`,
          headers: auth,
          connections: SOAK.connections,
          durationSec: SOAK.durationSec,
          warmupSec: 0,
        }),
        runLoad({
          url: `${appUrl}/api/v1/auth/me`,
          headers: auth,
          connections: 2,
          durationSec: SOAK.durationSec,
          warmupSec: 0,
        }),
      ]);
      lines.push(
        '',
        `Soak: \`GET /api/v1/${spec.restPath}\` with ${SOAK.connections} connections for ${SOAK.durationSec} s: ${fmt(soak.requests)} requests, ${fmt(soak.reqPerSec)} req/s, p99 ${fmt(soak.p99Ms)} ms, **${soak.failures} errors** (non-2xx, socket errors and timeouts); ` +
          `\`GET /api/v1/auth/me\` alongside on 2 connections: p99 ${fmt(me.p99Ms)} ms, ${me.failures} errors.`,
      );
    }
    lines.push('');
    return lines.join('\n');
  } finally {
    for (const close of closers) await close();
  }
}
