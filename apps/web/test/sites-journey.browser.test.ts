/**
 * The sites issue's "done when", as an operator in Chromium on real WordPress sites of this machine: one
 * site made by the creator, one existing WordPress added by URL and application password; both in the
 * list with real post counts; pull, a post created in the console and seen on the site, one scheduled
 * and published at its time, a new title seen on the site, a bulk connection test with one site stopped,
 * a site deleted. Needs the WordPress host (infra/wordpress/setup-host.sh).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { startPorkbunTestServer, type PorkbunTestServer } from '@blogfleet/integrations/registrar/testing';
import {
  deprovisionSite,
  hostFromEnv,
  provisionSite,
  startSite,
  wordpressHostAvailable,
  type RunningSite,
  type SiteCredentials,
  type WordPressHost,
} from '@blogfleet/integrations/wordpress';
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

const ADMIN = { email: 'admin@journey.test', password: 'admin-journey-pass' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const tag = randomBytes(3).toString('hex');

// Blogfleet's own hosting target, and another folder standing for a WordPress hosted elsewhere.
const root = await mkdtemp(path.join(tmpdir(), 'blogfleet-journey-'));
const elsewhereRoot = await mkdtemp(path.join(tmpdir(), 'blogfleet-elsewhere-'));
const firstPort = 42_000 + Math.floor(Math.random() * 8_000);
const wpEnv = { WP_HOST_ROOT: root, WP_FIRST_PORT: String(firstPort) };
const host = hostFromEnv({ ...process.env, ...wpEnv });
const elsewhere: WordPressHost = { ...host, root: elsewhereRoot, firstPort: firstPort + 500 };
const blocker = browserSuiteBlocker() ?? (await wordpressHostAvailable(host));
if (blocker) {
  await rm(root, { recursive: true, force: true });
  await rm(elsewhereRoot, { recursive: true, force: true });
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`sites journey cannot run: ${blocker}`);
  console.warn(`Sites journey NOT run: ${blocker}. It runs in npm run test:all.`);
}

const CREATED = `journey-${tag}.com`;
const EXTERNAL = `elsewhere-${tag}.com`;

/** The site's front page as a visitor gets it. */
const frontPage = async (url: string) => (await fetch(`${url}/`)).text();
/** How many published posts WordPress itself reports to anyone. */
const publishedOn = async (url: string) =>
  Number((await fetch(`${url}/?rest_route=/wp/v2/posts&per_page=1`)).headers.get('x-wp-total'));

