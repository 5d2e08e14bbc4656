import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  browserSuiteBlocker,
  capture,
  launchChromium,
  openSignedIn,
  login,
  startBuiltServer,
  type RunningServer,
} from '@blogfleet/server/testing';

const ADMIN = { email: 'admin@shell.test', password: 'admin-shell-pass' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const blocker = browserSuiteBlocker();
if (blocker) {
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`browser suite cannot run: ${blocker}`);
  console.warn(`Browser suite NOT run: ${blocker}. It runs in npm run test:all.`);
}

/** Every screen of the menu, with its title in both languages. */
const SCREENS = [
  { path: '/dashboard', en: 'Dashboard', tr: 'Gösterge paneli' },
  { path: '/domains', en: 'Domains', tr: 'Alan adları' },
  { path: '/sites', en: 'Sites', tr: 'Siteler' },
  { path: '/domain-discovery', en: 'Domain discovery', tr: 'Alan adı keşfi' },
  { path: '/ai-content-pool', en: 'Content pool', tr: 'İçerik havuzu' },
  { path: '/content-pool/keywords', en: 'Keyword management', tr: 'Anahtar kelime yönetimi' },
  { path: '/content-pool/keyword-groups', en: 'Keyword groups', tr: 'Anahtar kelime grupları' },
  { path: '/content-pool/ideas', en: 'Ideas management', tr: 'Fikir yönetimi' },
  { path: '/content-pool/posts', en: 'Posts management', tr: 'Yazı yönetimi' },
  { path: '/analytics', en: 'Analytics', tr: 'Analitik' },
  { path: '/users', en: 'Users', tr: 'Kullanıcılar' },
  { path: '/settings', en: 'Settings', tr: 'Ayarlar' },
] as const;

