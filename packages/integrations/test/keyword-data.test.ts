import { afterEach, describe, expect, it } from 'vitest';
import { IntegrationError } from '@blogfleet/integrations/errors';
import {
  createKeywordDataClient,
  DATAFORSEO_DEFAULT_LOCATION_CODE,
  type KeywordMetrics,
} from '@blogfleet/integrations/keyword-data';
import {
  dataForSeoTestMetrics,
  KEYWORD_DIFFICULTY_PATH,
  SEARCH_VOLUME_PATH,
  startDataForSeoTestServer,
  type DataForSeoTestServer,
  type DataForSeoTestServerOptions,
} from '@blogfleet/integrations/keyword-data/testing';

const servers: DataForSeoTestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setup(options: DataForSeoTestServerOptions = {}) {
  const server = await startDataForSeoTestServer({ balance: 12.75, ...options });
  servers.push(server);
  return server;
}

function clientOf(dfs: DataForSeoTestServer, extra: { timeoutMs?: number; locationCode?: number } = {}) {
  return createKeywordDataClient({
    provider: 'dataforseo',
    login: dfs.login,
    password: dfs.password,
    baseUrl: dfs.url,
    ...extra,
  });
}

/** The metrics the test server answers for a keyword nobody scripted, in the client's shape. */
function hashed(keyword: string): KeywordMetrics {
  const m = dataForSeoTestMetrics(keyword);
  return {
    keyword,
    searchVolume: m.search_volume,
    competition:
      m.competition === null ? null : (m.competition.toLowerCase() as KeywordMetrics['competition']),
    competitionIndex: m.competition_index,
    cpc: m.cpc,
    keywordDifficulty: m.keyword_difficulty,
  };
}

const nothing = (keyword: string): KeywordMetrics => ({
  keyword,
  searchVolume: null,
  competition: null,
  competitionIndex: null,
  cpc: null,
  keywordDifficulty: null,
});

interface SentTask {
  keywords: string[];
  location_code: number;
  language_code: string;
}

/** The tasks the client sent to an endpoint, in order. */
const sent = (dfs: DataForSeoTestServer, path: string): SentTask[] =>
  dfs.requests.filter((r) => r.path === path).map((r) => (JSON.parse(r.body) as SentTask[])[0]!);

async function failure(promise: Promise<unknown>, ...secrets: string[]): Promise<IntegrationError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(IntegrationError);
  const text = JSON.stringify({ m: (err as Error).message, d: (err as IntegrationError).details });
  for (const s of secrets) expect(text).not.toContain(s);
  return err as IntegrationError;
}

