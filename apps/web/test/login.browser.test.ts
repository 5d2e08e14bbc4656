import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserSuiteBlocker,
  capture,
  launchChromium,
  startBuiltServer,
  type RunningServer,
} from '@blogfleet/server/testing';

const ADMIN = { email: 'admin@login.test', password: 'admin-login-pass' };
const blocker = browserSuiteBlocker();
if (blocker) {
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`browser suite cannot run: ${blocker}`);
  console.warn(`Browser suite NOT run: ${blocker}. It runs in npm run test:all.`);
}

describe.skipIf(blocker !== null)('the login form in Chromium', { timeout: 60_000 }, () => {
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

  it('draws the form without the validation and toast libraries, fetching the schemas once the form is touched', async () => {
    const context = await browser.newContext({ baseURL: server.url });
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') void res.text().then((body) => scripts.push(body));
    });
    await page.goto('/login');
    await page.getByLabel('Email').waitFor();
    await page.waitForLoadState('networkidle');
    // zod names its error class, sonner its toast area: both strings survive minification.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((body) => body.includes('ZodError'))).toHaveLength(0);
    expect(scripts.filter((body) => body.includes('data-sonner-toaster'))).toHaveLength(0);

    await page.getByLabel('Email').focus();
    await expect
      .poll(() => scripts.some((body) => body.includes('ZodError')), { timeout: 10_000 })
      .toBe(true);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email address').waitFor();
    await context.close();
  });

  it('brings a signed-out deep link with its filters back to the same list after signing in', async () => {
    const context = await browser.newContext({ baseURL: server.url });
    context.setDefaultTimeout(10_000);
    // Signing in goes straight to the list: the page is never swapped for the full-page spinner.
    await context.addInitScript(() => {
      const w = window as unknown as { __spinner: boolean };
      w.__spinner = false;
      new MutationObserver(() => {
        if (document.querySelector('.min-h-screen > [role="status"]')) w.__spinner = true;
      }).observe(document, { subtree: true, childList: true });
    });
    const page = await context.newPage();
    await page.goto('/users?role=admin&limit=20');
    await page.waitForURL(/\/login\?/);
    await page.getByText('Please log in to continue').waitFor();
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/users');
    const search = new URL(page.url()).searchParams;
    expect(search.get('role')).toBe('admin');
    expect(search.get('limit')).toBe('20');
    await page.getByRole('cell', { name: ADMIN.email }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __spinner: boolean }).__spinner)).toBe(false);
    await context.close();
  });

  for (const [size, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`says "required" for empty fields and re-translates shown errors on a language switch (${size})`, async () => {
      const context = await browser.newContext({ baseURL: server.url, viewport });
      context.setDefaultTimeout(10_000);
      const page = await context.newPage();
      await page.goto('/login');
      await expect.poll(() => page.title()).toBe('Sign in · Blogfleet');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Email is required').waitFor();
      await page.getByText('Password is required').waitFor();
      expect(await page.getByText('Invalid email address').count()).toBe(0);
      expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

      await page.getByLabel('Email').fill(ADMIN.email);
      await page.getByLabel('Password').fill('not-the-password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('alert').getByText('Invalid email or password').waitFor();
      await capture(page, `login-error-en-${size}`);

      await page.getByRole('button', { name: 'tr', exact: true }).click();
      await page.getByRole('alert').getByText('Geçersiz e-posta veya şifre').waitFor();
      await expect.poll(() => page.title()).toBe('Giriş yap · Blogfleet');
      await page.getByLabel('E-posta').fill('');
      await page.getByRole('button', { name: 'Giriş yap' }).click();
      await page.getByText('E-posta gerekli').waitFor();
      // The field message follows the switch back as well.
      await page.getByRole('button', { name: 'en', exact: true }).click();
      await page.getByText('Email is required').waitFor();
      await page.getByRole('button', { name: 'tr', exact: true }).click();
      await capture(page, `login-error-tr-${size}`);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await context.close();
    });
  }
});
