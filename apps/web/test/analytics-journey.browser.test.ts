/**
 * First-party analytics end to end on a real WordPress of this machine: a provisioned site carries the
 * must-use plugin; two visitors in Chromium read it (one from a search engine over two pages, one
 * bouncing off the home page); Blogfleet reads the site and its analytics tab, the fleet's /analytics
 * screen and the traffic request aimed at the post show the exact numbers. Needs the WordPress host
 * (infra/wordpress/setup-host.sh).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import {
  deprovisionSite,
  hostFromEnv,
  provisionSite,
  startSite,
  wordpressHostAvailable,
  type RunningSite,
  type SiteCredentials,
} from '@blogfleet/integrations/wordpress';
import { chromiumPath } from '@blogfleet/integrations/chromium';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  browserSuiteBlocker,
  capture,
  launchChromium,
  openSignedIn,
  pageRest,
  startBuiltServer,
  type RunningServer,
} from '@blogfleet/server/testing';

const ADMIN = { email: 'admin@analytics-journey.test', password: 'admin-analytics-journey-pass' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const tag = randomBytes(3).toString('hex');
const DOMAIN = `cay-olcum-${tag}.com`;
const CHROME_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const FIREFOX_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const root = await mkdtemp(path.join(tmpdir(), 'blogfleet-analytics-'));
const host = {
  ...hostFromEnv(process.env),
  root,
  firstPort: 42_000 + Math.floor(Math.random() * 6_000),
};
const blocker = browserSuiteBlocker() ?? (await wordpressHostAvailable(host));
if (blocker) {
  await rm(root, { recursive: true, force: true });
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`Analytics journey cannot run: ${blocker}`);
  console.warn(`Analytics journey NOT run: ${blocker}. It runs in npm run test:all.`);
}

/** A visitor's own browser: its user agent must be a person's (the plugin drops HeadlessChrome as a bot). */
function visitorBrowser(userAgent: string) {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--user-agent=${userAgent}`,
    ],
  });
}

describe.skipIf(blocker !== null)('analytics on real WordPress', { timeout: 420_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let site: { creds: SiteCredentials; running: RunningSite };

  beforeAll(async () => {
    server = await startBuiltServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JOB_WORKERS: 'true',
      JOB_POLL_INTERVAL_SECONDS: '0.5',
    });
    browser = await launchChromium();
    const creds = await provisionSite(
      host,
      {
        domain: DOMAIN,
        title: 'Çay Ölçüm',
        slogan: 'Kaç kişi okudu?',
        adminEmail: `admin@${DOMAIN}`,
        postTitle: 'Merhaba',
        postContent: 'İlk yazı.',
        pageTitle: 'Ana sayfa',
        pageContent: 'Hoş geldiniz',
        language: 'en',
        timezone: 'UTC',
      },
      () => {},
    );
    site = { creds, running: await startSite(host, DOMAIN) };
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await site?.running.stop();
    await deprovisionSite(host, DOMAIN).catch(() => {});
    await rm(root, { recursive: true, force: true });
  }, 120_000);

  it('counts two visitors of the site and shows the exact numbers on the tab, the fleet and the traffic request', async () => {
    const { page, context } = await openSignedIn(browser, server.url, ADMIN, { viewport: DESKTOP });
    onTestFailed(() => capture(page, 'analytics-journey-failed'));
    const call = async (method: string, p: string, body?: unknown) => {
      const res = await pageRest(page, method, p, body);
      expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data;
    };
    await page.goto('/dashboard');
    const { site: added } = await call('POST', 'sites', {
      site_title: 'Çay Ölçüm',
      domain_name: DOMAIN,
      wp_api_url: site.running.url,
      wp_username: site.creds.adminUser,
      wp_app_password: site.creds.appPassword,
    });
    const siteUrl = site.running.url.replace(/\/wp-json\/?$/, '');
    // Aimed at the post before anyone reads it: one visit is its whole target.
    const { request } = await call('POST', `sites/${added.id}/traffic-requests`, {
      unique_users: 1,
      duration_days: 7,
      target_pages: ['/merhaba/'],
    });

    // A reader from a search engine who goes on to the post, then closes the tab.
    const reader = await visitorBrowser(CHROME_UA);
    try {
      const tab = await (await reader.newContext({ userAgent: CHROME_UA })).newPage();
      await tab.goto(`${siteUrl}/`, { referer: 'https://www.google.com/search?q=cay' });
      await Promise.all([
        tab.waitForURL(`${siteUrl}/merhaba/`, { waitUntil: 'load' }),
        tab.locator('a[href$="/merhaba/"]').first().click(),
      ]);
      await tab.waitForTimeout(1200);
      await tab.close({ runBeforeUnload: true });
    } finally {
      await new Promise((r) => setTimeout(r, 500));
      await reader.close();
    }
    // Another person who reads the home page only (a bounce), typed in by hand.
    const bouncer = await visitorBrowser(FIREFOX_UA);
    try {
      const tab = await (await bouncer.newContext({ userAgent: FIREFOX_UA })).newPage();
      await tab.goto(`${siteUrl}/`);
      await tab.waitForTimeout(800);
      await tab.close({ runBeforeUnload: true });
    } finally {
      await new Promise((r) => setTimeout(r, 500));
      await bouncer.close();
    }

    // Blogfleet reads the site from its tab; the beacons of the leaving pages may trail a little.
    await page.goto(`/sites/${added.id}?tab=analytics`);
    await page.getByRole('button', { name: 'Read now' }).waitFor();
    const today = new Date().toISOString().slice(0, 10);
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Read now' }).click();
          await page
            .getByText(/Analytics read: \d+ new events/)
            .first()
            .waitFor();
          const a = await call('GET', `sites/${added.id}/analytics?start_date=${today}&end_date=${today}`);
          return `${a.visitors.total}/${a.pageviews.total}/${a.sessions}/${a.avg_session_duration > 0}`;
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toBe('2/3/2/true');
    const a = await call('GET', `sites/${added.id}/analytics`);
    expect(a).toMatchObject({
      visitors: { total: 2, today: 2 },
      pageviews: { total: 3 },
      bounce_rate: 50,
      traffic_sources: [
        { source: 'direct', visitors: 1, percentage: 50 },
        { source: 'google.com', visitors: 1, percentage: 50 },
      ],
      top_pages: [
        { path: '/', views: 2 },
        { path: '/merhaba/', title: expect.stringContaining('Merhaba'), views: 1 },
      ],
    });

    // What the tab shows after a reload.
    await page.reload();
    const figures = page.locator('main');
    await figures.getByText('Last read').waitFor();
    await expect.poll(() => figures.getByText('50%', { exact: true }).count()).toBeGreaterThan(0);
    const topPages = page.getByRole('list', { name: 'Top pages' });
    await expect.poll(() => topPages.getByRole('listitem').count()).toBe(2);
    await expect.poll(() => topPages.getByRole('listitem').first().innerText()).toContain('2 views');
    const sources = page.getByRole('list', { name: 'Traffic sources' });
    await expect
      .poll(() => sources.innerText())
      .toMatch(/Direct[\s\S]*1 · 50%[\s\S]*google\.com[\s\S]*1 · 50%/);
    await page.getByRole('img', { name: 'Visitors and page views a day' }).waitFor();
    await capture(page, 'site-analytics-desktop-en');

    // The traffic request aimed at the post: delivered and completed.
    await page.goto(`/sites/${added.id}?tab=traffic`);
    const requests = page.getByRole('list', { name: 'Traffic requests' });
    await expect.poll(() => requests.innerText()).toContain('1 visits delivered (100%)');
    expect(
      (await call('GET', `sites/${added.id}/traffic-requests`)).requests.find(
        (r: { id: number }) => r.id === request.id,
      ),
    ).toMatchObject({ status: 'completed', results: { delivered_visits: 1, completion_rate: 100 } });

    // The fleet: this site leads, with its numbers.
    await page.goto('/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    const ranked = page.getByRole('list', { name: 'Sites by visitors' });
    await expect
      .poll(() => ranked.getByRole('listitem').first().innerText())
      .toMatch(/Çay Ölçüm[\s\S]*2 visitors/);
    await page.getByRole('img', { name: 'Visitors and page views of the fleet a day' }).waitFor();
    await page.getByRole('combobox', { name: 'Date range' }).click();
    await page.getByRole('option', { name: 'Last 365 days' }).click();
    await expect.poll(() => page.url()).toContain('range=365');
    await ranked.getByRole('img', { name: `Visitors of ${DOMAIN} a month` }).waitFor();
    await capture(page, 'fleet-analytics-desktop-en');

    await page.getByRole('button', { name: 'tr', exact: true }).click();
    await page.getByRole('heading', { name: 'Analitik', level: 1 }).waitFor();
    await capture(page, 'fleet-analytics-desktop-tr');
    await page.goto(`/sites/${added.id}?tab=analytics`);
    await page.getByRole('button', { name: 'tr', exact: true }).click();
    await page.getByRole('list', { name: 'En çok okunan sayfalar' }).waitFor();
    await capture(page, 'site-analytics-desktop-tr');
    await context.close();

    const phone = await openSignedIn(browser, server.url, ADMIN, { viewport: PHONE });
    await phone.page.goto('/analytics');
    await phone.page.getByRole('list', { name: 'Sites by visitors' }).waitFor();
    await capture(phone.page, 'fleet-analytics-phone-en');
    await phone.page.goto(`/sites/${added.id}?tab=analytics`);
    await phone.page.getByRole('list', { name: 'Top pages' }).waitFor();
    await capture(phone.page, 'site-analytics-phone-en');
    await phone.page.getByRole('button', { name: 'tr', exact: true }).click();
    await phone.page.getByRole('list', { name: 'En çok okunan sayfalar' }).waitFor();
    await capture(phone.page, 'site-analytics-phone-tr');
    await phone.page.goto('/analytics');
    await phone.page.getByRole('button', { name: 'tr', exact: true }).click();
    await phone.page.getByRole('list', { name: 'Ziyaretçiye göre siteler' }).waitFor();
    await capture(phone.page, 'fleet-analytics-phone-tr');
    await phone.context.close();
  });
});
