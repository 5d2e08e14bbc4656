import os from 'node:os';
import { isIntegrationError } from '@blogfleet/integrations/errors';
import { PorkbunRegistrar } from '@blogfleet/integrations/registrar';
import {
  startPorkbunTestServer,
  type PorkbunTestServer,
  type PorkbunTestServerOptions,
} from '@blogfleet/integrations/registrar/testing';
import { startTestApp, type TestApp } from '@blogfleet/server/testing';
import { fmt, median } from './stats';

/**
 * Registrar checks the discovery service keeps in flight at once. `DISCOVERY_CHECK_CONCURRENCY` in
 * packages/api/src/services/discovery.ts is not exported through `@blogfleet/api`, so it is copied here:
 * keep the two equal.
 */
const DISCOVERY_CHECK_CONCURRENCY = 8;
const IDEAS = 100;
const DELAY_MS = 100;
const TARGET_S = 5;
const RUNS = 5;
const LIMITED = { checkLimit: 10, checkWindowMs: 1000, runs: 3 };
const TLDS = ['com', 'net', 'org', 'io', 'co'];
const AFFIXES = ['best', 'top', 'pro', 'hub', 'daily', 'shop', 'lab', 'guide'];
const PRICES_CENTS = { com: 1099, net: 1299, org: 1099, io: 3999, co: 2999 };
const TAKEN = ['coffee.com', 'gear.com', 'coffeegear.com', 'bestcoffee.com', 'coffee.io'];

interface Idea {
  domain: string;
  available: boolean | null;
  price_source: string | null;
}

interface DiscoveryRun {
  seconds: number;
  ideas: string[];
  answered: number;
  available: number;
  /** checkDomain requests the registrar received during the run (refused ones included). */
  checks: number;
}

const seconds = (t0: number) => (performance.now() - t0) / 1000;
const s2 = (x: number) => fmt(x, 2);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const checkRequests = (server: PorkbunTestServer, from: number) =>
  server.requests.slice(from).filter((r) => r.path.includes('checkDomain')).length;

/** The whole app in process (app.inject), its registrar set to the test server through the API. */
async function appFor(server: PorkbunTestServer): Promise<{ app: TestApp; token: string }> {
  const app = await startTestApp({ PORKBUN_API_URL: server.baseUrl });
  try {
    const token = (await app.login()).accessToken;
    const saved = await app.rest('PUT', 'settings/integrations/registrar', {
      token,
      body: { provider: 'porkbun', apiKey: server.apiKey, secretApiKey: server.secretApiKey },
    });
    if (saved.status !== 200) throw new Error(`registrar settings: ${JSON.stringify(saved.body)}`);
    return { app, token };
  } catch (err) {
    await app.close();
    throw err;
  }
}

let targets = 0;

/** One `POST domains/discover` of 100 ideas for a target website never used before. */
async function discover(
  { app, token }: { app: TestApp; token: string },
  server: PorkbunTestServer,
  searchLimit = IDEAS,
): Promise<DiscoveryRun> {
  // The digits are not a word (too short), so every run combines the same words: the same names.
  const targetWebsite = `coffee-gear-${++targets}.example`;
  const from = server.requests.length;
  const t0 = performance.now();
  const res = await app.rest('POST', 'domains/discover', {
    token,
    body: {
      targetWebsite,
      customTlds: TLDS,
      prefixSuffixList: AFFIXES,
      searchLimit,
      newOnly: true,
      cheapDomainsOnly: false,
    },
  });
  const took = seconds(t0);
  if (res.status !== 200) throw new Error(`discover answered ${res.status}: ${JSON.stringify(res.body)}`);
  const data = res.body.data as {
    allIdeas: Idea[];
    registrar: string | null;
    stats: { checkedDomains: number; availableDomains: number };
  };
  if (data.registrar !== 'porkbun') throw new Error(`discover used registrar ${data.registrar}`);
  if (data.allIdeas.length !== searchLimit)
    throw new Error(`discover found ${data.allIdeas.length} ideas, not ${searchLimit}`);
  return {
    seconds: took,
    ideas: data.allIdeas.map((i) => i.domain),
    answered: data.stats.checkedDomains,
    available: data.stats.availableDomains,
    checks: checkRequests(server, from),
  };
}

/** The same names checked with the Porkbun client itself, `inFlight` at a time (1: one after another). */
async function clientChecks(server: PorkbunTestServer, names: string[], inFlight: number) {
  const client = new PorkbunRegistrar({
    apiKey: server.apiKey,
    secretApiKey: server.secretApiKey,
    baseUrl: server.baseUrl,
  });
  const from = server.requests.length;
  let next = 0;
  let answered = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < names.length) {
        const name = names[next++]!;
        // Under a rate limit a refused check is tried again 100 ms later (counted as a request, not an answer).
        for (;;) {
          try {
            await client.checkDomain(name);
            break;
          } catch (err) {
            if (!isIntegrationError(err) || err.kind !== 'rate_limited') throw err;
            await sleep(100);
          }
        }
        answered++;
      }
    }),
  );
  return { seconds: seconds(t0), answered, checks: checkRequests(server, from) };
}

