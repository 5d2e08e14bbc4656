/**
 * The site detail's Cloudflare tab in Chromium against the Cloudflare test server: a site without a zone
 * is told what to do; a pending zone is activated; SSL configured; DNS records added, edited and deleted;
 * an error from Cloudflare is shown, not only logged; phone and Turkish.
 */
import type { Browser } from 'playwright-core';
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
  login,
  openSignedIn,
  startBuiltServer,
  type RunningServer,
} from '@blogfleet/server/testing';

const ADMIN = { email: 'admin@cf-tab.test', password: 'admin-cf-tab-pass' };
const CF_TOKEN = 'cf-tab-token-abcdefghijklmnop-77';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const blocker = browserSuiteBlocker();
if (blocker) {
  if (process.env.BLOGFLEET_TEST_ALL) throw new Error(`browser suite cannot run: ${blocker}`);
  console.warn(`Browser suite NOT run: ${blocker}. It runs in npm run test:all.`);
}

describe.skipIf(blocker !== null)('the Cloudflare tab in Chromium', { timeout: 120_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let cf: CloudflareTestServer;
  let pb: PorkbunTestServer;
  let token: string;

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await api(server.url, method, path, { token, body });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body.data;
  };

  /** A site on a bought domain; with `zone`, its DNS set up on Cloudflare (a pending zone). */
  async function site(domainName: string, zone: boolean) {
    const { domain } = await call('POST', 'domains', { domainName, targetWebsite: 'cf.example' });
    await call('POST', `domains/${domain.id}/purchase`);
    const setup = zone ? await call('POST', `cloudflare/setup-dns/${domain.id}`) : null;
    const { site: created } = await call('POST', 'sites', {
      site_title: `Site of ${domainName}`,
      domain_id: domain.id,
      domain_name: domainName,
    });
    return { id: created.id as number, zoneId: (setup?.zone.id as string | undefined) ?? null };
  }

  beforeAll(async () => {
    cf = await startCloudflareTestServer({ tokens: { [CF_TOKEN]: { owner: 'user' } } });
    pb = await startPorkbunTestServer({ balanceCents: 100_000 });
    server = await startBuiltServer({
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CLOUDFLARE_API_URL: cf.baseUrl,
      PORKBUN_API_URL: pb.baseUrl,
      WP_PUBLIC_ADDRESS: '203.0.113.10',
    });
    browser = await launchChromium();
    token = (await login(server.url, ADMIN)).accessToken;
    await call('PUT', 'settings/integrations/registrar', {
      provider: 'porkbun',
      apiKey: pb.apiKey,
      secretApiKey: pb.secretApiKey,
    });
    await call('PUT', 'settings/integrations/cloudflare', { apiToken: CF_TOKEN, accountId: cf.accountId });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await cf?.close();
    await pb?.close();
  });

  it('activates a zone, configures SSL, adds, edits and deletes records, and shows Cloudflare’s errors', async () => {
    const bare = await site('no-zone-yet.com', false);
    const { id, zoneId } = await site('cdn-ready.com', true);
    const { context, page } = await openSignedIn(browser, server.url, ADMIN, {
      lang: 'en',
      viewport: DESKTOP,
    });

    // Toasts are read in their own region: the settings history shows the same words once it refreshes.
    const toast = (text: string) => page.getByRole('region', { name: /Notifications/ }).getByText(text);

    await page.goto(`/sites/${bare.id}?tab=cloudflare`);
    await page.getByText('no-zone-yet.com has no Cloudflare zone yet.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Open the domains screen' }).waitFor();

    await page.goto(`/sites/${id}?tab=cloudflare`);
    await page.getByText('Pending', { exact: true }).waitFor();
    await page.getByText(zoneId!).waitFor();
    // Not active yet: only Activate; the record and SSL actions come with an active zone.
    expect(await page.getByRole('button', { name: 'Add DNS Record' }).count()).toBe(0);
    cf.activateOnCheck(zoneId!);
    await page.getByRole('button', { name: 'Activate' }).click();
    await toast('The zone is active').waitFor();
    await page.getByText('Active', { exact: true }).first().waitFor();

    await page.getByRole('combobox', { name: 'SSL mode' }).click();
    await page.getByRole('option', { name: 'Full (strict)' }).click();
    await page.getByRole('button', { name: 'Configure SSL' }).click();
    await toast('SSL mode saved').waitFor();
    expect(cf.zones.get(zoneId!)!.ssl).toBe('strict');

    const records = page.getByRole('list', { name: 'DNS records' });
    await page.getByRole('button', { name: 'Add DNS Record' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('shop');
    await dialog.getByLabel('Content').fill('203.0.113.77');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('DNS record added').waitFor();
    await records.getByText('shop.cdn-ready.com').waitFor();

    // Cloudflare's own refusal reaches the user.
    await page.getByRole('button', { name: 'Edit A record shop.cdn-ready.com' }).click();
    await dialog.getByLabel('Content').fill('203.0.113.78');
    cf.failNext(400, [{ code: 81057, message: 'Record already exists.' }]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Record already exists.').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast('DNS record saved').waitFor();
    await records.getByText('203.0.113.78').waitFor();
    // A bad address is refused before Cloudflare, with the reason.
    await page.getByRole('button', { name: 'Add DNS Record' }).click();
    await dialog.getByLabel('Name').fill('bad');
    await dialog.getByLabel('Content').fill('not-an-ip');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/IPv4/).first().waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await capture(page, 'site-cloudflare-en-desktop');

    await page.getByRole('button', { name: 'Delete A record shop.cdn-ready.com' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await toast('DNS record deleted').waitFor();
    await expect.poll(() => records.getByText('shop.cdn-ready.com').count(), { timeout: 10_000 }).toBe(0);
    const history = page.getByRole('list', { name: 'Settings history' });
    await history.getByText('DNS record deleted').waitFor();
    await history.getByText('SSL mode changed').waitFor();
    await context.close();

    for (const [lang, viewport, name] of [
      ['tr', DESKTOP, 'tr-desktop'],
      ['en', PHONE, 'en-phone'],
      ['tr', PHONE, 'tr-phone'],
    ] as const) {
      const opened = await openSignedIn(browser, server.url, ADMIN, { lang, viewport });
      await opened.page.goto(`/sites/${id}?tab=cloudflare`);
      await opened.page.getByText(zoneId!).waitFor();
      const width = await opened.page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      await capture(opened.page, `site-cloudflare-${name}`);
      await opened.context.close();
    }
  });
});