describe.skipIf(blocker !== null)('sites on real WordPress, as an operator', { timeout: 420_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let pb: PorkbunTestServer;
  let external: { creds: SiteCredentials; running: RunningSite };
  let createdUrl: string;

  beforeAll(async () => {
    pb = await startPorkbunTestServer({ balanceCents: 10_000 });
    server = await startBuiltServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PORKBUN_API_URL: pb.baseUrl,
      JOB_WORKERS: 'true',
      ...wpEnv,
    });
    browser = await launchChromium();

    // The WordPress "elsewhere": provisioned outside Blogfleet, reached only by URL and app password.
    const creds = await provisionSite(
      elsewhere,
      {
        domain: EXTERNAL,
        title: 'Elsewhere Journal',
        slogan: 'Hosted somewhere else',
        adminEmail: `admin@${EXTERNAL}`,
        postTitle: 'Elsewhere first post',
        postContent: 'Written before Blogfleet knew this site.',
        pageTitle: 'About',
        pageContent: 'About us',
        language: 'en',
        timezone: 'UTC',
      },
      () => {},
    );
    external = { creds, running: await startSite(elsewhere, EXTERNAL) };

    // The creator's site, started through the API: buy the domain, create its WordPress.
    const token = (await login(server.url, ADMIN)).accessToken;
    const call = async (method: string, p: string, body?: unknown) => {
      const res = await api(server.url, method, p, { token, body });
      expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data;
    };
    await call('PUT', 'settings/integrations/registrar', {
      provider: 'porkbun',
      apiKey: pb.apiKey,
      secretApiKey: pb.secretApiKey,
    });
    const { domain } = await call('POST', 'domains', {
      domainName: CREATED,
      targetWebsite: 'journey.example',
    });
    await call('POST', `domains/${domain.id}/purchase`);
    const started = await call('POST', 'creator/create', {
      domainId: domain.id,
      domain: CREATED,
      title: 'Journey Notes',
      slogan: 'Made by the creator',
      postTitle: 'Creator welcome',
      postContent: 'The first post of a site the creator made.',
      pageTitle: 'Home',
      pageContent: 'Welcome home',
    });
    for (;;) {
      const status = await call('GET', `creator/job-status/${started.jobId}`);
      if (status.status === 'completed') {
        createdUrl = status.credentials.siteUrl;
        break;
      }
      if (['failed', 'cancelled'].includes(status.status)) throw new Error(status.error);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await pb?.close();
    await external?.running.stop();
    for (const entry of await readdir(root).catch(() => [] as string[])) {
      await deprovisionSite(host, entry).catch(() => {});
    }
    await deprovisionSite(elsewhere, EXTERNAL).catch(() => {});
    await rm(root, { recursive: true, force: true });
    await rm(elsewhereRoot, { recursive: true, force: true });
  }, 120_000);

  it('adds an existing WordPress, pulls, posts, schedules, renames, tests both with one stopped, deletes', async () => {
    const { page, context } = await openSignedIn(browser, server.url, ADMIN, {
      lang: 'en',
      viewport: DESKTOP,
    });

    // 1. The existing WordPress, added by URL and application password.
    await page.goto('/sites');
    await page.getByRole('button', { name: 'Add site' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Site title').fill('Elsewhere Journal');
    await dialog.getByRole('combobox', { name: 'Domain' }).fill(EXTERNAL);
    await dialog.getByRole('button', { name: `Create domain ${EXTERNAL}` }).click();
    await dialog.getByRole('switch', { name: 'An existing WordPress elsewhere' }).click();
    await dialog.getByLabel('WordPress address or REST API URL').fill(external.running.url);
    await dialog.getByLabel('WordPress user').fill(external.creds.adminUser);
    await dialog.getByLabel('Application password').fill(external.creds.appPassword);
    await dialog.getByRole('button', { name: 'Test and add' }).click();
    await page.getByText('Site Elsewhere Journal added').waitFor({ timeout: 30_000 });

    // 2. Both in the list, with the post counts of their WordPress (first pulls run by themselves).
    const createdRow = page.getByTestId(`site-row-${CREATED}`);
    const externalRow = page.getByTestId(`site-row-${EXTERNAL}`);
    const posts = async (row: typeof createdRow) => {
      await page.reload();
      return (await row.locator('[data-testid^="posts-"]').textContent()) ?? '';
    };
    for (const [row, url] of [
      [createdRow, createdUrl],
      [externalRow, external.running.url],
    ] as const) {
      const n = await publishedOn(url);
      expect(n).toBeGreaterThan(0);
      await expect.poll(() => posts(row), { timeout: 60_000 }).toMatch(new RegExp(`^${n} · ${n} published`));
    }
    await capture(page, 'sites-journey-list-en-desktop');

    // 3. Open the existing one: pull, then a post written in the console appears on the site.
    await externalRow.getByRole('link', { name: 'Manage Elsewhere Journal' }).click();
    await page.getByRole('heading', { name: 'Elsewhere Journal', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'WordPress pull', exact: true }).click();
    await page.getByText(/^WordPress pull successful: \d+ posts$/).waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Posts' }).click();
    await page.getByText('Elsewhere first post').waitFor();
    await page.getByRole('button', { name: 'Create post' }).first().click();
    const post = page.getByRole('dialog');
    await post.getByLabel('Title').fill(`Console post ${tag}`);
    await post.getByLabel('Content').fill('<p>Written in Blogfleet, published on WordPress.</p>');
    await post.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Published' }).click();
    await post.getByRole('button', { name: 'Create post' }).click();
    await page.getByText('Post created successfully').waitFor({ timeout: 30_000 });
    expect(await frontPage(external.running.url)).toContain(`Console post ${tag}`);

    // 4. A draft scheduled for the next minute but one is published at its time by Blogfleet's job.
    await page.getByRole('button', { name: 'Create post' }).first().click();
    await post.getByLabel('Title').fill(`Scheduled post ${tag}`);
    await post.getByLabel('Content').fill('<p>Comes out on time.</p>');
    await post.getByRole('button', { name: 'Create post' }).click();
    // Not the toast: the first post's may still be up with the same text.
    const scheduled = page.getByRole('checkbox', { name: `Select Scheduled post ${tag}` });
    await scheduled.waitFor({ timeout: 30_000 });
    await scheduled.check();
    await page.getByRole('button', { name: 'Schedule selected (1)' }).click();
    const at = new Date(Math.ceil((Date.now() + 60_000) / 60_000) * 60_000);
    const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await page.getByLabel('Publish at').fill(local);
    await page.getByRole('dialog').getByRole('button', { name: 'Schedule' }).click();
    await page.getByText('1 posts scheduled successfully').waitFor();
    expect(await frontPage(external.running.url)).not.toContain(`Scheduled post ${tag}`);
    await expect
      .poll(async () => (await frontPage(external.running.url)).includes(`Scheduled post ${tag}`), {
        timeout: 200_000,
        interval: 5_000,
      })
      .toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    await page.reload();
    await page
      .getByRole('row')
      .filter({ hasText: `Scheduled post ${tag}` })
      .getByText('Published')
      .waitFor();

    // 5. A new title in the settings is the title of the site.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('Site title').fill(`Elsewhere Weekly ${tag}`);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved and sent to WordPress').waitFor();
    expect(await frontPage(external.running.url)).toContain(`<title>Elsewhere Weekly ${tag}`);
    await capture(page, 'sites-journey-settings-en-desktop');

    // 6. A screenshot of the site, seen in the side panel; a performance test, seen on the dashboard.
    await page.getByRole('button', { name: 'Take screenshot' }).click();
    await page.getByText('Screenshot taken successfully').waitFor({ timeout: 60_000 });
    const shot = page.getByRole('img', { name: `Latest screenshot of Elsewhere Weekly ${tag}` });
    await shot.waitFor();
    await expect
      .poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 })
      .toBe(400);
    const full = await page.getByRole('link', { name: 'Open the full screenshot' }).getAttribute('href');
    expect((await fetch(`${server.url}${full}`)).headers.get('content-type')).toBe('image/png');
    await page.getByRole('button', { name: 'Performance test' }).click();
    await page.getByText('Performance test finished').waitFor({ timeout: 60_000 });
    await page.getByRole('tab', { name: 'Dashboard' }).click();
    const last = page.getByRole('group', { name: 'Last performance test' });
    await last.getByText('Time to first byte').waitFor();
    expect(await last.textContent()).toMatch(/Load time[\d,.]+ ms/);
    await capture(page, 'sites-journey-dashboard-en-desktop');

    // 7. The existing WordPress goes down: the bulk test names it and passes the creator's site.
    await external.running.stop();
    await page.goto('/sites');
    await page.getByRole('checkbox', { name: 'Select all rows' }).check();
    await page.getByRole('button', { name: '2 selected' }).click();
    await page.getByRole('menuitem', { name: 'Test connection' }).click();
    // The job panel and the toast both say it; the toast is read.
    const failure = page
      .getByRole('region', { name: /Notifications/ })
      .getByText(/^Could not connect to some sites: /);
    await failure.waitFor({ timeout: 60_000 });
    const text = (await failure.textContent()) ?? '';
    expect(text).toContain(EXTERNAL);
    expect(text).not.toContain(`${CREATED} (`);
    expect(text).toContain('Connected 1 of 2');
    expect(await frontPage(createdUrl)).toContain('Journey Notes');

    // 8. Delete the existing one from the list; its WordPress is not Blogfleet's to remove.
    await page.getByRole('checkbox', { name: 'Select all rows' }).uncheck();
    await page.getByRole('checkbox', { name: `Select Elsewhere Weekly ${tag}` }).check();
    await page.getByRole('button', { name: '1 selected' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('1 site deleted').waitFor();
    await expect.poll(() => externalRow.count(), { timeout: 10_000 }).toBe(0);
    await createdRow.waitFor();
    await context.close();

    for (const [lang, viewport, name] of [
      ['tr', DESKTOP, 'tr-desktop'],
      ['en', PHONE, 'en-phone'],
      ['tr', PHONE, 'tr-phone'],
    ] as const) {
      const opened = await openSignedIn(browser, server.url, ADMIN, { lang, viewport });
      await opened.page.goto('/sites');
      await opened.page.getByTestId(`site-row-${CREATED}`).waitFor();
      const width = await opened.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      await capture(opened.page, `sites-journey-list-${name}`);
      await opened.context.close();
    }
  });
});