async function withServer<T>(
  options: PorkbunTestServerOptions,
  fn: (server: PorkbunTestServer, app: { app: TestApp; token: string }) => Promise<T>,
): Promise<T> {
  const server = await startPorkbunTestServer(options);
  try {
    const app = await appFor(server);
    try {
      return await fn(server, app);
    } finally {
      await app.app.close();
    }
  } finally {
    await server.close();
  }
}

/**
 * `POST domains/discover` of 100 ideas against the Porkbun test server answering every call 100 ms
 * late, against 100 checks one after another on the same server; then the same under a rate limit.
 */
export async function discoverySection(): Promise<string> {
  const loadBefore = os.loadavg()[0] ?? 0;
  const base = { delayMs: DELAY_MS, pricesCents: PRICES_CENTS, taken: TAKEN };
  let dbLabel = '';

  // Scenario 1: no rate limit; discovery and the baselines alternate, one round after another.
  const plain = await withServer(base, async (server, app) => {
    dbLabel =
      app.app.dbHandle.kind === 'pglite'
        ? 'PGlite in memory (`startTestApp` without TEST_DATABASE_URL)'
        : 'PostgreSQL (`startTestApp` with TEST_DATABASE_URL: a fresh database, dropped after)';
    console.log('bench: discovery: warm-up …');
    await discover(app, server, 10);
    await clientChecks(server, ['warmup-a.com', 'warmup-b.net'], 1);
    const runs: DiscoveryRun[] = [];
    const sequential: Awaited<ReturnType<typeof clientChecks>>[] = [];
    const parallel: Awaited<ReturnType<typeof clientChecks>>[] = [];
    for (let round = 0; round < RUNS; round++) {
      console.log(`bench: discovery: 100 ideas, round ${round + 1} …`);
      const run = await discover(app, server);
      runs.push(run);
      const names = runs[0]!.ideas;
      console.log(`bench: discovery: ${fmt(run.seconds, 2)} s; baselines (round ${round + 1}) …`);
      sequential.push(await clientChecks(server, names, 1));
      parallel.push(await clientChecks(server, names, DISCOVERY_CHECK_CONCURRENCY));
    }
    return { runs, sequential, parallel };
  });

  // Scenario 2: the registrar allows 10 checks per sliding second (report only).
  const limited = await withServer(
    { ...base, checkLimit: LIMITED.checkLimit, checkWindowMs: LIMITED.checkWindowMs },
    async (server, app) => {
      const runs: DiscoveryRun[] = [];
      for (let round = 0; round < LIMITED.runs; round++) {
        await sleep(LIMITED.checkWindowMs + 100); // the window empties between runs
        console.log(`bench: discovery under a rate limit, round ${round + 1} …`);
        runs.push(await discover(app, server));
        console.log(`bench: discovery under a rate limit: ${fmt(runs[round]!.seconds, 2)} s`);
      }
      await sleep(LIMITED.checkWindowMs + 100);
      console.log('bench: discovery under a rate limit: 100 checks one after another …');
      const sequential = await clientChecks(server, runs[0]!.ideas, 1);
      return { runs, sequential };
    },
  );

  const seqMedian = median(plain.sequential.map((r) => r.seconds));
  const seqMax = Math.max(...plain.sequential.map((r) => r.seconds));
  const parMedian = median(plain.parallel.map((r) => r.seconds));
  const parMax = Math.max(...plain.parallel.map((r) => r.seconds));
  const times = plain.runs.map((r) => r.seconds);
  const dMedian = median(times);
  const dMax = Math.max(...times);
  const floor = (Math.ceil(IDEAS / DISCOVERY_CHECK_CONCURRENCY) * DELAY_MS) / 1000;
  const checks = [...new Set(plain.runs.map((r) => r.checks))].join(' / ');
  const answered = [...new Set(plain.runs.map((r) => r.answered))].join(' / ');
  const pass = dMax <= TARGET_S;

  const lTimes = limited.runs.map((r) => r.seconds);
  const lMedian = median(lTimes);
  const lMax = Math.max(...lTimes);
  const lChecks = limited.runs.map((r) => r.checks);
  const lRefused = limited.runs.map((r) => r.checks - r.answered);
  const lAnswered = limited.runs.map((r) => r.answered);
  // 10 checks per sliding second: check k can start no sooner than ⌊k/10⌋ s, and is answered 100 ms later.
  const lFloor = (Math.floor((IDEAS - 1) / LIMITED.checkLimit) * LIMITED.checkWindowMs + DELAY_MS) / 1000;
  const range = (xs: number[]) =>
    Math.min(...xs) === Math.max(...xs) ? fmt(xs[0]!) : `${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))}`;

  return [
    '## Domain discovery',
    '',
    `- Date: ${new Date().toISOString()}; Node ${process.version}; ${os.cpus()[0]?.model.trim() ?? 'CPU'}, ${os.cpus().length} cores (1-min load average before: ${loadBefore.toFixed(2)})`,
    `- Registrar: the Porkbun test server (\`startPorkbunTestServer\`) on 127.0.0.1, every answer ${DELAY_MS} ms late; prices ${TLDS.map((t) => `${t} $${((PRICES_CENTS as Record<string, number>)[t]! / 100).toFixed(2)}`).join(', ')}; ${TAKEN.length} names taken`,
    `- App: in process (\`startTestApp\`, requests through \`app.inject\`: bearer token, validation, envelope), registrar set through \`PUT settings/integrations/registrar\`; database: ${dbLabel}`,
    `- Request: \`POST /api/v1/domains/discover\` with \`searchLimit: ${IDEAS}\`, \`customTlds\` ${TLDS.join(', ')}, \`prefixSuffixList\` ${AFFIXES.join(', ')}, \`newOnly: true\`, a target website never used before in each run (\`coffee-gear-N.example\`: the same words, so the same ${IDEAS} names); no AI integration, so the offline idea generator`,
    `- Runs: one unmeasured warm-up discovery of 10 ideas, then ${RUNS} rounds of: discovery, the baseline, the client alone with ${DISCOVERY_CHECK_CONCURRENCY} in flight`,
    `- Baseline in the same run: the same ${IDEAS} names checked with the Porkbun client (\`PorkbunRegistrar.checkDomain\`) strictly one after another against the same server (floor ≈ ${IDEAS} × ${DELAY_MS} ms = ${fmt((IDEAS * DELAY_MS) / 1000, 1)} s); ideal floor at the service's concurrency (${DISCOVERY_CHECK_CONCURRENCY}, \`DISCOVERY_CHECK_CONCURRENCY\`): ⌈${IDEAS} / ${DISCOVERY_CHECK_CONCURRENCY}⌉ × ${DELAY_MS} ms = ${s2(floor)} s`,
    '',
    `| what | checkDomain requests | answered | median (s) | max (s) | sequential baseline / time | max ≤ ${TARGET_S} s |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | :---: |',
    `| discovery of ${IDEAS} ideas (whole app) | ${checks} | ${answered} | ${s2(dMedian)} | ${s2(dMax)} | ${s2(seqMedian / dMedian)} | ${pass ? 'yes' : '**no**'} |`,
    `| Porkbun client alone, ${DISCOVERY_CHECK_CONCURRENCY} in flight | ${fmt(plain.parallel[0]!.checks)} | ${fmt(plain.parallel[0]!.answered)} | ${s2(parMedian)} | ${s2(parMax)} | ${s2(seqMedian / parMedian)} | — |`,
    `| ideal floor at ${DISCOVERY_CHECK_CONCURRENCY} in flight (computed) | ${IDEAS} | ${IDEAS} | ${s2(floor)} | — | ${s2(seqMedian / floor)} | — |`,
    `| baseline: ${IDEAS} checks one after another | ${fmt(plain.sequential[0]!.checks)} | ${fmt(plain.sequential[0]!.answered)} | ${s2(seqMedian)} | ${s2(seqMax)} | 1.00 | — |`,
    '',
    `Discovery runs (s): ${times.map(s2).join(', ')}. Discovery of ${IDEAS} ideas: median ${s2(dMedian)} s, max ${s2(dMax)} s against the ${TARGET_S} s target: **${pass ? 'PASS' : 'FAIL'}** ` +
      `(${s2(seqMedian / dMedian)}× faster than the sequential baseline; ${s2(dMedian / floor)}× the ideal floor at ${DISCOVERY_CHECK_CONCURRENCY} in flight).`,
    '',
    `Under a rate limit (report only, no target): a second test server, as above but with \`checkLimit: ${LIMITED.checkLimit}, checkWindowMs: ${LIMITED.checkWindowMs}\` (${LIMITED.checkLimit} checks per sliding second, refusals answered 429 "Rate limit exceeded" without Retry-After, also ${DELAY_MS} ms late), a fresh app, ${LIMITED.runs} runs with the window emptied before each; the limit alone allows ${IDEAS} checks in no less than ${s2(lFloor)} s.`,
    '',
    '| what | checkDomain requests | refused (429) | answered | median (s) | max (s) | one-after-another / time |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| discovery of ${IDEAS} ideas (whole app) | ${range(lChecks)} | ${range(lRefused)} | ${range(lAnswered)} | ${s2(lMedian)} | ${s2(lMax)} | ${s2(limited.sequential.seconds / lMedian)} |`,
    `| ${IDEAS} checks one after another (Porkbun client) | ${fmt(limited.sequential.checks)} | ${fmt(limited.sequential.checks - limited.sequential.answered)} | ${fmt(limited.sequential.answered)} | ${s2(limited.sequential.seconds)} | — | 1.00 |`,
    '',
    `Rate-limited discovery runs (s): ${lTimes.map(s2).join(', ')}.`,
    '',
  ].join('\n');
}