describe.skipIf(blocker !== null)('the console shell in Chromium', { timeout: 120_000 }, () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  /** A signed-in page in the given language and size (the session put in storage, as after a login). */
  const signedIn = (lang: 'en' | 'tr', viewport: { width: number; height: number }) =>
    openSignedIn(browser, server.url, ADMIN, { lang, viewport });

  const overflowX = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  for (const lang of ['en', 'tr'] as const) {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`every screen of the menu: title, breadcrumb, no sideways scroll (${lang}, ${size})`, async () => {
        const { context, page } = await signedIn(lang, viewport);
        for (const screen of SCREENS) {
          await page.goto(screen.path);
          const title = screen[lang];
          await page.getByRole('heading', { name: title, exact: true }).first().waitFor();
          await expect.poll(() => page.title()).toBe(`${title} · Blogfleet`);
          const crumb = page.getByRole('navigation', { name: lang === 'en' ? 'Breadcrumb' : 'Sayfa yolu' });
          await expect.poll(() => crumb.locator('[aria-current="page"]').textContent()).toBe(title);
          expect(await overflowX(page), `${screen.path} scrolls sideways`).toBeLessThanOrEqual(0);
          await capture(page, `shell-${screen.path.slice(1).replace(/\//g, '-')}-${lang}-${size}`);
        }
        await context.close();
      });
    }
  }

  it('keeps the menu in a drawer on a phone: closed at first, opened from the top bar, closed after navigating', async () => {
    const { context, page } = await signedIn('en', PHONE);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // The side menu beside the page is not shown; nothing of it takes width.
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    const opener = page.getByRole('button', { name: 'Open menu' });
    await opener.click();
    const drawer = page.getByRole('dialog', { name: 'Main navigation' });
    await drawer.waitFor();
    await drawer.getByText('Blogfleet').first().waitFor();
    // Long sub-items are shown whole, not cut off.
    await drawer.getByRole('button', { name: 'Show or hide Content pool' }).click();
    const sub = drawer.getByRole('link', { name: 'Keyword management' });
    expect(await sub.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await capture(page, 'shell-drawer-en-phone');
    await drawer.getByRole('link', { name: /^Users/ }).click();
    await page.getByRole('heading', { name: 'Users' }).first().waitFor();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    // Escape closes it too, and focus goes back to the menu button.
    await opener.click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await context.close();
  });

  it('gives the top bar controls touch-sized targets on a phone, in Turkish too', async () => {
    const { context, page } = await signedIn('tr', PHONE);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Gösterge paneli' }).waitFor();
    const targets = [
      page.getByRole('button', { name: 'Menüyü aç' }),
      page.getByRole('button', { name: 'en', exact: true }),
      page.getByRole('button', { name: 'tr', exact: true }),
      page.getByRole('button', { name: 'Bildirimler' }),
      page.getByRole('button', { name: 'Hesap menüsü' }),
    ];
    for (const target of targets) {
      const box = await target.boundingBox();
      expect(box, await target.evaluate((e) => e.outerHTML.slice(0, 80))).not.toBeNull();
      expect(box!.width).toBeGreaterThanOrEqual(40);
      expect(box!.height).toBeGreaterThanOrEqual(40);
    }
    await context.close();
  });

  it('marks no screen as coming: every menu item is built', async () => {
    const { context, page } = await signedIn('en', DESKTOP);
    await page.goto('/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(() => nav.getByRole('link', { name: /^Analytics$/ }).count()).toBe(1);
    expect(await nav.locator('[data-coming]').count()).toBe(0);
    await expect.poll(() => nav.getByRole('link', { name: /^Sites$/ }).count()).toBe(1);
    await expect.poll(() => nav.getByRole('link', { name: /^Users$/ }).count()).toBe(1);
    await context.close();
  });

  it('shows an unknown address inside the shell when signed in, and plainly when not', async () => {
    const { context, page } = await signedIn('tr', DESKTOP);
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Sayfa bulunamadı' }).waitFor();
    await page.getByRole('navigation', { name: 'Ana menü' }).waitFor();
    await expect.poll(() => page.title()).toBe('Sayfa bulunamadı · Blogfleet');
    await capture(page, 'shell-404-tr-desktop');
    await context.close();

    const anonymous = await browser.newContext({ baseURL: server.url, viewport: PHONE });
    const plain = await anonymous.newPage();
    await plain.goto('/no/such/page');
    await plain.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await plain.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await anonymous.close();
  });

  it('uses the Inter font, served from our own origin', async () => {
    const { context, page } = await signedIn('tr', DESKTOP);
    const fonts: string[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'font') fonts.push(r.url());
    });
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Gösterge paneli' }).waitFor();
    await page.evaluate(() => document.fonts.ready);
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family).toMatch(/^"?Inter Variable"?/);
    expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"', 'ğüşıöç'))).toBe(true);
    expect(fonts.length).toBeGreaterThan(0);
    for (const url of fonts) expect(new URL(url).origin).toBe(server.url);
    await context.close();
  });

  it('shows a first-run checklist that ticks a step once it is done, and cards that lead to their lists', async () => {
    const { context, page } = await signedIn('en', DESKTOP);
    await page.goto('/dashboard');
    await page.getByText('Getting started').waitFor();
    await page.getByText('No data yet. 0 of 4 steps done.').waitFor();
    const step = page.locator('[data-step="integrations"]');
    expect(await step.getAttribute('data-done')).toBe('false');
    expect(await step.getAttribute('href')).toBe('/settings');
    await capture(page, 'shell-dashboard-first-run-en-desktop');

    const { accessToken } = await login(server.url, ADMIN);
    const saved = await api(server.url, 'PUT', 'settings/integrations/cloudflare', {
      token: accessToken,
      body: { apiToken: 'cf-token-1234567890', accountId: '0123456789abcdef0123456789abcdef' },
    });
    expect(saved.status).toBe(200);
    await page.reload();
    await page.getByText('No data yet. 1 of 4 steps done.').waitFor();
    expect(await step.getAttribute('data-done')).toBe('true');

    await page.getByRole('link', { name: 'Open the sites list' }).click();
    await page.getByRole('heading', { name: 'Sites' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sites');
    await context.close();
  });
});
