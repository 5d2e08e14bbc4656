/**
 * Generating keywords (AI integration, offline here) and measuring them (DataForSEO through its real
 * client against the protocol test server): nothing invented when keyword data is missing or fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataForSeoTestMetrics,
  startDataForSeoTestServer,
  type DataForSeoTestServer,
} from '@blogfleet/integrations/keyword-data/testing';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let dfs: DataForSeoTestServer;
let admin: string;

beforeAll(async () => {
  dfs = await startDataForSeoTestServer();
  t = await startTestApp({
    DATAFORSEO_API_URL: dfs.url,
    JOB_WORKERS: 'true',
    JOB_POLL_INTERVAL_SECONDS: '0.5',
  });
  admin = (await t.login()).accessToken;
});
afterAll(async () => {
  await t?.close();
  await dfs?.close();
});

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });

async function generate(body: Record<string, unknown>) {
  const res = await api('POST', 'keywords/generate', { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.job).toMatchObject({ kind: 'keywords.generate', status: 'pending' });
  const job = await t.waitForJob(res.body.data.job.id, admin);
  expect(job.status, job.error).toBe('completed');
  return job.result;
}

async function keywordsOf(website: string) {
  const res = await api('GET', `keywords?targetWebsite=${website}&limit=100&sort=keyword_text&order=asc`);
  return res.body.data.data as {
    id: number;
    keyword_text: string;
    search_volume: number | null;
    competition_level: string | null;
    cpc: number | null;
    keyword_difficulty: number | null;
    commercial_intent: number;
    score: number;
    metrics_updated_at: string | null;
  }[];
}

/** keyword-score.ts's formula, written out for the test. */
const expectedScore = (volume: number, difficulty: number, intent: number) =>
  Math.round(
    100 * (0.5 * Math.min(1, Math.log10(1 + volume) / 5) + 0.3 * (1 - difficulty / 100) + 0.2 * intent) * 100,
  ) / 100;

describe('keywords/generate', () => {
  it('without keyword data: creates the candidates unmeasured (null, not 0), skips what exists', async () => {
    const result = await generate({ targetWebsite: 'brew.test', topic: 'home coffee brewing', count: 8 });
    expect(result).toMatchObject({
      targetWebsite: 'brew.test',
      existing: 0,
      metrics: 'not_configured',
      measured: 0,
      metricsError: null,
      generator: 'offline',
    });
    expect(result.created).toHaveLength(8);
    const rows = await keywordsOf('brew.test');
    expect(rows.map((r) => r.keyword_text).sort()).toEqual([...result.created].sort());
    for (const r of rows) {
      expect(r).toMatchObject({
        search_volume: null,
        competition_level: null,
        cpc: null,
        keyword_difficulty: null,
        metrics_updated_at: null,
      });
      expect(r.keyword_text).toBe(r.keyword_text.toLowerCase());
      // Unmeasured: only the intent counts (score = 20 × intent).
      expect(r.score).toBeCloseTo(20 * r.commercial_intent, 2);
    }
    const best = rows.find((r) => r.keyword_text.startsWith('best '));
    expect(best?.commercial_intent).toBe(0.6);
    expect(dfs.requests.filter((r) => r.path.includes('search_volume'))).toHaveLength(0);

    // The same ask again: what the website has is left out, the rest is new.
    const again = await generate({ targetWebsite: 'brew.test', topic: 'home coffee brewing', count: 8 });
    expect(again.existing).toBeGreaterThan(0);
    expect(again.created.some((k: string) => result.created.includes(k))).toBe(false);
  });

  it('with DataForSEO: volume, competition, CPC and difficulty as measured; the score from them', async () => {
    await api('PUT', 'settings/integrations/keyword_data', {
      body: { login: dfs.login, password: dfs.password, locationCode: 2792 },
    });
    const result = await generate({
      targetWebsite: 'kahve.test',
      topic: 'filtre kahve',
      language: 'tr',
      count: 6,
    });
    expect(result).toMatchObject({ metrics: 'dataforseo', measured: 6, metricsError: null });
    const sent = dfs.requests.find((r) => r.path.includes('search_volume'))!;
    expect(JSON.parse(sent.body)[0]).toMatchObject({ language_code: 'tr', location_code: 2792 });

    for (const r of await keywordsOf('kahve.test')) {
      const m = dataForSeoTestMetrics(r.keyword_text);
      expect(r).toMatchObject({
        search_volume: m.search_volume,
        competition_level: m.competition!.toLowerCase(),
        cpc: m.cpc,
        keyword_difficulty: m.keyword_difficulty,
      });
      expect(r.metrics_updated_at).not.toBeNull();
      expect(r.score).toBeCloseTo(
        expectedScore(m.search_volume!, m.keyword_difficulty!, r.commercial_intent),
        2,
      );
    }
  });

  it('when DataForSEO fails, the keywords are kept unmeasured and the job says why', async () => {
    dfs.failNext(500, 50000, 'Internal Error.');
    const result = await generate({ targetWebsite: 'failing.test', topic: 'tea kettles', count: 3 });
    expect(result).toMatchObject({ metrics: 'failed', measured: 0 });
    expect(result.metricsError).toContain('Internal Error.');
    expect(result.created).toHaveLength(3);
    for (const r of await keywordsOf('failing.test')) expect(r.search_volume).toBeNull();
  });

  it('refuses bad input with the spec’s messages and starts nothing', async () => {
    const before = (await t.db.selectFrom('jobs').select('id').execute()).length;
    const missing = await api('POST', 'keywords/generate', { body: { language: 'en' } });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body.error)).toContain('Please select a website');
    const many = await api('POST', 'keywords/generate', { body: { targetWebsite: 'a.test', count: 500 } });
    expect(JSON.stringify(many.body.error)).toContain('Between 1 and 100 keywords');
    const language = await api('POST', 'keywords/generate', {
      body: { targetWebsite: 'a.test', language: 'xx' },
    });
    expect(language.status).toBe(400);
    expect((await t.db.selectFrom('jobs').select('id').execute()).length).toBe(before);
  });
});

