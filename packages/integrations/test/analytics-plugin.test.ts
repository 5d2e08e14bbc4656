/**
 * Blogfleet's analytics must-use plugin on a real WordPress site provisioned on this machine (Debian's
 * wordpress package, PHP CLI, MariaDB), read through the WordPress client, and visited by the system
 * Chromium. Skipped with a warning when the host cannot run WordPress (or, for the browser part, without
 * Chromium), unless BLOGFLEET_TEST_ALL is set.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumPath } from '@blogfleet/integrations/chromium';
import {
  ANALYTICS_PLUGIN_FILENAME,
  ANALYTICS_PLUGIN_PHP,
  AnalyticsPluginMissingError,
  WordPressClient,
  WordPressError,
  deprovisionSite,
  hostFromEnv,
  installAnalyticsPluginOnSite,
  provisionSite,
  startSite,
  wordpressHostAvailable,
  type AnalyticsEvent,
  type RunningSite,
  type SiteCredentials,
  type WordPressHost,
} from '@blogfleet/integrations/wordpress';

const root = await mkdtemp(path.join(tmpdir(), 'blogfleet-wp-analytics-'));
const host: WordPressHost = {
  ...hostFromEnv({ ...process.env, WP_HOST_ROOT: root }),
  root,
  firstPort: 40_000 + Math.floor(Math.random() * 9_000),
};
const unavailable = await wordpressHostAvailable(host);
if (unavailable) {
  await rm(root, { recursive: true, force: true });
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`Real WordPress tests required but: ${unavailable}`);
  console.warn(`Skipping analytics-plugin.test.ts: ${unavailable}`);
}
const noChromium = existsSync(chromiumPath()) ? null : `no Chromium at ${chromiumPath()}`;
if (noChromium && !unavailable) {
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`Chromium tests required but: ${noChromium}`);
  console.warn(`Skipping the browser part of analytics-plugin.test.ts: ${noChromium}`);
}

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const BROWSER_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

const tag = Math.random().toString(36).slice(2, 8);
const domain = `analytics-${tag}.example.com`;

/** A POST with exactly these headers (node:http adds no User-Agent of its own). */
function post(url: string, body: string, userAgent?: string, extra: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const headers: Record<string, string> = { 'Content-Type': 'text/plain;charset=UTF-8', ...extra };
      if (userAgent !== undefined) headers['User-Agent'] = userAgent;
      const req = http.request(url, { method: 'POST', headers }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    },
  );
}

const SCRIPT = /<script id="blogfleet-analytics">[\s\S]*?<\/script>/g;

