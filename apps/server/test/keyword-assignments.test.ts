/** Keywords and keyword groups assigned to sites: unassigned keywords, a site's keywords, taking them off. */
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

async function site(domain: string) {
  const row = await t.db
    .insertInto('sites')
    .values({ site_title: domain, domain_name: domain })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function keyword(text: string, website = 'assign.test') {
  const res = await api('POST', 'keywords', { body: { keyword: text, targetWebsite: website } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.keyword.id as number;
}

const texts = (rows: { keyword_text: string }[]) => rows.map((r) => r.keyword_text).sort();

describe('keyword assignments', () => {
  it('assigns keywords to sites; unassigned=true lists only keywords no site has; the site lists its own', async () => {
    const a = await site('assign-a.test');
    const b = await site('assign-b.test');
    const k1 = await keyword('latte art');
    const k2 = await keyword('milk pitcher');
    const k3 = await keyword('steam wand');

    const put = await api('PUT', `keywords/${k1}/assignments`, {
      body: { websiteIds: [a, b], status: 'active' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.keyword.active_site_count).toBe(2);
    expect(put.body.data.sites.map((s: { domain_name: string }) => s.domain_name)).toEqual([
      'assign-a.test',
      'assign-b.test',
    ]);
    // Again for one site only: the other stays; the status changes.
    const again = await api('PUT', `keywords/${k1}/assignments`, {
      body: { websiteIds: [b], status: 'inactive' },
    });
    expect(again.body.data.sites).toMatchObject([
      { domain_name: 'assign-a.test', status: 'active' },
      { domain_name: 'assign-b.test', status: 'inactive' },
    ]);
    expect(again.body.data.keyword.active_site_count).toBe(1);

    const many = await api('POST', `sites/${a}/keywords`, { body: { keywordIds: [k2, 999_999] } });
    expect(many.body.data).toEqual({ changed: 1, missing: [999_999] });

    const unassigned = await api('GET', 'keywords?unassigned=true&targetWebsite=assign.test');
    expect(texts(unassigned.body.data.data)).toEqual(['steam wand']);

    const own = await api('GET', `sites/${a}/keywords?sort=keyword_text&order=asc`);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(
      own.body.data.data.map((k: { keyword_text: string; assignment_status: string }) => [
        k.keyword_text,
        k.assignment_status,
      ]),
    ).toEqual([
      ['latte art', 'active'],
      ['milk pitcher', 'active'],
    ]);
    expect(own.body.data.pagination.total).toBe(2);
    const searched = await api('GET', `sites/${a}/keywords?search=pitch`);
    expect(texts(searched.body.data.data)).toEqual(['milk pitcher']);
    const ofB = await api('GET', `sites/${b}/keywords`);
    expect(ofB.body.data.data).toMatchObject([{ keyword_text: 'latte art', assignment_status: 'inactive' }]);

    const off = await api('DELETE', `sites/${a}/keywords/${k2}`);
    expect(off.status).toBe(200);
    expect(texts((await api('GET', `sites/${a}/keywords`)).body.data.data)).toEqual(['latte art']);
    const offAgain = await api('DELETE', `sites/${a}/keywords/${k2}`);
    expect(offAgain.status).toBe(404);
    expect(k3).toBeGreaterThan(0);
  });

  it('refuses what does not exist with the spec’s messages, writing nothing', async () => {
    const a = await site('refuse.test');
    const k = await keyword('cold brew');
    const ghostSite = await api('PUT', `keywords/${k}/assignments`, { body: { websiteIds: [a, 987_654] } });
    expect(ghostSite.status).toBe(400);
    expect(ghostSite.body.error.message).toContain('No site has the id 987654');
    expect((await api('GET', `keywords/${k}`)).body.data.keyword.active_site_count).toBe(0);
    const none = await api('PUT', `keywords/${k}/assignments`, { body: { websiteIds: [] } });
    expect(JSON.stringify(none.body.error)).toContain('Please select a website');
    const noKeywords = await api('POST', `sites/${a}/keywords`, { body: { keywordIds: [] } });
    expect(JSON.stringify(noKeywords.body.error)).toContain('Please select at least one keyword');
    const ghostKeyword = await api('PUT', 'keywords/876543/assignments', { body: { websiteIds: [a] } });
    expect(ghostKeyword.status).toBe(404);
    expect((await api('GET', 'sites/876543/keywords')).status).toBe(404);
  });

  it('lists the groups of a site; taking a group off takes its keywords off too', async () => {
    const a = await site('groups-of.test');
    const other = await site('groups-other.test');
    const k1 = await keyword('v60 ratio');
    const k2 = await keyword('v60 grind size');
    const g = (
      await api('POST', 'keyword-groups', {
        body: { name: 'V60', primary_keyword_id: k1, secondary_keyword_ids: [k2] },
      })
    ).body.data.group;
    await api('POST', 'keyword-groups', { body: { name: 'Not assigned' } });
    await api('POST', `keyword-groups/${g.id}/assign`, { body: { websiteId: a } });
    await api('POST', `keyword-groups/${g.id}/assign`, { body: { websiteId: other } });

    const groups = await api('GET', `keyword-groups?siteId=${a}`);
    expect(groups.body.data.map((x: { name: string }) => x.name)).toEqual(['V60']);
    expect(texts((await api('GET', `sites/${a}/keywords`)).body.data.data)).toEqual([
      'v60 grind size',
      'v60 ratio',
    ]);

    const off = await api('DELETE', `keyword-groups/${g.id}/assign/${a}`);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.data.group.sites.map((s: { id: number }) => s.id)).toEqual([other]);
    expect((await api('GET', `sites/${a}/keywords`)).body.data.data).toEqual([]);
    expect((await api('GET', `keyword-groups?siteId=${a}`)).body.data).toEqual([]);
    // The other site keeps the group and its keywords.
    expect(texts((await api('GET', `sites/${other}/keywords`)).body.data.data)).toEqual([
      'v60 grind size',
      'v60 ratio',
    ]);
    expect((await api('DELETE', `keyword-groups/${g.id}/assign/${a}`)).status).toBe(404);
  });

  it('takes off only the keywords no other group on the site, and no hand, still holds', async () => {
    const s = await site('holds.test');
    const shared = await keyword('shared grinder');
    const onlyA = await keyword('only in a');
    const byHand = await keyword('hand picked');
    const later = await keyword('added later');
    const group = async (name: string, ids: number[]) =>
      (await api('POST', 'keyword-groups', { body: { name, secondary_keyword_ids: ids } })).body.data.group
        .id as number;
    const a = await group('Holds A', [shared, onlyA, byHand]);
    const b = await group('Holds B', [shared]);
    await api('POST', `sites/${s}/keywords`, { body: { keywordIds: [byHand] } });
    await api('POST', `keyword-groups/${a}/assign`, { body: { websiteId: s } });
    // B comes as inactive: what A holds active stays active.
    await api('POST', `keyword-groups/${b}/assign`, { body: { websiteId: s, status: 'inactive' } });
    const statuses = async () =>
      Object.fromEntries(
        (
          (await api('GET', `sites/${s}/keywords?limit=50`)).body.data.data as {
            keyword_text: string;
            assignment_status: string;
          }[]
        ).map((k) => [k.keyword_text, k.assignment_status]),
      );
    expect(await statuses()).toEqual({
      'shared grinder': 'active',
      'only in a': 'active',
      'hand picked': 'active',
    });

    // A's members change: the new one comes to the site, the removed one leaves it.
    const edited = await api('PUT', `keyword-groups/${a}`, {
      body: { name: 'Holds A', secondary_keyword_ids: [shared, byHand, later] },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await statuses()).toEqual({
      'shared grinder': 'active',
      'hand picked': 'active',
      'added later': 'active',
    });

    // A off the site: B still holds the shared one (inactive, as B is), the hand-picked one stays.
    await api('DELETE', `keyword-groups/${a}/assign/${s}`);
    expect(await statuses()).toEqual({ 'shared grinder': 'inactive', 'hand picked': 'active' });

    // Deleting B takes its last keyword off; the hand's stays.
    await api('DELETE', `keyword-groups/${b}`);
    expect(await statuses()).toEqual({ 'hand picked': 'active' });
  });

  it('works through the typed client', async () => {
    const client = await trpcClient(t.app, () => admin);
    const a = await site('typed-assign.test');
    const k = await keyword('typed flat white');
    await client.sites.assignKeywords.mutate({ id: a, keywordIds: [k] });
    const page = await client.sites.keywords.query({ id: a });
    expect(page.data.map((x) => x.keyword_text)).toEqual(['typed flat white']);
    const unassigned = await client.keywords.list.query({ unassigned: 'true', search: 'typed flat' });
    expect(unassigned.data).toEqual([]);
  });
});
