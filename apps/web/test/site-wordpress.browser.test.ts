/**
 * The site's own WordPress in the console, in Chromium against the WordPress protocol test server: the
 * dashboard card read from the site (and asked again after it stopped answering), the theme a site hosted
 * elsewhere can only show, an image previewed and uploaded from the media tab, and "Create with AI" in the
 * post dialog starting from the title typed so far.
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
  launchChromium,
  login,
  openSignedIn,
  startBuiltServer,
  type RunningServer,
} from '@blogfleet/server/testing';

const ADMIN = { email: 'admin@site-wordpress.test', password: 'admin-site-wordpress-pass' };
const DESKTOP = { width: 1440, height: 900 };
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const blocker = browserSuiteBlocker();
if (blocker) {
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`browser suite cannot run: ${blocker}`);
  console.warn(`Browser suite NOT run: ${blocker}. It runs in npm run test:all.`);
}

describe.skipIf(blocker !== null)("a site's WordPress in Chromium", { timeout: 120_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let wp: WordPressTestServer;
  let siteId: number;

  beforeAll(async () => {
    wp = await startWordPressTestServer();
    server = await startBuiltServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    browser = await launchChromium();
    const token = (await login(server.url, ADMIN)).accessToken;
    const added = await api(server.url, 'POST', 'sites', {
      token,
      body: {
        site_title: 'Leaf Notes',
        domain_name: 'leaf-notes.com',
        wp_api_url: wp.url,
        wp_username: wp.options.username,
        wp_app_password: wp.options.password,
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    siteId = added.body.data.site.id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await wp?.close();
  });

  it('shows what the site says of itself, and asks again after it stopped answering', async () => {
    wp.state.settings.timezone = 'Europe/Istanbul';
    const { context, page } = await openSignedIn(browser, server.url, ADMIN, {
      lang: 'en',
      viewport: DESKTOP,
    });
    try {
      wp.inject({ drop: true, times: Infinity });
      await page.goto(`/sites/${siteId}?tab=dashboard`);
      const card = page.getByRole('definition');
      await page.getByRole('alert').filter({ hasText: 'Could not reach WordPress' }).waitFor();
      expect(await card.filter({ hasText: 'Twenty Twenty-Four' }).count()).toBe(0);

      wp.faults.length = 0;
      await page.getByRole('button', { name: 'Read again from the site' }).click();
      await card.filter({ hasText: 'Twenty Twenty-Four 1.2' }).waitFor();
      await card.filter({ hasText: 'Europe/Istanbul' }).waitFor();
      await card.filter({ hasText: 'en_US' }).waitFor();
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: 'Could not reach WordPress' }).count())
        .toBe(0);
    } finally {
      await context.close();
    }
  });

  it('shows the theme of a site hosted elsewhere read-only, with where to switch it', async () => {
    const { context, page } = await openSignedIn(browser, server.url, ADMIN, {
      lang: 'en',
      viewport: DESKTOP,
    });
    try {
      await page.goto(`/sites/${siteId}?tab=settings`);
      const theme = page.getByRole('combobox', { name: 'Theme' });
      await theme.filter({ hasText: 'Twenty Twenty-Four 1.2' }).waitFor();
      expect(await theme.isDisabled()).toBe(true);
      await page.getByText("WordPress's API cannot switch themes of a site hosted elsewhere").waitFor();
    } finally {
      await context.close();
    }
  });

  it('previews an image before uploading it, refuses a file that is not one, and shows it in the grid', async () => {
    const { context, page } = await openSignedIn(browser, server.url, ADMIN, {
      lang: 'en',
      viewport: DESKTOP,
    });
    try {
      await page.goto(`/sites/${siteId}?tab=media`);
      const picker = page.getByLabel('Image');
      await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
      await page.getByText('Only JPEG, PNG, GIF and WebP images can be uploaded').waitFor();
      expect(await page.getByRole('img', { name: 'notes.txt' }).count()).toBe(0);

      await picker.setInputFiles({
        name: 'green-leaf.png',
        mimeType: 'image/png',
        buffer: Buffer.from(ONE_PIXEL_PNG, 'base64'),
      });
      const preview = page.getByRole('img', { name: 'green-leaf.png' });
      await preview.waitFor();
      // The preview is the chosen file itself, and the page shows it (no blocked or broken image).
      expect(await preview.getAttribute('src')).toBe(`data:image/png;base64,${ONE_PIXEL_PNG}`);
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
      await page.getByLabel('Media title').fill('Green leaf');
      await page.getByRole('button', { name: 'Upload' }).click();
      await page.getByText('Green leaf uploaded to WordPress').waitFor();
      await page.getByRole('list', { name: 'Media' }).getByRole('img', { name: 'Green leaf' }).waitFor();
      expect(await preview.count()).toBe(0);
      expect(wp.state.media.map((m) => [m.title, m.bytes])).toEqual([
        ['Green leaf', Buffer.from(ONE_PIXEL_PNG, 'base64').length],
      ]);
    } finally {
      await context.close();
    }
  });

  it('"Create with AI" starts from the title typed so far and fills the form, which then saves', async () => {
    const { context, page } = await openSignedIn(browser, server.url, ADMIN, {
      lang: 'en',
      viewport: DESKTOP,
    });
    try {
      await page.goto(`/sites/${siteId}?tab=posts`);
      await page.getByRole('button', { name: 'Create post' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Title').fill('Cold brew sencha');
      await dialog.getByRole('button', { name: 'Create with AI' }).click();
      const ai = dialog.getByRole('group', { name: 'Create with AI' });
      expect(await ai.getByLabel('Topic').inputValue()).toBe('Cold brew sencha');
      await ai.getByLabel('Keywords').fill('sencha, cold brew');
      await ai.getByRole('button', { name: 'Generate' }).click();
      await page.getByText('AI content suggestions generated! Review and save the post.').waitFor();
      expect(await ai.count()).toBe(0);
      const title = await dialog.getByLabel('Title').inputValue();
      const content = await dialog.getByLabel('Content').inputValue();
      const excerpt = await dialog.getByLabel('Excerpt').inputValue();
      expect(title).not.toBe('');
      expect(content).toMatch(/^<p>[\s\S]+<\/p>$/);
      expect(excerpt).not.toBe('');
      // Nothing was stored by the draft itself: WordPress gets the post only when it is saved.
      expect(wp.state.posts).toHaveLength(0);
      await dialog.getByRole('button', { name: 'Create post' }).click();
      await page.getByText('Post created successfully').waitFor();
      expect(wp.state.posts.map((p) => p.title)).toEqual([title]);
      expect(wp.state.posts[0]!.content).toBe(content);
    } finally {
      await context.close();
    }
  });
});