describe.skipIf(unavailable !== null)('the analytics plugin on real WordPress', () => {
  let creds: SiteCredentials;
  let site: RunningSite;
  let client: WordPressClient;
  let hitUrl: string;
  let db: mysql.Connection;
  const pluginFile = () =>
    path.join(root, domain, 'public', 'wp-content', 'mu-plugins', ANALYTICS_PLUGIN_FILENAME);

  beforeAll(async () => {
    creds = await provisionSite(host, {
      domain,
      title: 'Analytics Site',
      slogan: 'Counting quietly',
      adminEmail: `admin@${domain}`,
      postTitle: 'Hello analytics',
      postContent: 'First post',
      pageTitle: 'About',
      pageContent: 'About page',
      language: 'en',
      timezone: 'UTC',
    });
    site = await startSite(host, domain);
    client = new WordPressClient({
      siteUrl: site.url,
      username: creds.adminUser,
      appPassword: creds.appPassword,
      timeoutMs: 30_000,
    });
    hitUrl = `${(await client.apiRoot()).base}/blogfleet/v1/hit`;
    db = await mysql.createConnection({
      host: host.db.host,
      port: host.db.port,
      user: host.db.user,
      password: host.db.password,
      database: creds.dbName,
    });
  }, 300_000);

  afterAll(async () => {
    await db?.end();
    await site?.stop();
    await deprovisionSite(host, domain).catch(() => {});
    await rm(root, { recursive: true, force: true });
  }, 120_000);

  it('is installed by the provisioner as a must-use plugin the site cannot change', async () => {
    expect(await readFile(pluginFile(), 'utf8')).toBe(ANALYTICS_PLUGIN_PHP);
    expect((await stat(pluginFile())).mode & 0o777).toBe(0o640);
    expect((await stat(path.dirname(pluginFile()))).mode & 0o777).toBe(0o750);
  });

  it('prints an inline script of at most 1 kB on front-end pages, sets no cookie, and none in feeds', async () => {
    for (const page of ['/', '/hello-analytics/', '/about/']) {
      const res = await fetch(`${site.url}${page}`, { headers: { 'User-Agent': CHROME_UA } });
      expect(res.status, page).toBe(200);
      expect(res.headers.getSetCookie(), page).toEqual([]);
      const html = await res.text();
      const scripts = html.match(SCRIPT) ?? [];
      expect(scripts, page).toHaveLength(1);
      const script = scripts[0]!;
      expect(Buffer.byteLength(script), page).toBeLessThanOrEqual(1024);
      // The hit URL, JSON-encoded by WordPress (slashes escaped).
      expect(script).toContain(JSON.stringify(hitUrl).replace(/\//g, '\\/'));
      expect(script).toContain('sendBeacon');
      expect(script).toContain('pagehide');
      expect(script).not.toMatch(/cookie|localStorage|sessionStorage/);
    }
    const feed = await fetch(`${site.url}/feed/`);
    expect(feed.status).toBe(200);
    expect(await feed.text()).not.toContain('blogfleet-analytics');
  });

  let recorded: AnalyticsEvent[] = [];

  it('stores views and leaves, drops bots and refuses malformed hits', async () => {
    const accepted = [
      [{ t: 'v', id: 'view1', p: '/', r: 'https://www.Google.com/search?q=x', n: 'Home' }, CHROME_UA],
      [{ t: 'v', id: 'view2', p: '/about/', r: `${site.url}/`, n: 'About' }, CHROME_UA],
      [{ t: 'l', id: 'view2', p: '/about/', d: 12345.4 }, CHROME_UA],
      [{ t: 'v', id: 'view3', p: '/about/', r: 'not a url', n: 'About' }, FIREFOX_UA],
      [{ t: 'l', id: 'view3', p: '/about/', d: 99_999_999 }, FIREFOX_UA],
    ] as const;
    for (const [body, ua] of accepted) {
      const res = await post(hitUrl, JSON.stringify(body), ua);
      expect(res.status, JSON.stringify(body)).toBe(204);
      expect(res.body).toBe('');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const view = JSON.stringify({ t: 'v', id: 'bot1', p: '/', r: '', n: 'Home' });
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'curl/8.5.0',
      'python-requests/2.31',
      undefined,
    ]) {
      expect((await post(hitUrl, view, ua)).status, String(ua)).toBe(204);
    }
    for (const body of [
      'not json',
      '[]',
      JSON.stringify({ t: 'x', id: 'bad1', p: '/' }),
      JSON.stringify({ t: 'v', id: 'bad2', p: 'about' }),
      JSON.stringify({ t: 'v', id: 'has space', p: '/' }),
      JSON.stringify({ t: 'v', id: 'x'.repeat(33), p: '/' }),
      JSON.stringify({ t: 'l', id: 'bad3', p: '/' }),
      JSON.stringify({ t: 'l', id: 'bad5', p: '/', d: '12' }),
      JSON.stringify({ t: 'v', id: 'bad4', p: '/', n: 42 }),
    ]) {
      const res = await post(hitUrl, body, CHROME_UA);
      expect(res.status, body).toBe(400);
    }

    const page = await client.analyticsEvents();
    expect(page.has_more).toBe(false);
    expect(page.events.map(({ id: _id, time: _time, visitor: _visitor, ...rest }) => rest)).toEqual([
      {
        type: 'view',
        view_id: 'view1',
        path: '/',
        title: 'Home',
        referrer_host: 'google.com',
        duration_ms: 0,
      },
      { type: 'view', view_id: 'view2', path: '/about/', title: 'About', referrer_host: '', duration_ms: 0 },
      { type: 'leave', view_id: 'view2', path: '/about/', title: '', referrer_host: '', duration_ms: 12345 },
      { type: 'view', view_id: 'view3', path: '/about/', title: 'About', referrer_host: '', duration_ms: 0 },
      {
        type: 'leave',
        view_id: 'view3',
        path: '/about/',
        title: '',
        referrer_host: '',
        duration_ms: 1_800_000,
      },
    ]);
    const ids = page.events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(5);
    expect(page.last_id).toBe(ids.at(-1));
    for (const e of page.events) {
      expect(e.visitor).toMatch(/^[0-9a-f]{16}$/);
      expect(Math.abs(Date.parse(e.time) - Date.now())).toBeLessThan(5 * 60_000);
      expect(e.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
    const [chrome1, chrome2, chrome3, firefox1, firefox2] = page.events.map((e) => e.visitor);
    expect(new Set([chrome1, chrome2, chrome3]).size).toBe(1);
    expect(firefox1).toBe(firefox2);
    expect(firefox1).not.toBe(chrome1);
    recorded = page.events;
  });

  it('pages through events after an id', async () => {
    const first = await client.analyticsEvents({ after: 0, limit: 2 });
    expect(first.events).toEqual(recorded.slice(0, 2));
    expect(first).toMatchObject({ last_id: recorded[1]!.id, has_more: true });
    const second = await client.analyticsEvents({ after: first.last_id, limit: 3 });
    expect(second.events).toEqual(recorded.slice(2, 5));
    expect(second).toMatchObject({ last_id: recorded[4]!.id, has_more: false });
    const none = await client.analyticsEvents({ after: second.last_id });
    expect(none).toEqual({ events: [], last_id: second.last_id, has_more: false });
    await expect(client.analyticsEvents({ limit: 1001 })).rejects.toMatchObject({ code: 'INVALID' });
    const auth = `Basic ${Buffer.from(`${creds.adminUser}:${creds.appPassword}`).toString('base64')}`;
    const tooMany = await fetch(`${site.url}/wp-json/blogfleet/v1/events?limit=1001`, {
      headers: { Authorization: auth },
    });
    expect(tooMany.status).toBe(400);
  });

  it('tells its status, and refuses readers without credentials', async () => {
    expect(await client.analyticsStatus()).toEqual({
      installed: true,
      version: '1',
      events: 5,
      oldest: recorded[0]!.time,
      last_id: recorded[4]!.id,
    });
    for (const route of ['events', 'status']) {
      const res = await fetch(`${site.url}/wp-json/blogfleet/v1/${route}`);
      expect(res.status, route).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('rest_forbidden');
    }
    const wrong = new WordPressClient({
      siteUrl: site.url,
      username: creds.adminUser,
      appPassword: 'nope nope nope',
    });
    await expect(wrong.analyticsEvents()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('keeps no address in its table: only the columns of the contract, and a salt of the day', async () => {
    const [columns] = await db.query<mysql.RowDataPacket[]>('SHOW COLUMNS FROM wp_blogfleet_events');
    expect(columns.map((c) => `${c.Field} ${c.Type}`)).toEqual([
      'id bigint(20) unsigned',
      'created_at datetime',
      'type char(1)',
      'view_id varchar(32)',
      'visitor char(16)',
      'path varchar(512)',
      'title varchar(255)',
      'referrer_host varchar(255)',
      'duration_ms int(10) unsigned',
    ]);
    const [rows] = await db.query<mysql.RowDataPacket[]>('SELECT * FROM wp_blogfleet_events');
    expect(rows.length).toBe(5);
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain('127.0.0.1');
    expect(dump).not.toContain('Mozilla');
    const [salt] = await db.query<mysql.RowDataPacket[]>(
      "SELECT option_name, option_value FROM wp_options WHERE option_name LIKE 'blogfleet\\_analytics\\_salt%'",
    );
    // One salt, today's: the days before are gone.
    expect(salt).toHaveLength(1);
    expect(salt[0]?.option_name).toBe(`blogfleet_analytics_salt_${new Date().toISOString().slice(0, 10)}`);
    expect(String(salt[0]?.option_value)).toMatch(/^[0-9a-f]{64}$/);
  });

  it.skipIf(noChromium !== null)(
    'counts a browser visiting two pages: views at load, leaves when the pages go',
    async () => {
      const before = (await client.analyticsStatus()) as { events: number };
      const after = (await client.analyticsEvents({ limit: 1000 })).last_id;
      let events: AnalyticsEvent[] = [];
      const browser = await chromium.launch({
        executablePath: chromiumPath(),
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          // The context's user agent does not reach a beacon sent while the page is being replaced
          // (that one carries the browser's own, "HeadlessChrome", which the plugin drops as a bot).
          `--user-agent=${BROWSER_UA}`,
        ],
      });
      try {
        const context = await browser.newContext({ userAgent: BROWSER_UA });
        const page = await context.newPage();
        await page.goto(`${site.url}/`, { referer: 'https://news.ycombinator.com/item?id=1' });
        // A visitor following the post's link (the referrer is then the site itself).
        await Promise.all([
          page.waitForURL(`${site.url}/hello-analytics/`, { waitUntil: 'load' }),
          page.locator('a[href$="/hello-analytics/"]').first().click(),
        ]);
        // Runs in the page; this package's types have no DOM.
        const stored = await page.evaluate(() => {
          const { localStorage, sessionStorage } = globalThis as unknown as Record<
            string,
            { length: number }
          >;
          return localStorage!.length + sessionStorage!.length;
        });
        expect(stored).toBe(0);
        // Closing runs the page's pagehide like a tab being closed; the browser stays up meanwhile, as
        // a real one would, so the beacon can go out.
        const closed = page.waitForEvent('close');
        await page.close({ runBeforeUnload: true });
        await closed;
        await expect
          .poll(async () => (events = (await client.analyticsEvents({ after })).events).length)
          .toBe(4);
        expect(await context.cookies()).toEqual([]);
        await context.close();
      } finally {
        await browser.close();
      }
      const byView: Record<string, AnalyticsEvent[]> = {};
      for (const e of events) (byView[e.view_id] ??= []).push(e);
      expect(Object.keys(byView)).toHaveLength(2);
      const home = events.find((e) => e.type === 'view' && e.path === '/')!;
      const post = events.find((e) => e.type === 'view' && e.path === '/hello-analytics/')!;
      expect(home).toMatchObject({
        referrer_host: 'news.ycombinator.com',
        title: expect.stringContaining('Analytics Site'),
      });
      expect(post).toMatchObject({ referrer_host: '', title: expect.stringContaining('Hello analytics') });
      expect(home.visitor).toBe(post.visitor);
      expect(home.view_id).not.toBe(post.view_id);
      for (const view of [home, post]) {
        expect(byView[view.view_id]!.map((e) => e.type)).toEqual(['view', 'leave']);
        const leave = byView[view.view_id]![1]!;
        expect(leave).toMatchObject({ path: view.path, visitor: view.visitor, title: '', referrer_host: '' });
        expect(leave.duration_ms).toBeGreaterThan(0);
        expect(leave.duration_ms).toBeLessThan(120_000);
      }
      expect(await client.analyticsStatus()).toMatchObject({ events: before.events + 4 });
    },
    120_000,
  );

  it('deletes events older than 30 days now and then', async () => {
    // A second must-use plugin makes every hit prune (the plugin's own chance is 1 in 100).
    const always = path.join(path.dirname(pluginFile()), 'zz-prune-always.php');
    await writeFile(
      always,
      "<?php\nadd_filter('blogfleet_analytics_prune_every', function () { return 1; });\n",
      {
        mode: 0o644,
      },
    );
    try {
      const old = (days: number) =>
        new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
      await db.query(
        "INSERT INTO wp_blogfleet_events (created_at, type, view_id, visitor, path) VALUES (?, 'v', 'old31', 'aaaaaaaaaaaaaaaa', '/old'), (?, 'v', 'old29', 'aaaaaaaaaaaaaaaa', '/recent')",
        [old(31), old(29)],
      );
      expect((await post(hitUrl, JSON.stringify({ t: 'v', id: 'prune', p: '/' }), CHROME_UA)).status).toBe(
        204,
      );
      const [rows] = await db.query<mysql.RowDataPacket[]>(
        "SELECT view_id FROM wp_blogfleet_events WHERE view_id IN ('old31', 'old29', 'prune') ORDER BY id",
      );
      expect(rows.map((r) => r.view_id)).toEqual(['old29', 'prune']);
    } finally {
      await rm(always, { force: true });
    }
  });

  it('is reinstalled on a site that lost it; without it the client says so', async () => {
    await rm(pluginFile());
    expect(await client.analyticsStatus()).toEqual({ installed: false });
    const missing = await client.analyticsEvents().catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AnalyticsPluginMissingError);
    expect(missing).toBeInstanceOf(WordPressError);
    expect(missing).toMatchObject({ code: 'NOT_FOUND', details: { status: 404, wpCode: 'rest_no_route' } });
    expect((missing as Error).message).toContain('wp-content/mu-plugins');

    const installed = await installAnalyticsPluginOnSite(host, domain.toUpperCase());
    expect(installed).toEqual({ domain, path: pluginFile() });
    expect(await readFile(pluginFile(), 'utf8')).toBe(ANALYTICS_PLUGIN_PHP);
    expect((await stat(pluginFile())).mode & 0o777).toBe(0o640);
    const { mtimeMs } = await stat(pluginFile());
    await installAnalyticsPluginOnSite(host, domain);
    expect((await stat(pluginFile())).mtimeMs).toBe(mtimeMs);
    // The events stayed in their table.
    expect(await client.analyticsStatus()).toMatchObject({ installed: true, version: '1' });
    expect((await client.analyticsEvents()).events.slice(0, 5)).toEqual(recorded);

    await expect(installAnalyticsPluginOnSite(host, `nowhere-${tag}.example.com`)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
  it('takes the address a local proxy forwards, strips control characters, and stops a flood', async () => {
    const after = (await client.analyticsEvents({ limit: 1000 })).last_id;
    const hit = (id: string, forwarded: string, extra: Record<string, unknown> = {}) =>
      post(hitUrl, JSON.stringify({ t: 'v', id, p: '/proxied/', n: 'Proxied', ...extra }), CHROME_UA, {
        'X-Forwarded-For': forwarded,
      });
    // The site sits behind this machine's web server: REMOTE_ADDR is 127.0.0.1 for everyone.
    expect((await hit('fwd1', '203.0.113.5')).status).toBe(204);
    expect((await hit('fwd2', '198.51.100.7')).status).toBe(204);
    expect((await hit('ctl1', '203.0.113.5', { p: '/a\u0000b\u0007/', n: 'T\u0000itle\n' })).status).toBe(
      204,
    );
    let events = (await client.analyticsEvents({ after })).events;
    expect(events.map((e) => [e.view_id, e.path, e.title])).toEqual([
      ['fwd1', '/proxied/', 'Proxied'],
      ['fwd2', '/proxied/', 'Proxied'],
      ['ctl1', '/ab/', 'Title'],
    ]);
    expect(events[0]!.visitor).not.toBe(events[1]!.visitor);
    expect(events[2]!.visitor).toBe(events[0]!.visitor);

    const statuses: number[] = [];
    for (let i = 0; i < 65; i++) statuses.push((await hit(`flood${i}`, '192.0.2.99')).status);
    expect(statuses.filter((st) => st === 204)).toHaveLength(60);
    expect(statuses.slice(60)).toEqual([429, 429, 429, 429, 429]);
    events = (await client.analyticsEvents({ after, limit: 1000 })).events;
    expect(events.filter((e) => e.view_id.startsWith('flood'))).toHaveLength(60);
  });
});
