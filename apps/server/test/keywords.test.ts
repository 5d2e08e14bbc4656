/** Keywords through REST and tRPC: add, list with its filters and sorts, edit with the score, delete, bulk. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';
import { keywordScore } from '@blogfleet/api';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await t.login()).accessToken;
});
afterAll(async () => {
  await t?.close();
});

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });

async function add(keyword: string, targetWebsite = 'coffee.test') {
  const res = await api('POST', 'keywords', { body: { keyword, targetWebsite } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.keyword as { id: number; keyword_text: string; score: number };
}

describe('keywords', () => {
  it('adds a keyword trimmed, for the website as a host name, with unknown metrics left empty', async () => {
    const res = await api('POST', 'keywords', {
      body: { keyword: '  best   espresso grinder ', targetWebsite: 'https://Brew-Guide.test/blog' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: {
        keyword: {
          keyword_text: 'best espresso grinder',
          target_website: 'brew-guide.test',
          search_volume: null,
          competition_level: null,
          cpc: null,
          keyword_difficulty: null,
          // Estimated from the words ("best" is a buyer's word); unmeasured, only it counts: 20 × 0.6.
          commercial_intent: 0.6,
          score: 12,
          is_used: false,
        },
      },
    });
  });

  it('refuses an empty keyword, a missing website and a duplicate (ignoring case) with the spec’s messages', async () => {
    const empty = await api('POST', 'keywords', { body: { keyword: '   ', targetWebsite: 'coffee.test' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(empty.body.error)).toContain('Keyword is required');
    const noSite = await api('POST', 'keywords', { body: { keyword: 'moka pot', targetWebsite: '' } });
    expect(JSON.stringify(noSite.body.error)).toContain('Please select a website');

    await add('Moka Pot');
    const twice = await api('POST', 'keywords', {
      body: { keyword: 'moka  pot', targetWebsite: 'COFFEE.test' },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('DATABASE_ERROR');
    expect(twice.body.error.message).toContain('Duplicate entry');
    // The same keyword for another website is another keyword.
    await add('moka pot', 'tea.test');
    const rows = await t.db
      .selectFrom('keywords')
      .select('id')
      .where('keyword_text', 'ilike', 'moka pot')
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('recomputes the score when metrics change, keeps one set by hand, and computes it again on null', async () => {
    const k = await add('french press ratio');
    const edited = await api('PUT', `keywords/${k.id}`, {
      body: {
        keyword_text: 'French press ratio',
        search_volume: 9900,
        competition_level: 'low',
        commercial_intent: 0.35,
      },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const expected = keywordScore({
      search_volume: 9900,
      competition_level: 'low',
      keyword_difficulty: null,
      commercial_intent: 0.35,
    });
    // 100 × (0.5 × log10(9901)/5 + 0.3 × 1 + 0.2 × 0.35)
    expect(expected).toBeCloseTo(100 * (0.5 * (Math.log10(9901) / 5) + 0.3 + 0.07), 1);
    expect(edited.body.data.keyword).toMatchObject({
      keyword_text: 'French press ratio',
      search_volume: 9900,
      score: expected,
      score_set_by_hand: false,
    });

    const byHand = await api('PUT', `keywords/${k.id}`, {
      body: { keyword_text: 'French press ratio', score: 87.5 },
    });
    expect(byHand.body.data.keyword).toMatchObject({
      score: 87.5,
      score_set_by_hand: true,
      search_volume: 9900,
    });
    const moreVolume = await api('PUT', `keywords/${k.id}`, {
      body: { keyword_text: 'French press ratio', search_volume: 20000 },
    });
    expect(moreVolume.body.data.keyword).toMatchObject({ score: 87.5, search_volume: 20000 });
    const computed = await api('PUT', `keywords/${k.id}`, {
      body: { keyword_text: 'French press ratio', score: null },
    });
    expect(computed.body.data.keyword.score_set_by_hand).toBe(false);
    expect(computed.body.data.keyword.score).toBe(
      keywordScore({
        search_volume: 20000,
        competition_level: 'low',
        keyword_difficulty: null,
        commercial_intent: 0.35,
      }),
    );
  });

  it('checks the edit form’s bounds and steps; a volume that is not a number is 0', async () => {
    const k = await add('cold brew time');
    const cases: [Record<string, unknown>, string][] = [
      [{ commercial_intent: 1.5 }, 'Commercial intent is between 0 and 1'],
      [{ commercial_intent: 0.555 }, 'Commercial intent has at most two decimals'],
      [{ score: 100.01 }, 'Score is between 0 and 100'],
      [{ score: 12.345 }, 'Score has at most two decimals'],
      [{ search_volume: 12.5 }, 'Search volume is a whole number'],
      [{ keyword_text: ' ' }, 'Keyword is required'],
      [{ competition_level: 'extreme' }, 'competition_level'],
    ];
    for (const [fields, message] of cases) {
      const res = await api('PUT', `keywords/${k.id}`, {
        body: { keyword_text: 'cold brew time', ...fields },
      });
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(JSON.stringify(res.body.error)).toContain(message);
    }
    const nan = await api('PUT', `keywords/${k.id}`, {
      body: { keyword_text: 'cold brew time', search_volume: 'lots' },
    });
    expect(nan.status).toBe(200);
    expect(nan.body.data.keyword.search_volume).toBe(0);
    expect(await api('PUT', 'keywords/999999', { body: { keyword_text: 'x' } })).toMatchObject({
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Keyword not found' } },
    });
  });

  it('lists data.data + data.pagination with website, group, used and search filters and the sorts', async () => {
    const site = 'list-site.test';
    const ids: number[] = [];
    for (const [text, volume, competition] of [
      ['aeropress recipe', 5400, 'medium'],
      ['aeropress vs french press', 1900, 'low'],
      ['pour over kettle', 12100, 'high'],
      ['v60 grind size', null, null],
    ] as const) {
      const k = await add(text, site);
      ids.push(k.id);
      if (volume !== null) {
        await api('PUT', `keywords/${k.id}`, {
          body: { keyword_text: text, search_volume: volume, competition_level: competition },
        });
      }
    }
    const list = (query: Record<string, string | number>) =>
      api('GET', 'keywords', { query: { targetWebsite: site, ...query } });
    const all = await list({});
    expect(all.body.data.pagination).toMatchObject({ page: 1, limit: 20, total: 4, totalPages: 1 });
    expect(all.body.data.data).toHaveLength(4);
    const texts = (res: { body: { data: { data: { keyword_text: string }[] } } }) =>
      res.body.data.data.map((k) => k.keyword_text);
    expect(texts(await list({ sort: 'search_volume', order: 'desc' }))).toEqual([
      'pour over kettle',
      'aeropress recipe',
      'aeropress vs french press',
      'v60 grind size',
    ]);
    expect(texts(await list({ sort: 'competition', order: 'asc' }))).toEqual([
      'v60 grind size',
      'aeropress vs french press',
      'aeropress recipe',
      'pour over kettle',
    ]);
    const byScore = (await list({ sort: 'score', order: 'desc' })).body.data.data.map(
      (k: { score: number }) => k.score,
    );
    expect(byScore).toEqual([...byScore].sort((a, b) => b - a));
    expect(texts(await list({ search: 'AEROPRESS', sort: 'keyword_text', order: 'asc' }))).toEqual([
      'aeropress recipe',
      'aeropress vs french press',
    ]);
    const paged = await list({ limit: 10, page: 1, sort: 'keyword_text', order: 'asc' });
    expect(paged.body.data.pagination).toMatchObject({ limit: 10, hasNext: false, hasPrev: false });

    const marked = await api('POST', 'keywords/bulk-mark', {
      body: { keywordIds: [ids[0], ids[1], 999999], used: true },
    });
    expect(marked.body.data).toEqual({ changed: 2, missing: [999999] });
    expect(texts(await list({ status: 'used', sort: 'keyword_text', order: 'asc' }))).toEqual([
      'aeropress recipe',
      'aeropress vs french press',
    ]);
    expect((await list({ status: 'unused' })).body.data.pagination.total).toBe(2);
    const again = await api('POST', 'keywords/bulk-mark', { body: { keywordIds: [ids[0]], used: true } });
    expect(again.body.data).toEqual({ changed: 0, missing: [] });

    // A group's keywords (groups get their own calls; here one is made directly).
    const group = await t.db
      .insertInto('keyword_groups')
      .values({ name: 'Brewing methods' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('keyword_group_keywords')
      .values([
        { group_id: group.id, keyword_id: ids[2]!, is_primary: true },
        { group_id: group.id, keyword_id: ids[3]! },
      ])
      .execute();
    expect(texts(await list({ groupId: group.id, sort: 'keyword_text', order: 'asc' }))).toEqual([
      'pour over kettle',
      'v60 grind size',
    ]);

    const websites = await api('GET', 'keywords/websites');
    expect(websites.body.data.websites).toContainEqual({ target_website: site, keywords: 4 });
  });

  it('deletes one keyword and several at once, reporting the ids it did not find', async () => {
    const a = await add('grinder burr types', 'delete.test');
    const b = await add('grinder cleaning', 'delete.test');
    const c = await add('grinder noise', 'delete.test');
    expect((await api('DELETE', `keywords/${a.id}`)).body.data).toEqual({ id: a.id, deleted: true });
    expect((await api('DELETE', `keywords/${a.id}`)).status).toBe(404);
    const bulk = await api('POST', 'keywords/bulk-delete', { body: { keywordIds: [b.id, c.id, a.id] } });
    expect(bulk.body.data).toEqual({ changed: 2, missing: [a.id] });
    expect(
      (await api('GET', 'keywords', { query: { targetWebsite: 'delete.test' } })).body.data.data,
    ).toEqual([]);
    const none = await api('POST', 'keywords/bulk-delete', { body: { keywordIds: [] } });
    expect(JSON.stringify(none.body.error)).toContain('Select at least one keyword');
  });

  it('answers only a signed-in caller', async () => {
    const res = await t.rest('GET', 'keywords');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });
});

describe('keywords over tRPC', () => {
  it('adds, lists, edits and deletes through the typed client, for any signed-in user', async () => {
    const plain = await t.createUser({ role: 'user' });
    const token = (await t.login(plain.email, plain.password)).accessToken;
    const client = await trpcClient(t.app, () => token);
    const { keyword } = await client.keywords.create.mutate({
      keyword: 'typed keyword',
      targetWebsite: 'typed.test',
    });
    const list = await client.keywords.list.query({ targetWebsite: 'typed.test' });
    expect(list.data.map((k) => k.keyword_text)).toEqual(['typed keyword']);
    expect(list.pagination.total).toBe(1);
    const { keyword: edited } = await client.keywords.update.mutate({
      id: keyword.id,
      keyword_text: 'typed keyword',
      competition_level: 'high',
    });
    expect(edited.competition_level).toBe('high');
    await client.keywords.delete.mutate({ id: keyword.id });
    await expect(client.keywords.get.query({ id: keyword.id })).rejects.toThrow('Keyword not found');
  });
});
