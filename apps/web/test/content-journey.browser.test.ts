/**
 * Content management in Chromium on a real WordPress of this machine: a keyword group assigned to the
 * site, an article generated for it (a draft post on WordPress), its SEO checks read, its title edited,
 * published and seen by a visitor, a page generated and deleted with its draft. Needs the WordPress host
 * (infra/wordpress/setup-host.sh).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import {
  deprovisionSite,
  hostFromEnv,
  provisionSite,
  startSite,
  wordpressHostAvailable,
  type RunningSite,
  type SiteCredentials,
} from '@blogfleet/integrations/wordpress';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserSuiteBlocker,
  capture,
  launchChromium,
  openSignedIn,
  pageRest,
  startBuiltServer,
  type RunningServer,
} from '@blogfleet/server/testing';

const ADMIN = { email: 'admin@content.test', password: 'admin-content-pass' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const tag = randomBytes(3).toString('hex');
const DOMAIN = `grinders-${tag}.com`;

const root = await mkdtemp(path.join(tmpdir(), 'blogfleet-content-'));
const host = {
  ...hostFromEnv(process.env),
  root,
  firstPort: 50_000 + Math.floor(Math.random() * 8_000),
};
const blocker = browserSuiteBlocker() ?? (await wordpressHostAvailable(host));
if (blocker) {
  await rm(root, { recursive: true, force: true });
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`content journey cannot run: ${blocker}`);
  console.warn(`Content journey NOT run: ${blocker}. It runs in npm run test:all.`);
}

/** What a visitor (no login) gets from the site's REST API. */
const visible = async (url: string, route: string) => {
  const res = await fetch(`${url}/?rest_route=${route}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe.skipIf(blocker !== null)('content management on real WordPress', { timeout: 300_000 }, () => {
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
        title: 'Grinder Guide',
        slogan: 'Coffee grinders, tested',
        adminEmail: `admin@${DOMAIN}`,
        postTitle: 'Hello grinders',
        postContent: 'The first post.',
        pageTitle: 'Home',
        pageContent: 'Welcome',
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

  it('generates an article for a group, edits it, publishes it to WordPress; a page is generated and deleted', async () => {
    const { page, context } = await openSignedIn(browser, server.url, ADMIN, {
      lang: 'en',
      viewport: DESKTOP,
    });
    const toasts = page.getByRole('region', { name: /Notifications/ });
    await page.goto('/content');
    await page
      .getByText('No content yet. Generate a piece for a site from one of its keyword groups.')
      .waitFor();

    // The site, its keywords and a group assigned to it (the keyword journey does these in the UI).
    const call = async (method: string, p: string, body?: unknown) => {
      const res = await pageRest(page, method, p, body);
      expect(res.status, `${method} ${p}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data;
    };
    const { site: added } = await call('POST', 'sites', {
      site_title: 'Grinder Guide',
      domain_name: DOMAIN,
      wp_api_url: site.running.url,
      wp_username: site.creds.adminUser,
      wp_app_password: site.creds.appPassword,
    });
    const ids: number[] = [];
    for (const keyword of ['espresso grinder', 'burr grinder', 'hand grinder for espresso']) {
      ids.push((await call('POST', 'keywords', { keyword, targetWebsite: DOMAIN })).keyword.id);
    }
    const { group } = await call('POST', 'keyword-groups', {
      name: 'Espresso grinders',
      primary_keyword_id: ids[0],
      secondary_keyword_ids: ids.slice(1),
    });
    await call('POST', `keyword-groups/${group.id}/assign`, { websiteId: added.id, status: 'active' });

    // Generate: both choices are required, then the job writes the draft.
    await page.getByRole('button', { name: 'Generate content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate content' });
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await dialog.getByText('Please select a site').waitFor();
    await dialog.getByText('Please select a keyword group').waitFor();
    await dialog.getByRole('combobox', { name: 'Site' }).click();
    await page.getByRole('option', { name: `Grinder Guide (${DOMAIN})` }).click();
    await dialog.getByRole('combobox', { name: 'Keyword group' }).click();
    await page.getByRole('option', { name: 'Espresso grinders (3 keywords, assigned to this site)' }).click();
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await toasts.getByText(/is written and saved as a draft on its site/).waitFor({ timeout: 90_000 });

    const table = page.getByRole('table', { name: 'Content' });
    const rows = table.locator('[data-testid^="content-row-"]');
    await expect.poll(() => rows.count()).toBe(1);
    const [item] = (await call('GET', 'content')).content as {
      id: number;
      title: string;
      wp_post_id: number;
      seo_score: number;
    }[];
    const row = table.getByTestId(`content-row-${item!.id}`);
    await expect.poll(() => row.textContent()).toContain('Draft');
    expect(await row.textContent()).toContain('Article');
    expect(await row.textContent()).toContain(`${item!.seo_score.toLocaleString('en')}/10`);
    // The draft is on WordPress, not visible to visitors.
    expect((await visible(site.running.url, `/wp/v2/posts/${item!.wp_post_id}`)).status).toBe(401);

    // Why the score: the checks in the expanded row.
    await row.getByRole('button', { name: /Show details|Expand/ }).click();
    const checks = page.getByTestId(`seo-checks-${item!.id}`);
    await checks.getByText('Focus keyword in the title').waitFor();
    await checks.getByText('espresso grinder', { exact: true }).waitFor();
    await capture(page, 'content-desktop-en');

    // Edit the title: saved here and on WordPress.
    await row.getByRole('button', { name: `Edit ${item!.title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit content' });
    const title = edit.getByLabel('Title');
    await expect.poll(() => title.inputValue()).toBe(item!.title);
    await title.fill('The espresso grinder buying guide');
    await capture(page, 'content-edit-desktop-en');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await toasts.getByText('“The espresso grinder buying guide” saved').waitFor();

    // Publish: a visitor reads it on the site; the button is disabled afterwards.
    await row.getByRole('button', { name: 'Publish The espresso grinder buying guide' }).click();
    await toasts.getByText(`“The espresso grinder buying guide” is published on ${DOMAIN}`).waitFor({
      timeout: 30_000,
    });
    await expect.poll(() => row.textContent()).toContain('Published');
    expect(
      await row.getByRole('button', { name: 'Publish The espresso grinder buying guide' }).isDisabled(),
    ).toBe(true);
    const live = await visible(site.running.url, `/wp/v2/posts/${item!.wp_post_id}`);
    expect(live.status).toBe(200);
    expect((live.body.title as { rendered: string }).rendered).toBe('The espresso grinder buying guide');
    expect((live.body.content as { rendered: string }).rendered).toContain('<h2>');
    const link = await row
      .getByRole('link', { name: 'View The espresso grinder buying guide on the site' })
      .getAttribute('href');
    expect((await fetch(link!)).status).toBe(200);

    // A page: generated as a WordPress page draft, deleted with it.
    const { job } = await call('POST', 'content/generate', {
      siteId: added.id,
      keywordGroupId: group.id,
      contentType: 'page',
    });
    await toasts
      .getByText(/is written and saved as a draft on its site/)
      .nth(0)
      .waitFor({ timeout: 90_000 });
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(2);
    const pages = (await call('GET', 'content?type=page')).content as {
      id: number;
      title: string;
      wp_page_id: number;
    }[];
    expect(pages).toHaveLength(1);
    expect(job.kind).toBe('content.generate');
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Page' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    await table
      .getByTestId(`content-row-${pages[0]!.id}`)
      .getByRole('button', { name: `Delete ${pages[0]!.title}` })
      .click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete content?' });
    await confirm.getByText(/moved to WordPress’s trash/).waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toasts.getByText('Content deleted', { exact: true }).waitFor();
    await page.getByText('No content found.').waitFor();
    const trashed = await pageRest(page, 'GET', `content/${pages[0]!.id}`);
    expect(trashed.status).toBe(404);

    // Both languages, both sizes.
    await page.goto('/content');
    await rows.first().waitFor();
    await page.setViewportSize(PHONE);
    await capture(page, 'content-phone-en');
    await page.getByRole('button', { name: 'tr', exact: true }).click();
    await page.getByRole('heading', { name: 'İçerik yönetimi' }).waitFor();
    await capture(page, 'content-phone-tr');
    await page.setViewportSize(DESKTOP);
    await capture(page, 'content-desktop-tr');
    await page.getByRole('button', { name: 'İçerik üret' }).click();
    await page
      .getByRole('dialog', { name: 'İçerik üret' })
      .getByRole('button', { name: 'Oluştur', exact: true })
      .click();
    await page.getByText('Lütfen bir site seçin').waitFor();
    await capture(page, 'content-generate-desktop-tr');
    await context.close();
  });
});
