/** The keyword groups page in Chromium against the built app: create, expand, suggest, bulk, delete. */
import type { Browser, Page } from 'playwright-core';
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

const ADMIN = { email: 'admin@groups.test', password: 'admin-groups-pass' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const blocker = browserSuiteBlocker();
if (blocker) {
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`browser suite cannot run: ${blocker}`);
  console.warn(`Browser suite NOT run: ${blocker}. It runs in npm run test:all.`);
}

const api = pageRest;

async function seedKeyword(page: Page, keyword: string, score: number) {
  const created = await api(page, 'POST', 'keywords', { keyword, targetWebsite: 'grind.example' });
  expect(created.status).toBe(200);
  const id = created.body.data.keyword.id as number;
  await api(page, 'PUT', `keywords/${id}`, { keyword_text: keyword, score });
}

describe.skipIf(blocker !== null)('the keyword groups page in Chromium', { timeout: 120_000 }, () => {
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

  const table = (page: Page) => page.getByRole('table', { name: 'Keyword groups' });
  const row = (page: Page, text: string) =>
    table(page).locator('[data-testid^="group-row-"]').filter({ hasText: text });
  const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

  it('creates a group from picked keywords, expands it, accepts suggestions, bulk-edits and deletes', async () => {
    const { context, page } = await openSignedIn(browser, server.url, ADMIN, { viewport: DESKTOP });
    await page.goto('/content-pool/keyword-groups');
    for (const [k, s] of [
      ['coffee grinder for espresso', 90],
      ['burr coffee grinder', 70],
      ['manual coffee grinder', 60],
      ['french press coffee', 50],
      ['best french press', 65],
      ['french press ratio', 40],
    ] as const) {
      await seedKeyword(page, k, s);
    }
    await page.reload();
    await page
      .getByText('No keyword groups yet. Group keywords by topic, by hand or with suggestions.')
      .waitFor();

    await page.getByRole('button', { name: 'New group' }).click();
    const dialog = page.getByRole('dialog', { name: 'New keyword group' });
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await dialog.getByText('Group name is required').waitFor();
    await dialog.getByLabel('Name').fill('Espresso grinders');
    await dialog
      .getByLabel('Description')
      .fill('Grinders that reach espresso fineness, hand and electric alike');
    await dialog.getByRole('searchbox', { name: 'Search keywords' }).fill('grinder');
    const results = dialog.getByRole('group', { name: 'Keywords to add' });
    await results.getByText('manual coffee grinder').waitFor();
    await expect.poll(() => results.getByRole('checkbox').count()).toBe(3);
    await results.getByRole('checkbox').nth(1).click(); // burr coffee grinder (70)
    await results.getByRole('checkbox').nth(0).click(); // coffee grinder for espresso (90)
    // The first chosen is the primary one until another is starred.
    await dialog.getByRole('button', { name: 'Make coffee grinder for espresso primary' }).click();
    await dialog
      .getByRole('button', { name: 'coffee grinder for espresso is the primary keyword' })
      .waitFor();
    await dialog.getByRole('button', { name: 'Create group' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await toasts(page).getByText('Keyword group Espresso grinders created').waitFor();

    const espresso = row(page, 'Espresso grinders');
    await espresso.waitFor();
    const text = (await espresso.textContent())!;
    // Cut at 40 characters; count 2; (90 + 70) / 2 = 80 → 8/10; priority from the score.
    expect(text).toContain('Grinders that reach espresso fineness, h…');
    expect(text).not.toContain('electric alike');
    expect(text).toContain('8/10');
    expect(text).toContain('High');
    expect(text).toContain('Pending');

    await espresso.getByRole('button', { name: 'Show details of Espresso grinders' }).click();
    const members = table(page).getByRole('table', { name: 'Keywords of Espresso grinders' });
    await members.waitFor();
    expect(await members.locator('tbody tr').allTextContents()).toEqual([
      expect.stringMatching(/^coffee grinder for espresso Primary/),
      expect.stringMatching(/^burr coffee grinder/),
    ]);

    // Suggestions: only keywords in no group; one group is renamed and trimmed before it is created.
    await page.getByRole('button', { name: 'Suggest groups' }).click();
    const suggest = page.getByRole('dialog', { name: 'Suggest keyword groups' });
    const french = suggest.getByTestId('suggested-group-french');
    await french.waitFor();
    expect(await suggest.getByTestId('suggested-group-grinder').count()).toBe(0);
    await french.getByRole('textbox').fill('French press brewing');
    await french.getByRole('button', { name: 'Remove french press ratio from French press brewing' }).click();
    await suggest.getByRole('button', { name: 'Create 1 group' }).click();
    await suggest.waitFor({ state: 'hidden' });
    const brewing = row(page, 'French press brewing');
    await brewing.waitFor();
    expect(await brewing.textContent()).toContain('best french press');
    expect(await brewing.textContent()).not.toContain('french press ratio');

    await capture(page, 'keyword-groups-desktop-en');

    // Bulk: both groups get low priority, then the priority filter finds them.
    await table(page).getByRole('checkbox', { name: 'Select all rows on this page' }).click();
    await page.getByRole('button', { name: '2 selected' }).click();
    await page.getByRole('menuitem', { name: 'Low' }).click();
    await toasts(page).getByText('2 keyword groups updated').waitFor();
    await page.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'Low' }).click();
    await page.waitForURL(/priority=low/);
    await expect.poll(() => table(page).locator('[data-testid^="group-row-"]').count()).toBe(2);
    await page.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'High' }).click();
    await page.getByText('No keyword groups found.').waitFor();
    await page.getByRole('combobox', { name: 'Priority' }).click();
    await page.getByRole('option', { name: 'All priorities' }).click();

    await brewing.getByRole('button', { name: 'Delete French press brewing' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toasts(page).getByText('Keyword group deleted').waitFor();
    await brewing.waitFor({ state: 'detached' });
    // Its keywords stay.
    const kept = await api(page, 'GET', 'keywords?search=best%20french');
    expect(kept.body.data.data.map((k: { keyword_text: string }) => k.keyword_text)).toEqual([
      'best french press',
    ]);

    await page.setViewportSize(PHONE);
    // On a phone the row is a card; its details open below it with a full-width toggle.
    const card = page.getByTestId(/^group-row-/).filter({ hasText: 'Espresso grinders' });
    await card.getByRole('button', { name: 'Show details of Espresso grinders' }).click();
    await card.getByRole('table', { name: 'Keywords of Espresso grinders' }).waitFor();
    await card.getByRole('button', { name: 'Hide details of Espresso grinders' }).click();
    await card.getByRole('table', { name: 'Keywords of Espresso grinders' }).waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Show details of Espresso grinders' }).click();
    await capture(page, 'keyword-groups-phone-en');
    await page.getByRole('button', { name: 'TR' }).click();
    await page.getByRole('heading', { name: 'Anahtar kelime grupları' }).waitFor();
    await capture(page, 'keyword-groups-phone-tr');
    await page.setViewportSize(DESKTOP);
    await capture(page, 'keyword-groups-desktop-tr');
    await context.close();
  });
});
