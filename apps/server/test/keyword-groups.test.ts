/** Keyword groups through REST and tRPC: members, derived score and priority, filters, bulk, assignment. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatCompletionsTestServer } from '@blogfleet/integrations/ai/testing';
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

/** A keyword with a given score (set by hand, so the numbers are plain). */
async function keyword(text: string, score: number, website = 'groups.test') {
  const created = await api('POST', 'keywords', { body: { keyword: text, targetWebsite: website } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.data.keyword.id as number;
  await api('PUT', `keywords/${id}`, { body: { keyword_text: text, score } });
  return id;
}

describe('keyword groups', () => {
  it('creates a group of real keywords; count, score (n/10) and priority come from the server', async () => {
    const primary = await keyword('home espresso', 80);
    const a = await keyword('espresso tamper', 60);
    const b = await keyword('espresso scale', 70);
    const c = await keyword('espresso cups', 90);
    const res = await api('POST', 'keyword-groups', {
      body: {
        name: '  Espresso at home ',
        description: 'Everything for pulling shots in a kitchen',
        primary_keyword_id: primary,
        // The primary again and a repeat are dropped.
        secondary_keyword_ids: [a, b, c, primary, a],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.group).toMatchObject({
      name: 'Espresso at home',
      primary_keyword: 'home espresso',
      secondary_keywords: ['espresso tamper', 'espresso scale', 'espresso cups'],
      secondary_keywords_ids: [a, b, c],
      keyword_count: 4,
      // (80 + 60 + 70 + 90) / 4 = 75 → 7.5
      score: 7.5,
      priority: 'high',
      status: 'pending',
      sites: [],
    });
    expect(res.body.data.group.keywords.map((k: { keyword_text: string }) => k.keyword_text)).toEqual([
      'home espresso',
      'espresso tamper',
      'espresso scale',
      'espresso cups',
    ]);

    // A keyword's score changing moves the group's score.
    await api('PUT', `keywords/${c}`, { body: { keyword_text: 'espresso cups', score: 10 } });
    const got = await api('GET', `keyword-groups/${res.body.data.group.id}`);
    expect(got.body.data.group.score).toBe(5.5);

    const low = await api('POST', 'keyword-groups', { body: { name: 'Cheap grinders' } });
    expect(low.body.data.group).toMatchObject({ keyword_count: 0, score: 0, priority: 'low' });
    const flagged = await api('POST', 'keyword-groups', { body: { name: 'Flagged', is_prioritized: true } });
    expect(flagged.body.data.group.priority).toBe('high');
  });

  it('derives a priority nobody chose again when its keywords’ scores change; a chosen one stays', async () => {
    const k1 = await keyword('priority one', 30);
    const k2 = await keyword('priority two', 40);
    const created = await api('POST', 'keyword-groups', {
      body: { name: 'Follows the score', secondary_keyword_ids: [k1, k2] },
    });
    const id = created.body.data.group.id as number;
    expect(created.body.data.group).toMatchObject({
      score: 3.5,
      priority: 'low',
      priority_set_by_hand: false,
    });
    const group = async () => (await api('GET', `keyword-groups/${id}`)).body.data.group;

    await api('PUT', `keywords/${k1}`, { body: { keyword_text: 'priority one', score: 90 } });
    expect(await group()).toMatchObject({ score: 6.5, priority: 'medium' });
    // A member leaves: the score and priority follow.
    await api('DELETE', `keywords/${k2}`);
    expect(await group()).toMatchObject({ score: 9, priority: 'high', keyword_count: 1 });

    // Chosen by hand: it stays whatever the score does, until set back to follow it.
    await api('PUT', `keyword-groups/${id}`, { body: { name: 'Follows the score', priority: 'low' } });
    await api('PUT', `keywords/${k1}`, { body: { keyword_text: 'priority one', score: 95 } });
    expect(await group()).toMatchObject({ priority: 'low', priority_set_by_hand: true });
    await api('PUT', `keyword-groups/${id}`, { body: { name: 'Follows the score', priority: null } });
    expect(await group()).toMatchObject({ priority: 'high', priority_set_by_hand: false });
    // Bulk priority counts as chosen.
    await api('POST', 'keyword-groups/bulk-priority', { body: { groupIds: [id], priority: 'medium' } });
    expect(await group()).toMatchObject({ priority: 'medium', priority_set_by_hand: true });
  });

  it('refuses a nameless group and keywords that do not exist, writing nothing', async () => {
    const before = await t.db.selectFrom('keyword_groups').select('id').execute();
    const nameless = await api('POST', 'keyword-groups', { body: { name: '   ' } });
    expect(nameless.status).toBe(400);
    expect(JSON.stringify(nameless.body.error)).toContain('Group name is required');
    const ghost = await api('POST', 'keyword-groups', {
      body: { name: 'Ghosts', secondary_keyword_ids: [987654] },
    });
    expect(ghost.status).toBe(400);
    expect(ghost.body.error.message).toBe('No keyword has the id 987654');
    expect(await t.db.selectFrom('keyword_groups').select('id').execute()).toHaveLength(before.length);
  });

  it('edits fields, keeps what is not sent, and replaces members only when sent', async () => {
    const k1 = await keyword('latte art', 40);
    const k2 = await keyword('milk pitcher', 50);
    const created = (
      await api('POST', 'keyword-groups', {
        body: { name: 'Milk', primary_keyword_id: k1, secondary_keyword_ids: [k2], priority: 'medium' },
      })
    ).body.data.group;
    const renamed = await api('PUT', `keyword-groups/${created.id}`, { body: { name: 'Milk drinks' } });
    expect(renamed.body.data.group).toMatchObject({
      name: 'Milk drinks',
      primary_keyword_id: k1,
      secondary_keywords_ids: [k2],
      priority: 'medium',
    });
    const emptied = await api('PUT', `keyword-groups/${created.id}`, {
      body: { name: 'Milk drinks', primary_keyword_id: null, secondary_keyword_ids: [k1] },
    });
    expect(emptied.body.data.group).toMatchObject({
      primary_keyword: null,
      secondary_keywords: ['latte art'],
      keyword_count: 1,
    });
    expect((await api('PUT', 'keyword-groups/999999', { body: { name: 'x' } })).body.error).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Keyword group not found',
    });
  });

  it('lists data + meta.pagination by 10 with status, priority and name filters; bulk status, priority, delete', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const res = await api('POST', 'keyword-groups', {
        body: { name: `Page group ${String(i).padStart(2, '0')}` },
      });
      ids.push(res.body.data.group.id);
    }
    const page = await api('GET', 'keyword-groups', {
      query: { search: 'page group', sort: 'name', order: 'asc' },
    });
    expect(page.body.data).toHaveLength(10);
    expect(page.body.meta.pagination).toMatchObject({ limit: 10, total: 12, totalPages: 2, hasNext: true });
    expect(page.body.data[0].name).toBe('Page group 01');

    const status = await api('POST', 'keyword-groups/bulk-status', {
      body: { groupIds: [ids[0], ids[1], 999999], status: 'inactive' },
    });
    expect(status.body.data).toEqual({ changed: 2, missing: [999999] });
    const priority = await api('POST', 'keyword-groups/bulk-priority', {
      body: { groupIds: [ids[1], ids[2]], priority: 'high' },
    });
    expect(priority.body.data.changed).toBe(2);
    const names = async (query: Record<string, string>) =>
      (
        await api('GET', 'keyword-groups', {
          query: { search: 'page group', sort: 'name', order: 'asc', ...query },
        })
      ).body.data.map((g: { name: string }) => g.name);
    expect(await names({ status: 'inactive' })).toEqual(['Page group 01', 'Page group 02']);
    expect(await names({ priority: 'high', status: 'inactive' })).toEqual(['Page group 02']);
    // High first; equal priorities newest first.
    expect((await names({ sort: 'priority', order: 'desc' })).slice(0, 2)).toEqual([
      'Page group 03',
      'Page group 02',
    ]);

    const none = await api('POST', 'keyword-groups/bulk-delete', { body: { groupIds: [] } });
    expect(JSON.stringify(none.body.error)).toContain('Please select at least one keyword group');
    const deleted = await api('POST', 'keyword-groups/bulk-delete', { body: { groupIds: ids } });
    expect(deleted.body.data).toEqual({ changed: 12, missing: [] });
    expect(await names({})).toEqual([]);
  });

  it('assigns a group and its keywords to a site; a pending group becomes active; deleting keeps keywords', async () => {
    const site = await t.db
      .insertInto('sites')
      .values({ site_title: 'Brew Notes', domain_name: 'brew-notes.test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const k1 = await keyword('pour over', 30, 'brew-notes.test');
    const k2 = await keyword('chemex', 35, 'brew-notes.test');
    const group = (
      await api('POST', 'keyword-groups', {
        body: { name: 'Filter', primary_keyword_id: k1, secondary_keyword_ids: [k2] },
      })
    ).body.data.group;
    const assigned = await api('POST', `keyword-groups/${group.id}/assign`, {
      body: { websiteId: site.id, status: 'active' },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.data.group).toMatchObject({
      status: 'active',
      sites: [{ id: site.id, domain_name: 'brew-notes.test', status: 'active' }],
    });
    const links = await t.db
      .selectFrom('keyword_sites')
      .select(['keyword_id', 'status'])
      .where('site_id', '=', site.id)
      .orderBy('keyword_id')
      .execute();
    expect(links).toEqual([
      { keyword_id: k1, status: 'active' },
      { keyword_id: k2, status: 'active' },
    ]);
    expect((await api('GET', `keywords/${k1}`)).body.data.keyword.active_site_count).toBe(1);
    // Again, inactive: the same assignment changes, nothing is added.
    const again = await api('POST', `keyword-groups/${group.id}/assign`, {
      body: { websiteId: site.id, status: 'inactive' },
    });
    expect(again.body.data.group.sites).toEqual([
      { id: site.id, domain_name: 'brew-notes.test', status: 'inactive' },
    ]);
    expect((await api('GET', `keywords/${k1}`)).body.data.keyword.active_site_count).toBe(0);

    const noSite = await api('POST', `keyword-groups/${group.id}/assign`, { body: { websiteId: 999999 } });
    expect(noSite.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Site not found' });

    expect((await api('DELETE', `keyword-groups/${group.id}`)).body.data).toEqual({
      id: group.id,
      deleted: true,
    });
    expect((await api('GET', `keywords/${k1}`)).status).toBe(200);
    // A deleted keyword leaves its groups.
    const other = (
      await api('POST', 'keyword-groups', { body: { name: 'Chemex only', secondary_keyword_ids: [k2] } })
    ).body.data.group;
    await api('DELETE', `keywords/${k2}`);
    expect((await api('GET', `keyword-groups/${other.id}`)).body.data.group.keyword_count).toBe(0);
  });
});

describe('suggested groups', () => {
  it('clusters a website’s ungrouped keywords by shared terms, passing over its niche word; saves nothing', async () => {
    const site = 'suggest.test';
    const ids: Record<string, number> = {};
    const scores: [string, number][] = [
      ['coffee grinder for espresso', 90],
      ['burr coffee grinder', 70],
      ['manual coffee grinder', 60],
      ['coffee grinder', 80],
      ['french press coffee', 50],
      ['best french press', 65],
      ['french press ratio', 40],
      ['coffee beans subscription', 30],
    ];
    for (const [text, score] of scores) ids[text] = await keyword(text, score, site);
    // Already grouped: never suggested again.
    const grouped = await keyword('coffee grinder cleaning', 99, site);
    await api('POST', 'keyword-groups', { body: { name: 'Cleaning', secondary_keyword_ids: [grouped] } });
    // Another website's keywords stay out.
    await keyword('grinder burr sizes', 50, 'elsewhere.test');
    const before = (await t.db.selectFrom('keyword_groups').select('id').execute()).length;

    const res = await api('GET', `keyword-groups/suggestions?targetWebsite=${site}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { groups, considered, ungrouped } = res.body.data;
    expect(considered).toBe(8);
    // "coffee" is in 6 of 8 keywords: it names no topic. "grinder" (4) first, then "french press" (3).
    expect(groups.map((g: { name: string; term: string }) => [g.name, g.term])).toEqual([
      ['Coffee grinder', 'grinder'],
      ['French press', 'french'],
    ]);
    expect(groups[0]).toMatchObject({
      primary_keyword_id: ids['coffee grinder for espresso'],
      secondary_keyword_ids: [
        ids['coffee grinder'],
        ids['burr coffee grinder'],
        ids['manual coffee grinder'],
      ],
    });
    expect(groups[1].primary_keyword_id).toBe(ids['best french press']);
    expect(ungrouped).toBe(1);
    expect((await t.db.selectFrom('keyword_groups').select('id').execute()).length).toBe(before);

    const bad = await api('GET', 'keyword-groups/suggestions?targetWebsite=');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('Please select a website');
  });

  it('groups with the AI model when one is set up; what it leaves out by terms; a failing model is named', async () => {
    const ai = await startChatCompletionsTestServer();
    try {
      const site = 'suggest-ai.test';
      const ids: Record<string, number> = {};
      for (const [text, score] of [
        ['espresso machine for beginners', 80],
        ['cheap espresso machine', 60],
        ['milk frother', 50],
        ['how to froth milk', 70],
        ['descaling kettle', 40],
        ['kettle descaler', 30],
      ] as const) {
        ids[text] = await keyword(text, score, site);
      }
      const saved = await api('PUT', 'settings/integrations/ai', {
        body: { baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: 'gpt-test' },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      ai.enqueue({
        content: JSON.stringify({
          groups: [
            // Case aside, made-up texts dropped, members by score.
            {
              name: 'Espresso machines',
              keywords: [
                'Cheap espresso machine',
                'espresso machine for beginners',
                'espresso machine reviews',
              ],
            },
            { name: 'Frothing milk', keywords: ['milk frother', 'how to froth milk'] },
            // A keyword already placed, and one member left: no group.
            { name: 'Leftovers', keywords: ['milk frother', 'unknown keyword'] },
          ],
        }),
      });
      const res = await api('GET', `keyword-groups/suggestions?targetWebsite=${site}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const d = res.body.data;
      expect(d).toMatchObject({ source: 'model', model_error: null, considered: 6, ungrouped: 0 });
      expect(
        d.groups.map((g: { name: string; primary_keyword_id: number; secondary_keyword_ids: number[] }) => [
          g.name,
          g.primary_keyword_id,
          g.secondary_keyword_ids,
        ]),
      ).toEqual([
        ['Espresso machines', ids['espresso machine for beginners'], [ids['cheap espresso machine']]],
        ['Frothing milk', ids['how to froth milk'], [ids['milk frother']]],
        // Left out by the model, clustered by the term they share.
        ['Kettle', ids['descaling kettle'], [ids['kettle descaler']]],
      ]);
      const asked = JSON.stringify(ai.completions().at(-1)!.body.messages);
      expect(asked).toContain('descaling kettle');

      ai.enqueue(
        ...Array.from({ length: 6 }, () => ({ status: 500, error: { message: 'The model is overloaded' } })),
      );
      const failed = await api('GET', `keyword-groups/suggestions?targetWebsite=${site}`);
      expect(failed.status, JSON.stringify(failed.body)).toBe(200);
      expect(failed.body.data.source).toBe('terms');
      expect(failed.body.data.model_error).toContain('overloaded');
      expect(failed.body.data.groups.length).toBeGreaterThan(0);
    } finally {
      await api('DELETE', 'settings/integrations/ai');
      await ai.close();
    }
  });

  it('creates accepted groups together, or none when one is refused', async () => {
    const a = await keyword('bulk kettle gooseneck', 50, 'bulk.test');
    const b = await keyword('bulk kettle electric', 70, 'bulk.test');
    const before = (await t.db.selectFrom('keyword_groups').select('id').execute()).length;
    const refused = await api('POST', 'keyword-groups/bulk-create', {
      body: {
        groups: [
          { name: 'Kettles', primary_keyword_id: b, secondary_keyword_ids: [a] },
          { name: 'Ghosts', secondary_keyword_ids: [876543] },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('Group 2 (Ghosts): No keyword has the id 876543');
    expect((await t.db.selectFrom('keyword_groups').select('id').execute()).length).toBe(before);

    const empty = await api('POST', 'keyword-groups/bulk-create', { body: { groups: [] } });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body.error)).toContain('Please select at least one keyword group');

    const ok = await api('POST', 'keyword-groups/bulk-create', {
      body: {
        groups: [
          { name: 'Kettles', primary_keyword_id: b, secondary_keyword_ids: [a] },
          { name: 'Empty one' },
        ],
      },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.groups).toMatchObject([
      { name: 'Kettles', primary_keyword: 'bulk kettle electric', keyword_count: 2, score: 6 },
      { name: 'Empty one', keyword_count: 0 },
    ]);
  });
});

describe('keyword groups over tRPC', () => {
  it('creates, lists and deletes through the typed client', async () => {
    const client = await trpcClient(t.app, () => admin);
    const { group } = await client.keywordGroups.create.mutate({ name: 'Typed group' });
    const list = await client.keywordGroups.list.query({ search: 'Typed group' });
    expect(list.data.map((g) => g.name)).toEqual(['Typed group']);
    expect(list.meta.pagination.total).toBe(1);
    await client.keywordGroups.delete.mutate({ id: group.id });
    await expect(client.keywordGroups.get.query({ id: group.id })).rejects.toThrow('Keyword group not found');
  });
});
