/** Keywords in and out as CSV: a preview with each row's problem, the good rows added, the filtered list out. */
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';

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

const CSV = [
  'Keyword,Search Volume,Competition,CPC,KD',
  'Espresso Grinder,"12,100",HIGH,1.85,67',
  'moka pot,880,0.2,,',
  'espresso grinder,10,low,,', // repeats line 2
  ',100,low,,', // no keyword
  'cold brew ratio,lots,low,,', // volume not a number
  'latte art,500,medium,0.4,120', // difficulty over 100
  'aeropress recipe,1300,,,',
].join('\n');

describe('keyword import', () => {
  it('previews each row (new, already there, its problem) and writes nothing on a dry run', async () => {
    await api('POST', 'keywords', { body: { keyword: 'aeropress recipe', targetWebsite: 'csv.test' } });
    const before = (await t.db.selectFrom('keywords').select('id').execute()).length;
    const res = await api('POST', 'keywords/import', { body: { csv: CSV, targetWebsite: 'csv.test' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body.data;
    expect(d.counts).toEqual({ rows: 7, new: 2, exists: 1, errors: 4 });
    expect(d.created).toBe(0);
    expect(d.preview.map((r: { line: number; status: string }) => [r.line, r.status])).toEqual([
      [2, 'new'],
      [3, 'new'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
      [8, 'exists'],
    ]);
    // Kept as written; the lower-case repeat on line 4 is still the same keyword.
    expect(d.preview[0]).toMatchObject({
      keyword: 'Espresso Grinder',
      website: 'csv.test',
      search_volume: 12100,
      competition_level: 'high',
      cpc: 1.85,
      keyword_difficulty: 67,
    });
    // 0.2 as a competition index is low.
    expect(d.preview[1]).toMatchObject({ competition_level: 'low', cpc: null, keyword_difficulty: null });
    expect(d.errors.map((r: { line: number; error: string }) => [r.line, r.error])).toEqual([
      [4, 'Repeats line 2'],
      [5, 'Keyword is required'],
      [6, 'Search volume must be a whole number from 0 to 2000000000: “lots”'],
      [7, 'Keyword difficulty must be a number from 0 to 100: “120”'],
    ]);
    expect((await t.db.selectFrom('keywords').select('id').execute()).length).toBe(before);
  });

  it('adds the good rows with their metrics and computed score; the rest are left out', async () => {
    const res = await api('POST', 'keywords/import', {
      body: { csv: CSV, targetWebsite: 'csv.test', dryRun: false },
    });
    expect(res.body.data).toMatchObject({ dryRun: false, created: 2 });
    const list = await api('GET', 'keywords?targetWebsite=csv.test&sort=keyword_text&order=asc');
    const rows = list.body.data.data as Record<string, unknown>[];
    expect(rows.map((r) => r.keyword_text)).toEqual(['aeropress recipe', 'Espresso Grinder', 'moka pot']);
    expect(rows[1]).toMatchObject({
      search_volume: 12100,
      competition_level: 'high',
      cpc: 1.85,
      keyword_difficulty: 67,
    });
    expect(rows[1]!.metrics_updated_at).not.toBeNull();
    expect(rows[1]!.score).toBeGreaterThan(0);
    // Again: everything is there or wrong; nothing more is added.
    const again = await api('POST', 'keywords/import', {
      body: { csv: CSV, targetWebsite: 'csv.test', dryRun: false },
    });
    expect(again.body.data).toMatchObject({ created: 0, counts: { new: 0, exists: 3, errors: 4 } });
  });

  it('takes a plain list, a website column, and refuses what cannot be read', async () => {
    const plain = await api('POST', 'keywords/import', {
      body: { csv: 'pour over kettle\ngooseneck kettle\n', targetWebsite: 'plain.test', dryRun: false },
    });
    expect(plain.body.data).toMatchObject({ created: 2, counts: { rows: 2, errors: 0 } });
    const withSites = await api('POST', 'keywords/import', {
      body: { csv: 'keyword;website\nmatcha whisk;Tea.example\nmatcha bowl;', dryRun: true },
    });
    expect(withSites.body.data.preview).toMatchObject([
      { keyword: 'matcha whisk', website: 'tea.example', status: 'new' },
      { keyword: 'matcha bowl', status: 'error', error: 'No website: add a website column or choose one' },
    ]);
    const empty = await api('POST', 'keywords/import', { body: { csv: '  \n' } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body.error)).toContain('Paste or upload a CSV file');
    const huge = await api('POST', 'keywords/import', {
      body: { csv: `keyword\n${'x'.repeat(760_000)}` },
    });
    expect(huge.status).toBe(400);
    expect(JSON.stringify(huge.body.error)).toContain('A CSV file has at most 750 kB');
    // Counted in bytes: 400,000 characters of ü are 800 kB, refused with the same words (not "too large").
    const wide = await api('POST', 'keywords/import', { body: { csv: `keyword\n${'ü'.repeat(400_000)}` } });
    expect(wide.status).toBe(400);
    expect(JSON.stringify(wide.body.error)).toContain('A CSV file has at most 750 kB');
  });
});

describe('keyword export', () => {
  it('answers the filtered list in its sort as CSV; formula-like cells stay text', async () => {
    await api('POST', 'keywords', { body: { keyword: '=HYPERLINK("x")', targetWebsite: 'export.test' } });
    await api('POST', 'keywords/import', {
      body: {
        csv: 'keyword,volume\nbeta keyword,50\nalpha keyword,500',
        targetWebsite: 'export.test',
        dryRun: false,
      },
    });
    const res = await api('GET', 'keywords/export?targetWebsite=export.test&sort=search_volume&order=desc');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ rows: 3, truncated: false });
    const parsed = Papa.parse<Record<string, string>>(res.body.data.csv, { header: true });
    expect(parsed.data.map((r) => [r.keyword, r.search_volume])).toEqual([
      ['alpha keyword', '500'],
      ['beta keyword', '50'],
      ['\'=HYPERLINK("x")', ''],
    ]);
    expect(parsed.meta.fields).toEqual([
      'keyword',
      'website',
      'search_volume',
      'competition',
      'cpc',
      'keyword_difficulty',
      'commercial_intent',
      'score',
      'used',
      'created_at',
    ]);
  });

  it('works through the typed client', async () => {
    const client = await trpcClient(t.app, () => admin);
    const preview = await client.keywords.import.mutate({
      csv: 'keyword\ntyped import',
      targetWebsite: 'typed.test',
    });
    expect(preview.counts.new).toBe(1);
    const out = await client.keywords.export.query({ targetWebsite: 'typed.test' });
    expect(out.rows).toBe(0);
  });
});