describe('keywords/refresh-metrics', () => {
  it('measures keywords again; a score set by hand stays; refused without keyword data', async () => {
    const a = (
      await api('POST', 'keywords', { body: { keyword: 'moka pot', targetWebsite: 'measure.test' } })
    ).body.data.keyword;
    const b = (
      await api('POST', 'keywords', { body: { keyword: 'aeropress', targetWebsite: 'measure.test' } })
    ).body.data.keyword;
    await api('PUT', `keywords/${b.id}`, { body: { keyword_text: 'aeropress', score: 42 } });
    // A Turkish site's keyword is measured as a Turkish search.
    await t.db
      .insertInto('sites')
      .values({ site_title: 'Ölçüm', domain_name: 'olcum.test', targeted_language: 'tr' })
      .execute();
    const c = (
      await api('POST', 'keywords', { body: { keyword: 'türk kahvesi', targetWebsite: 'olcum.test' } })
    ).body.data.keyword;

    const sentBefore = dfs.requests.length;
    const res = await api('POST', 'keywords/refresh-metrics', { body: { keywordIds: [a.id, b.id, c.id] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const job = await t.waitForJob(res.body.data.job.id, admin);
    expect(job.result).toEqual({ measured: 3, unmeasured: [] });
    const asked = dfs.requests
      .slice(sentBefore)
      .filter((r) => r.path.includes('search_volume'))
      .map((r) => JSON.parse(r.body)[0] as { language_code: string; keywords: string[] });
    expect(asked.map((x) => [x.language_code, [...x.keywords].sort()]).sort()).toEqual([
      ['en', ['aeropress', 'moka pot']],
      ['tr', ['türk kahvesi']],
    ]);
    const got = async (id: number) => (await api('GET', `keywords/${id}`)).body.data.keyword;
    const ma = dataForSeoTestMetrics('moka pot');
    expect(await got(a.id)).toMatchObject({
      search_volume: ma.search_volume,
      score: expectedScore(ma.search_volume!, ma.keyword_difficulty!, a.commercial_intent),
    });
    expect(await got(b.id)).toMatchObject({
      search_volume: dataForSeoTestMetrics('aeropress').search_volume,
      score: 42,
      score_set_by_hand: true,
    });

    await api('DELETE', 'settings/integrations/keyword_data');
    const refused = await api('POST', 'keywords/refresh-metrics', { body: { keywordIds: [a.id] } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.error.message).toContain('Keyword data');
  });
});

describe('keyword generation over tRPC', () => {
  it('starts the job through the typed client', async () => {
    const client = await trpcClient(t.app, () => admin);
    const { job } = await client.keywords.generate.mutate({
      targetWebsite: 'typed.test',
      topic: 'pour over',
      count: 2,
    });
    const done = await t.waitForJob(job.id, admin);
    expect(done.result.created).toHaveLength(2);
  });
});
