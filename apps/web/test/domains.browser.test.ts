import type { Browser, Page } from 'playwright-core';
import {
  startCloudflareTestServer,
  type CloudflareTestServer,
} from '@blogfleet/integrations/cloudflare/testing';
import { startPorkbunTestServer, type PorkbunTestServer } from '@blogfleet/integrations/registrar/testing';
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

const ADMIN = { email: 'admin@domains.test', password: 'admin-domains-pass' };
const CF_TOKEN = 'cf-browser-token-abcdefghijklmnop-99';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const blocker = browserSuiteBlocker();
if (blocker) {
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`browser suite cannot run: ${blocker}`);
  console.warn(`Browser suite NOT run: ${blocker}. It runs in npm run test:all.`);
}

describe.skipIf(blocker !== null)('the domains list in Chromium', { timeout: 120_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let token: string;
  let pb: PorkbunTestServer;
  let cf: CloudflareTestServer;

  beforeAll(async () => {
    // $20 of credit: a .com (10.99) can be bought, a .io (39.99) cannot.
    pb = await startPorkbunTestServer({ balanceCents: 2_000 });
    cf = await startCloudflareTestServer({ tokens: { [CF_TOKEN]: { owner: 'user' } } });
    server = await startBuiltServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PORKBUN_API_URL: pb.baseUrl,
      CLOUDFLARE_API_URL: cf.baseUrl,
      WP_PUBLIC_ADDRESS: '203.0.113.10',
    });
    browser = await launchChromium();
    token = (await login(server.url, ADMIN)).accessToken;
    // 23 domains for two blogs: more than one page of 20, and a target filter that narrows them.
    for (let i = 1; i <= 23; i++) {
      const res = await api(server.url, 'POST', 'domains', {
        token,
        body: {
          domainName: `seeded-${String(i).padStart(2, '0')}.com`,
          targetWebsite: i % 3 === 0 ? 'cooking.example' : 'travel.example',
        },
      });
      expect(res.status).toBe(200);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await pb?.close();
    await cf?.close();
  });

  const signedIn = (lang: 'en' | 'tr', viewport: { width: number; height: number }) =>
    openSignedIn(browser, server.url, ADMIN, { lang, viewport });

  const rowNames = (page: Page) =>
    page
      .locator('[data-testid^="domain-row-"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.slice('domain-row-'.length)));

  it('adds a domain from the dialog (save waits for both fields), refuses a duplicate, and edits it', async () => {
    const { context, page } = await signedIn('en', DESKTOP);
    await page.goto('/domains');
    await page.getByRole('heading', { name: 'Domains', level: 1 }).waitFor();
    await expect.poll(() => rowNames(page).then((r) => r.length)).toBe(20);

    await page.getByRole('button', { name: 'Add domain' }).click();
    const dialog = page.getByRole('dialog');
    const save = dialog.getByRole('button', { name: 'Add domain' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Domain name').fill('www.Bücher-Shop.de');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Target website').fill('books.example');
    await save.click();
    await dialog.getByText('Enter the registrable domain (xn--bcher-shop-9db.de), not a subdomain').waitFor();
    await dialog.getByLabel('Domain name').fill('Bücher-Shop.de');
    await save.click();
    await page.getByText('Domain bücher-shop.de added').waitFor();
    await page.getByTestId('domain-row-xn--bcher-shop-9db.de').waitFor();
    await capture(page, 'domains-list-en-desktop');

    await page.getByRole('button', { name: 'Add domain' }).click();
    await dialog.getByLabel('Domain name').fill('SEEDED-01.com');
    await dialog.getByLabel('Target website').fill('travel.example');
    await dialog.getByRole('button', { name: 'Add domain' }).click();
    await page.getByText('This domain already exists in your list.').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Edit bücher-shop.de' }).click();
    await dialog.getByLabel('Target website').fill('library.example');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Domain bücher-shop.de updated').waitFor();
    await page.getByTestId('domain-row-xn--bcher-shop-9db.de').getByText('library.example').waitFor();
    await context.close();
  });

  it('filters by target website and status, sorts by name, and keeps it in the URL across a reload', async () => {
    const { context, page } = await signedIn('en', DESKTOP);
    await page.goto('/domains');
    await page.getByRole('combobox', { name: 'Target website' }).click();
    await page.getByRole('option', { name: 'cooking.example (7)' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('target_website')).toBe('cooking.example');
    await expect.poll(() => rowNames(page).then((r) => r.length)).toBe(7);
    await page.getByRole('button', { name: 'Domain', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('domain_name');
    await page.reload();
    await expect
      .poll(() => rowNames(page), { timeout: 10_000 })
      .toEqual([
        'seeded-03.com',
        'seeded-06.com',
        'seeded-09.com',
        'seeded-12.com',
        'seeded-15.com',
        'seeded-18.com',
        'seeded-21.com',
      ]);

    await page.goto('/domains?status=purchased');
    await page.getByText('No domains match these filters.').waitFor();
    await context.close();
  });

  it('deletes one domain and then two at once, each after a confirmation giving the name or the count', async () => {
    const { context, page } = await signedIn('en', DESKTOP);
    await page.goto('/domains?search=seeded-2');
    await expect
      .poll(() => rowNames(page), { timeout: 10_000 })
      .toEqual(['seeded-23.com', 'seeded-22.com', 'seeded-21.com', 'seeded-20.com']);
    await page.getByRole('button', { name: 'Delete seeded-23.com' }).click();
    await page.getByRole('alertdialog').getByText('seeded-23.com will be removed from your list.').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Domain deleted').waitFor();
    await expect.poll(() => rowNames(page).then((r) => r.length)).toBe(3);

    // A selection does not survive a re-sort (bulk actions never reach rows the user no longer sees).
    await page.getByRole('checkbox', { name: 'Select seeded-22.com' }).check();
    await page.getByRole('button', { name: '1 selected' }).waitFor();
    await page.getByRole('button', { name: 'Domain', exact: true }).click();
    await expect.poll(() => page.getByRole('button', { name: '1 selected' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Domain', exact: true }).click();
    await page.goto('/domains?search=seeded-2');
    await expect
      .poll(() => rowNames(page), { timeout: 10_000 })
      .toEqual(['seeded-22.com', 'seeded-21.com', 'seeded-20.com']);
    await page.getByRole('checkbox', { name: 'Select seeded-22.com' }).check();
    await page.getByRole('checkbox', { name: 'Select seeded-21.com' }).check();
    await page.getByRole('button', { name: '2 selected' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('heading', { name: 'Delete 2 domains?' }).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('2 domains deleted').waitFor();
    await expect.poll(() => rowNames(page), { timeout: 10_000 }).toEqual(['seeded-20.com']);
    await context.close();
  });

  it('buys a domain after a confirmation, and says plainly when the balance is too low', async () => {
    const configured = await api(server.url, 'PUT', 'settings/integrations/registrar', {
      token,
      body: { provider: 'porkbun', apiKey: pb.apiKey, secretApiKey: pb.secretApiKey },
    });
    expect(configured.status).toBe(200);
    for (const domainName of ['buy-me-now.com', 'too-dear.io']) {
      await api(server.url, 'POST', 'domains', {
        token,
        body: { domainName, targetWebsite: 'shop.example' },
      });
    }
    const { context, page } = await signedIn('en', DESKTOP);
    await page.goto('/domains?search=buy-me-now');
    await page.getByRole('button', { name: 'Buy buy-me-now.com' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Buy buy-me-now.com?' }).waitFor();
    await confirm.getByRole('button', { name: 'Buy' }).click();
    await page.getByText('buy-me-now.com purchased').waitFor();
    const row = page.getByTestId('domain-row-buy-me-now.com');
    await row.getByText('Purchased').waitFor();
    await row.getByText('$10.99').waitFor();
    expect(await row.getByRole('button', { name: 'Buy buy-me-now.com' }).isDisabled()).toBe(true);
    expect(pb.charges.map((c) => c.domain)).toEqual(['buy-me-now.com']);

    await page.goto('/domains?search=too-dear');
    await page.getByRole('button', { name: 'Buy too-dear.io' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Buy' }).click();
    await page
      .getByText(
        'Domain purchase failed: Insufficient balance in your account. Please add funds to continue.',
      )
      .waitFor();
    await page.getByTestId('domain-row-too-dear.io').getByText('Available').waitFor();
    expect(pb.charges).toHaveLength(1);
    await capture(page, 'domains-buy-insufficient-en-desktop');
    await context.close();
  });

  it('sets up DNS for a bought domain, sees the zone go active, and resets it after a confirmation', async () => {
    await api(server.url, 'PUT', 'settings/integrations/cloudflare', {
      token,
      body: { apiToken: CF_TOKEN, accountId: cf.accountId },
    });
    const { context, page } = await signedIn('en', DESKTOP);
    await page.goto('/domains?search=buy-me-now');
    const row = page.getByTestId('domain-row-buy-me-now.com');
    await row.getByText('Not set up').waitFor();
    await page.getByRole('button', { name: 'Setup DNS of buy-me-now.com' }).click();
    await page.getByText('DNS set up for buy-me-now.com; the registrar now points at Cloudflare').waitFor();
    await row.getByText('Pending').waitFor();
    expect(pb.owned.get('buy-me-now.com')!.nameservers).toEqual([
      'ada.ns.cloudflare.com',
      'bob.ns.cloudflare.com',
    ]);

    const zone = [...cf.zones.values()].find((z) => z.name === 'buy-me-now.com')!;
    cf.activate(zone.id);
    // The status call notices the activation; the list shows it.
    const listed = await api(server.url, 'GET', 'domains?search=buy-me-now', { token });
    await api(server.url, 'GET', `cloudflare/dns-status/${listed.body.data[0].id}`, { token });
    await page.reload();
    await row.getByText('Active').waitFor();
    await capture(page, 'domains-dns-active-en-desktop');
    await page.getByRole('button', { name: 'Reset DNS of buy-me-now.com' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('This removes the current DNS provider configuration').waitFor();
    await confirm.getByRole('button', { name: 'Reset DNS' }).click();
    await page.getByText('DNS configuration removed for buy-me-now.com').waitFor();
    await row.getByText('Not set up').waitFor();
    expect(cf.zones.has(zone.id)).toBe(false);
    await context.close();
  });

  it('buys selected domains in one job, followed in the job panel, and names the one it could not buy', async () => {
    // Enough for one .com (10.99) but not a second.
    pb.balanceCents = 1_500;
    const { context, page } = await signedIn('en', DESKTOP);
    await page.goto('/domains?search=seeded-1&sort=domain_name&order=asc');
    await expect.poll(() => rowNames(page).then((r) => r.length)).toBe(10);
    await page.getByRole('checkbox', { name: 'Select seeded-10.com' }).check();
    await page.getByRole('checkbox', { name: 'Select seeded-11.com' }).check();
    await page.getByRole('button', { name: '2 selected' }).click();
    await page.getByRole('menuitem', { name: 'Buy' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Buy 2 domains?' }).waitFor();
    await confirm.getByRole('button', { name: 'Buy' }).click();
    await page.getByText('Buy 2 domains').first().waitFor();
    await page
      .getByText(
        'Failed to buy some domains: seeded-11.com (Insufficient balance in your account). Bought 1 of 2.',
      )
      .first()
      .waitFor({ timeout: 20_000 });
    await page.getByTestId('domain-row-seeded-10.com').getByText('Purchased').waitFor();
    await page.getByTestId('domain-row-seeded-11.com').getByText('Available').waitFor();
    await capture(page, 'domains-bulk-buy-en-desktop');
    await context.close();
  });

  it('shows stacked rows with a row menu on a phone in Turkish, without sideways scrolling', async () => {
    const { context, page } = await signedIn('tr', PHONE);
    await page.goto('/domains');
    await page.getByRole('heading', { name: 'Alan adları', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'seeded-20.com için işlemler' }).waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await capture(page, 'domains-list-tr-phone');
    await page.getByRole('button', { name: 'seeded-20.com için işlemler' }).click();
    await page.getByRole('menuitem', { name: 'Düzenle' }).waitFor();
    await capture(page, 'domains-row-menu-tr-phone');
    await context.close();

    const desktop = await signedIn('tr', DESKTOP);
    await desktop.page.goto('/domains');
    await desktop.page.getByRole('heading', { name: 'Alan adları', level: 1 }).waitFor();
    await capture(desktop.page, 'domains-list-tr-desktop');
    await desktop.context.close();
    const phone = await signedIn('en', PHONE);
    await phone.page.goto('/domains');
    await phone.page.getByRole('heading', { name: 'Domains', level: 1 }).waitFor();
    await capture(phone.page, 'domains-list-en-phone');
    await phone.context.close();
  });
});
