import { randomUUID } from 'node:crypto';
import { jobKind, runInternalJob } from '@blogfleet/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startWordPressTestServer,
  type WordPressTestServer,
} from '@blogfleet/integrations/wordpress/testing';
import { startTestApp, trpcClient, type RestOptions, type TestApp } from '@blogfleet/server/testing';

let t: TestApp;
let admin: string;
let wpA: WordPressTestServer;
let wpB: WordPressTestServer;
let siteA: number;
let siteB: number;

const D1 = '2026-11-20';
const D2 = '2026-11-21';

beforeAll(async () => {
  t = await startTestApp({ JOB_WORKERS: 'true', JOB_POLL_INTERVAL_SECONDS: '0.5' });
  admin = (await t.login()).accessToken;
  wpA = await startWordPressTestServer({ seedPosts: 0 });
  wpB = await startWordPressTestServer({ seedPosts: 0 });
  siteA = await createSite('Çay Evi', 'cay-evi.com', wpA);
  siteB = await createSite('Kahve Notları', 'kahve-notlari.com', wpB);
});
afterAll(async () => {
  if (t) {
    // A job waiting for its retry (a new site's first pull that failed on a loaded machine) would not run
    // before the workers stop: it is cancelled. One still running ends before the app and its database
    // close under it.
    await t.db.updateTable('jobs').set({ status: 'cancelled' }).where('status', '=', 'pending').execute();
    for (let i = 0; i < 90; i++) {
      const running = await t.db.selectFrom('jobs').select('id').where('status', '=', 'running').execute();
      if (running.length === 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  await t?.close();
  await wpA?.close();
  await wpB?.close();
}, 120_000);

const api = (method: string, path: string, opts: RestOptions = {}) =>
  t.rest(method, path, { token: admin, ...opts });

async function createSite(title: string, domain: string, wp: WordPressTestServer) {
  const res = await api('POST', 'sites', {
    body: {
      site_title: title,
      domain_name: domain,
      wp_api_url: `${wp.url}/wp-json`,
      wp_username: wp.options.username,
      wp_app_password: wp.options.password,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.site.id as number;
}

async function pull(siteId: number) {
  const res = await api('POST', `sites/${siteId}/analytics/pull`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return t.waitForJob(res.body.data.job.id, admin);
}

const view = (visitor: string, time: string, path: string, referrer_host = '', title = '') => ({
  type: 'view' as const,
  visitor,
  time,
  path,
  referrer_host,
  title: title || `Page ${path}`,
});
const leave = (visitor: string, time: string, path: string, duration_ms: number) => ({
  type: 'leave' as const,
  visitor,
  time,
  path,
  duration_ms,
});

describe('site analytics', () => {
  it('folds pulled events into visitors, page views, bounces, session length, sources and top pages; a session split over two pulls counts once', async () => {
    wpA.addAnalyticsEvents([
      view('v1', `${D1}T10:00:00Z`, '/', 'google.com', 'Çay Evi'),
      view('v2', `${D1}T11:00:00Z`, '/tea'),
      leave('v2', `${D1}T11:00:10Z`, '/tea', 10_000),
    ]);
    expect((await pull(siteA)).status).toBe('completed');
    const first = await api('GET', `sites/${siteA}/analytics?start_date=${D1}&end_date=${D1}`);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      visitors: { total: 2 },
      pageviews: { total: 2 },
      sessions: 2,
      bounce_rate: 100,
      avg_session_duration: 5,
    });

    wpA.addAnalyticsEvents([
      view('v1', `${D1}T10:01:00Z`, '/tea'),
      leave('v1', `${D1}T10:01:30Z`, '/tea', 30_000),
      view('v3', `${D2}T09:00:00Z`, '/', 'news.ycombinator.com', 'Çay Evi'),
    ]);
    expect((await pull(siteA)).status).toBe('completed');
    // Nothing new: the numbers stay.
    expect((await pull(siteA)).status).toBe('completed');

    const res = await api('GET', `sites/${siteA}/analytics?start_date=${D1}&end_date=${D2}`);
    expect(res.body.data).toMatchObject({
      start_date: D1,
      end_date: D2,
      visitors: { total: 3, today: 0 },
      pageviews: { total: 4 },
      sessions: 3,
      bounce_rate: 66.7,
      avg_session_duration: 13.3,
      traffic_sources: [
        { source: 'direct', visitors: 1, percentage: 33.3 },
        { source: 'google.com', visitors: 1, percentage: 33.3 },
        { source: 'news.ycombinator.com', visitors: 1, percentage: 33.3 },
      ],
      top_pages: [
        { path: '/', title: 'Çay Evi', views: 2 },
        { path: '/tea', title: 'Page /tea', views: 2 },
      ],
      daily: [
        { date: D1, visitors: 2, pageviews: 3 },
        { date: D2, visitors: 1, pageviews: 1 },
      ],
    });
    expect(res.body.data.collection.error).toBeNull();
    expect(res.body.data.collection.events_pulled).toBe(6);
  });

  it('reads whole months from month rows and the edges from days, with the same numbers', async () => {
    wpA.addAnalyticsEvents([
      view('m1', '2026-10-05T08:00:00Z', '/october'),
      view('m2', '2026-10-31T23:59:00Z', '/october'),
      view('m2', '2026-10-31T23:59:30Z', '/tea'),
    ]);
    await pull(siteA);
    const october = (await api('GET', `sites/${siteA}/analytics?start_date=2026-10-01&end_date=2026-10-31`))
      .body.data;
    expect(october).toMatchObject({ visitors: { total: 2 }, pageviews: { total: 3 }, bounce_rate: 50 });
    const span = (await api('GET', `sites/${siteA}/analytics?start_date=2026-10-01&end_date=${D2}`)).body
      .data;
    expect(span).toMatchObject({ visitors: { total: 5 }, pageviews: { total: 7 }, sessions: 5 });
    expect(span.top_pages[0]).toMatchObject({ path: '/tea', views: 3 });
    const edge = (await api('GET', `sites/${siteA}/analytics?start_date=2026-10-31&end_date=${D1}`)).body
      .data;
    expect(edge).toMatchObject({ visitors: { total: 3 }, pageviews: { total: 5 } });
  });

  it('counts two pulls at the same time once', async () => {
    wpB.addAnalyticsEvents(
      Array.from({ length: 40 }, (_, i) =>
        view(`b${i % 10}`, `${D1}T12:${String(i).padStart(2, '0')}:00Z`, `/p${i % 4}`),
      ),
    );
    const a = await api('POST', `sites/${siteB}/analytics/pull`);
    const client = await trpcClient(t.app, () => admin);
    const [viaRest, direct] = await Promise.all([
      t.waitForJob(a.body.data.job.id, admin),
      client.analytics.pull.mutate({ id: siteB }).then((r) => t.waitForJob(r.job.id, admin)),
    ]);
    expect([viaRest.status, direct.status]).toEqual(['completed', 'completed']);
    await pull(siteB);
    const data = await client.analytics.site.query({ id: siteB, start_date: D1, end_date: D1 });
    expect(data).toMatchObject({
      visitors: { total: 10 },
      pageviews: { total: 40 },
      sessions: 10,
      bounce_rate: 0,
    });
  });

  it('answers the fleet: totals and trend, sites ranked with sparklines, top pages and sources', async () => {
    const res = await api('GET', `analytics/fleet?start_date=${D1}&end_date=${D2}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const fleet = res.body.data;
    expect(fleet.totals).toMatchObject({ visitors: 13, pageviews: 44, sessions: 13, sites_with_visitors: 2 });
    expect(fleet.daily).toEqual([
      { date: D1, visitors: 12, pageviews: 43 },
      { date: D2, visitors: 1, pageviews: 1 },
    ]);
    expect(fleet.sparkline_grain).toBe('day');
    expect(fleet.sites.map((s: { domain_name: string }) => s.domain_name)).toEqual([
      'kahve-notlari.com',
      'cay-evi.com',
    ]);
    expect(fleet.sites[1]).toMatchObject({ visitors: 3, pageviews: 4, sparkline: [2, 1] });
    expect(fleet.top_pages[0]).toMatchObject({ domain_name: 'kahve-notlari.com', views: 10 });
    expect(fleet.traffic_sources[0]).toMatchObject({ source: 'direct', visitors: 11 });

    const year = (await api('GET', 'analytics/fleet?start_date=2025-11-27&end_date=2026-11-26')).body.data;
    expect(year.sparkline_grain).toBe('month');
    expect(year.sites[0].sparkline).toHaveLength(13);
    expect(year.totals.visitors).toBe(15);
  });

  it('refuses ranges it cannot mean, in the error envelope', async () => {
    for (const [query, message] of [
      [`start_date=${D2}&end_date=${D1}`, 'The start date is after the end date'],
      ['start_date=2026-13-45', 'Not a date'],
      ['start_date=2025-02-31', 'Not a date'],
      ['start_date=20261120', 'Dates are YYYY-MM-DD'],
      ['start_date=2024-01-01&end_date=2026-01-01', 'at most 366 days'],
    ]) {
      const res = await api('GET', `sites/${siteA}/analytics?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(res.body.error)).toContain(message);
    }
    expect((await api('GET', 'sites/999999/analytics')).status).toBe(404);
  });

  it('keeps why a pull failed for the tab, and clears it with the next good pull', async () => {
    const bare = await startWordPressTestServer({ seedPosts: 0, analyticsPlugin: false });
    try {
      const id = await createSite('Eklentisiz', 'eklentisiz.com', bare);
      const job = await pull(id);
      expect(job.status).toBe('failed');
      expect(job.error).toContain('analytics plugin is not installed');
      let tab = (await api('GET', `sites/${id}/analytics`)).body.data;
      expect(tab.collection.error).toContain('analytics plugin is not installed');
      expect(tab.collection.error_at).toBeTruthy();

      bare.options.analyticsPlugin = true;
      bare.addAnalyticsEvents([view('late', `${D2}T10:00:00Z`, '/')]);
      expect((await pull(id)).status).toBe('completed');
      tab = (await api('GET', `sites/${id}/analytics?start_date=${D2}&end_date=${D2}`)).body.data;
      expect(tab.collection).toMatchObject({ error: null, error_at: null, events_pulled: 1 });
      expect(tab.visitors.total).toBe(1);
    } finally {
      await bare.close();
    }
  });
});

describe('a site whose events start again', () => {
  it('reads from the first event again when the site’s ids fall below the cursor (restored or moved)', async () => {
    const before = (await api('GET', `sites/${siteB}/analytics?start_date=${D2}&end_date=${D2}`)).body.data;
    wpB.resetAnalytics();
    wpB.addAnalyticsEvents([
      view('r1', `${D2}T21:00:00Z`, '/again'),
      view('r2', `${D2}T21:05:00Z`, '/again'),
    ]);
    expect((await pull(siteB)).result).toMatchObject({ events: 2 });
    const after = (await api('GET', `sites/${siteB}/analytics?start_date=${D2}&end_date=${D2}`)).body.data;
    expect(after.pageviews.total).toBe(before.pageviews.total + 2);
    // And nothing is read twice afterwards.
    expect((await pull(siteB)).result).toMatchObject({ events: 0 });
  });
});

describe('periodic work', () => {
  const runInternal = (kind: string) =>
    runInternalJob(t.deps, jobKind(kind)!, { id: randomUUID(), retryCount: 0, retryLimit: 0, data: {} });

  it('reads every active site every 10 minutes; one site failing is its own outcome', async () => {
    wpA.addAnalyticsEvents([view('p1', `${D2}T20:00:00Z`, '/periodic')]);
    wpB.addAnalyticsEvents([view('p2', `${D2}T20:00:00Z`, '/periodic')]);
    const run = (await runInternal('analytics.pull-all')) as {
      sites: number;
      events: number;
      failed: unknown[];
    };
    expect(run.events).toBe(2);
    // The site whose WordPress went away (the test above closed it) fails alone, with the reason.
    expect(run.failed).toEqual([{ siteId: expect.any(Number), error: expect.stringMatching(/.+/) }]);
    const fleet = (await api('GET', `analytics/fleet?start_date=${D2}&end_date=${D2}`)).body.data;
    expect(fleet.top_pages.filter((p: { path: string }) => p.path === '/periodic')).toHaveLength(2);
  });

  it('forgets visitors’ days older than 35 days, keeping the aggregates', async () => {
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    await t.db
      .insertInto('analytics_sessions')
      .values([
        { site_id: siteA, day: old, visitor: 'gone', pageviews: 1 },
        { site_id: siteA, day: recent, visitor: 'kept', pageviews: 1 },
      ])
      .execute();
    const before = (await api('GET', `sites/${siteA}/analytics?start_date=2026-10-01&end_date=${D2}`)).body
      .data;
    // The scheduled housekeeping may have run first; either way the old day is gone.
    expect(await runInternal('maintenance.prune')).toHaveProperty('analyticsSessions');
    const left = await t.db
      .selectFrom('analytics_sessions')
      .select('visitor')
      .where('visitor', 'in', ['gone', 'kept'])
      .execute();
    expect(left.map((r) => r.visitor)).toEqual(['kept']);
    const after = (await api('GET', `sites/${siteA}/analytics?start_date=2026-10-01&end_date=${D2}`)).body
      .data;
    expect(after.visitors).toEqual(before.visitors);
  });
});

describe('traffic requests measured by analytics', () => {
  it('counts the target pages’ views in the window and completes at the target', async () => {
    const created = await api('POST', `sites/${siteB}/traffic-requests`, {
      body: { unique_users: 3, duration_days: 2, target_pages: ['/landing/'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.request.id;
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    wpB.addAnalyticsEvents([
      view('t1', now, '/landing'),
      view('t2', now, '/landing'),
      view('t3', now, '/elsewhere'),
    ]);
    await pull(siteB);
    let request = (await api('GET', `sites/${siteB}/traffic-requests`)).body.data.requests.find(
      (r: { id: number }) => r.id === id,
    );
    expect(request).toMatchObject({
      status: 'active',
      results: { delivered_visits: 2, completion_rate: 66.7 },
    });

    wpB.addAnalyticsEvents([view('t4', now, '/landing')]);
    await pull(siteB);
    request = (await api('GET', `sites/${siteB}/traffic-requests`)).body.data.requests.find(
      (r: { id: number }) => r.id === id,
    );
    expect(request).toMatchObject({
      status: 'completed',
      results: { delivered_visits: 3, completion_rate: 100 },
    });
    const cancel = await api('POST', `sites/${siteB}/traffic-requests/${id}/cancel`);
    expect(cancel.status).toBe(400);
  });
});

describe('what a visitor sends cannot stop or swell a site’s analytics', () => {
  it('cleans NUL out of a path and title, and keeps at most 1,000 pages a day with the rest as “(other)”', async () => {
    const flood = await startWordPressTestServer({ seedPosts: 0 });
    try {
      const id = await createSite('Sel', 'sel-sitesi.com', flood);
      flood.addAnalyticsEvents([
        view('nul', `${D1}T08:00:00Z`, '/a\u0000b/', 'google\u0000.com', 'Ti\u0000tle'),
      ]);
      const first = await pull(id);
      expect(first.status, JSON.stringify(first)).toBe('completed');
      let tab = (await api('GET', `sites/${id}/analytics?start_date=${D1}&end_date=${D1}`)).body.data;
      expect(tab.top_pages).toEqual([{ path: '/ab/', title: 'Title', views: 1 }]);
      expect(tab.collection.error).toBeNull();

      flood.addAnalyticsEvents(
        Array.from({ length: 1005 }, (_, i) => view(`f${i}`, `${D1}T09:00:00Z`, `/made-up-${i}`)),
      );
      expect((await pull(id)).status).toBe('completed');
      const rows = await t.db
        .selectFrom('analytics_page_stats')
        .select(['path', 'views'])
        .where('site_id', '=', id)
        .where('grain', '=', 'd')
        .execute();
      expect(rows.length).toBeLessThanOrEqual(1001);
      expect(rows.reduce((n, r) => n + r.views, 0)).toBe(1006);
      expect(rows.find((r) => r.path === '(other)')?.views).toBe(6);
      tab = (await api('GET', `sites/${id}/analytics?start_date=${D1}&end_date=${D1}`)).body.data;
      expect(tab.pageviews.total).toBe(1006);
    } finally {
      await flood.close();
    }
  });
});

describe('a deleted site', () => {
  it('takes its share out of the fleet’s numbers', async () => {
    const range = `start_date=${D1}&end_date=${D2}`;
    const before = (await api('GET', `analytics/fleet?${range}`)).body.data;
    const gone = await startWordPressTestServer({ seedPosts: 0 });
    try {
      const id = await createSite('Geçici', 'gecici-site.com', gone);
      gone.addAnalyticsEvents([
        view('g1', `${D1}T07:00:00Z`, '/', 'yandex.com'),
        view('g2', `${D2}T07:00:00Z`, '/x'),
      ]);
      await pull(id);
      const during = (await api('GET', `analytics/fleet?${range}`)).body.data;
      expect(during.totals.visitors).toBe(before.totals.visitors + 2);
      expect(during.traffic_sources.map((s: { source: string }) => s.source)).toContain('yandex.com');
      expect((await api('DELETE', `sites/${id}`)).status).toBe(200);
      const after = (await api('GET', `analytics/fleet?${range}`)).body.data;
      expect(after.totals).toEqual(before.totals);
      expect(after.daily).toEqual(before.daily);
      expect(
        after.traffic_sources.find((s: { source: string }) => s.source === 'yandex.com')?.visitors ?? 0,
      ).toBe(0);
    } finally {
      await gone.close();
    }
  });
});
