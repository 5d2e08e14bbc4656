/**
 * Uptime checks and notifications in Chromium against the built app: Check now on a site's dashboard
 * tab, the site going down, the sites list's uptime column, the bell's count and list (opening one marks
 * it read and goes to its site; Mark all read), and a job's notification. The "site" is the WordPress
 * protocol test server on loopback, made to fail with its injected faults.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import {
  startWordPressTestServer,
  type WordPressTestServer,
} from '@blogfleet/integrations/wordpress/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  api,
  browserSuiteBlocker,
  capture,
  launchChromium,
  login,
  openSignedIn,
  startBuiltServer,
  type RunningServer,
} from '@blogfleet/server/testing';

const ADMIN = { email: 'admin@monitoring.test', password: 'admin-monitoring-pass' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const DOMAIN = 'harbour-watch.com';
const blocker = browserSuiteBlocker();
if (blocker) {
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`browser suite cannot run: ${blocker}`);
  console.warn(`Browser suite NOT run: ${blocker}. It runs in npm run test:all.`);
}

describe.skipIf(blocker !== null)('uptime checks and notifications in Chromium', { timeout: 180_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let wp: WordPressTestServer;
  let siteId: number;

  const rest = async (method: string, path: string, body?: unknown) => {
    const { accessToken } = await login(server.url, ADMIN);
    const res = await api(server.url, method, path, { token: accessToken, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const failAll = () => wp.inject({ status: 503, times: Infinity });
  const recover = () => void (wp.faults.length = 0);

  beforeAll(async () => {
    server = await startBuiltServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JOB_WORKERS: 'true',
    });
    browser = await launchChromium();
    wp = await startWordPressTestServer();
    // The periodic run checks a site once a day here, so only this test's checks move its state once
    // the new site's first periodic check (due at once) is done: the tests wait for it below.
    await rest('PUT', 'settings/integrations/monitoring', { uptimeIntervalMinutes: 1440 });
    const { site } = await rest('POST', 'sites', {
      site_title: 'Harbour Watch',
      domain_name: DOMAIN,
      wp_api_url: `${wp.url}/wp-json`,
      wp_username: wp.options.username,
      wp_app_password: wp.options.password,
    });
    siteId = site.id;
    // Adding a site pulls it; that job's notification is the adder's. The tests count from none.
    await vi.waitFor(async () => expect((await rest('GET', 'notifications/unread-count')).unread).toBe(1), {
      timeout: 60_000,
      interval: 250,
    });
    await rest('POST', 'notifications/read-all');
    // That first periodic check comes with the next minute's run; later it could take a site the tests
    // took down back up, or down, and tell of it (a CI run's extra "back up").
    await vi.waitFor(
      async () => expect((await rest('GET', `sites/${siteId}/uptime`)).checks.length).toBeGreaterThan(0),
      { timeout: 150_000, interval: 500 },
    );
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await wp?.close();
  });

  const signedIn = (lang: 'en' | 'tr', viewport: { width: number; height: number }) =>
    openSignedIn(browser, server.url, ADMIN, { lang, viewport, quietJobs: true });
  /** The bell of the top bar (English). */
  const bell = (page: Page) => page.locator('header').getByRole('button', { name: /^Notifications/ });
  const bellName = (page: Page) => bell(page).getAttribute('aria-label');
  const uptimeCard = (page: Page) => page.getByRole('region', { name: 'Uptime', exact: true });
  /** The toasts (sonner's region), not the bell's menu. */
  const toasts = (page: Page) => page.getByRole('region', { name: /^Notifications alt/ });
  const figure = (card: Locator, label: string) =>
    card.locator('dl > div').filter({ has: card.page().getByText(label, { exact: true }) });

  it('checks a site now, sees it go down, and follows the bell to it', async () => {
    const { context, page } = await signedIn('en', DESKTOP);
    await page.goto(`/sites/${siteId}`);
    const card = uptimeCard(page);
    await card.getByRole('button', { name: 'Check now' }).click();
    await toasts(page)
      .getByText(new RegExp(`^${DOMAIN} is up: HTTP 200 in [\\d,]+ ms$`))
      .waitFor({ timeout: 30_000 });
    await figure(card, 'Status').getByText('Up', { exact: true }).waitFor();
    await figure(card, 'Uptime (7 days)').getByText('100%').waitFor();
    expect(await figure(card, 'Response time').textContent()).toMatch(/[\d,]+ ms$/);
    await card.getByRole('img', { name: 'Response time over the last 7 days' }).waitFor();
    expect(await bellName(page)).toBe('Notifications');

    // The first failure only counts; the second in a row makes the site down and notifies.
    failAll();
    await card.getByRole('button', { name: 'Check now' }).click();
    await toasts(page)
      .getByText('The check failed: Home page: HTTP 503. A site is down after two failed checks in a row.')
      .waitFor({ timeout: 30_000 });
    await figure(card, 'Status').getByText('Up', { exact: true }).waitFor();
    await expect.poll(() => card.getByRole('button', { name: 'Check now' }).isEnabled()).toBe(true);
    await card.getByRole('button', { name: 'Check now' }).click();
    await toasts(page).getByText(`${DOMAIN} is down: Home page: HTTP 503`).waitFor({ timeout: 30_000 });
    await figure(card, 'Status').getByText('Down', { exact: true }).waitFor();
    await card.getByText('Last error: Home page: HTTP 503').waitFor();
    await card.getByText(/^Down since /).waitFor();
    await expect.poll(() => bellName(page)).toBe('Notifications, 1 unread');
    expect(await page.getByTestId('unread-badge').textContent()).toBe('1');

    // The list shows it down, with the week's uptime and the last response time.
    await page.goto('/sites');
    const row = page.getByTestId(`site-row-${DOMAIN}`);
    const uptime = row.getByTestId(`uptime-${siteId}`);
    await uptime.getByText('Down', { exact: true }).waitFor();
    expect(await uptime.textContent()).toMatch(/Down[\d.]+% in 7 days · [\d,]+ ms$/);

    // The notification names the site and the reason, is unread, and leads to the site.
    await bell(page).click();
    const menu = page.getByRole('menu', { name: 'Notifications' });
    const item = menu.getByRole('menuitem').filter({ hasText: `${DOMAIN} is down` });
    await item.waitFor();
    expect(await item.getAttribute('data-unread')).toBe('true');
    expect(await item.getAttribute('data-kind')).toBe('site.down');
    expect(await item.textContent()).toContain('Home page: HTTP 503 (2 failed checks in a row).');
    await item.click();
    await page.waitForURL(`**/sites/${siteId}`);
    await expect.poll(() => bellName(page)).toBe('Notifications');
    await expect.poll(() => page.getByTestId('unread-badge').count()).toBe(0);
    await bell(page).click();
    expect(
      await menu
        .getByRole('menuitem')
        .filter({ hasText: `${DOMAIN} is down` })
        .getAttribute('data-unread'),
    ).toBeNull();
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('tells of a job the user ran and of the site coming back; Mark all read clears the count', async () => {
    recover();
    const { context, page } = await signedIn('en', DESKTOP);
    await page.goto(`/sites/${siteId}`);
    // A job this user starts ends in a notification too, seen without a reload.
    await page.getByRole('button', { name: 'WordPress pull', exact: true }).press('Enter');
    await toasts(page)
      .getByText(/^WordPress pull successful: /)
      .waitFor({ timeout: 60_000 });
    await expect.poll(() => bellName(page)).toBe('Notifications, 1 unread');
    const card = uptimeCard(page);
    await card.getByRole('button', { name: 'Check now' }).click();
    await toasts(page)
      .getByText(new RegExp(`^${DOMAIN} is up: HTTP 200`))
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => bellName(page)).toBe('Notifications, 2 unread');

    await bell(page).click();
    const menu = page.getByRole('menu', { name: 'Notifications' });
    // Newest first: this pull's, above the one of the site's first pull (read before the tests).
    const job = menu
      .getByRole('menuitem')
      .filter({ hasText: `Done: WordPress pull of ${DOMAIN}` })
      .first();
    await job.waitFor();
    expect(await job.getAttribute('data-kind')).toBe('job.completed');
    expect(await job.getAttribute('data-unread')).toBe('true');
    const up = menu.getByRole('menuitem').filter({ hasText: `${DOMAIN} is back up` });
    expect(await up.getAttribute('data-kind')).toBe('site.up');
    expect(await up.textContent()).toMatch(/HTTP 200 in \d+ ms\./);
    await menu.getByRole('menuitem', { name: 'Mark all read' }).click();
    // The menu stays open and shows them read; the badge is gone.
    await expect.poll(() => menu.locator('[data-unread]').count()).toBe(0);
    await expect.poll(() => page.getByTestId('unread-badge').count()).toBe(0);
    expect(
      await menu.getByRole('menuitem', { name: 'Mark all read' }).getAttribute('data-disabled'),
    ).not.toBeNull();
    await page.keyboard.press('Escape');
    expect(await bellName(page)).toBe('Notifications');
    await context.close();
  });

  it('counts past nine as 9+, fits the phone, and reads in both languages (screenshots)', async () => {
    await rest('POST', 'notifications/read-all');
    // Five times down and back up: ten unread notifications.
    for (let i = 0; i < 5; i++) {
      failAll();
      await rest('POST', `sites/${siteId}/uptime/check`);
      const down = await rest('POST', `sites/${siteId}/uptime/check`);
      expect(down.status).toBe('down');
      recover();
      expect((await rest('POST', `sites/${siteId}/uptime/check`)).status).toBe('up');
    }
    for (const lang of ['en', 'tr'] as const) {
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        const { context, page } = await signedIn(lang, viewport);
        const overflowX = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

        await page.goto('/sites');
        await page.getByTestId(`uptime-${siteId}`).locator('[data-uptime="up"]').waitFor();
        await expect.poll(() => page.getByTestId('unread-badge').textContent()).toBe('9+');
        if (lang === 'en') expect(await bellName(page)).toBe('Notifications, 10 unread');
        expect(await overflowX(), 'the sites list scrolls sideways').toBeLessThanOrEqual(0);
        await capture(page, `monitoring-sites-${lang}-${size}`);

        // The bell in either language: the button the badge sits on.
        await page.getByTestId('unread-badge').locator('..').click();
        const menu = page.getByRole('menu');
        await menu.getByRole('menuitem').nth(10).waitFor();
        if (lang === 'tr') {
          // Said in the screen's language, from what the notification names.
          await menu
            .getByRole('menuitem')
            .filter({ hasText: `${DOMAIN} yeniden çalışıyor` })
            .first()
            .waitFor();
          const down = menu
            .getByRole('menuitem')
            .filter({ hasText: `${DOMAIN} çalışmıyor` })
            .first();
          expect(await down.textContent()).toContain('Home page: HTTP 503 (art arda 2 başarısız kontrol).');
          expect(await menu.textContent()).not.toContain('is back up');
        }
        const box = (await menu.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        await capture(page, `monitoring-bell-${lang}-${size}`);
        await page.keyboard.press('Escape');

        await page.goto(`/sites/${siteId}`);
        await page.locator('.recharts-surface').first().waitFor();
        expect(await overflowX(), 'the site dashboard scrolls sideways').toBeLessThanOrEqual(0);
        await capture(page, `monitoring-site-dashboard-${lang}-${size}`);
        await context.close();
      }
    }
  });
});
