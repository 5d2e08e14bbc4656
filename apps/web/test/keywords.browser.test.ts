/** The content pool's keywords page in Chromium against the built app: add, edit, filter, bulk, delete. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browserSuiteBlocker,
  capture,
  launchChromium,
  openSignedIn,
  startBuiltServer,
  type RunningServer,
} from '@blogfleet/server/testing';

const ADMIN = { email: 'admin@keywords.test', password: 'admin-keywords-pass' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const blocker = browserSuiteBlocker();
if (blocker) {
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`browser suite cannot run: ${blocker}`);
  console.warn(`Browser suite NOT run: ${blocker}. It runs in npm run test:all.`);
}

describe.skipIf(blocker !== null)('the keywords page in Chromium', { timeout: 120_000 }, () => {
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

  const table = (page: Page) => page.getByRole('table', { name: 'Keywords' });
  const row = (page: Page, text: string) =>
    table(page).locator('[data-testid^="keyword-row-"]').filter({ hasText: text });
  const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

  async function addKeyword(page: Page, keyword: string, website: string, closes = true) {
    await page.getByRole('button', { name: 'Add keyword' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add keyword' });
    await dialog.getByLabel('Keyword').fill(keyword);
    await dialog.getByLabel('Website').fill(website);
    await dialog.getByRole('button', { name: 'Add keyword' }).click();
    if (closes) await dialog.waitFor({ state: 'hidden' });
  }

  it('adds keywords, edits the metrics (the score follows), filters, marks used and deletes', async () => {
    const { context, page } = await openSignedIn(browser, server.url, ADMIN, { viewport: DESKTOP });
    await page.goto('/content-pool/keywords');
    await page.getByText('No keywords yet. Add the search terms your websites should rank for.').waitFor();

    // The spec's messages, before anything is sent.
    await page.getByRole('button', { name: 'Add keyword' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add keyword' });
    await dialog.getByRole('button', { name: 'Add keyword' }).click();
    await dialog.getByText('Keyword is required').waitFor();
    await dialog.getByText('Please select a website').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await addKeyword(page, '  espresso   machine ', 'https://Brew.example/');
    await addKeyword(page, 'milk frother', 'brew.example');
    await addKeyword(page, 'teapot', 'tea.example');
    const espresso = row(page, 'espresso machine');
    await espresso.waitFor();
    // Nothing measured yet: shown as a dash, never as 0.
    expect(await espresso.textContent()).toContain('—');

    await addKeyword(page, 'Espresso Machine', 'brew.example', false);
    await toasts(page).getByText('This keyword already exists for this website.').waitFor();
    await page.getByRole('dialog', { name: 'Add keyword' }).getByRole('button', { name: 'Cancel' }).click();

    await espresso.getByRole('button', { name: 'Edit espresso machine' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit keyword' });
    await edit.getByLabel('Search volume').fill('12100');
    await edit.getByLabel('Commercial intent').fill('1.5');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.getByText('Commercial intent is between 0 and 1').waitFor();
    await edit.getByLabel('Commercial intent').fill('0.6');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => espresso.textContent(), { timeout: 10_000 }).toContain('12,100');
    // 100 × (0.5 × log10(12101)/5 + 0.2 × 0.6), competition not known.
    expect(await espresso.textContent()).toContain('52.83');
    await capture(page, 'keywords-en-desktop');

    await page.getByRole('combobox', { name: 'Website' }).click();
    await page.getByRole('option', { name: 'brew.example (2)' }).click();
    await expect.poll(() => table(page).locator('[data-testid^="keyword-row-"]').count()).toBe(2);
    expect(page.url()).toContain('targetWebsite=brew.example');

    await row(page, 'milk frother').getByRole('checkbox').check();
    await row(page, 'espresso machine').getByRole('checkbox').check();
    await page.getByRole('button', { name: '2 selected' }).click();
    await page.getByRole('menuitem', { name: 'Mark used' }).click();
    await toasts(page).getByText('2 keywords marked used').waitFor();
    await page.getByRole('combobox', { name: 'Used' }).click();
    await page.getByRole('option', { name: 'Unused', exact: true }).click();
    await page.getByText('No keywords found.').waitFor();
    await page.getByRole('combobox', { name: 'Used' }).click();
    await page.getByRole('option', { name: 'Used', exact: true }).click();
    await expect.poll(() => table(page).locator('[data-testid^="keyword-row-"]').count()).toBe(2);

    await row(page, 'milk frother').getByRole('button', { name: 'Delete milk frother' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toasts(page).getByText('Keyword deleted').waitFor();
    await expect.poll(() => table(page).locator('[data-testid^="keyword-row-"]').count()).toBe(1);
    await context.close();
  });

  it('shows the list on a phone and in Turkish', async () => {
    const { context, page } = await openSignedIn(browser, server.url, ADMIN, { lang: 'tr', viewport: PHONE });
    await page.goto('/content-pool/keywords');
    await page.getByText('teapot').waitFor();
    await page.getByRole('heading', { name: 'Anahtar kelime yönetimi' }).waitFor();
    await capture(page, 'keywords-tr-phone');
    await context.close();
    const en = await openSignedIn(browser, server.url, ADMIN, { viewport: PHONE });
    await en.page.goto('/content-pool/keywords');
    await en.page.getByText('teapot').waitFor();
    await capture(en.page, 'keywords-en-phone');
    await en.context.close();
    const tr = await openSignedIn(browser, server.url, ADMIN, { lang: 'tr', viewport: DESKTOP });
    await tr.page.goto('/content-pool/keywords');
    await tr.page.getByText('teapot').waitFor();
    await capture(tr.page, 'keywords-tr-desktop');
    await tr.context.close();
  });
});