describe('DataForSEO keyword-data client', () => {
  it('reads user_data with HTTP Basic auth', async () => {
    const dfs = await setup();
    const client = createKeywordDataClient({
      provider: 'dataforseo',
      login: dfs.login,
      password: dfs.password,
      baseUrl: dfs.url,
    });
    expect(await client.userData()).toEqual({ login: dfs.login, balance: 12.75 });
    expect(dfs.requests[0]).toMatchObject({ method: 'GET', path: '/v3/appendix/user_data' });
    expect(dfs.requests[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${dfs.login}:${dfs.password}`).toString('base64')}`,
    );
  });

  it('refuses a wrong password with DataForSEO’s status message as unauthorized', async () => {
    const dfs = await setup();
    const client = createKeywordDataClient({
      provider: 'dataforseo',
      login: dfs.login,
      password: 'wrong-password-5555',
      baseUrl: dfs.url,
    });
    const err = await failure(client.userData(), 'wrong-password-5555');
    expect(err.integration).toBe('keyword_data');
    expect(err.kind).toBe('unauthorized');
    expect(err.message).toMatch(/^You are not authorized to access this resource/);
    expect(err.details).toMatchObject({ status: 401, providerCode: '40100' });
  });

  it('reads failures from status_code even on HTTP 200', async () => {
    const dfs = await setup();
    const client = createKeywordDataClient({
      provider: 'dataforseo',
      login: dfs.login,
      password: dfs.password,
      baseUrl: dfs.url,
    });
    dfs.failNext(200, 40202, 'Rate limit per minute exceeded.');
    expect(await failure(client.userData())).toMatchObject({
      kind: 'rate_limited',
      message: 'Rate limit per minute exceeded.',
    });
    dfs.failNext(402, 40200, 'We had a problem billing your account. Please, check your account’s balance.');
    expect(await failure(client.userData())).toMatchObject({ kind: 'upstream' });
    dfs.failNext(500, 50000, 'Internal Error.');
    expect(await failure(client.userData())).toMatchObject({ kind: 'upstream', message: 'Internal Error.' });
  });

  it('gives up at its deadline', async () => {
    const dfs = await setup();
    dfs.hangNext();
    const client = createKeywordDataClient({
      provider: 'dataforseo',
      login: dfs.login,
      password: dfs.password,
      baseUrl: dfs.url,
      timeoutMs: 200,
    });
    expect(await failure(client.userData(), dfs.password)).toMatchObject({ kind: 'timeout' });
  });
});

describe('DataForSEO keyword metrics', () => {
  it('answers each keyword in the input order with the numbers DataForSEO gave', async () => {
    const dfs = await setup({
      metrics: {
        'best running shoes': {
          search_volume: 74000,
          competition: 'HIGH',
          competition_index: 100,
          cpc: 1.23,
          keyword_difficulty: 71,
        },
        'trail shoes': { search_volume: 880, competition: 'LOW', competition_index: 12, cpc: 0.4 },
      },
    });
    const input = ['Trail Shoes', 'best running shoes', 'koşu ayakkabısı'];
    const metrics = await clientOf(dfs).keywordMetrics(input, { languageCode: 'en', locationCode: 2840 });
    expect(metrics).toEqual([
      {
        keyword: 'Trail Shoes',
        searchVolume: 880,
        competition: 'low',
        competitionIndex: 12,
        cpc: 0.4,
        // Not scripted: the server's hash of the keyword.
        keywordDifficulty: dataForSeoTestMetrics('trail shoes').keyword_difficulty,
      },
      {
        keyword: 'best running shoes',
        searchVolume: 74000,
        competition: 'high',
        competitionIndex: 100,
        cpc: 1.23,
        keywordDifficulty: 71,
      },
      hashed('koşu ayakkabısı'),
    ]);
    expect(dfs.requests.map((r) => [r.method, r.path])).toEqual([
      ['POST', SEARCH_VOLUME_PATH],
      ['POST', KEYWORD_DIFFICULTY_PATH],
    ]);
    expect(dfs.requests[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${dfs.login}:${dfs.password}`).toString('base64')}`,
    );
  });

  it('sends the language and location codes in one task per request', async () => {
    const dfs = await setup();
    await clientOf(dfs).keywordMetrics(['kahve makinesi'], { languageCode: 'tr', locationCode: 2792 });
    for (const req of dfs.requests) {
      const body = JSON.parse(req.body) as unknown[];
      expect(body).toEqual([{ keywords: ['kahve makinesi'], language_code: 'tr', location_code: 2792 }]);
      expect(req.headers['content-type']).toBe('application/json');
    }
    expect(dfs.requests).toHaveLength(2);
  });

  it('asks for the configured location, else 2840, when the call names none', async () => {
    const dfs = await setup();
    await clientOf(dfs, { locationCode: 2276 }).keywordMetrics(['kaffee'], { languageCode: 'de' });
    await clientOf(dfs).keywordMetrics(['coffee'], { languageCode: 'en' });
    expect(sent(dfs, SEARCH_VOLUME_PATH).map((t) => t.location_code)).toEqual([
      2276,
      DATAFORSEO_DEFAULT_LOCATION_CODE,
    ]);
    expect(sent(dfs, KEYWORD_DIFFICULTY_PATH).map((t) => t.location_code)).toEqual([2276, 2840]);
  });

  it('keeps null metrics null and answers null for a keyword DataForSEO left out', async () => {
    const dfs = await setup({
      metrics: { 'no data keyword': null, 'half known': { search_volume: 30, cpc: null, competition: null } },
      missing: ['unknown keyword'],
    });
    const metrics = await clientOf(dfs).keywordMetrics(['no data keyword', 'unknown keyword', 'half known'], {
      languageCode: 'en',
      locationCode: 2840,
    });
    expect(metrics[0]).toEqual(nothing('no data keyword'));
    expect(metrics[1]).toEqual(nothing('unknown keyword'));
    expect(metrics[2]).toEqual({
      ...hashed('half known'),
      searchVolume: 30,
      cpc: null,
      competition: null,
    });
    // They were asked for: the nulls are DataForSEO's answer.
    expect(sent(dfs, SEARCH_VOLUME_PATH)[0]!.keywords).toEqual([
      'no data keyword',
      'unknown keyword',
      'half known',
    ]);
  });

  it('never sends a keyword DataForSEO refuses and answers it with null metrics', async () => {
    const dfs = await setup();
    const long = `${'a'.repeat(40)} ${'b'.repeat(40)}`; // 81 characters
    const wordy = 'one two three four five six seven eight nine ten eleven';
    const input = ['  seo   tools ', long, wordy, '', 'ab', 'SEO Tools'];
    const metrics = await clientOf(dfs).keywordMetrics(input, { languageCode: 'en', locationCode: 2840 });
    expect(metrics).toEqual([
      { ...hashed('seo tools'), keyword: '  seo   tools ' },
      nothing(long),
      nothing(wordy),
      nothing(''),
      // Google Ads takes it; DataForSEO Labs wants 3 characters: no difficulty.
      { ...hashed('ab'), keywordDifficulty: null },
      // The same keyword in other case: sent once, answered for both.
      { ...hashed('seo tools'), keyword: 'SEO Tools' },
    ]);
    expect(sent(dfs, SEARCH_VOLUME_PATH).map((t) => t.keywords)).toEqual([['seo tools', 'ab']]);
    expect(sent(dfs, KEYWORD_DIFFICULTY_PATH).map((t) => t.keywords)).toEqual([['seo tools']]);
  });

  it('sends nothing when no keyword can be asked for', async () => {
    const dfs = await setup();
    const metrics = await clientOf(dfs).keywordMetrics(['x'.repeat(81)], { languageCode: 'en' });
    expect(metrics).toEqual([nothing('x'.repeat(81))]);
    expect(dfs.requests).toHaveLength(0);
  });

  it('sends 1001 keywords in batches of at most 1000 per endpoint', async () => {
    const dfs = await setup();
    const input = Array.from({ length: 1001 }, (_, i) => `keyword number ${i}`);
    const metrics = await clientOf(dfs).keywordMetrics(input, { languageCode: 'en', locationCode: 2840 });
    expect(metrics).toEqual(input.map(hashed));
    const volumes = sent(dfs, SEARCH_VOLUME_PATH);
    const difficulties = sent(dfs, KEYWORD_DIFFICULTY_PATH);
    expect(volumes.map((t) => t.keywords.length)).toEqual([1000, 1]);
    expect(difficulties.map((t) => t.keywords.length)).toEqual([1000, 1]);
    expect(volumes.flatMap((t) => t.keywords)).toEqual(input);
    expect(difficulties.flatMap((t) => t.keywords)).toEqual(input);
    for (const t of [...volumes, ...difficulties]) {
      expect(t).toMatchObject({ language_code: 'en', location_code: 2840 });
    }
  });

  it('turns a refused task into an IntegrationError with DataForSEO’s message', async () => {
    const dfs = await setup();
    const client = clientOf(dfs);
    dfs.failNextTask(40501, "Invalid Field: 'location_code'.");
    const err = await failure(client.keywordMetrics(['seo'], { languageCode: 'en' }), dfs.password);
    expect(err).toMatchObject({
      integration: 'keyword_data',
      kind: 'upstream',
      message: "Invalid Field: 'location_code'.",
    });
    expect(err.details).toMatchObject({ status: 200, providerCode: '40501' });

    // The server's own validation, as DataForSEO's: an empty language code is refused.
    const invalid = await failure(client.keywordMetrics(['seo'], { languageCode: '' }), dfs.password);
    expect(invalid).toMatchObject({
      message: "Invalid Field: 'language_code'.",
      details: { providerCode: '40501' },
    });
  });

  it('fails the whole call when the keyword difficulty task is refused', async () => {
    const dfs = await setup();
    dfs.failNextTask(40501, "Invalid Field: 'keywords'.", KEYWORD_DIFFICULTY_PATH);
    const err = await failure(
      clientOf(dfs).keywordMetrics(['seo tools'], { languageCode: 'en' }),
      dfs.password,
    );
    expect(err).toMatchObject({ message: "Invalid Field: 'keywords'.", details: { providerCode: '40501' } });
    expect(dfs.requests.map((r) => r.path)).toEqual([SEARCH_VOLUME_PATH, KEYWORD_DIFFICULTY_PATH]);
  });

  it('has a test server that refuses what DataForSEO refuses, in a 20000 envelope', async () => {
    const dfs = await setup();
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${dfs.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${dfs.login}:${dfs.password}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as {
        status_code: number;
        tasks_error: number;
        tasks: { status_code: number; status_message: string; result: unknown }[];
      };
      expect(res.status).toBe(200);
      expect(json).toMatchObject({ status_code: 20000, tasks_error: 1 });
      return json.tasks[0]!;
    };
    const task = { location_code: 2840, language_code: 'en' };
    const many = Array.from({ length: 1001 }, (_, i) => `k${i}`);
    for (const path of [SEARCH_VOLUME_PATH, KEYWORD_DIFFICULTY_PATH]) {
      expect(await post(path, [{ ...task, keywords: many }])).toMatchObject({
        status_code: 40501,
        result: null,
      });
      expect(await post(path, [{ ...task }])).toMatchObject({
        status_code: 40501,
        status_message: "Invalid Field: 'keywords'.",
      });
    }
    expect(await post(KEYWORD_DIFFICULTY_PATH, [{ keywords: ['seo'], language_code: 'en' }])).toMatchObject({
      status_message: "Invalid Field: 'location_code'.",
    });
    expect(await post(SEARCH_VOLUME_PATH, [{ ...task, keywords: ['x'.repeat(81)] }])).toMatchObject({
      status_code: 40501,
      status_message: `Invalid Field: 'keywords'. Keyword text exceeds the allowed limit: '${'x'.repeat(81)}'.`,
    });
  });

  it('maps HTTP 401 to unauthorized without the password anywhere', async () => {
    const dfs = await setup();
    const client = createKeywordDataClient({
      provider: 'dataforseo',
      login: dfs.login,
      password: 'wrong-password-5555',
      baseUrl: dfs.url,
    });
    const err = await failure(
      client.keywordMetrics(['seo'], { languageCode: 'en', locationCode: 2840 }),
      'wrong-password-5555',
      Buffer.from(`${dfs.login}:wrong-password-5555`).toString('base64'),
    );
    expect(err.kind).toBe('unauthorized');
    expect(err.message).toMatch(/^You are not authorized to access this resource/);
    expect(err.details).toMatchObject({ status: 401, providerCode: '40100' });
    expect(dfs.requests).toHaveLength(1);
  });

  it('gives up at its deadline', async () => {
    const dfs = await setup();
    dfs.hangNext();
    const err = await failure(
      clientOf(dfs, { timeoutMs: 200 }).keywordMetrics(['seo'], { languageCode: 'en' }),
      dfs.password,
    );
    expect(err).toMatchObject({ kind: 'timeout', integration: 'keyword_data' });
  });
});
