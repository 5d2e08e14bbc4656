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

const ADMIN = { email: 'admin@users.test', password: 'admin-users-pass' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const blocker = browserSuiteBlocker();
if (blocker) {
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`browser suite cannot run: ${blocker}`);
  console.warn(`Browser suite NOT run: ${blocker}. It runs in npm run test:all.`);
}

describe.skipIf(blocker !== null)('the users list in Chromium', { timeout: 120_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;

  beforeAll(async () => {
    server = await startBuiltServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    browser = await launchChromium();
    token = (await login(server.url, ADMIN)).accessToken;
    // 24 writers and 3 reviewers: enough for several pages and a filter that narrows them.
    for (let i = 1; i <= 27; i++) {
      const name = i <= 24 ? `writer.${String(i).padStart(2, '0')}` : `reviewer.${i}`;
      const res = await api(server.url, 'POST', 'users', {
        token,
        body: {
          username: name,
          email: `${name}@users.test`,
          password: 'user-pass-123',
          role: i > 24 ? 'admin' : 'user',
        },
      });
      expect(res.status).toBe(200);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  const signedIn = (lang: 'en' | 'tr', viewport: { width: number; height: number }) =>
    openSignedIn(browser, server.url, ADMIN, { lang, viewport });

  const rowNames = (page: Page) =>
    page
      .locator('[data-testid^="user-row-"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.slice('user-row-'.length)));

  it('sorts, pages, filters and keeps all of it in the URL across a reload (desktop)', async () => {
    const { context, page } = await signedIn('en', DESKTOP);
    await page.goto('/users');
    await page
      .getByTestId('user-row-admin')
      .waitFor({ state: 'attached' })
      .catch(() => undefined);
    await expect.poll(async () => (await rowNames(page)).length).toBe(10);

    await page.getByRole('button', { name: 'User', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('username');
    await expect.poll(async () => (await rowNames(page))[0]).toBe('admin');
    await page.getByRole('button', { name: 'User', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('order')).toBe('desc');
    await expect.poll(async () => (await rowNames(page))[0]).toBe('writer.24');

    await page.getByRole('searchbox', { name: 'Search users' }).fill('writer');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('writer');
    await page
      .getByRole('button', { name: 'Go to next page' })
      .or(page.getByRole('button', { name: /next/i }))
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect.poll(async () => (await rowNames(page))[0]).toBe('writer.14');
    await capture(page, 'users-list-en-desktop');

    await page.reload();
    await expect.poll(async () => (await rowNames(page))[0]).toBe('writer.14');
    expect(await page.getByRole('searchbox', { name: 'Search users' }).inputValue()).toBe('writer');
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).not.toBe('2');

    // Page size 500: every user on one page.
    await page.goto('/users?limit=500');
    await expect.poll(async () => (await rowNames(page)).length).toBe(28);
    // A hand-edited bad value falls back to its default instead of breaking the page.
    await page.goto('/users?limit=abc&sort=password');
    await expect.poll(async () => (await rowNames(page)).length).toBe(10);
    await context.close();
  });

  it('keeps what is typed while the list is slow to answer the text sent before', async () => {
    const { context, page } = await signedIn('en', DESKTOP);
    // The page's own clock, so the box's 300 ms wait runs only when the test says.
    await page.clock.install();
    await page.goto('/users');
    await expect.poll(async () => (await rowNames(page)).length).toBe(10);
    const onlyWriters = async () => (await rowNames(page)).every((name) => name.startsWith('writer.'));
    expect(await onlyWriters(), 'the first page without a search has others too').toBe(false);
    await page.clock.pauseAt(Date.now() + 1_000);
    // The router shows a sent search only once its list has loaded: hold the lists back.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const isList = (url: URL) => url.pathname.includes('users.list');
    let sent = false;
    await page.route(isList, async (route) => {
      if (route.request().url().includes('writer')) sent = true;
      await held;
      await route.continue();
    });
    const box = page.getByRole('searchbox', { name: 'Search users' });
    await box.fill('writer');
    // React sets the wait once it has rendered the text; the request goes out on a timer of its own.
    await page.waitForTimeout(200);
    await page.clock.runFor(300);
    for (let i = 0; i < 20 && !sent; i++) {
      await page.clock.runFor(5);
      await page.waitForTimeout(50);
    }
    expect(sent, 'the list of "writer" is asked for').toBe(true);
    // More typed while "writer" waits, and the list of "writer" comes before the box sends this text.
    await box.pressSequentially('.0');
    release();
    let waited = 0;
    while (!(await onlyWriters()) && waited < 250) {
      await page.clock.runFor(10);
      await page.waitForTimeout(50);
      waited += 10;
    }
    expect(await onlyWriters(), 'the list of "writer" is shown').toBe(true);
    await page.waitForTimeout(200);
    expect(await box.inputValue()).toBe('writer.0');
    await page.clock.runFor(300);
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('writer.0');
    await expect
      .poll(async () => {
        await page.clock.runFor(50);
        return (await rowNames(page)).length;
      })
      .toBe(9);
    expect(await box.inputValue()).toBe('writer.0');
    // No longer than a list takes.
    expect(await box.getAttribute('maxlength')).toBe('200');
    await page.unroute(isList);
    await context.close();
  });

  it('runs each bulk action on the selected rows, stating the count, in Turkish', async () => {
    const { context, page } = await signedIn('tr', DESKTOP);
    await page.goto('/users?search=reviewer');
    await expect.poll(async () => (await rowNames(page)).length).toBe(3);
    await page.getByRole('checkbox', { name: /reviewer\.25/ }).click();
    await page.getByRole('checkbox', { name: /reviewer\.26/ }).click();
    await page.getByRole('button', { name: '2 seçili' }).click();
    await capture(page, 'users-bulk-menu-tr-desktop');
    await page.getByRole('menuitem', { name: 'Devre dışı bırak' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('2 kullanıcı devre dışı bırakılsın mı?').waitFor();
    await capture(page, 'users-bulk-confirm-tr-desktop');
    await dialog.getByRole('button', { name: 'Devre dışı bırak' }).click();
    await page.getByText('2 kullanıcı devre dışı bırakıldı').waitFor();
    const listed = await api(server.url, 'GET', 'users?search=reviewer&limit=50', { token });
    const statuses = Object.fromEntries(listed.body.data.users.map((u: any) => [u.username, u.status]));
    expect(statuses).toEqual({
      'reviewer.25': 'inactive',
      'reviewer.26': 'inactive',
      'reviewer.27': 'active',
    });

    await page.getByRole('checkbox', { name: /reviewer\.25/ }).click();
    await page.getByRole('button', { name: '1 seçili' }).click();
    await page.getByRole('menuitem', { name: 'Sil' }).click();
    await dialog.getByText('1 kullanıcı silinsin mi?').waitFor();
    await dialog.getByRole('button', { name: 'Sil' }).click();
    await expect.poll(async () => (await rowNames(page)).length).toBe(2);
    expect(
      (await api(server.url, 'GET', 'users?search=reviewer.25', { token })).body.data.users,
    ).toHaveLength(0);

    // The admin's own row cannot be selected.
    await page.goto('/users?search=admin%40users');
    await page.getByTestId('user-row-admin').waitFor();
    expect(await page.getByRole('checkbox', { name: /admin/ }).isDisabled()).toBe(true);
    await context.close();
  });

  it('shows stacked rows with a row menu on a phone, without sideways scrolling', async () => {
    const { context, page } = await signedIn('en', PHONE);
    await page.goto('/users?search=writer.0');
    await expect.poll(async () => (await rowNames(page)).length).toBe(9);
    expect(await page.locator('table').count()).toBe(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const card = page.getByTestId('user-row-writer.01');
    await card.getByRole('button', { name: 'Actions for writer.01' }).click();
    await capture(page, 'users-row-menu-en-phone');
    // Measured once the menu's opening animation (a slight zoom) has settled.
    await expect
      .poll(async () => (await page.getByRole('menuitem', { name: 'Deactivate' }).boundingBox())!.height, {
        timeout: 2_000,
      })
      .toBeGreaterThanOrEqual(40);
    await page.getByRole('menuitem', { name: 'Deactivate' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    await card.getByRole('button', { name: 'Activate writer.01' }).waitFor();

    // Selection and the bulk menu work on the cards too.
    await card.getByRole('checkbox').click();
    await page.getByRole('button', { name: '1 selected' }).click();
    await page.getByRole('menuitem', { name: 'Activate', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Activate', exact: true }).click();
    await card.getByRole('button', { name: 'Deactivate writer.01' }).waitFor();
    await capture(page, 'users-list-en-phone');
    await context.close();

    const tr = await signedIn('tr', PHONE);
    await tr.page.goto('/users');
    await expect.poll(async () => (await rowNames(tr.page)).length).toBe(10);
    expect(
      await tr.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await capture(tr.page, 'users-list-tr-phone');
    await tr.context.close();
  });
});
