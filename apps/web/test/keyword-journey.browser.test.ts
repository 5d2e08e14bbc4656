/**
 * The keyword journey in Chromium: generate keywords for a site, edit one, import more, group them with
 * suggestions, assign a group and keywords to the site and see them on its keywords tab.
 */
import type { Browser } from 'playwright-core';
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

const ADMIN = { email: 'admin@journey.test', password: 'admin-journey-pass' };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const blocker = browserSuiteBlocker();
if (blocker) {
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`browser suite cannot run: ${blocker}`);
  console.warn(`Browser suite NOT run: ${blocker}. It runs in npm run test:all.`);
}

const api = pageRest;

describe.skipIf(blocker !== null)('the keyword journey in Chromium', { timeout: 180_000 }, () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startBuiltServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JOB_WORKERS: 'true',
      JOB_POLL_INTERVAL_SECONDS: '0.5',
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  it('generates, edits, imports, groups and assigns keywords to a site', async () => {
    const { context, page } = await openSignedIn(browser, server.url, ADMIN, { viewport: DESKTOP });
    const toasts = page.getByRole('region', { name: /Notifications/ });
    await page.goto('/content-pool/keywords');
    const site = await api(page, 'POST', 'sites', {
      site_title: 'Brew Notes',
      domain_name: 'brew-notes.com',
    });
    expect(site.status, JSON.stringify(site.body)).toBe(200);
    const siteId = site.body.data.site.id as number;
    await page.reload();

    // Generate: the job runs; its end refreshes the list and says the metrics stay empty.
    await page.getByRole('button', { name: 'Generate keywords' }).click();
    const generate = page.getByRole('dialog', { name: 'Generate keywords' });
    await generate.getByRole('button', { name: 'Generate', exact: true }).click();
    await generate.getByText('Please select a website').waitFor();
    await generate.getByLabel('Website').fill('brew-notes.com');
    await generate.getByLabel('Topic').fill('pour over coffee');
    await generate.getByLabel('How many').fill('8');
    await generate.getByRole('button', { name: 'Generate', exact: true }).click();
    await generate.waitFor({ state: 'hidden' });
    await toasts.getByText('8 keywords added to brew-notes.com').waitFor({ timeout: 60_000 });
    await toasts.getByText(/stay empty until keyword data \(DataForSEO\) is set up/).waitFor();
    const table = page.getByRole('table', { name: 'Keywords' });
    await expect.poll(() => table.locator('[data-testid^="keyword-row-"]').count()).toBe(8);

    // Edit one: the measured volume is shown, the others stay "—".
    const generated = (
      await api(page, 'GET', 'keywords?targetWebsite=brew-notes.com&sort=keyword_text&order=asc')
    ).body.data.data as { id: number; keyword_text: string }[];
    expect(generated.every((k) => k.keyword_text.includes('pour over coffee'))).toBe(true);
    const chosen = generated[0]!;
    const best = table.getByTestId(`keyword-row-${chosen.id}`);
    await best.getByRole('button', { name: `Edit ${chosen.keyword_text}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit keyword' });
    await edit.getByLabel('Search volume').fill('5400');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(async () => best.textContent()).toContain('5,400');

    // Import: preview first, then the one new row.
    await page.getByRole('button', { name: 'Import' }).click();
    const importing = page.getByRole('dialog', { name: 'Import keywords' });
    await importing
      .getByLabel('CSV')
      .fill(`keyword,volume\nchemex pour over filter,1900\n${chosen.keyword_text},10`);
    await importing.getByLabel('Website').fill('brew-notes.com');
    await importing.getByRole('button', { name: 'Preview' }).click();
    await expect
      .poll(() => importing.getByTestId('import-counts').textContent())
      .toBe('2 rows: 1 new, 1 already there, 0 with problems.');
    await importing.getByRole('button', { name: 'Import 1 keyword' }).click();
    await importing.waitFor({ state: 'hidden' });
    await toasts.getByText('1 keyword imported').waitFor();
    await expect.poll(() => table.locator('[data-testid^="keyword-row-"]').count()).toBe(9);
    await capture(page, 'keywords-generated-desktop-en');

    // Group them with suggestions.
    await page.goto('/content-pool/keyword-groups');
    await page.getByRole('button', { name: 'Suggest groups' }).click();
    const suggest = page.getByRole('dialog', { name: 'Suggest keyword groups' });
    await suggest.getByRole('listitem').first().waitFor();
    const suggested = await suggest.locator('[data-testid^="suggested-group-"]').count();
    expect(suggested).toBeGreaterThan(0);
    await suggest
      .getByRole('button', { name: `Create ${suggested} ${suggested === 1 ? 'group' : 'groups'}` })
      .click();
    await suggest.waitFor({ state: 'hidden' });
    await toasts
      .getByText(`${suggested} ${suggested === 1 ? 'keyword group' : 'keyword groups'} created`)
      .waitFor();
    const groups = (await api(page, 'GET', 'keyword-groups?sort=name&order=asc')).body.data as {
      name: string;
      keyword_count: number;
    }[];
    const first = groups[0]!;

    // The site's keywords tab: assign the group, then a keyword by hand; take one off.
    await page.goto(`/sites/${siteId}?tab=keywords`);
    await page.getByText('No keyword groups are assigned to this site.').waitFor();
    await page.getByRole('button', { name: 'Assign keyword groups' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'Assign keyword groups' });
    await groupDialog.getByRole('button', { name: 'Assign 0 groups' }).click();
    await groupDialog.getByText('Please select at least one keyword group').waitFor();
    await groupDialog.getByRole('group', { name: 'Keyword groups' }).getByText(first.name).click();
    await groupDialog.getByRole('button', { name: 'Assign 1 group' }).click();
    await groupDialog.waitFor({ state: 'hidden' });
    await toasts.getByText('1 keyword group assigned to brew-notes.com').waitFor();
    await page.getByRole('list', { name: 'Assigned keyword groups' }).getByText(first.name).waitFor();
    const siteKeywords = page.getByRole('table', { name: 'Keywords of this site' });
    await expect
      .poll(() => siteKeywords.locator('[data-testid^="site-keyword-"]').count())
      .toBe(first.keyword_count);

    // A keyword added after the grouping: in no group, on no site.
    await api(page, 'POST', 'keywords', { keyword: 'v60 paper filters', targetWebsite: 'brew-notes.com' });
    await page.getByRole('button', { name: 'Assign keywords' }).click();
    const keywordDialog = page.getByRole('dialog', { name: 'Assign keywords' });
    await keywordDialog.getByRole('button', { name: 'Assign 0 keywords' }).click();
    await keywordDialog.getByText('Please select at least one keyword').waitFor();
    const unassigned = keywordDialog.getByRole('group', { name: 'Unassigned keywords' });
    await unassigned.getByRole('checkbox').first().waitFor();
    // Only keywords no site has are offered.
    expect(await unassigned.getByRole('checkbox').count()).toBe(10 - first.keyword_count);
    await unassigned.getByRole('checkbox').first().click();
    await keywordDialog.getByRole('button', { name: 'Assign 1 keyword' }).click();
    await keywordDialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => siteKeywords.locator('[data-testid^="site-keyword-"]').count())
      .toBe(first.keyword_count + 1);
    await capture(page, 'site-keywords-desktop-en');

    const firstRow = siteKeywords.locator('[data-testid^="site-keyword-"]').first();
    const text = (await firstRow.getByRole('cell').first().textContent())!;
    await firstRow.getByRole('button', { name: `Take ${text} off this site` }).click();
    await toasts.getByText('Keyword taken off brew-notes.com').waitFor();
    await expect
      .poll(() => siteKeywords.locator('[data-testid^="site-keyword-"]').count())
      .toBe(first.keyword_count);

    // The keywords screen assigns groups to the website chosen in its filter.
    await page.goto('/keywords');
    await page.getByRole('heading', { name: 'Keywords', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Assign keyword groups' }).isDisabled()).toBe(true);
    await page.goto('/keywords?targetWebsite=brew-notes.com');
    await page.getByRole('button', { name: 'Assign keyword groups' }).click();
    const fromScreen = page.getByRole('dialog', { name: 'Assign keyword groups' });
    await fromScreen.getByText('already assigned').waitFor();
    await page.keyboard.press('Escape');
    await page.goto(`/sites/${siteId}?tab=keywords`);
    await page.getByRole('list', { name: 'Assigned keyword groups' }).waitFor();

    await page.setViewportSize(PHONE);
    await capture(page, 'site-keywords-phone-en');
    await page.getByRole('button', { name: 'tr', exact: true }).click();
    await page.getByRole('button', { name: 'Anahtar kelime ata' }).waitFor();
    await capture(page, 'site-keywords-phone-tr');
    await page.setViewportSize(DESKTOP);
    await capture(page, 'site-keywords-desktop-tr');
    await page.goto('/content-pool/keywords');
    await capture(page, 'keywords-generated-desktop-tr');
    await context.close();
  });
});
