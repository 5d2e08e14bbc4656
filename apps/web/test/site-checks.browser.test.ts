/**
 * Screenshots and performance tests from the site detail's side panel, in Chromium against the built app;
 * the "site" is the WordPress protocol test server on loopback, so this runs wherever Chromium does (the
 * sites journey does the same on real WordPress when the WordPress host is installed).
 */
import type { Browser } from 'playwright-core';
import {
  startWordPressTestServer,
  type WordPressTestServer,
} from '@blogfleet/integrations/wordpress/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const ADMIN = { email: 'admin@checks.test', password: 'admin-checks-pass' };
const DESKTOP = { width: 1440, height: 900 };
const blocker = browserSuiteBlocker();
if (blocker) {
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`browser suite cannot run: ${blocker}`);
  console.warn(`Browser suite NOT run: ${blocker}. It runs in npm run test:all.`);
}

describe.skipIf(blocker !== null)(
  'site screenshots and performance tests in Chromium',
  { timeout: 180_000 },
  () => {
    let server: RunningServer;
    let browser: Browser;
    const wps: WordPressTestServer[] = [];

    beforeAll(async () => {
      server = await startBuiltServer({
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        JOB_WORKERS: 'true',
      });
      browser = await launchChromium();
      // The periodic screenshots (every quarter hour) would shoot a new site while a test looks at it.
      const { accessToken } = await login(server.url, ADMIN);
      const off = await api(server.url, 'PUT', 'settings/integrations/wordpress_host', {
        token: accessToken,
        body: { screenshotIntervalHours: 0 },
      });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.dispose();
      await Promise.all(wps.map((wp) => wp.close()));
    });

    async function addSite(title: string, domain: string) {
      const wp = await startWordPressTestServer();
      wps.push(wp);
      const { accessToken } = await login(server.url, ADMIN);
      const res = await api(server.url, 'POST', 'sites', {
        token: accessToken,
        body: {
          site_title: title,
          domain_name: domain,
          wp_api_url: `${wp.url}/wp-json`,
          wp_username: wp.options.username,
          wp_app_password: wp.options.password,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { wp, id: res.body.data.site.id as number };
    }

    it('takes a screenshot and a performance test from the side panel; the list shows the thumbnail', async () => {
      const { id } = await addSite('Harbour Log', 'harbour-log.com');
      const { context, page } = await openSignedIn(browser, server.url, ADMIN, {
        viewport: DESKTOP,
        quietJobs: true,
      });
      const toasts = page.getByRole('region', { name: /Notifications/ });
      await page.goto(`/sites/${id}`);
      await page.getByText('No screenshot yet').waitFor();

      await page.getByRole('button', { name: 'Take screenshot' }).click();
      await toasts.getByText('Screenshot taken successfully').waitFor({ timeout: 60_000 });
      const shot = page.getByRole('img', { name: 'Latest screenshot of Harbour Log' });
      // Loaded from the server's files route by the <img> itself, without the bearer token.
      await expect
        .poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 })
        .toBe(400);
      const link = page.getByRole('link', { name: 'Open the full screenshot' });
      expect(await link.getAttribute('target')).toBe('_blank');
      const full = await fetch(`${server.url}${await link.getAttribute('href')}`);
      expect(full.headers.get('content-type')).toBe('image/png');
      expect(full.headers.get('cache-control')).toContain('immutable');
      expect(
        Buffer.from(await full.arrayBuffer())
          .subarray(0, 8)
          .toString('hex'),
      ).toBe('89504e470d0a1a0a');

      await page.getByRole('button', { name: 'Performance test', exact: true }).click();
      await toasts.getByText('Performance test finished').waitFor({ timeout: 60_000 });
      await page.getByRole('tab', { name: 'Dashboard' }).click();
      const last = page.getByRole('group', { name: 'Last performance test' });
      await last.getByText('Time to first byte').waitFor();
      expect(await last.textContent()).toMatch(/Load time[\d,.]+ ms/);
      const { accessToken } = await login(server.url, ADMIN);
      const [test] = (await api(server.url, 'GET', `sites/${id}/performance-tests`, { token: accessToken }))
        .body.data.tests;
      const count = test.request_count as number;
      expect(await last.textContent()).toMatch(
        new RegExp(`Page weight[\\d,.]+ kB · ${count} ${count === 1 ? 'request' : 'requests'}$`),
      );
      // The finished jobs and what they did reach the recent activity without a reload.
      const activity = page.getByRole('list', { name: 'Recent activity' });
      await activity
        .getByRole('listitem')
        .filter({ hasText: 'Performance test of harbour-log.com' })
        .getByText('Completed')
        .waitFor();
      await activity
        .getByRole('listitem')
        .filter({ hasText: 'Screenshot of harbour-log.com' })
        .getByText('Completed')
        .waitFor();
      await activity.getByText('Screenshot taken', { exact: true }).waitFor();
      await capture(page, 'site-checks-en-desktop');

      await page.goto('/sites');
      const thumb = page.getByTestId('site-row-harbour-log.com').locator('img');
      await expect
        .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
          timeout: 10_000,
        })
        .toBe(400);
      await context.close();
    });

    it('says why when the site does not answer, and keeps no screenshot', async () => {
      const { id, wp } = await addSite('Closed Shop', 'closed-shop.com');
      await wp.close();
      const { context, page } = await openSignedIn(browser, server.url, ADMIN, {
        viewport: DESKTOP,
        quietJobs: true,
      });
      await page.goto(`/sites/${id}`);
      await page.getByRole('button', { name: 'Take screenshot' }).click();
      await page
        .getByRole('region', { name: /Notifications/ })
        .getByText(`Failed to take screenshot: ${wp.url}/ did not answer (the site is down or unreachable)`)
        .waitFor({ timeout: 60_000 });
      await page.getByText('No screenshot yet').waitFor();
      await context.close();
    });

    it('warns, naming the post, when a sync could not send a post WordPress refused', async () => {
      const { id, wp } = await addSite('Half Sent', 'half-sent.com');
      const { accessToken } = await login(server.url, ADMIN);
      // Written while WordPress did not answer: kept here for the next push.
      wp.inject({ method: 'POST', route: '/wp/v2/posts', drop: true, times: Infinity });
      const kept = await api(server.url, 'POST', `sites/${id}/posts`, {
        token: accessToken,
        body: { title: 'Refused draft' },
      });
      expect(kept.body.data.post.needs_push, JSON.stringify(kept.body)).toBe(true);
      wp.faults.length = 0;
      wp.inject({
        method: 'POST',
        route: '/wp/v2/posts',
        status: 400,
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): title',
      });
      const { context, page } = await openSignedIn(browser, server.url, ADMIN, { viewport: DESKTOP });
      await page.goto(`/sites/${id}`);
      // The job panel's cards (this site's first pull, earlier tests' jobs) may sit over the side panel's
      // lower buttons; the keyboard reaches the button whatever covers it.
      await page.getByRole('button', { name: 'Sync all data' }).press('Enter');
      const toast = page
        .getByRole('region', { name: /Notifications/ })
        .getByText(/^Sync finished: \d+ posts; 0 posts sent, not sent: Refused draft: /);
      await toast.waitFor({ timeout: 60_000 });
      expect(await toast.textContent()).toContain('Invalid parameter(s): title');
      await context.close();
    });
  },
);
