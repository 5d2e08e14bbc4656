import { startPorkbunTestServer, type PorkbunTestServer } from '@blogfleet/integrations/registrar/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let pb: PorkbunTestServer;
let admin: string;

beforeAll(async () => {
  // Two checks per 300 ms: discovery has to wait the rate limit out, not give up.
  pb = await startPorkbunTestServer({
    balanceCents: 50_000,
    taken: ['coffee.com', 'bestcoffee.com'],
    pricesCents: { com: 1099, net: 1299, io: 3999 },
    checkLimit: 2,
    checkWindowMs: 300,
  });
  t = await startTestApp({ PORKBUN_API_URL: pb.baseUrl });
  admin = (await t.login()).accessToken;
});
afterAll(async () => {
  await t?.close();
  await pb?.close();
});

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });
const discover = (body: Record<string, unknown>) => api('POST', 'domains/discover', { body });

interface Idea {
  domain: string;
  score: number;
  strengths: string[];
  recommendation: string;
  price: number | null;
  price_source: string | null;
  available: boolean | null;
}

describe('POST domains/discover', () => {
  it('refuses bad input with the spec’s messages', async () => {
    const noTarget = await discover({ targetWebsite: ' ' });
    expect(noTarget.status).toBe(400);
    expect(JSON.stringify(noTarget.body.error)).toContain('Target website is required');
    const price = await discover({ targetWebsite: 'coffee.example', maxPrice: 0 });
    expect(price.status).toBe(400);
    expect(JSON.stringify(price.body.error)).toContain('Max price is 1 to 500');
    expect((await discover({ targetWebsite: 'coffee.example', searchLimit: 30 })).status).toBe(400);
    expect((await discover({ targetWebsite: 'coffee.example', customTlds: ['c o m'] })).status).toBe(400);
    expect(await t.db.selectFrom('domain_discovery_runs').select('id').execute()).toEqual([]);
  });

  it('without a registrar: combinations of the target’s words and the affixes, list prices, availability unknown', async () => {
    const res = await discover({
      targetWebsite: 'coffee.example',
      prompt: 'reviews of espresso grinders',
      customTlds: ['com', 'net'],
      prefixSuffixList: ['best', 'hub'],
      searchLimit: 10,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { allIdeas, stats, generator, registrar } = res.body.data;
    expect(generator).toBe('offline');
    expect(registrar).toBeNull();
    expect(allIdeas).toHaveLength(10);
    expect(stats).toEqual({ totalIdeas: 10, checkedDomains: 0, availableDomains: 0 });
    for (const idea of allIdeas as Idea[]) {
      expect(idea.domain).toMatch(/^[a-z0-9-]+\.(com|net)$/);
      expect(idea.score).toBeGreaterThanOrEqual(0);
      expect(idea.score).toBeLessThanOrEqual(10);
      expect(idea.strengths.length).toBeGreaterThan(0);
      expect(idea.recommendation).toContain('coffee.example');
      expect(idea.available).toBeNull();
      expect(idea.price_source).toBe('list');
      expect(idea.price).toBe(idea.domain.endsWith('.com') ? 12.99 : 13.99);
    }
    const names = (allIdeas as Idea[]).map((i) => i.domain);
    expect(names[0]).toBe('coffee.com'); // the target's own word, .com: the best score
    expect(names).toContain('bestcoffee.com');
    expect(new Set(names).size).toBe(names.length);
    // Best first.
    const scores = (allIdeas as Idea[]).map((i) => i.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    const run = await t.db
      .selectFrom('domain_discovery_runs')
      .selectAll()
      .where('id', '=', res.body.data.runId)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({
      target_website: 'coffee.example',
      tlds: ['com', 'net'],
      total_ideas: 10,
      search_limit: 10,
    });
    const stored = await t.db
      .selectFrom('domain_discovery_ideas')
      .select('domain')
      .where('run_id', '=', run.id)
      .execute();
    expect(stored.map((s) => s.domain).sort()).toEqual([...names].sort());
  });

  it('Find new ideas never repeats a name suggested for that target, and says when there are none left', async () => {
    const body = {
      targetWebsite: 'tea.example',
      customTlds: ['com'],
      prefixSuffixList: ['top', 'hub', 'pro', 'max', 'zone'],
      searchLimit: 10,
    };
    const first = (await discover(body)).body.data.allIdeas.map((i: Idea) => i.domain);
    const again = await discover({ ...body, newOnly: true });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const second = again.body.data.allIdeas.map((i: Idea) => i.domain);
    expect(second.filter((d: string) => first.includes(d))).toEqual([]);
    let last = again;
    for (let i = 0; i < 10 && last.status === 200; i++) last = await discover({ ...body, newOnly: true });
    expect(last.status).toBe(400);
    expect(last.body.error.message).toBe(
      'No new domain ideas for tea.example: change the prompt, the words or the TLDs',
    );
  });

  it('with a registrar: availability and price from it, rate limit waited out, cheap-only filters on the real price', async () => {
    expect(
      (
        await api('PUT', 'settings/integrations/registrar', {
          body: { provider: 'porkbun', apiKey: pb.apiKey, secretApiKey: pb.secretApiKey },
        })
      ).status,
    ).toBe(200);
    const before = pb.requests.length;
    const res = await discover({
      targetWebsite: 'coffee.example',
      customTlds: ['com', 'io'],
      prefixSuffixList: ['best'],
      searchLimit: 10,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ideas = res.body.data.allIdeas as Idea[];
    expect(res.body.data.registrar).toBe('porkbun');
    // Every idea got an answer although the registrar refused most first tries.
    expect(ideas.every((i) => i.available !== null && i.price_source === 'registrar')).toBe(true);
    expect(pb.requests.slice(before).some((r) => r.path.includes('checkDomain'))).toBe(true);
    const byName = new Map(ideas.map((i) => [i.domain, i]));
    expect(byName.get('coffee.com')).toMatchObject({ available: false, price: 10.99 });
    expect(byName.get('coffee.io')).toMatchObject({ available: true, price: 39.99 });
    expect(res.body.data.stats).toEqual({
      totalIdeas: ideas.length,
      checkedDomains: ideas.length,
      availableDomains: ideas.filter((i) => i.available).length,
    });

    const cheap = await discover({
      targetWebsite: 'coffee.example',
      customTlds: ['com', 'io'],
      prefixSuffixList: ['best', 'top', 'hub', 'pro', 'max', 'zone'],
      searchLimit: 10,
      cheapDomainsOnly: true,
      maxPrice: 15,
    });
    const cheapIdeas = cheap.body.data.allIdeas as Idea[];
    // Filtered first, then cut: a full page of ideas the registrar priced at $15 or less.
    expect(cheapIdeas).toHaveLength(10);
    expect(cheapIdeas.every((i) => i.price_source === 'registrar')).toBe(true);
    expect(cheap.body.data.stats).toMatchObject({ totalIdeas: 10, checkedDomains: 10 });
    expect(cheapIdeas.every((i) => i.price !== null && i.price <= 15)).toBe(true);
    expect(cheapIdeas.some((i) => i.domain.endsWith('.io'))).toBe(false);
  }, 60_000);

  it('adds selected ideas to the list as available (score and price kept), never twice; tRPC answers the same', async () => {
    const res = await api('POST', 'domains/discover/add', {
      body: { targetWebsite: 'coffee.example', domains: ['coffee.io', 'Best-Coffee.io'] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.existing).toEqual([]);
    expect(
      res.body.data.added.map((d: { domain_name: string; status: string }) => [d.domain_name, d.status]),
    ).toEqual([
      ['coffee.io', 'available'],
      ['best-coffee.io', 'available'],
    ]);
    expect(res.body.data.added[0].estimated_price).toBe(39.99);
    const client = await trpcClient(t.app, () => admin);
    const again = await client.domains.addDiscovered.mutate({
      targetWebsite: 'coffee.example',
      domains: ['coffee.io'],
    });
    expect(again).toEqual({ added: [], existing: ['coffee.io'] });
    const bad = await api('POST', 'domains/discover/add', {
      body: { targetWebsite: 'coffee.example', domains: [] },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('Select domains to add');
    // Names in the list are not suggested again.
    const next = await discover({
      targetWebsite: 'coffee.example',
      customTlds: ['io'],
      prefixSuffixList: ['best'],
      searchLimit: 10,
    });
    expect(next.body.data.allIdeas.map((i: Idea) => i.domain)).not.toContain('coffee.io');
  }, 60_000);
});
