/**
 * The client's analytics calls against the protocol test server's imitation of Blogfleet's analytics
 * plugin (the real plugin is exercised in analytics-plugin.test.ts): events put in by tests, hits posted
 * the way the plugin's script posts them, paging, permissions, and a site without the plugin.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  AnalyticsPluginMissingError,
  WordPressClient,
  WordPressError,
  isAnalyticsPluginMissing,
} from '@blogfleet/integrations/wordpress';
import {
  startWordPressTestServer,
  type WordPressTestServer,
  type WordPressTestServerOptions,
} from '@blogfleet/integrations/wordpress/testing';

const PASSWORD = 'abcd efgh ijkl mnop qrst uvwx';
const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const servers: WordPressTestServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(opts: WordPressTestServerOptions = {}) {
  const server = await startWordPressTestServer({ password: PASSWORD, ...opts });
  servers.push(server);
  return server;
}

const clientFor = (server: WordPressTestServer, appPassword = PASSWORD) =>
  new WordPressClient({ siteUrl: server.url, username: 'admin', appPassword, retries: 0 });

const hit = (server: WordPressTestServer, body: unknown, userAgent: string = CHROME_UA) =>
  fetch(`${server.url}/wp-json/blogfleet/v1/hit`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'User-Agent': userAgent },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('analytics through the WordPress client (test server)', () => {
  it('reads events put in by a test, page by page, and the status', async () => {
    const server = await start();
    const wp = clientFor(server);
    expect(await wp.analyticsStatus()).toEqual({
      installed: true,
      version: '1',
      events: 0,
      oldest: null,
      last_id: 0,
    });
    expect(await wp.analyticsEvents()).toEqual({ events: [], last_id: 0, has_more: false });

    const added = server.addAnalyticsEvents([
      {
        time: '2026-11-26T01:02:03.456Z',
        path: '/a/',
        title: 'A',
        referrer_host: 'google.com',
        view_id: 'v1',
      },
      {
        time: new Date('2026-11-26T01:02:09Z'),
        type: 'leave',
        path: '/a/',
        view_id: 'v1',
        duration_ms: 6000,
      },
      { time: '2026-11-25T23:59:59Z', path: '/b/', visitor: 'abcdefabcdefabcd' },
    ]);
    expect(added[0]).toEqual({
      id: 1,
      type: 'view',
      time: '2026-11-26T01:02:03Z',
      view_id: 'v1',
      visitor: '0000000000000000',
      path: '/a/',
      title: 'A',
      referrer_host: 'google.com',
      duration_ms: 0,
    });
    expect(added.map((e) => e.id)).toEqual([1, 2, 3]);

    const first = await wp.analyticsEvents({ limit: 2 });
    expect(first).toEqual({ events: added.slice(0, 2), last_id: 2, has_more: true });
    const rest = await wp.analyticsEvents({ after: first.last_id, limit: 2 });
    expect(rest).toEqual({ events: added.slice(2), last_id: 3, has_more: false });
    expect(await wp.analyticsEvents({ after: 3 })).toEqual({ events: [], last_id: 3, has_more: false });
    expect(await wp.analyticsStatus()).toEqual({
      installed: true,
      version: '1',
      events: 3,
      oldest: '2026-11-25T23:59:59Z',
      last_id: 3,
    });
    expect(server.addAnalyticsEvents([{ time: '2026-11-27T00:00:00Z' }])[0]!.id).toBe(4);
  });

  it('records hits like the plugin: bots dropped, malformed refused, referrers and visitors hashed', async () => {
    const server = await start();
    const wp = clientFor(server);
    const accepted = [
      [{ t: 'v', id: 'view1', p: '/', r: 'https://www.Google.com/search?q=x', n: 'Home' }, CHROME_UA],
      [{ t: 'v', id: 'view2', p: '/about/', r: `${server.url}/`, n: 'About' }, CHROME_UA],
      [{ t: 'l', id: 'view2', p: '/about/', d: 12_345.4 }, CHROME_UA],
      [{ t: 'l', id: 'view3', p: '/about/', d: 99_999_999 }, FIREFOX_UA],
    ] as const;
    for (const [body, ua] of accepted) {
      const res = await hit(server, body, ua);
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
    }
    expect((await hit(server, { t: 'v', id: 'bot', p: '/' }, 'Googlebot/2.1')).status).toBe(204);
    expect((await hit(server, { t: 'v', id: 'bot', p: '/' }, 'HeadlessChrome/131')).status).toBe(204);
    for (const body of [
      'nope',
      { t: 'v', id: 'x', p: 'no-slash' },
      { t: 'l', id: 'x', p: '/' },
      { t: 'l', id: 'x', p: '/', d: '5' },
    ]) {
      const res = await hit(server, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('blogfleet_invalid_hit');
    }

    const { events } = await wp.analyticsEvents();
    expect(events.map(({ id: _i, time: _t, visitor: _v, ...rest }) => rest)).toEqual([
      {
        type: 'view',
        view_id: 'view1',
        path: '/',
        title: 'Home',
        referrer_host: 'google.com',
        duration_ms: 0,
      },
      { type: 'view', view_id: 'view2', path: '/about/', title: 'About', referrer_host: '', duration_ms: 0 },
      { type: 'leave', view_id: 'view2', path: '/about/', title: '', referrer_host: '', duration_ms: 12_345 },
      {
        type: 'leave',
        view_id: 'view3',
        path: '/about/',
        title: '',
        referrer_host: '',
        duration_ms: 1_800_000,
      },
    ]);
    const visitors = events.map((e) => e.visitor);
    for (const v of visitors) expect(v).toMatch(/^[0-9a-f]{16}$/);
    expect(visitors[0]).toBe(visitors[1]);
    expect(visitors[3]).not.toBe(visitors[0]);
    for (const e of events) expect(Math.abs(Date.parse(e.time) - Date.now())).toBeLessThan(60_000);
  });

  it('lets only administrators read, and checks limit and after like WordPress', async () => {
    const server = await start();
    for (const route of ['events', 'status']) {
      const res = await fetch(`${server.url}/wp-json/blogfleet/v1/${route}`);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('rest_forbidden');
    }
    await expect(clientFor(server, 'wrong wrong wrong').analyticsEvents()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const editor = await start({ canManageTerms: false });
    await expect(clientFor(editor).analyticsStatus()).rejects.toMatchObject({ code: 'FORBIDDEN' });

    const auth = `Basic ${Buffer.from(`admin:${PASSWORD}`).toString('base64')}`;
    for (const query of ['limit=0', 'limit=1001', 'after=-1', 'after=abc']) {
      const res = await fetch(`${server.url}/wp-json/blogfleet/v1/events?${query}`, {
        headers: { Authorization: auth },
      });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('rest_invalid_param');
    }
    // The client refuses such arguments itself, without asking.
    const wp = clientFor(server);
    const asked = server.count('GET', '/blogfleet/v1/events');
    await expect(wp.analyticsEvents({ limit: 1001 })).rejects.toMatchObject({ code: 'INVALID' });
    await expect(wp.analyticsEvents({ after: 1.5 })).rejects.toMatchObject({ code: 'INVALID' });
    expect(server.count('GET', '/blogfleet/v1/events')).toBe(asked);
  });

  it('works on a site with plain permalinks (?rest_route=)', async () => {
    const server = await start({ style: 'plain' });
    server.addAnalyticsEvents([{ time: '2026-11-26T00:00:00Z', path: '/?p=1' }]);
    const res = await fetch(`${server.url}/?rest_route=/blogfleet/v1/hit`, {
      method: 'POST',
      headers: { 'User-Agent': CHROME_UA },
      body: JSON.stringify({ t: 'v', id: 'plain', p: '/' }),
    });
    expect(res.status).toBe(204);
    const page = await clientFor(server).analyticsEvents();
    expect(page.events.map((e) => e.path)).toEqual(['/?p=1', '/']);
  });

  it('says when the site has no analytics plugin', async () => {
    const server = await start({ analyticsPlugin: false });
    const wp = clientFor(server);
    expect(await wp.analyticsStatus()).toEqual({ installed: false });
    const error = await wp.analyticsEvents().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalyticsPluginMissingError);
    expect(error).toBeInstanceOf(WordPressError);
    expect(isAnalyticsPluginMissing(error)).toBe(true);
    expect(error).toMatchObject({ code: 'NOT_FOUND', details: { status: 404, wpCode: 'rest_no_route' } });
    expect((error as Error).message).toMatch(/analytics plugin is not installed.*wp-content\/mu-plugins/);
    expect((await hit(server, { t: 'v', id: 'x', p: '/' })).status).toBe(404);
    // Any other failure stays what it is.
    server.inject({ route: '/blogfleet/v1/status', status: 500, times: Infinity });
    const failed = await wp.analyticsStatus().catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(WordPressError);
    expect(isAnalyticsPluginMissing(failed)).toBe(false);
    expect(failed).toMatchObject({ code: 'UPSTREAM_ERROR' });
  });

  it('refuses an answer that is not the plugin’s shape', async () => {
    const answers: unknown[] = [
      { events: [{ id: 1, type: 'click' }], last_id: 1, has_more: false },
      { events: [], last_id: '1', has_more: false },
    ];
    for (const body of answers) {
      const wp = new WordPressClient({
        siteUrl: 'http://wp.invalid',
        username: 'admin',
        appPassword: PASSWORD,
        apiRoot: 'http://wp.invalid/wp-json',
        retries: 0,
        fetch: async () =>
          new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }),
      });
      const error = await wp.analyticsEvents().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WordPressError);
      expect(error).toMatchObject({ code: 'UPSTREAM_ERROR' });
      expect((error as Error).message).toMatch(/GET \/blogfleet\/v1\/events with an unexpected body at /);
    }
  });
});
